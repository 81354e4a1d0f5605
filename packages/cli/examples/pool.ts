import assert from 'node:assert/strict';
import { gameSeed, openPool, runJobs } from '@tabula/cli';
import { skirmishGame } from '@tabula/skirmish';

// Two worker threads that stay up: each loads the code once, then plays the
// batches of games it is handed, run after run.
const pool = openPool(2);
const config = skirmishGame.defaultConfig(2);
const jobs = Array.from({ length: 200 }, (_, index) => ({
  index,
  seed: gameSeed(1, index),
  players: ['random', 'bidder'],
}));
try {
  // Summaries only: the records stay in the workers.
  const { summaries } = await pool.play('skirmish', config, jobs);
  const bidderWins = summaries.filter((s) => s.winners.includes(1)).length;
  console.log(`bidder won ${bidderWins} of ${summaries.length}`);
  // Whole results, records included, in job order: the same games as in this thread.
  const results = await pool.run('skirmish', config, jobs.slice(0, 10));
  assert.deepEqual(results, await runJobs('skirmish', config, jobs.slice(0, 10), 0));
} finally {
  await pool.close();
}
