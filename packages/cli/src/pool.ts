import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { TabulaError } from '@tabula/core';
import { type GameJob, type GameResult, runJob } from './simulation.js';

function workerUrl(): URL {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './worker-dev.mjs' : './worker.js', import.meta.url);
}

/** The worker threads `workers` asks for, at most one a core: more only share the cores and run slower. */
export function workerThreads(workers: number): number {
  return Math.min(workers, availableParallelism());
}

/**
 * Plays the jobs on `workers` threads (at most one a core, `workerThreads`) (0: in this thread) and returns the
 * results in job order, so the output does not depend on how many threads
 * played or which finished first.
 */
export async function runJobs(
  gameId: string,
  config: unknown,
  jobs: readonly GameJob[],
  workers: number,
  onResult: (done: number) => void = () => {},
): Promise<GameResult[]> {
  const results: GameResult[] = [];
  if (workers <= 0) {
    for (const job of jobs) {
      results.push(await runJob(gameId, config, job));
      onResult(results.length);
    }
    return results;
  }
  const threads = Math.min(workerThreads(workers), Math.max(jobs.length, 1));
  const shares = Array.from({ length: threads }, (_, t) => jobs.filter((_, i) => i % threads === t));
  await Promise.all(
    shares.map(
      (share) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(workerUrl(), { workerData: { gameId, config, jobs: share } });
          let received = 0;
          worker.on('message', (message: { result?: GameResult; error?: string; index?: number }) => {
            if (message.error !== undefined) {
              reject(new TabulaError('worker_failed', `game ${message.index} failed: ${message.error}`));
              void worker.terminate();
              return;
            }
            results.push(message.result as GameResult);
            received++;
            onResult(results.length);
            if (received === share.length) void worker.terminate().then(() => resolve());
          });
          worker.on('error', reject);
          worker.on('exit', (code) => {
            if (received < share.length)
              reject(new TabulaError('worker_failed', `a worker stopped early (exit ${code})`));
          });
        }),
    ),
  );
  return results.sort((a, b) => a.index - b.index);
}
