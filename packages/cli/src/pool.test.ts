import { TabulaError } from '@tabula/core';
import { afterAll, describe, expect, it } from 'vitest';
import { batchSize, openPool, playJobs, runJobs } from './pool.js';
import { gameById } from './registry.js';
import { type GameJob, gameSeed, summaryOf } from './simulation.js';

const jobs = (count: number, players = ['random', 'random']): GameJob[] =>
  Array.from({ length: count }, (_, index) => ({ index, seed: gameSeed(5, index), players }));

describe('batchSize', () => {
  it('starts with one game a batch, then sizes batches to about 100 ms', () => {
    expect(batchSize(1000, 2, null)).toBe(1);
    expect(batchSize(1000, 2, 2)).toBe(50);
    expect(batchSize(1000, 2, 40)).toBe(2);
    expect(batchSize(1000, 2, 500)).toBe(1);
  });

  it('never hands a worker more than a quarter of what is left on two threads, nor less than one game', () => {
    expect(batchSize(40, 2, 0.01)).toBe(10);
    expect(batchSize(3, 2, 0.01)).toBe(1);
    expect(batchSize(1, 1, 0)).toBe(1);
  });
});

describe('openPool', () => {
  const pool = openPool(2);
  afterAll(() => pool.close());

  it('plays run after run on the same workers, with the results of the calling thread in job order', async () => {
    const config = gameById('skirmish').defaultConfig(2);
    const here = await runJobs('skirmish', config, jobs(30), 0);
    const done: number[] = [];
    const first = await pool.run('skirmish', config, jobs(30), (n) => done.push(n));
    expect(first).toEqual(here);
    expect(done.at(-1)).toBe(30);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    // A second run and another game on the same workers.
    expect(await pool.run('skirmish', config, jobs(30))).toEqual(here);
    const backgammon = gameById('backgammon').defaultConfig(2);
    expect(await pool.run('backgammon', backgammon, jobs(6))).toEqual(
      await runJobs('backgammon', backgammon, jobs(6), 0),
    );
    expect(await pool.run('skirmish', config, [])).toEqual([]);
  });

  it('hands one worker its batches ahead and still answers in job order', async () => {
    const config = gameById('skirmish').defaultConfig(2);
    const one = openPool(1);
    try {
      expect(await one.run('skirmish', config, jobs(40))).toEqual(
        await runJobs('skirmish', config, jobs(40), 0),
      );
    } finally {
      await one.close();
    }
  });

  it('sends back the summaries alone, or with each whole result as a line of JSON', async () => {
    const config = gameById('backgammon').defaultConfig(2);
    const here = await runJobs('backgammon', config, jobs(20), 0);
    const done: number[] = [];
    const bare = await pool.play('backgammon', config, jobs(20), { onResult: (n) => done.push(n) });
    expect(bare).toEqual({ summaries: here.map(summaryOf), lines: null });
    expect(done.at(-1)).toBe(20);
    const lined = await pool.play('backgammon', config, jobs(20), { lines: true });
    expect(lined.summaries).toEqual(bare.summaries);
    expect(lined.lines).toEqual(here.map((r) => JSON.stringify(r)));
    // The same in the calling thread.
    expect(await playJobs('backgammon', config, jobs(20), 0, { lines: true })).toEqual(lined);
    expect(await playJobs('backgammon', config, jobs(20), 0)).toEqual(bare);
  });

  it('runs given at once take turns', async () => {
    const config = gameById('skirmish').defaultConfig(2);
    const [a, b] = await Promise.all([
      pool.run('skirmish', config, jobs(12)),
      pool.run('skirmish', config, jobs(7)),
    ]);
    expect(a).toEqual(await runJobs('skirmish', config, jobs(12), 0));
    expect(b).toEqual(a.slice(0, 7));
  });

  it('names the game that failed, and the pool plays on', async () => {
    const config = gameById('skirmish').defaultConfig(2);
    const failing = [...jobs(3), { index: 3, seed: 1, players: ['random', 'nobody'] }, ...jobs(2)];
    const run = pool.run('skirmish', config, failing);
    await expect(run).rejects.toThrow(TabulaError);
    await expect(run).rejects.toThrow(/^game 3 failed: Unknown agent "nobody"/);
    expect(await pool.run('skirmish', config, jobs(4))).toEqual(
      await runJobs('skirmish', config, jobs(4), 0),
    );
  });

  it('runs nothing once closed', async () => {
    const other = openPool(1);
    expect(other.threads).toBe(1);
    await other.close();
    await expect(other.run('skirmish', gameById('skirmish').defaultConfig(2), jobs(1))).rejects.toThrow(
      /closed/,
    );
  });

  it('plays in the calling thread with 0 workers', async () => {
    const here = openPool(0);
    expect(here.threads).toBe(0);
    const config = gameById('skirmish').defaultConfig(2);
    expect(await here.run('skirmish', config, jobs(3))).toEqual(
      await runJobs('skirmish', config, jobs(3), 0),
    );
    await here.close();
  });
});
