import { checkWritable, writeOut } from '../files.js';
import { type Played, type PlayJobsOptions, playJobs } from '../pool.js';
import { progressBar } from '../progress.js';
import { type GameJob, type GameSummary, gameSeed } from '../simulation.js';
import { meanWithInterval, table } from '../stats.js';
import { parseBatch } from './batch.js';
import { configFor } from './config.js';

export const SIMULATE_USAGE =
  'tabula simulate <game> --agents a,b --games N --seed S [--workers W] [--budget MS] [--out results.jsonl] [--config JSON]';

/** Agent j of the list sits in seat (j + i) mod n in game i, so every agent plays every seat equally. */
export function seatingFor(agents: readonly string[], index: number): string[] {
  const cut = agents.length - (index % agents.length);
  return [...agents.slice(cut), ...agents.slice(0, cut)];
}

export interface AgentSummary {
  readonly label: string;
  readonly games: number;
  readonly wins: number;
  readonly pointsPerGame: number;
  readonly interval: number;
}

/** Per entry of the agent list: games, wins (shared wins count), points per game with a 95% interval. */
export function summarize(agents: readonly string[], results: readonly GameSummary[]): AgentSummary[] {
  return agents.map((name, j) => {
    const points: number[] = [];
    let wins = 0;
    for (const r of results) {
      const seat = (j + (r.index % agents.length)) % agents.length;
      points.push(r.scores[seat] ?? 0);
      if (r.winners.includes(seat)) wins++;
    }
    const { mean, halfWidth } = meanWithInterval(points);
    const label = agents.indexOf(name) === j && agents.lastIndexOf(name) === j ? name : `${name}#${j + 1}`;
    return { label, games: results.length, wins, pointsPerGame: mean, interval: halfWidth };
  });
}

/** The games lost by forfeit (an agent that failed): how many, and the first few with their reasons. */
export function forfeitText(forfeits: readonly GameSummary[], shown = 5): string {
  const lines = forfeits
    .slice(0, shown)
    .map((r) => `  game ${r.index}: seat ${r.forfeit?.seat} forfeited: ${r.forfeit?.reason}`);
  if (forfeits.length > shown) lines.push(`  and ${forfeits.length - shown} more`);
  return [`forfeits: ${forfeits.length}`, ...lines].join('\n');
}

/** Where a run's games are played: threads of this machine (`playJobs`), or a queue of many machines' workers. */
export type PlayJobs = (
  gameId: string,
  config: unknown,
  jobs: readonly GameJob[],
  workers: number,
  options: PlayJobsOptions,
) => Promise<Played>;

export function simulate(argv: readonly string[], out: (line: string) => void): Promise<void> {
  return simulateWith(playJobs, argv, out);
}

/** `tabula simulate`, its games played by `play` (the server's `--redis` hands them to a queue). */
export async function simulateWith(
  play: PlayJobs,
  argv: readonly string[],
  out: (line: string) => void,
): Promise<void> {
  const { game, agents, games, seed, workers, workersText, values, budgetMs } = parseBatch(
    argv,
    SIMULATE_USAGE,
    { agents: ['random', 'random'], games: 100 },
    ['out', 'config'],
  );
  const config = configFor(game, values.config, agents.length);
  const outPath = typeof values.out === 'string' ? values.out : null;
  // A results file that cannot be written is found now, not after all the games.
  if (outPath !== null) checkWritable(outPath, 'out');
  const jobs: GameJob[] = Array.from({ length: games }, (_, index) => ({
    index,
    seed: gameSeed(seed, index),
    players: seatingFor(agents, index),
    ...(budgetMs === undefined ? {} : { budgetMs }),
  }));
  const bar = progressBar(games, `${game.id}`);
  const started = performance.now();
  // The records cross from the workers only when they are written out.
  const { summaries: results, lines } = await play(game.id, config, jobs, workers, {
    lines: outPath !== null,
    onResult: (done) => bar.update(done),
  });
  const seconds = (performance.now() - started) / 1000;
  bar.finish();
  if (outPath !== null && lines !== null) writeOut(outPath, 'out', `${lines.join('\n')}\n`);
  const summary = summarize(agents, results);
  const length = meanWithInterval(results.map((r) => r.length)).mean;
  out(`${game.id}: ${games} games, seed ${seed}, ${workersText}`);
  out(
    table(
      ['agent', 'games', 'wins', 'win %', 'points/game (95% CI)'],
      summary.map((s) => [
        s.label,
        String(s.games),
        String(s.wins),
        ((100 * s.wins) / Math.max(s.games, 1)).toFixed(1),
        `${s.pointsPerGame.toFixed(3)} ± ${s.interval.toFixed(3)}`,
      ]),
    ),
  );
  out(`average length: ${length.toFixed(1)} actions; ${(games / seconds).toFixed(1)} games/s`);
  const forfeits = results.filter((r) => r.forfeit !== undefined);
  if (forfeits.length > 0) out(forfeitText(forfeits));
  if (outPath !== null) out(`results: ${outPath}`);
}
