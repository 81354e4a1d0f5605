/**
 * The Mersenne Twister as PHP's `mt_srand()` / `mt_rand()` run it, plus PHP's
 * range draw and `shuffle()`, so a seed gives the very same deck order here as
 * in the PHP library. The spec fixes this algorithm; `createRng` from the core
 * would give a different order.
 */

const N = 624;
const M = 397;
// The words are kept as signed 32-bit integers (the same bits): V8 computes on those without converting to doubles.
const UPPER_MASK = 0x80000000 | 0;
const LOWER_MASK = 0x7fffffff;
const MATRIX_A = 0x9908b0df | 0;

export class Mt19937 {
  private readonly mt = new Int32Array(N);
  /** The next output's word of the current block. */
  private index = 0;
  /** Words of the current block twisted so far: the first block is twisted as it is drawn, so a few draws cost a few words. */
  private twisted = 0;
  /** Words of the seeded state computed so far (for the first block). */
  private seeded = 0;

  /** Seeds with the low 32 bits of `seed` (reference `init_genrand`), as `mt_srand(seed)` does. */
  constructor(seed: number) {
    this.reseed(seed);
  }

  /** Starts again from `seed`, as a new generator would (no allocation: `phpShuffle` reuses one generator). */
  reseed(seed: number): void {
    if (!Number.isSafeInteger(seed)) throw new RangeError(`An MT19937 seed must be an integer, got ${seed}`);
    this.mt[0] = seed | 0;
    this.seeded = 1;
    this.twisted = 0;
    this.index = 0;
  }

  /** The next full 32-bit output, in `[0, 2^32)`. */
  nextUint32(): number {
    let i = this.index;
    if (i === N) {
      this.twist();
      i = 0;
    }
    if (i >= this.twisted) this.twistFirstTo(i);
    this.index = i + 1;
    let y = this.mt[i]!;
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

  /**
   * Computes at once the words the next `draws` draws of the first block
   * read (a hint, for speed: without it they are computed draw by draw).
   */
  prepare(draws: number): void {
    const last = Math.min(N, this.index + draws) - 1;
    if (this.index === N || last < this.twisted) return;
    this.twistFirstTo(last);
  }

  /** Fills the seeded state up to `words` words (reference `init_genrand`, one word from the one before). */
  private seedTo(words: number): void {
    const mt = this.mt;
    let word = mt[this.seeded - 1]!;
    for (let i = this.seeded; i < words; i++) {
      word = (Math.imul(1812433253, word ^ (word >>> 30)) + i) | 0;
      mt[i] = word;
    }
    if (words > this.seeded) this.seeded = words;
  }

  /** Twists the first block up to word `k`, in order and in place, as `twist` would have done it all at once. */
  private twistFirstTo(k: number): void {
    // Word i of the block reads words i, i + 1 and i + M of the seeded state (the last ones wrap to words already twisted).
    this.seedTo(Math.min(N, k + M + 1));
    this.twistWords(this.twisted, k + 1);
    this.twisted = k + 1;
  }

  private twist(): void {
    this.twistWords(0, N);
    this.twisted = N;
    this.index = 0;
  }

  private twistWords(from: number, to: number): void {
    const mt = this.mt;
    // Every index is within the 624 words, the last ones wrapping to the start.
    for (let i = from; i < to; i++) {
      const next = i + 1 < N ? i + 1 : 0;
      const far = i + M < N ? i + M : i + M - N;
      const y = (mt[i]! & UPPER_MASK) | (mt[next]! & LOWER_MASK);
      mt[i] = mt[far]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
  }
}

/** The generator `phpShuffle` reseeds for every shuffle (it draws only while it shuffles, so no shuffle meets another). */
let shuffler: Mt19937 | null = null;

/**
 * A new array in the order PHP's `mt_srand(seed); shuffle($items)` leaves it:
 * Fisher-Yates from the end, each swap partner drawn with `nextInRange`.
 */
export function phpShuffle<T>(items: readonly T[], seed: number): T[] {
  if (shuffler === null) shuffler = new Mt19937(seed);
  else shuffler.reseed(seed);
  const mt = shuffler;
  // A draw for each position but the first (more only when a draw is rejected, rarely).
  mt.prepare(items.length - 1);
  const out = items.slice();
  for (let j = out.length - 1; j > 0; j--) swap(out, j, mt.nextInRange(j));
  return out;
}

/** Swaps two entries of a list; both indexes are within it. */
function swap<T>(list: T[], i: number, j: number): void {
  const a = list[i] as T;
  list[i] = list[j] as T;
  list[j] = a;
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
