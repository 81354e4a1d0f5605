/**
 * The backgammon bot against GNU Backgammon at 0-ply: cubeless money games
 * with paired dice (each seed's dice played twice, the seats swapped),
 * points per game of our agent with the 95% interval of the pair means.
 * Needs gnubg (Debian's `gnubg` package), so it is not part of `npm run
 * bench`, and no test needs it:
 *
 *   npm run bench:gnubg -w @tabula/agents
 *   GNUBG_AGENTS=expert GNUBG_PAIRS=200 npm run bench:gnubg -w @tabula/agents
 *
 * GNUBG_AGENTS names the agents to play (comma-separated; default
 * pubeval,neural-0), GNUBG_PAIRS the pairs each plays (default 50),
 * GNUBG_SEED the seed of the dice (default 14, as `npm run bench`),
 * GNUBG_CHECK how many of gnubg's first decisions are checked against its
 * own `hint` command (default 20), GNUBG the gnubg program. A line with the
 * running figures is printed every GNUBG_REPORT pairs (default 25).
 *
 * gnubg runs `gnubg-bridge.py` inside itself, which answers a board and
 * dice with gnubg's best play (`gnubg.findbestmove`, 0-ply, cubeless); the
 * play is matched to one of the plays our move generator lists, so a play
 * the engine would not allow stops the run.
 */

import { loadavg } from 'node:os';
import { createRng } from '@tabula/core';
import { shippedEvaluator } from '../src/neural/bot.js';
import { namedChoosers } from '../src/neural/choosers.js';
import type { MoveList } from '../src/neural/movegen.js';
import { OPP, OPP_BAR, type Position } from '../src/neural/position.js';
import { gameTurns, type PairResult, pairSeeds, summarisePairs, type Turn } from '../src/neural/selfplay.js';
import { Gnubg, gnubgBoard } from './gnubg-pipe.js';

const agentNames = (process.env.GNUBG_AGENTS ?? 'pubeval,neural-0').split(',').map((a) => a.trim());
const pairs = Number(process.env.GNUBG_PAIRS ?? 50);
const seed = Number(process.env.GNUBG_SEED ?? 14);
const report = Number(process.env.GNUBG_REPORT ?? 25);
let checksLeft = Number(process.env.GNUBG_CHECK ?? 20);

const ev = shippedEvaluator();
const agents = namedChoosers(ev);
for (const name of agentNames)
  if (agents[name] === undefined)
    throw new Error(`GNUBG_AGENTS: no agent '${name}' (known: ${Object.keys(agents).join(', ')})`);

/** gnubg's answer to a play: its move, and with a check its own hint beside it. */
interface Played {
  move?: number[];
  hint?: string;
  best?: string;
}

/** The position after gnubg's move (from/to pairs, 25 the bar, 0 off), hits included. */
function afterMove(pos: Position, move: readonly number[]): Position {
  const out = pos.slice();
  for (let i = 0; i + 1 < move.length; i += 2) {
    const from = move[i]!;
    const to = move[i + 1]!;
    if (from === 0) continue; // unused
    if (out[from - 1]! <= 0) throw new Error(`gnubg moved from its ${from}-point, where it has no checker`);
    out[from - 1]!--;
    if (to === 0) continue;
    // The opponent's checkers facing the roller's pip `to`.
    const facing = OPP + 24 - to;
    if (out[facing] === 1) {
      out[facing] = 0;
      out[OPP_BAR]!++;
    }
    out[to - 1]!++;
  }
  return out;
}

function indexOf(list: MoveList, n: number, target: Position): number {
  for (let k = 0; k < n; k++) {
    const v = list.view(k);
    let same = true;
    for (let i = 0; i < target.length && same; i++) same = v[i] === target[i];
    if (same) return k;
  }
  return -1;
}

let checked = 0;
let gnubgMs = 0;
let gnubgDecisions = 0;

async function gnubgChoice(gnubg: Gnubg, t: Turn): Promise<number> {
  const check = checksLeft > 0;
  const started = performance.now();
  const answer = await gnubg.ask<Played>({ board: gnubgBoard(t.pos), dice: t.dice, check });
  gnubgMs += performance.now() - started;
  gnubgDecisions++;
  if (answer.move === undefined) throw new Error('gnubg: no move in its answer');
  if (check) {
    checksLeft--;
    if (answer.hint !== answer.best)
      throw new Error(`gnubg's hint plays ${answer.hint}, the driver's findbestmove ${answer.best}`);
    checked++;
    if (checksLeft === 0)
      console.log(`gnubg's play matched its own hint at 0-ply, cubeless, in ${checked} positions.`);
  }
  const k = indexOf(t.list, t.n, afterMove(t.pos, answer.move));
  if (k < 0) throw new Error(`gnubg's play ${answer.move.join(' ')} is not one of the ${t.n} legal plays`);
  return k;
}

type Player = (t: Turn) => number | Promise<number>;

async function playGame(players: readonly [Player, Player], diceSeed: number): Promise<number> {
  const game = gameTurns(createRng(diceSeed));
  let step = game.next();
  while (!step.done) {
    const t = step.value;
    step = game.next(await players[t.mover](t));
  }
  return step.value;
}

// --- The matches ----------------------------------------------------------------

const gnubg = new Gnubg();
const rows = [];
const fmt = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(3);
for (const name of agentNames) {
  const chooser = agents[name]!;
  let ourMs = 0;
  let ourDecisions = 0;
  gnubgMs = 0;
  gnubgDecisions = 0;
  const ours: Player = (t) => {
    const started = performance.now();
    const k = chooser(t.pos, t.list, t.n);
    ourMs += performance.now() - started;
    ourDecisions++;
    return k;
  };
  const theirs: Player = (t) => gnubgChoice(gnubg, t);
  const results: PairResult[] = [];
  const started = performance.now();
  const line = () => {
    const s = summarisePairs(results);
    return {
      match: `${name} vs gnubg 0-ply`,
      games: s.games,
      'points/game': `${fmt(s.pointsPerGame)} ± ${s.interval.toFixed(3)}`,
      wins: `${(100 * s.wins).toFixed(1)}%`,
      'gammons won/lost': `${(100 * s.gammons).toFixed(1)}% / ${(100 * s.gammonsLost).toFixed(1)}%`,
      'backgammons won/lost': `${(100 * s.backgammons).toFixed(1)}% / ${(100 * s.backgammonsLost).toFixed(1)}%`,
      'ms/decision ours': (ourMs / Math.max(1, ourDecisions)).toFixed(2),
      'ms/decision gnubg': (gnubgMs / Math.max(1, gnubgDecisions)).toFixed(2),
      seconds: ((performance.now() - started) / 1000).toFixed(0),
      load: loadavg()[0]!.toFixed(1),
    };
  };
  for (const s of pairSeeds(seed, pairs)) {
    const first = await playGame([ours, theirs], s);
    const second = -(await playGame([theirs, ours], s));
    results.push([first, second]);
    if (results.length % report === 0) console.log(JSON.stringify(line()));
  }
  rows.push(line());
}
gnubg.close();
console.table(rows);
