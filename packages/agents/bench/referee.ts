/**
 * Each agent's plays judged by GNU Backgammon: positions from games, the
 * play each agent picks in each, and what it gives away against the best
 * play by gnubg's deeper evaluation (2-ply by default): the mean loss a
 * decision, in thousandths of a point of cubeless money equity, with its
 * 95% interval, the errors (over 0.02) and blunders (over 0.08). A
 * measure of play that needs no games to be played out: a few hundred
 * decisions tell settings apart that thousands of games would not. Needs
 * gnubg, so it is not part of `npm run bench`:
 *
 *   npm run bench:referee -w @tabula/agents
 *   REFEREE_DECISIONS=1000 REFEREE_AGENTS=neural-0,expert npm run bench:referee -w @tabula/agents
 *
 * REFEREE_AGENTS names the agents (comma-separated; default pubeval,
 * heuristic, neural-0, neural-1, expert); REFEREE_STRENGTHS adds search
 * settings of the net to try, as JSON by name (`{"2-ply prune 8": {"plies":
 * 2, "filters": [{"keep": 8, "within": 0.16}, {"keep": 3, "within": 0.06}],
 * "prune": 8}}`); REFEREE_DECISIONS how many decisions (default 300);
 * REFEREE_SEED the dice of the games (default 1); REFEREE_PLIES the
 * referee's depth (default 2). The positions come from games of `neural-0`
 * against itself, one decision in three with two plays or more.
 *
 * gnubg's own 0-ply and 1-ply plays are judged beside ours: the referee is
 * the same net looking deeper, so it favours them.
 */
import { createRng } from '@tabula/core';
import { shippedEvaluator } from '../src/neural/bot.js';
import { namedChoosers, strengthChooser } from '../src/neural/choosers.js';
import type { Strength } from '../src/neural/search.js';
import { type Chooser, gameTurns, zeroPlyChooser } from '../src/neural/selfplay.js';
import { boardAfter, Gnubg } from './gnubg-pipe.js';

const agentNames = (process.env.REFEREE_AGENTS ?? 'pubeval,heuristic,neural-0,neural-1,expert')
  .split(',')
  .map((a) => a.trim());
const strengths = JSON.parse(process.env.REFEREE_STRENGTHS ?? '{}') as Record<string, Strength>;
const decisions = Number(process.env.REFEREE_DECISIONS ?? 300);
const seed = Number(process.env.REFEREE_SEED ?? 1);
const plies = Number(process.env.REFEREE_PLIES ?? 2);

const ev = shippedEvaluator();
const named = namedChoosers(ev);
const players = new Map<string, Chooser>();
for (const name of agentNames) {
  const chooser = named[name];
  if (chooser === undefined)
    throw new Error(`REFEREE_AGENTS: no agent '${name}' (known: ${Object.keys(named).join(', ')})`);
  players.set(name, chooser);
}
for (const [name, strength] of Object.entries(strengths)) players.set(name, strengthChooser(ev, strength));

/** gnubg's judgement of the plays of one decision (see gnubg-bridge.py). */
interface Judged {
  equity0: number[];
  equity1: number[];
  deep: Record<string, number>;
}

const GNUBG_0 = 'gnubg 0-ply';
const GNUBG_1 = 'gnubg 1-ply';
const losses = new Map<string, number[]>([...players.keys(), GNUBG_0, GNUBG_1].map((name) => [name, []]));
const thinking = new Map<string, number>([...players.keys()].map((name) => [name, 0]));

const argmax = (xs: readonly number[]) => xs.reduce((best, x, i) => (x > xs[best]! ? i : best), 0);

const gnubg = new Gnubg();
const sampling = createRng(seed);
const mover = zeroPlyChooser(ev);
let judged: Promise<void> = Promise.resolve();
let taken = 0;
for (let game = 0; taken < decisions; game++) {
  const turns = gameTurns(createRng(seed * 1_000_003 + game));
  let step = turns.next();
  while (!step.done && taken < decisions) {
    const t = step.value;
    if (t.n >= 2 && sampling.int(0, 2) === 0) {
      taken++;
      const boards = Array.from({ length: t.n }, (_, k) => boardAfter(t.list.view(k)));
      const chosen = new Map<string, number>();
      for (const [name, choose] of players) {
        const started = performance.now();
        chosen.set(name, choose(t.pos, t.list, t.n));
        thinking.set(name, thinking.get(name)! + performance.now() - started);
      }
      // gnubg judges this decision while ours are chosen for the next; one request in the pipe at a time.
      await judged;
      judged = gnubg
        .ask<Judged>({ judge: boards, plies, also: [...new Set(chosen.values())] })
        .then(({ equity0, equity1, deep }) => {
          const equity = (k: number) => {
            const e = deep[String(k)];
            if (e === undefined) throw new Error(`gnubg did not judge play ${k} deeply`);
            return e;
          };
          const best = Math.max(...Object.values(deep));
          for (const [name, k] of chosen) losses.get(name)!.push(best - equity(k));
          losses.get(GNUBG_0)!.push(best - equity(argmax(equity0)));
          losses.get(GNUBG_1)!.push(best - equity(argmax(equity1)));
        });
    }
    step = turns.next(mover(t.pos, t.list, t.n));
  }
}
await judged;
gnubg.close();

/** The mean of losses in thousandths of a point, with half its 95% interval. */
function shown(xs: readonly number[]): string {
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
  return `${(1000 * mean).toFixed(2)} ± ${((1000 * 1.96 * Math.sqrt(variance)) / Math.sqrt(xs.length)).toFixed(2)}`;
}
const base = agentNames.includes('expert') ? 'expert' : agentNames[0]!;
const baseLosses = losses.get(base)!;
console.log(
  `${decisions} decisions from neural-0's games (seed ${seed}), judged by gnubg at ${plies}-ply, cubeless; losses in thousandths of a point`,
);
console.table(
  [...losses].map(([name, xs]) => {
    const versus = xs.map((x, i) => x - baseLosses[i]!);
    return {
      player: name,
      'loss a decision': shown(xs),
      [`minus ${base}'s (paired)`]: name === base ? '' : shown(versus),
      'errors (> 0.02)': `${((100 * xs.filter((x) => x > 0.02).length) / xs.length).toFixed(1)}%`,
      'blunders (> 0.08)': `${((100 * xs.filter((x) => x > 0.08).length) / xs.length).toFixed(1)}%`,
      'ms a decision': thinking.has(name) ? (thinking.get(name)! / decisions).toFixed(1) : '',
    };
  }),
);
