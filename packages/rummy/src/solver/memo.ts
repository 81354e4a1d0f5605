/**
 * The first search's memo for numeric keys: an open-addressing hash table on
 * typed arrays. A `Map` of numbers costs an allocation per entry, and the
 * searches store tens of thousands of states on big tables, so the garbage
 * collector's share of a solve was as large as the map's own work. One table
 * is handed from solve to solve, emptied by a generation stamp rather than by
 * clearing its arrays.
 */

export class NumberMemo {
  private keys: Float64Array;
  private values: Float64Array;
  /** An entry is present when its stamp is the current generation. */
  private stamps: Uint32Array;
  private generation = 1;
  private shift: number;
  private mask: number;
  /** Entries stored. */
  size = 0;

  private static spare: NumberMemo | null = null;

  /** An empty memo, reusing the last one given back when there is one. */
  static take(): NumberMemo {
    const memo = NumberMemo.spare ?? new NumberMemo(12);
    NumberMemo.spare = null;
    return memo;
  }

  /** Gives a memo back for the next solve; a very large one is left to the garbage collector. */
  static giveBack(memo: NumberMemo): void {
    if (memo.keys.length > 1 << 18 || memo.generation === 0xffffffff) return;
    memo.generation++;
    memo.size = 0;
    NumberMemo.spare = memo;
  }

  private constructor(bits: number) {
    this.keys = new Float64Array(1 << bits);
    this.values = new Float64Array(1 << bits);
    this.stamps = new Uint32Array(1 << bits);
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
  }

  /** Keys are integers from 0 below 2^53. */
  private slot(key: number): number {
    const low = key >>> 0;
    const high = (key / 4294967296) >>> 0;
    return Math.imul(low ^ Math.imul(high, 0x27d4eb2d), 0x9e3779b1) >>> this.shift;
  }

  /** The value stored for `key`, NaN when there is none. */
  get(key: number): number {
    const { keys, stamps, generation } = this;
    for (let i = this.slot(key); ; i = (i + 1) & this.mask) {
      if (stamps[i] !== generation) return Number.NaN;
      if (keys[i] === key) return this.values[i]!;
    }
  }

  set(key: number, value: number): void {
    const { keys, stamps, generation } = this;
    for (let i = this.slot(key); ; i = (i + 1) & this.mask) {
      if (stamps[i] !== generation) {
        stamps[i] = generation;
        keys[i] = key;
        this.values[i] = value;
        // at most half full, so that probes stay short
        if (++this.size * 2 > keys.length) this.grow();
        return;
      }
      if (keys[i] === key) {
        this.values[i] = value;
        return;
      }
    }
  }

  private grow(): void {
    const { keys, values, stamps, generation } = this;
    const bits = 32 - this.shift + 1;
    this.keys = new Float64Array(1 << bits);
    this.values = new Float64Array(1 << bits);
    this.stamps = new Uint32Array(1 << bits);
    this.generation = 1;
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
    for (let i = 0; i < keys.length; i++) {
      if (stamps[i] !== generation) continue;
      const key = keys[i]!;
      let j = this.slot(key);
      while (this.stamps[j] === 1) j = (j + 1) & this.mask;
      this.stamps[j] = 1;
      this.keys[j] = key;
      this.values[j] = values[i]!;
    }
  }
}
