import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TabulaError } from '@tabula/core';
import { bundleFromSource } from './bundle.js';
import { type GameJob, type GameResult, type GameSummary, runJob, summaryOf } from './simulation.js';
import { type JobColumns, jobBuffers, jobColumns, type SummaryColumns, summariesOf } from './wire.js';

/** What the pool hands a worker: some consecutive jobs of one run, and whether to send back whole results. */
export interface Batch {
  readonly id: number;
  readonly gameId: string;
  readonly config: unknown;
  readonly jobs: JobColumns;
  readonly lines: boolean;
}

/**
 * A worker's answer to a batch: the games' summaries in job order, each
 * whole result as a line of JSON when the batch asked for them, and the time
 * it took; or the game that failed.
 */
export type BatchReply =
  | {
      readonly id: number;
      readonly summaries: SummaryColumns;
      readonly lines: string[] | null;
      readonly ms: number;
    }
  | { readonly id: number; readonly error: string; readonly index: number };

/** What a run played, in job order. */
export interface Played {
  readonly summaries: GameSummary[];
  /** Each game's whole result as one line of JSON (`JSON.stringify` of its `GameResult`), when asked for. */
  readonly lines: string[] | null;
}

export interface PlayJobsOptions {
  /** Whether to keep each game's whole result, record included, as a line of JSON (default false). */
  readonly lines?: boolean;
  /** Told how many games are done as they come back. */
  readonly onResult?: (done: number) => void;
}

/** The worker threads `workers` asks for, at most one a core: more only share the cores and run slower. */
export function workerThreads(workers: number): number {
  return Math.min(workers, availableParallelism());
}

/**
 * A batch is sized to take about this long on a worker: long enough that
 * handing it out costs nothing beside it, short enough to keep the workers
 * evenly loaded at the end of a run and the progress bar moving.
 */
const BATCH_MS = 100;

/**
 * The next batch's size: about `BATCH_MS` of games at the latest measured
 * speed, but never more than a share of what is left, so that the workers
 * finish together (guided scheduling: the batches shrink towards the end).
 */
export function batchSize(remaining: number, threads: number, msPerGame: number | null): number {
  const share = Math.ceil(remaining / (2 * threads));
  const timed = msPerGame === null ? 1 : Math.max(1, Math.floor(BATCH_MS / Math.max(msPerGame, 1e-3)));
  return Math.max(1, Math.min(share, timed));
}

/**
 * A worker's young generation, in MB, larger than V8's default (its new space
 * stayed at about 34 MB here): games make short-lived garbage by the megabyte, and
 * each young collection costs about the same however little survives, so
 * fewer of them cost less. Measured on a loaded machine, CPU of a warmed
 * worker for the same games, 3 runs each: backgammon 0.10-0.12 ms a game at
 * the default, 0.075-0.08 at 96; skirmish 0.075-0.078 and 0.059-0.06; rummy
 * no difference beyond the noise. It costs memory only as the young
 * generation grows, up to this much a worker.
 */
const YOUNG_GENERATION_MB = 96;

let bundled: Promise<URL> | null = null;

/**
 * The code a worker loads, once. The built package (`npm run build`) starts
 * `worker.js` beside this file. From source, the worker's whole module graph
 * is bundled into one JavaScript module once per process.
 */
function workerSource(): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return Promise.resolve(new URL('./worker.js', import.meta.url));
  bundled ??= bundleFromSource(new URL('./worker.ts', import.meta.url)).then(
    (code) => new URL(`data:text/javascript,${encodeURIComponent(code)}`),
  );
  return bundled;
}

/**
 * Worker threads that stay up for many runs: each loads the code once, then
 * plays the batches of games it is handed. `threads` 0 plays in this thread.
 * Results come back in job order, so the output is the same whatever the
 * number of threads and whichever finished first. Runs on one pool take turns.
 */
export interface WorkerPool {
  /** The worker threads (0: games are played in the calling thread). */
  readonly threads: number;
  /** Plays the jobs and returns their whole results, records included. */
  run(
    gameId: string,
    config: unknown,
    jobs: readonly GameJob[],
    onResult?: (done: number) => void,
  ): Promise<GameResult[]>;
  /**
   * Plays the jobs and returns their summaries, and their whole results as
   * lines of JSON only when asked (`lines`): records that nobody reads are
   * never copied between threads nor written as text.
   */
  play(gameId: string, config: unknown, jobs: readonly GameJob[], options?: PlayJobsOptions): Promise<Played>;
  /** Stops the workers; a closed pool runs nothing. */
  close(): Promise<void>;
}

