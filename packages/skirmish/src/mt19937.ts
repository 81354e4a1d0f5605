/**
 * The Mersenne Twister as PHP's `mt_srand()` / `mt_rand()` run it, plus PHP's
 * range draw and `shuffle()`, so a seed gives the very same deck order here as
 * in the PHP library. The spec fixes this algorithm; `createRng` from the core
 * would give a different order.
 */

const N = 624;
const M = 397;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
const MATRIX_A = 0x9908b0df;

export class Mt19937 {
  private readonly mt = new Uint32Array(N);
  private index = N;

  /** Seeds with the low 32 bits of `seed` (reference `init_genrand`), as `mt_srand(seed)` does. */
  constructor(seed: number) {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`An MT19937 seed must be an integer, got ${seed}`);
    let word = seed >>> 0;
    this.mt[0] = word;
    for (let i = 1; i < N; i++) {
      word = (Math.imul(1812433253, word ^ (word >>> 30)) + i) >>> 0;
      this.mt[i] = word;
    }
  }

  /** The next full 32-bit output, in `[0, 2^32)`. */
  nextUint32(): number {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** What PHP's `mt_rand()` without arguments returns: the output shifted right by one. */
  nextMtRand(): number {
    return this.nextUint32() >>> 1;
  }

  /**
   * A uniform integer in `[0, max]` the way PHP draws a range: a power-of-two
   * span is masked, any other span rejects the top partial bucket and takes
   * the remainder.
   */
  nextInRange(max: number): number {
    if (!Number.isInteger(max) || max < 0 || max > 0xffffffff) {
      throw new RangeError(`A range draw needs 0 <= max < 2^32, got ${max}`);
    }
    let r = this.nextUint32();
    if (max === 0xffffffff) return r;
    const m = max + 1;
    if ((m & (m - 1)) === 0) return (r & (m - 1)) >>> 0;
    const limit = 0xffffffff - (0xffffffff % m) - 1;
    while (r > limit) r = this.nextUint32();
    return r % m;
  }

  private twist(): void {
    const mt = this.mt;
    // Every index is within the 624 words, the last ones wrapping to the start.
    for (let i = 0; i < N; i++) {
      const next = i + 1 < N ? i + 1 : 0;
      const far = i + M < N ? i + M : i + M - N;
      const y = (mt[i]! & UPPER_MASK) | (mt[next]! & LOWER_MASK);
      mt[i] = mt[far]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    this.index = 0;
  }
}

/**
 * A new array in the order PHP's `mt_srand(seed); shuffle($items)` leaves it:
 * Fisher-Yates from the end, each swap partner drawn with `nextInRange`.
 */
export function phpShuffle<T>(items: readonly T[], seed: number): T[] {
  const mt = new Mt19937(seed);
  const out = items.slice();
  for (let j = out.length - 1; j > 0; j--) swap(out, j, mt.nextInRange(j));
  return out;
}

/** Swaps two entries of a list; both indexes are within it. */
function swap<T>(list: T[], i: number, j: number): void {
  [list[i], list[j]] = [list[j]!, list[i]!];
}

/** A new array in an unpredictable order, from the platform's cryptographic source. */
export function cryptoShuffle<T>(items: readonly T[]): T[] {
  const out = items.slice();
  const word = new Uint32Array(1);
  const draw = (max: number): number => {
    const m = max + 1;
    // Rejection keeps every index equally likely.
    const limit = 0x100000000 - (0x100000000 % m);
    for (;;) {
      const drawn = globalThis.crypto.getRandomValues(word)[0]!;
      if (drawn < limit) return drawn % m;
    }
  };
  for (let j = out.length - 1; j > 0; j--) swap(out, j, draw(j));
  return out;
}
