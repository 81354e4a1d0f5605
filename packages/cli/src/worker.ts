import { parentPort } from 'node:worker_threads';
import type { Batch, BatchReply } from './pool.js';
import { type GameResult, runJob } from './simulation.js';

/**
 * A worker of the pool: loaded once, it plays every batch it is handed, one
 * at a time, and answers each with the batch's results in job order (or the
 * first game that failed) and the milliseconds the batch took.
 */
const port = parentPort;
if (port === null) throw new Error('worker.js runs in a worker thread of the pool');
port.on('message', async (batch: Batch) => {
  const started = performance.now();
  const results: GameResult[] = [];
  let reply: BatchReply;
  try {
    for (const job of batch.jobs) results.push(await runJob(batch.gameId, batch.config, job));
    reply = { id: batch.id, results, ms: performance.now() - started };
  } catch (error) {
    const failed = batch.jobs[results.length]?.index ?? -1;
    reply = { id: batch.id, error: error instanceof Error ? error.message : String(error), index: failed };
  }
  port.postMessage(reply);
});