/**
 * Batches handed to a worker at once: it starts the next as soon as it has
 * answered one, instead of waiting idle while the main thread reads the
 * answer and hands it another. It matters for short games: skirmish's
 * (about 50 µs each when measured, before `wire.ts`) gave 17% more games a
 * second on two workers with it and 3% more on one; backgammon and rummy
 * the same, within the noise.
 */
const AHEAD = 2;

interface Slot {
  readonly worker: Worker;
  /** Where the answer to each batch handed to this worker goes, by batch id. */
  readonly waiting: Map<number, (reply: BatchReply) => void>;
}

class ThreadPool implements WorkerPool {
  readonly threads: number;
  private readonly slots: Promise<Slot[]>;
  private queue: Promise<unknown> = Promise.resolve();
  private nextBatch = 0;
  /** Why the pool cannot go on: a worker crashed or stopped; every run after it fails with this. */
  private broken: TabulaError | null = null;
  private onBroken: ((error: TabulaError) => void) | null = null;
  private closed = false;

  constructor(threads: number) {
    this.threads = threads;
    this.slots = workerSource().then((source) =>
      Array.from({ length: threads }, () => {
        const worker = new Worker(source, {
          resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
        });
        const slot: Slot = { worker, waiting: new Map() };
        slot.worker.on('message', (reply: BatchReply) => {
          const onReply = slot.waiting.get(reply.id);
          slot.waiting.delete(reply.id);
          onReply?.(reply);
        });
        slot.worker.on('error', (error) =>
          this.fail(new TabulaError('worker_failed', `a worker failed: ${error.message}`)),
        );
        slot.worker.on('exit', (code) => {
          if (!this.closed)
            this.fail(new TabulaError('worker_failed', `a worker stopped early (exit ${code})`));
        });
        // An idle worker does not keep the process alive.
        slot.worker.unref();
        return slot;
      }),
    );
    // Code that cannot be loaded fails the first run (and `close` ignores it); never an unhandled rejection.
    this.slots.catch(() => {});
  }

  private fail(error: TabulaError): void {
    if (this.broken !== null) return;
    this.broken = error;
    this.onBroken?.(error);
  }

  async run(
    gameId: string,
    config: unknown,
    jobs: readonly GameJob[],
    onResult?: (done: number) => void,
  ): Promise<GameResult[]> {
    const { lines } = await this.play(gameId, config, jobs, {
      lines: true,
      ...(onResult ? { onResult } : {}),
    });
    return (lines ?? []).map((line): GameResult => JSON.parse(line));
  }

  play(
    gameId: string,
    config: unknown,
    jobs: readonly GameJob[],
    options: PlayJobsOptions = {},
  ): Promise<Played> {
    const turn = this.queue.then(() => this.hand(gameId, config, jobs, options));
    this.queue = turn.catch(() => {});
    return turn;
  }

