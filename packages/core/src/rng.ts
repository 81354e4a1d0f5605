import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { TabulaError } from './errors.js';

/** A seed: any integer; only its low 32 bits are used. */
export type Seed = number;

/**
 * The generator's whole state as plain JSON, so a game that holds it can be
 * saved mid-way and resumed with the very same future draws.
 */
export interface RngState {
  readonly algorithm: 'xoroshiro128plus';
  readonly state: readonly number[];
}

/** A seeded source of uniform integers. Draws advance it in place. */
export interface Rng {
  /** A uniform integer in `[min, max]`, both included. */
  int(min: number, max: number): number;
  /** A uniform element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A new array with the items in a uniform random order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** An independent generator derived from this one (advances this one once). */
  fork(): Rng;
  /** A snapshot of the state; `createRng(rng.save())` continues identically. */
  save(): RngState;
}

type Generator = ReturnType<typeof xoroshiro128plus>;

class PureRng implements Rng {
  constructor(private readonly generator: Generator) {}

  int(min: number, max: number): number {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
      throw new TabulaError('invalid_argument', `Rng.int needs integers min <= max, got ${min} and ${max}`);
    }
    return uniformInt(this.generator, min, max);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new TabulaError('invalid_argument', 'Rng.pick needs a non-empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let j = out.length - 1; j > 0; j--) {
      const k = this.int(0, j);
      const t = out[j] as T;
      out[j] = out[k] as T;
      out[k] = t;
    }
    return out;
  }

  fork(): Rng {
    return createRng(this.int(-0x80000000, 0x7fffffff));
  }

  save(): RngState {
    return { algorithm: 'xoroshiro128plus', state: [...this.generator.getState()] };
  }
}

/** Whether a value is a well-formed saved generator state. */
export function isRngState(value: unknown): value is RngState {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as { algorithm?: unknown; state?: unknown };
  return (
    v.algorithm === 'xoroshiro128plus' &&
    Array.isArray(v.state) &&
    v.state.length === 4 &&
    v.state.every((n) => Number.isInteger(n) && n >= -0x80000000 && n <= 0xffffffff)
  );
}

/** A generator from a seed, or resumed from a saved state. */
export function createRng(from: Seed | RngState): Rng {
  if (typeof from === 'number') {
    if (!Number.isSafeInteger(from))
      throw new TabulaError('invalid_argument', `A seed must be an integer, got ${from}`);
    return new PureRng(xoroshiro128plus(from | 0));
  }
  if (!isRngState(from)) {
    throw new TabulaError(
      'invalid_argument',
      'A saved generator state must be { algorithm: "xoroshiro128plus", state: [4 integers] }',
    );
  }
  return new PureRng(xoroshiro128plusFromState(from.state));
}
