import type { GameRecord } from '@tabula/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type GameJob, type GameResult, summaryOf } from './simulation.js';
import { jobColumns, jobsOf, SummaryWriter, summariesOf } from './wire.js';

const names = fc.constantFrom('random', 'expert', 'cmd:./bot --fast', 'heuristic');
const job = fc.record(
  {
    index: fc.nat(),
    seed: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
    players: fc.array(names, { minLength: 2, maxLength: 4 }),
    budgetMs: fc.integer({ min: 1, max: 60_000 }),
  },
  { requiredKeys: ['index', 'seed', 'players'] },
);

describe('jobColumns and jobsOf', () => {
  it('give back the jobs of a slice, budgets and lineups included', () => {
    fc.assert(
      fc.property(fc.array(job, { maxLength: 30 }), fc.nat(30), fc.nat(30), (jobs, a, b) => {
        const [start, end] = [Math.min(a, b, jobs.length), Math.min(Math.max(a, b), jobs.length)];
        expect(jobsOf(jobColumns(jobs, start, end))).toEqual(jobs.slice(start, end));
      }),
    );
  });

  it('sends each lineup once, whether the jobs share its array or only its names', () => {
    const shared = ['random', 'expert'];
    const jobs: GameJob[] = [
      { index: 0, seed: 1, players: shared },
      { index: 1, seed: 2, players: shared },
      { index: 2, seed: 3, players: ['random', 'expert'] },
      { index: 3, seed: 4, players: ['expert', 'random'] },
    ];
    const columns = jobColumns(jobs, 0, 4);
    expect(columns.lineups).toEqual([shared, ['expert', 'random']]);
    expect([...columns.lineup]).toEqual([0, 0, 0, 1]);
  });
});

describe('SummaryWriter and summariesOf', () => {
  const record = {} as GameRecord;
  const result = fc.record({
    scores: fc.array(fc.double({ noNaN: true }), { maxLength: 4 }),
    winners: fc.array(fc.nat(3), { maxLength: 4 }),
    reason: fc.constantFrom('finished', 'forfeit', 'turn limit', 'gammon'),
    length: fc.nat(),
    forfeit: fc.option(fc.record({ seat: fc.nat(3), reason: fc.string() }), { nil: undefined }),
  });

  it('give back what summaryOf gives of each result, in order', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(job, result), { maxLength: 20 }), (games) => {
        const jobs = games.map(([j]) => j);
        const results: GameResult[] = games.map(([j, { forfeit, ...r }]) => ({
          index: j.index,
          seed: j.seed,
          players: j.players,
          ...r,
          ...(forfeit ? { forfeit } : {}),
          record,
        }));
        const writer = new SummaryWriter();
        for (const r of results) writer.add(r);
        expect(writer.count).toBe(results.length);
        // A batch's games from the middle of a run: the summaries take index, seed and players from their jobs.
        const padded = [...jobs.slice(0, 2), ...jobs];
        expect(summariesOf(writer.columns(), padded, Math.min(2, jobs.length), results.length)).toEqual(
          results.map(summaryOf),
        );
      }),
    );
  });
});
