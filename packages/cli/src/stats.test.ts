import { describe, expect, it } from 'vitest';
import { meanWithInterval, ratings, table } from './stats.js';

describe('meanWithInterval', () => {
  it('gives the mean and a 95% half-width', () => {
    const { mean, halfWidth } = meanWithInterval([1, -1, 1, -1]);
    expect(mean).toBe(0);
    expect(halfWidth).toBeCloseTo(1.96 * Math.sqrt(4 / 3 / 4), 10);
    expect(meanWithInterval([])).toEqual({ mean: 0, halfWidth: 0 });
  });
});

describe('ratings', () => {
  it('rates the stronger player higher and centres on 1500', () => {
    const results = [
      ...Array.from({ length: 30 }, () => ({ a: 0, b: 1, scoreA: 1 })),
      ...Array.from({ length: 10 }, () => ({ a: 0, b: 1, scoreA: 0 })),
    ];
    const [strong, weak] = ratings(2, results) as [number, number];
    expect(strong).toBeGreaterThan(weak);
    expect((strong + weak) / 2).toBeCloseTo(1500, 6);
    // 75% expected score is about 191 Elo points; the prior pulls it in a little.
    expect(strong - weak).toBeGreaterThan(170);
    expect(strong - weak).toBeLessThan(195);
  });

  it('gives equal players equal ratings and keeps a perfect record finite', () => {
    const even = ratings(2, [
      { a: 0, b: 1, scoreA: 1 },
      { a: 0, b: 1, scoreA: 0 },
    ]);
    expect(even).toEqual([expect.closeTo(1500, 6), expect.closeTo(1500, 6)]);
    const perfect = ratings(2, [{ a: 0, b: 1, scoreA: 1 }]);
    expect(Number.isFinite(perfect[0])).toBe(true);
  });
});

describe('table', () => {
  it('aligns columns', () => {
    expect(
      table(
        ['agent', 'wins'],
        [
          ['random', '3'],
          ['pips', '12'],
        ],
      ),
    ).toBe('agent   wins\n------  ----\nrandom     3\npips      12');
  });
});
