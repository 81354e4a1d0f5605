/**
 * The `optimal` skirmish agent against the `bidder` over seeded 15-ship
 * two-player games, seats alternating (optimal in seat 0 in even games),
 * game i on seed 1 + i: the outright win rate (a shared win is no win) with
 * its 95% confidence interval (Wilson), the shared and lost games, the score
 * with a shared win as half, and the time per game. Every `every` games
 * (default 500) a line with the figures so far, so a long run that is cut
 * short still tells what it reached. With a shard `k/m` it plays only the
 * games i with i % m = k (several processes share the games; add their
 * counts). With `from`, it starts at game `from` (a run cut short goes on
 * where it stopped). Not a test: a measurement.
 *
 *   npx tsx --conditions=@tabula/source packages/agents/bench/skirmish-optimal.ts [games, default 10000] [every] [shard k/m] [from]
 */
import { type Agent, playGame } from '@tabula/core';
import { skirmishGame } from '@tabula/skirmish';
import { bidderAgent, optimalAgent } from '../src/skirmish.js';

const games = Number(process.argv[2] ?? 10_000);
const every = Number(process.argv[3] ?? 500);
const [shard, shards] = (process.argv[4] ?? '0/1').split('/').map(Number) as [number, number];
const from = Number(process.argv[5] ?? 0);

/** The Wilson score interval of a proportion at 95%. */
function wilson(successes: number, n: number): [number, number] {
  const z = 1.959964;
  const p = successes / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
let won = 0;
let shared = 0;
let lost = 0;
const started = performance.now();

function report(played: number): void {
  const seconds = (performance.now() - started) / 1000;
  const [low, high] = wilson(won, played);
  console.log(
    `${played} games: won ${won} (${pct(won / played)}, 95% CI ${pct(low)} to ${pct(high)}), ` +
      `shared ${shared}, lost ${lost}; score (a shared win half) ${pct((won + shared / 2) / played)}; ` +
      `${((1000 * seconds) / played).toFixed(1)} ms a game`,
  );
}

console.log(
  `optimal against bidder, seeded 15-ship games ${from + 1}..${games} (shard ${shard}/${shards}), seats alternating`,
);
let played = 0;
for (let i = from + shard; i < games; i += shards) {
  const seat = i % 2;
  const optimal = optimalAgent() as Agent<unknown, unknown>;
  const bidder = bidderAgent() as Agent<unknown, unknown>;
  const agents = seat === 0 ? [optimal, bidder] : [bidder, optimal];
  const { outcome } = await playGame(skirmishGame, { players: 2 }, agents, 1 + i);
  if (outcome.winners.length === 1) {
    if (outcome.winners[0] === seat) won++;
    else lost++;
  } else shared++;
  played++;
  if (played % every === 0) report(played);
}
if (played % every !== 0) report(played);
