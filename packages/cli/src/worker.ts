import { parentPort } from 'node:worker_threads';
import type { Batch, BatchReply } from './pool.js';
import { runJob } from './simulation.js';
import { jobsOf, SummaryWriter } from './wire.js';

/**
 * A worker of the pool: loaded once, it plays every batch it is handed, one
 * at a time, and answers each with the games' summaries in job order (and,
 * when asked, each whole result as a line of JSON), or with the first game
 * that failed; and the milliseconds the batch took.
 *
 * Summaries cross as columns of numbers (`wire.ts`); whole results, when
 * asked for, as JSON text written as soon as each game is played: cheaper to
 * write here and to read there than a structured clone of the records, and
 * strings the garbage collector need not walk. Records not asked for do not
 * cross at all.
 */
if (parentPort === null) throw new Error('worker.js runs in a worker thread of the pool');
const port = parentPort;
let playing: Promise<void> = Promise.resolve();
port.on('message', (batch: Batch) => {
  // The pool hands out a batch ahead: it waits for the one under way (whose games may wait on programs' answers).
  playing = playing.then(() => play(batch));
});

async function play(batch: Batch): Promise<void> {
  const started = performance.now();
  const jobs = jobsOf(batch.jobs);
  const summaries = new SummaryWriter();
  const lines: string[] = [];
  try {
    for (const job of jobs) {
      const result = await runJob(batch.gameId, batch.config, job);
      summaries.add(result);
      if (batch.lines) lines.push(JSON.stringify(result));
    }
  } catch (error) {
    const failed = jobs[summaries.count]?.index ?? -1;
    const reply: BatchReply = {
      id: batch.id,
      error: error instanceof Error ? error.message : String(error),
      index: failed,
    };
    port.postMessage(reply);
    return;
  }
  const columns = summaries.columns();
  const reply: BatchReply = {
    id: batch.id,
    summaries: columns,
    lines: batch.lines ? lines : null,
    ms: performance.now() - started,
  };
  port.postMessage(reply, [columns.numbers.buffer as ArrayBuffer]);
}
