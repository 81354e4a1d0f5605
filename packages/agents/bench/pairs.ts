/**
 * One long match between two of the bot's agents, cubeless money with
 * paired dice, printing the running figures as it goes, so that a run
 * stopped early still tells what it measured:
 *
 *   PAIRS_MATCH="expert vs pubeval" PAIRS=5000 npm run bench:pairs -w @tabula/agents
 *
 * PAIRS_MATCH names the two agents (pubeval, heuristic, neural-0, neural-1,
 * neural-2, expert), PAIRS the pairs (default 500), PAIRS_SEED the seed of
 * the dice (default 14: the same games as `npm run bench`), PAIRS_REPORT
 * how often a line is printed (default every 25 pairs).
 */

import { loadavg } from 'node:os';
import { shippedEvaluator } from '../src/neural/bot.js';
import { namedChoosers } from '../src/neural/choosers.js';
import { type PairResult, pairSeeds, playPair, summarisePairs } from '../src/neural/selfplay.js';

const ev = shippedEvaluator();
const agents = namedChoosers(ev);

const match = process.env.PAIRS_MATCH ?? 'expert vs pubeval';
const [a, b] = match.split(' vs ').map((s) => s.trim());
if (a === undefined || b === undefined || agents[a] === undefined || agents[b] === undefined)
  throw new Error(
    `PAIRS_MATCH: '${match}' is not "<agent> vs <agent>" (known: ${Object.keys(agents).join(', ')})`,
  );
const pairs = Number(process.env.PAIRS ?? 500);
const seed = Number(process.env.PAIRS_SEED ?? 14);
const report = Number(process.env.PAIRS_REPORT ?? 25);

const results: PairResult[] = [];
const started = performance.now();
const fmt = (x: number) => (x >= 0 ? '+' : '') + x.toFixed(3);
const line = () => {
  const s = summarisePairs(results);
  return {
    match,
    games: s.games,
    'points/game': `${fmt(s.pointsPerGame)} ± ${s.interval.toFixed(3)}`,
    wins: `${(100 * s.wins).toFixed(1)}%`,
    'gammons won/lost': `${(100 * s.gammons).toFixed(1)}% / ${(100 * s.gammonsLost).toFixed(1)}%`,
    'backgammons won/lost': `${(100 * s.backgammons).toFixed(1)}% / ${(100 * s.backgammonsLost).toFixed(1)}%`,
    seconds: ((performance.now() - started) / 1000).toFixed(0),
    load: loadavg()[0]!.toFixed(1),
  };
};
for (const s of pairSeeds(seed, pairs)) {
  results.push(playPair(agents[a], agents[b], s));
  if (results.length % report === 0) console.log(JSON.stringify(line()));
}
console.table([line()]);
