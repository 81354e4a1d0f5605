/**
 * The `optimal` skirmish agent against the `bidder` over seeded 15-ship
 * two-player games, seats alternating (optimal in seat 0 in even games),
 * game i on seed 1 + i: the outright win rate (a shared win is no win) with
 * its 95% confidence interval (Wilson), the shared and lost games, and the
 * time per game. Not a test: a measurement.
 *
 *   npx tsx --conditions=@tabula/source packages/agents/bench/skirmish-optimal.ts [games, default 10000] [early]
 */
import { type Agent, playGame } from '@tabula/core';
import { skirmishGame } from '@tabula/skirmish';
import { bidderAgent, type OptimalOptions, optimalAgent } from '../src/skirmish.js';

const games = Number(process.argv[2] ?? 10_000);
const early = process.argv[3] as OptimalOptions['early'];

/** The Wilson score interval of a proportion at 95%. */
function wilson(successes: number, n: number): [number, number] {
  const z = 1.959964;
  const p = successes / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

let won = 0;
let shared = 0;
let lost = 0;
const started = performance.now();
for (let i = 0; i < games; i++) {
  const seat = i % 2;
  const optimal = optimalAgent(early === undefined ? {} : { early }) as Agent<unknown, unknown>;
  const bidder = bidderAgent() as Agent<unknown, unknown>;
  const agents = seat === 0 ? [optimal, bidder] : [bidder, optimal];
  const { outcome } = await playGame(skirmishGame, { players: 2 }, agents, 1 + i);
  if (outcome.winners.length === 1) {
    if (outcome.winners[0] === seat) won++;
    else lost++;
  } else shared++;
}
const seconds = (performance.now() - started) / 1000;
const [low, high] = wilson(won, games);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log(
  `optimal (early: ${early ?? 'default'}) against bidder, ${games} seeded 15-ship games, seats alternating`,
);
console.log(
  `won ${won} (${pct(won / games)}, 95% CI ${pct(low)} to ${pct(high)}), shared ${shared}, lost ${lost}`,
);
console.log(
  `score (a shared win half): ${pct((won + shared / 2) / games)}; ${((1000 * seconds) / games).toFixed(1)} ms a game`,
);
