import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cryptoShuffle, Mt19937, phpShuffle } from './mt19937.js';

describe('Mt19937', () => {
  it('gives the spec vector for seed 12345 (as mt_rand() shows it)', () => {
    const mt = new Mt19937(12345);
    expect([mt.nextMtRand(), mt.nextMtRand(), mt.nextMtRand()]).toEqual([1996335345, 1911592690, 679411342]);
  });

  it('gives the reference first output for the default seed 5489', () => {
    expect(new Mt19937(5489).nextUint32()).toBe(3499211612);
  });

  it('keeps producing reference outputs past the first twist', () => {
    // The 10000th output of the reference generator seeded 5489 (C++ std::mt19937 checks this value).
    const mt = new Mt19937(5489);
    let last = 0;
    for (let i = 0; i < 10000; i++) last = mt.nextUint32();
    expect(last).toBe(4123659995);
  });

  it('draws the same whether the first block is twisted word by word or at once, and after a reseed', () => {
    // The first block is twisted as it is drawn: compare with a generator whose first draw comes after 700 others.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        (a, b) => {
          const fresh = new Mt19937(a);
          const first = Array.from({ length: 700 }, () => fresh.nextUint32());
          const reused = new Mt19937(b);
          for (let i = 0; i < 300; i++) reused.nextUint32();
          reused.reseed(a);
          expect(Array.from({ length: 700 }, () => reused.nextUint32())).toEqual(first);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('uses only the low 32 bits of the seed', () => {
    const first = (seed: number) => new Mt19937(seed).nextUint32();
    expect(first(-1)).toBe(first(0xffffffff));
    expect(first(2 ** 32 + 5)).toBe(first(5));
    expect(first(5)).not.toBe(first(6));
  });

  it('masks a power-of-two range with the raw output', () => {
    const raw = new Mt19937(99);
    const ranged = new Mt19937(99);
    for (let i = 0; i < 100; i++) expect(ranged.nextInRange(15)).toBe(raw.nextUint32() & 15);
  });

  it('returns the raw output for the full 32-bit range', () => {
    const raw = new Mt19937(3);
    const ranged = new Mt19937(3);
    for (let i = 0; i < 20; i++) expect(ranged.nextInRange(0xffffffff)).toBe(raw.nextUint32());
  });

  it('rejects outputs above the limit and takes the remainder otherwise', () => {
    // m = 3 * 2^30 rejects about a quarter of all outputs, so the rejection path runs often.
    const m = 0xc0000000;
    const limit = 0xffffffff - (0xffffffff % m) - 1;
    const raw = new Mt19937(2024);
    const ranged = new Mt19937(2024);
    let rejected = 0;
    for (let i = 0; i < 200; i++) {
      let r = raw.nextUint32();
      while (r > limit) {
        rejected++;
        r = raw.nextUint32();
      }
      expect(ranged.nextInRange(m - 1)).toBe(r % m);
    }
    expect(rejected).toBeGreaterThan(10);
  });

  it('rejects the output that equals the limit + 1, as PHP does (its limit is one lower than it needs)', () => {
    // Seed 12345 first outputs 3992670690 (> 2^31). With m equal to it, 0xFFFFFFFF % m = 0xFFFFFFFF - m,
    // so PHP's limit is m - 1: that very output is rejected and the next one decides.
    const raw = new Mt19937(12345);
    const first = raw.nextUint32();
    expect(first).toBe(3992670690);
    const second = raw.nextUint32();
    expect(new Mt19937(12345).nextInRange(first - 1)).toBe(second % first);
    expect(second % first).not.toBe(0);
  });

  it('stays within [0, max]', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 1000 }), (seed, max) => {
        const mt = new Mt19937(seed);
        for (let i = 0; i < 20; i++) {
          const v = mt.nextInRange(max);
          expect(v >= 0 && v <= max && Number.isInteger(v)).toBe(true);
        }
      }),
    );
  });
});

describe('phpShuffle', () => {
  it('gives the spec order for 0..14 with seed 12345', () => {
    expect(phpShuffle([...Array(15).keys()], 12345)).toEqual([
      8, 10, 3, 4, 13, 2, 14, 6, 11, 7, 5, 9, 12, 1, 0,
    ]);
  });

  it('gives [P2, P3, P1] for [P1, P2, P3] with seed 7', () => {
    expect(phpShuffle(['P1', 'P2', 'P3'], 7)).toEqual(['P2', 'P3', 'P1']);
  });

  it('is a permutation, leaves its input alone and repeats for the same seed', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 40 }), fc.integer(), (items, seed) => {
        const before = items.slice();
        const a = phpShuffle(items, seed);
        expect(items).toEqual(before);
        expect(a.slice().sort()).toEqual(items.slice().sort());
        expect(phpShuffle(items, seed)).toEqual(a);
      }),
    );
  });
});

describe('cryptoShuffle', () => {
  it('is a permutation that varies between calls', () => {
    const items = [...Array(30).keys()];
    const orders = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const shuffled = cryptoShuffle(items);
      expect(shuffled.slice().sort((a, b) => a - b)).toEqual(items);
      orders.add(shuffled.join(','));
    }
    expect(orders.size).toBeGreaterThan(1);
  });
});
