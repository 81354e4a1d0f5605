import { parentPort, workerData } from 'node:worker_threads';
import { type GameJob, runJob } from './simulation.js';

/** Plays its share of the jobs and posts each result as soon as it is done. */
const { gameId, config, jobs } = workerData as { gameId: string; config: unknown; jobs: GameJob[] };
for (const job of jobs) {
  try {
    parentPort?.postMessage({ result: await runJob(gameId, config, job) });
  } catch (error) {
    parentPort?.postMessage({
      error: error instanceof Error ? error.message : String(error),
      index: job.index,
    });
    break;
  }
}
