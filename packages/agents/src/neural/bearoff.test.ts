import { describe, expect, it } from 'vitest';
import { countsOf, HOME_POSITIONS, MAX_ROLLS, raceWinChance, rankOf } from './bearoff.js';
import { bearoffDatabase } from './bearoff-store.js';

// Built on first use (about ten seconds) and cached in a file after that.
const db = bearoffDatabase();

function rolls(counts: number[]): number[] {
  const r = rankOf(counts);
  return Array.from(
    db.dist.subarray(r * MAX_ROLLS, r * MAX_ROLLS + 5),
    (p) => Math.round(p * 36 * 36) / 36 / 36,
  );
}

describe('the bear-off database', () => {
  it('ranks every home board of up to 15 checkers once', () => {
    expect(rankOf([0, 0, 0, 0, 0, 0])).toBe(0);
    expect(rankOf([0, 0, 0, 0, 0, 15])).toBe(15);
    expect(rankOf([15, 0, 0, 0, 0, 0])).toBe(HOME_POSITIONS - 1);
    for (const r of [0, 1, 77, 5000, 54263]) expect(rankOf(countsOf(r))).toBe(r);
  });

  it('is exact on hand-worked positions', () => {
    // One checker on the 1-point, or the 2-point: off in one roll whatever it is.
    expect(rolls([1, 0, 0, 0, 0, 0])).toEqual([0, 1, 0, 0, 0]);
    expect(rolls([0, 1, 0, 0, 0, 0])).toEqual([0, 1, 0, 0, 0]);
    // One on the 6-point: 1-2, 1-3, 1-4, 2-3 (8 rolls) and 1-1 leave it short, then any roll finishes.
    expect(rolls([0, 0, 0, 0, 0, 1])).toEqual([0, 27 / 36, 9 / 36, 0, 0]);
    expect(db.mean[rankOf([0, 0, 0, 0, 0, 1])]).toBeCloseTo(1.25, 6);
    // Two on the 6-point: off in one roll only with 3-3, 4-4, 5-5 or 6-6.
    expect(rolls([0, 0, 0, 0, 0, 2])[1]).toBeCloseTo(4 / 36, 6);
    // Two on the 1-point: any roll (a double plays four times).
    expect(rolls([2, 0, 0, 0, 0, 0])).toEqual([0, 1, 0, 0, 0]);
    // Each distribution adds up to 1.
    for (const r of [1, 999, 30000, HOME_POSITIONS - 1]) {
      let sum = 0;
      for (let n = 0; n < MAX_ROLLS; n++) sum += db.dist[r * MAX_ROLLS + n]!;
      expect(sum).toBeCloseTo(1, 5);
    }
  });

  it('gives the chance of winning a race of bear-offs', () => {
    const one = rankOf([1, 0, 0, 0, 0, 0]);
    const six = rankOf([0, 0, 0, 0, 0, 1]);
    // On roll with one on the 1-point: always first.
    expect(raceWinChance(db, one, six)).toBe(1);
    // On roll with one on the 6-point against one on the 1-point: only if it gets off at once.
    expect(raceWinChance(db, six, one)).toBeCloseTo(27 / 36, 6);
  });
});
