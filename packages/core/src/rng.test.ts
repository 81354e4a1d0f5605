import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TabulaError } from './errors.js';
import { createRng } from './rng.js';

describe('createRng', () => {
  it('gives the same draws for the same seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const drawsA = Array.from({ length: 50 }, () => a.int(1, 6));
    const drawsB = Array.from({ length: 50 }, () => b.int(1, 6));
    expect(drawsA).toEqual(drawsB);
    expect(new Set(drawsA).size).toBeGreaterThan(1);
  });

  it('gives different draws for different seeds', () => {
    const a = createRng(1);
    const b = createRng(2);
    expect(Array.from({ length: 20 }, () => a.int(0, 1000))).not.toEqual(
      Array.from({ length: 20 }, () => b.int(0, 1000)),
    );
  });

  it('resumes from a JSON snapshot with identical future draws', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(30), (seed, skip) => {
        const rng = createRng(seed);
        for (let i = 0; i < skip; i++) rng.int(0, 99);
        const saved = JSON.parse(JSON.stringify(rng.save()));
        const resumed = createRng(saved);
        const next = Array.from({ length: 10 }, () => rng.int(0, 1_000_000));
        expect(Array.from({ length: 10 }, () => resumed.int(0, 1_000_000))).toEqual(next);
      }),
    );
  });

  it('stays inside the range and reaches both ends', () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(1, 6);
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(6);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shuffles into a permutation without touching the input', () => {
    const items = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = createRng(3).shuffle(items);
    expect(items).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...shuffled].sort()).toEqual(items);
  });

  it('refuses bad seeds, states and ranges with a code', () => {
    expect(() => createRng(1.5)).toThrow(TabulaError);
    expect(() => createRng({ algorithm: 'xoroshiro128plus', state: [1, 2] })).toThrow(
      /saved generator state/,
    );
    expect(() => createRng(1).int(3, 2)).toThrow(/min <= max/);
    expect(() => createRng(1).pick([])).toThrow(/non-empty/);
  });
});
