import { describe, expect, it } from 'vitest';
import { key } from '../src/board.js';
import { applySteps, legalPlays } from '../src/moves.js';
import { naiveLegalPlays } from './naive-moves.js';
import { publicCases } from './public-fixture.js';

describe('the naive generator of the bench', () => {
  it('finds the same plays as legalPlays on the 300 gnubg fixture positions, so the bench compares equal work', () => {
    expect(publicCases).toHaveLength(300);
    let plays = 0;
    for (const c of publicCases) {
      const ours = legalPlays(c.board, c.seat, c.dice);
      const naive = naiveLegalPlays(c.board, c.seat, c.dice);
      const keys = naive.map((p) => key(p.board));
      expect(keys.toSorted(), c.id).toEqual(ours.map((p) => key(p.board)).toSorted());
      if (!c.expected.noPlay) expect(keys.toSorted(), c.id).toEqual(c.expected.keys.toSorted());
      for (const p of naive) {
        expect(p.steps, c.id).toHaveLength(c.expected.diceUsed);
        expect(applySteps(c.board, c.seat, p.steps), c.id).toEqual(p.board);
      }
      plays += naive.length;
    }
    expect(plays).toBeGreaterThan(1000);
  });
});