  /** Hands the jobs out in batches to the workers as they come free, and gathers what they send back. */
  private async hand(
    gameId: string,
    config: unknown,
    jobs: readonly GameJob[],
    { lines: wantLines = false, onResult = () => {} }: PlayJobsOptions,
  ): Promise<Played> {
    if (this.closed) throw new TabulaError('worker_failed', 'the worker pool is closed');
    const slots = await this.slots;
    if (this.broken !== null) throw this.broken;
    const summaries: GameSummary[] = new Array(jobs.length);
    const lines: string[] | null = wantLines ? new Array(jobs.length) : null;
    return new Promise<Played>((resolve, reject) => {
      let next = 0;
      let done = 0;
      let busy = 0;
      let msPerGame: number | null = null;
      let failure: TabulaError | null = null;
      // A failed game stops the handing out; the run fails once the batches out have come back,
      // so that the pool is idle and ready for the next run.
      const settle = () => {
        if (busy > 0) return;
        for (const slot of slots) slot.worker.unref();
        this.onBroken = null;
        if (failure !== null) reject(failure);
        else if (done === jobs.length) resolve({ summaries, lines });
      };
      this.onBroken = (error) => {
        for (const slot of slots) slot.waiting.clear();
        busy = 0;
        failure = error;
        settle();
      };
      const give = (slot: Slot) => {
        if (failure !== null || next >= jobs.length) {
          if (slot.waiting.size === 0) slot.worker.unref();
          settle();
          return;
        }
        const start = next;
        const size = batchSize(jobs.length - next, slots.length * AHEAD, msPerGame);
        next += size;
        busy++;
        const batch: Batch = {
          id: this.nextBatch++,
          gameId,
          config,
          jobs: jobColumns(jobs, start, start + size),
          lines: wantLines,
        };
        slot.waiting.set(batch.id, (reply) => {
          busy--;
          if ('error' in reply) {
            failure ??= new TabulaError('worker_failed', `game ${reply.index} failed: ${reply.error}`);
          } else {
            summariesOf(reply.summaries, jobs, start, size).forEach((summary, k) => {
              summaries[start + k] = summary;
            });
            reply.lines?.forEach((line, k) => {
              if (lines !== null) lines[start + k] = line;
            });
            done += size;
            msPerGame = reply.ms / size;
            onResult(done);
          }
          give(slot);
        });
        slot.worker.ref();
        slot.worker.postMessage(batch, jobBuffers(batch.jobs));
      };
      if (jobs.length === 0) resolve({ summaries, lines });
      else for (let k = 0; k < AHEAD; k++) for (const slot of slots) give(slot);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const slots = await this.slots.catch(() => []);
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}

/** Plays in the calling thread, game after game. */
class InThread implements WorkerPool {
  readonly threads = 0;

  async run(
    gameId: string,
    config: unknown,
    jobs: readonly GameJob[],
    onResult: (done: number) => void = () => {},
  ): Promise<GameResult[]> {
    const results: GameResult[] = [];
    for (const job of jobs) {
      results.push(await runJob(gameId, config, job));
      onResult(results.length);
    }
    return results;
  }

  async play(
    gameId: string,
    config: unknown,
    jobs: readonly GameJob[],
    { lines: wantLines = false, onResult = () => {} }: PlayJobsOptions = {},
  ): Promise<Played> {
    const summaries: GameSummary[] = [];
    const lines: string[] | null = wantLines ? [] : null;
    for (const job of jobs) {
      const result = await runJob(gameId, config, job);
      summaries.push(summaryOf(result));
      lines?.push(JSON.stringify(result));
      onResult(summaries.length);
    }
    return { summaries, lines };
  }

  async close(): Promise<void> {}
}

/**
 * A pool of `workers` threads (at most one a core, `workerThreads`; 0: the
 * games are played in the calling thread). The workers start at once and stay
 * up until `close`, so runs after the first pay nothing to start.
 */
export function openPool(workers: number): WorkerPool {
  const threads = workerThreads(workers);
  return threads <= 0 ? new InThread() : new ThreadPool(threads);
}

/**
 * A pool for one run: `workers` threads, no more than the jobs, closed after;
 * or the open pool given.
 */
async function withPool<T>(
  workers: number | WorkerPool,
  jobs: number,
  use: (pool: WorkerPool) => Promise<T>,
): Promise<T> {
  if (typeof workers !== 'number') return use(workers);
  const pool = openPool(Math.min(workers, Math.max(jobs, 1)));
  try {
    return await use(pool);
  } finally {
    await pool.close();
  }
}

/**
 * Plays the jobs on `workers` threads (a number: a pool opened for these jobs
 * alone; 0: in this thread) or on an open pool (`openPool`), and returns the
 * whole results in job order, so the output does not depend on how many
 * threads played or which finished first.
 */
export function runJobs(
  gameId: string,
  config: unknown,
  jobs: readonly GameJob[],
  workers: number | WorkerPool,
  onResult: (done: number) => void = () => {},
): Promise<GameResult[]> {
  return withPool(workers, jobs.length, (pool) => pool.run(gameId, config, jobs, onResult));
}

/** As `runJobs`, but the summaries, and the whole results as lines of JSON only when asked for (`lines`). */
export function playJobs(
  gameId: string,
  config: unknown,
  jobs: readonly GameJob[],
  workers: number | WorkerPool,
  options: PlayJobsOptions = {},
): Promise<Played> {
  return withPool(workers, jobs.length, (pool) => pool.play(gameId, config, jobs, options));
}
