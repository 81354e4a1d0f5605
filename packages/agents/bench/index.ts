/**
 * The backgammon bot's benchmarks: decision times at each strength, then
 * strength in cubeless money games with paired dice (each pair plays the
 * same dice twice with the seats swapped), with 95% intervals.
 *
 *   npm run bench -w @tabula/agents
 *   BENCH_PAIRS=5000 BENCH_DEEP_PAIRS=100 npm run bench -w @tabula/agents
 *
 * BENCH_PAIRS sets the pairs of the 0-ply matches (default 250), and
 * BENCH_DEEP_PAIRS those of the matches with look-ahead (default 10): a
 * 2-ply game takes seconds. BENCH_ONLY="expert vs pubeval" plays only the
 * matches named (comma-separated).
 */

import { loadavg } from 'node:os';
import { type BackgammonState, Board, Moves, type Side, Table } from '@tabula/backgammon';
import { createRng } from '@tabula/core';
import { Bench } from 'tinybench';
import { evaluatePlays, shippedEvaluator } from '../src/neural/bot.js';
import { namedChoosers } from '../src/neural/choosers.js';
import { compare } from '../src/neural/selfplay.js';
import { TRAINED } from '../src/neural/weights-data.js';

const pairs = Number(process.env.BENCH_PAIRS ?? 250);
const deepPairs = Number(process.env.BENCH_DEEP_PAIRS ?? 10);
const ev = shippedEvaluator();

// --- Decision times -----------------------------------------------------------

/** Positions from a seeded game of random plays: 20 contact positions with their rolls. */
function positions(): { state: BackgammonState; seat: Side; roll: [number, number] }[] {
  const rng = createRng(2026);
  const out: { state: BackgammonState; seat: Side; roll: [number, number] }[] = [];
  const base = Table.create({ cube: false, length: 1, crawford: false }, ['White', 'Black']);
  let board = Board.start();
  let seat: Side = 0;
  for (let turn = 0; out.length < 20 && turn < 200; turn++) {
    const roll: [number, number] = [rng.int(1, 6), rng.int(1, 6)];
    const plays = Moves.legalPlays(board, seat, roll);
    if (turn >= 4 && plays.length > 1)
      out.push({ state: { ...base, board, phase: 'move', toAct: seat, dice: roll }, seat, roll });
    if (plays.length > 0) board = rng.pick(plays).board;
    seat = seat === 0 ? 1 : 0;
  }
  return out;
}

const cases = positions();
const bench = new Bench({ time: 2000, iterations: 3 });
for (const strength of ['neural-0', 'neural-1', 'neural-2'] as const) {
  let i = 0;
  bench.add(`${strength} decision (20 middle-game positions in turn)`, () => {
    const c = cases[i++ % cases.length]!;
    evaluatePlays(c.state, c.seat, c.roll, strength, ev);
  });
}
await bench.run();
console.log(`Weights: ${TRAINED.games} self-play games.`);
console.log(
  `load average while timing: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
console.table(
  bench.tasks.map((t) => {
    const r = t.result;
    const mean = r !== undefined && 'latency' in r ? r.latency.mean : Number.NaN;
    return { task: t.name, 'mean (ms)': mean.toFixed(3) };
  }),
);

// --- Strength -------------------------------------------------------------------

const players = namedChoosers(ev);

const matches: [string, string, number][] = [
  ['neural-0', 'pubeval', pairs],
  ['neural-0', 'heuristic', pairs],
  ['heuristic', 'pubeval', pairs],
  ['neural-1', 'neural-0', deepPairs],
  ['expert', 'neural-1', deepPairs],
  ['expert', 'pubeval', deepPairs],
  ['expert', 'heuristic', deepPairs],
];
const rows = [];
// BENCH_ONLY="expert vs pubeval,..." plays only the matches named.
const only = process.env.BENCH_ONLY?.split(',').map((m) => m.trim());
for (const [a, b, n] of matches) {
  if (n <= 0 || (only !== undefined && !only.includes(`${a} vs ${b}`))) continue;
  const started = performance.now();
  const r = compare(players[a]!, players[b]!, n, 14);
  rows.push({
    match: `${a} vs ${b}`,
    games: r.games,
    'points/game': r.pointsPerGame.toFixed(3),
    '95% interval': `± ${r.interval.toFixed(3)}`,
    seconds: ((performance.now() - started) / 1000).toFixed(0),
  });
  console.log(rows.at(-1));
}
console.table(rows);
