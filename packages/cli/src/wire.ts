import type { Forfeit } from '@tabula/core';
import type { GameJob, GameResult, GameSummary } from './simulation.js';

/**
 * How a batch's jobs and the summaries of its games cross between the pool's
 * threads: as columns of numbers in typed arrays, which are copied (or
 * handed over) whole, rather than as objects, which a structured clone or
 * JSON writes and reads field by field. For games of tens of microseconds
 * (skirmish's, about 25), the objects cost about 7 µs a game of the worker's
 * time and 1 of the main thread's (which it takes from a second worker on a
 * 2-core machine): skirmish went from 35,000 to 47,000 random games a second
 * on one worker (BENCHMARKS.md).
 */

/** A batch's jobs by column: job `k` is `index[k]`, `seed[k]`, `lineups[lineup[k]]`, `budgetMs[k]` (NaN: none). */
export interface JobColumns {
  readonly index: Float64Array;
  readonly seed: Float64Array;
  readonly budgetMs: Float64Array;
  readonly lineup: Uint32Array;
  /** The distinct lists of players by seat, each once. */
  readonly lineups: readonly (readonly string[])[];
}

/** Jobs `start` to `end` (not included) as columns. */
export function jobColumns(jobs: readonly GameJob[], start: number, end: number): JobColumns {
  const count = end - start;
  const index = new Float64Array(count);
  const seed = new Float64Array(count);
  const budgetMs = new Float64Array(count);
  const lineup = new Uint32Array(count);
  const lineups: (readonly string[])[] = [];
  // Most runs share one players array (or a few) between their jobs: found by reference, and by content otherwise.
  const byArray = new Map<readonly string[], number>();
  const byNames = new Map<string, number>();
  for (let k = 0; k < count; k++) {
    const job = jobs[start + k] as GameJob;
    index[k] = job.index;
    seed[k] = job.seed;
    budgetMs[k] = job.budgetMs ?? Number.NaN;
    let at = byArray.get(job.players);
    if (at === undefined) {
      const names = JSON.stringify(job.players);
      at = byNames.get(names);
      if (at === undefined) {
        at = lineups.length;
        lineups.push(job.players);
        byNames.set(names, at);
      }
      byArray.set(job.players, at);
    }
    lineup[k] = at;
  }
  return { index, seed, budgetMs, lineup, lineups };
}

/** The buffers of the columns, to hand over with the message rather than copy. */
export function jobBuffers(columns: JobColumns): ArrayBuffer[] {
  return [columns.index, columns.seed, columns.budgetMs, columns.lineup].map((a) => a.buffer as ArrayBuffer);
}

/** The jobs back from their columns. */
export function jobsOf(columns: JobColumns): GameJob[] {
  return Array.from(columns.index, (index, k): GameJob => {
    const budgetMs = columns.budgetMs[k] as number;
    return {
      index,
      seed: columns.seed[k] as number,
      players: columns.lineups[columns.lineup[k] as number] as readonly string[],
      ...(Number.isNaN(budgetMs) ? {} : { budgetMs }),
    };
  });
}

/**
 * What a summary holds beyond its job, game after game: the number of
 * scores, the scores, the number of winners, the winners, the number of
 * actions and the reason (by its place in `reasons`); and the rare
 * forfeits, by the game's place in the batch.
 */
export interface SummaryColumns {
  readonly numbers: Float64Array;
  readonly reasons: readonly string[];
  readonly forfeits: readonly (readonly [number, Forfeit])[];
}

/** Writes the summaries of a batch's games, one after another, as columns. */
export class SummaryWriter {
  private numbers = new Float64Array(1024);
  private used = 0;
  private readonly reasons: string[] = [];
  private readonly forfeits: [number, Forfeit][] = [];
  private games = 0;

  add(result: GameResult): void {
    const { scores, winners } = result;
    this.room(scores.length + winners.length + 4);
    this.list(scores);
    this.list(winners);
    let reason = this.reasons.indexOf(result.reason);
    if (reason < 0) reason = this.reasons.push(result.reason) - 1;
    this.numbers[this.used++] = result.length;
    this.numbers[this.used++] = reason;
    if (result.forfeit) this.forfeits.push([this.games, result.forfeit]);
    this.games++;
  }

  get count(): number {
    return this.games;
  }

  columns(): SummaryColumns {
    return { numbers: this.numbers.slice(0, this.used), reasons: this.reasons, forfeits: this.forfeits };
  }

  private room(more: number): void {
    if (this.used + more <= this.numbers.length) return;
    const grown = new Float64Array(Math.max(2 * this.numbers.length, this.used + more));
    grown.set(this.numbers);
    this.numbers = grown;
  }

  private list(values: readonly number[]): void {
    this.numbers[this.used++] = values.length;
    for (const value of values) this.numbers[this.used++] = value;
  }
}

/**
 * The summaries of `count` games from their columns, the games of
 * `jobs[start]` on: what `summaryOf` gives of each game's result, the job's
 * index, seed and players included.
 */
export function summariesOf(
  columns: SummaryColumns,
  jobs: readonly GameJob[],
  start: number,
  count: number,
): GameSummary[] {
  const { numbers, reasons } = columns;
  const forfeits = new Map(columns.forfeits);
  const summaries: GameSummary[] = new Array(count);
  let at = 0;
  const list = (): number[] => {
    const values: number[] = new Array(numbers[at++] as number);
    for (let i = 0; i < values.length; i++) values[i] = numbers[at++] as number;
    return values;
  };
  for (let k = 0; k < count; k++) {
    const { index, seed, players } = jobs[start + k] as GameJob;
    const scores = list();
    const winners = list();
    const length = numbers[at++] as number;
    const reason = reasons[numbers[at++] as number] as string;
    const forfeit = forfeits.get(k);
    summaries[k] =
      forfeit === undefined
        ? { index, seed, players, scores, winners, reason, length }
        : { index, seed, players, scores, winners, reason, length, forfeit };
  }
  return summaries;
}
