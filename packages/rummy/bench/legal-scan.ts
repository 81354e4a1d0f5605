/**
 * Looks for the positions of ordinary 4-player rounds where
 * `rummyGame.legalActions` takes longest, in the rounds of
 * `test/scan-rounds.ts` (bots that lay the most cards half the time; the
 * positions do not depend on the solver, so a change of the solver is timed
 * on the very same positions). Each position is timed once, so the times are
 * rough: `legal.ts` times the worst ones properly. The solver's steps are
 * the same on every machine.
 *
 *   npx tsx --conditions=@tabula/source packages/rummy/bench/legal-scan.ts [first seed] [last seed] [players] [out.jsonl]
 *
 * With `out.jsonl`, the 12 slowest positions are written there as states
 * (the form of `test/fixtures/slow-positions.jsonl`).
 */
import { writeFileSync } from 'node:fs';
import { DEFAULT_SOLVE_STEPS, type RummyState, rummyGame, solve } from '../src/index.js';
import { scanRound } from '../test/scan-rounds.js';

const first = Number(process.argv[2] ?? 1);
const last = Number(process.argv[3] ?? 30);
const players = Number(process.argv[4] ?? 4);
const out = process.argv[5];

interface Row {
  readonly seed: number;
  readonly step: number;
  readonly ms: number;
  readonly steps: number;
  readonly optimal: boolean;
  readonly state: RummyState;
}
const rows: Row[] = [];
const started = performance.now();
for (let seed = first; seed <= last; seed++) {
  scanRound(seed, players, (state, step) => {
    const seat = state.current;
    const t = performance.now();
    rummyGame.legalActions(state, seat);
    const ms = performance.now() - t;
    // what the solver did inside legalActions, asked again (its steps are the same every time)
    const { stats, optimal } = solve(
      { table: state.table, hand: state.hands[seat]!, opened: state.opened[seat]!, rules: state.rules },
      { maxSteps: DEFAULT_SOLVE_STEPS },
    );
    rows.push({ seed, step, ms, steps: stats.steps, optimal, state });
  });
}
const sorted = rows.slice().sort((a, b) => b.ms - a.ms);
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((1 - p) * sorted.length))]!.ms;
const cut = rows.filter((r) => !r.optimal).length;
console.log(
  `${rows.length} positions from ${last - first + 1} rounds of ${players} players (${((performance.now() - started) / 1000).toFixed(0)} s): legalActions median ${q(0.5).toFixed(2)} ms, p99 ${q(0.99).toFixed(1)} ms, p99.9 ${q(0.999).toFixed(0)} ms, max ${sorted[0]!.ms.toFixed(0)} ms; the solver's budget (${DEFAULT_SOLVE_STEPS} steps) ran out on ${cut} (${((100 * cut) / rows.length).toFixed(1)}%)`,
);
const worst = sorted.slice(0, 12);
for (const { seed, step, ms, steps, optimal, state } of worst) {
  const seat = state.current;
  const hand = state.hands[seat]!;
  const cards = state.table.reduce((n, m) => n + m.cards.length, 0);
  console.log(
    `seed ${seed} step ${step}: ${ms.toFixed(0)} ms, ${state.table.length} melds, ${cards} table cards, hand ${hand.join(',')}${state.opened[seat] ? '' : ' (not opened)'}; solver ${steps} steps${optimal ? '' : ', budget spent'}`,
  );
}
if (out !== undefined) {
  const lines = worst.map(({ seed, step, ms, state }) =>
    JSON.stringify({ seed, step, note: `${ms.toFixed(0)} ms in the scan`, state }),
  );
  writeFileSync(out, `${lines.join('\n')}\n`);
}
