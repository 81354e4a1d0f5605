import { UsageError } from '../errors.js';
import { playJobs, type WorkerPool } from '../pool.js';
import { progressBar } from '../progress.js';
import { gameById } from '../registry.js';
import { type GameJob, gameSeed } from '../simulation.js';
import { type PairResult, ratings, table } from '../stats.js';
import { parseBatch } from './batch.js';
import { configFor } from './config.js';

export const TOURNAMENT_USAGE =
  'tabula tournament <game> --agents a,b,c --games N [--seed S] [--workers W] [--budget MS] [--config JSON]';

export interface Standing {
  readonly agent: string;
  readonly games: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly score: number;
  readonly rating: number;
}

/**
 * A round robin: every pair of agents plays `games` games, seats alternating.
 * A game counts as a win for the one pair member who is among the winners, a
 * draw otherwise. `workers` is a number of worker threads (0: this thread)
 * or an open pool (`openPool`) to play on. `configJson` is the game's config
 * as `--config` gives it (some fields; the rest from the default), or the
 * default config.
 */
export async function roundRobin(
  gameId: string,
  agents: readonly string[],
  games: number,
  seed: number,
  workers: number | WorkerPool,
  onProgress: (done: number, total: number) => void = () => {},
  configJson?: string,
  budgetMs?: number,
): Promise<Standing[]> {
  const game = gameById(gameId);
  const config = configFor(game, configJson, 2);
  // Every pair of agents (a before b in the list) plays `games` games, seats alternating.
  const pairs: { a: number; b: number; names: [string, string] }[] = [];
  for (const [a, first] of agents.entries())
    for (const [b, second] of agents.entries()) if (a < b) pairs.push({ a, b, names: [first, second] });
  const jobs: GameJob[] = pairs.flatMap(({ names: [first, second] }, p) =>
    Array.from({ length: games }, (_, g) => {
      const index = p * games + g;
      const players = g % 2 === 0 ? [first, second] : [second, first];
      return { index, seed: gameSeed(seed, index), players, ...(budgetMs === undefined ? {} : { budgetMs }) };
    }),
  );
  // The results come in job order, so each pair's are the next `games` of them.
  const { summaries: results } = await playJobs(gameId, config, jobs, workers, {
    onResult: (done) => onProgress(done, jobs.length),
  });
  const pairResults: PairResult[] = pairs.flatMap(({ a, b }, p) =>
    results.slice(p * games, (p + 1) * games).map((r, g) => {
      const seatOfA = g % 2;
      const aWon = r.winners.includes(seatOfA);
      const bWon = r.winners.includes(1 - seatOfA);
      return { a, b, scoreA: aWon === bWon ? 0.5 : aWon ? 1 : 0 };
    }),
  );
  const rating = ratings(agents.length, pairResults);
  return agents
    .map((agent, i) => {
      let wins = 0;
      let draws = 0;
      let losses = 0;
      for (const p of pairResults) {
        if (p.a !== i && p.b !== i) continue;
        const mine = p.a === i ? p.scoreA : 1 - p.scoreA;
        if (mine === 1) wins++;
        else if (mine === 0) losses++;
        else draws++;
      }
      const played = wins + draws + losses;
      return {
        agent,
        games: played,
        wins,
        draws,
        losses,
        score: (wins + draws / 2) / Math.max(played, 1),
        rating: rating[i]!,
      };
    })
    .sort((x, y) => y.rating - x.rating);
}

export function standingsTable(standings: readonly Standing[]): string {
  return table(
    ['agent', 'games', 'won', 'drawn', 'lost', 'score %', 'rating'],
    standings.map((s) => [
      s.agent,
      String(s.games),
      String(s.wins),
      String(s.draws),
      String(s.losses),
      (100 * s.score).toFixed(1),
      s.rating.toFixed(0),
    ]),
  );
}

export async function tournament(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const { game, agents, games, seed, workers, workersText, values, budgetMs } = parseBatch(
    argv,
    TOURNAMENT_USAGE,
    { agents: [], games: 20 },
    ['config'],
  );
  if (agents.length < 2)
    throw new UsageError('--agents needs at least two agents, e.g. --agents random,heuristic');
  if (new Set(agents).size !== agents.length) throw new UsageError('--agents names each agent once');
  const configJson = typeof values.config === 'string' ? values.config : undefined;
  // The config is checked before the first game (and before the progress bar).
  configFor(game, configJson, 2);
  const bar = progressBar(((agents.length * (agents.length - 1)) / 2) * games, game.id);
  const standings = await roundRobin(
    game.id,
    agents,
    games,
    seed,
    workers,
    (done) => bar.update(done),
    configJson,
    budgetMs,
  );
  bar.finish();
  out(`${game.id}: round robin, ${games} games a pairing, seed ${seed}, ${workersText}`);
  out(standingsTable(standings));
}
