import { TabulaError } from '@tabula/core';
import { type Board, key, sameBoard } from './board.js';
import { legalPlays, type Play, type Roll } from './moves.js';
import type { Side, Step } from './schemas.js';

/**
 * The legal plays of one position, seat and roll, each with the board it
 * leads to, and the lookups that match a submitted or typed play against
 * them, so no play is replayed to be checked.
 */
export interface CachedPlays {
  readonly plays: readonly Play[];
  /** The play that reaches `board`, if any. */
  reaching(board: Board): Play | undefined;
  /** The play whose steps are exactly `steps` (the same steps in the same order), if any. */
  withSteps(steps: readonly Step[]): Play | undefined;
}

/** Counters of the play cache, for tests and measurements. */
export interface PlayCacheStats {
  /** Lookups answered from the cache. */
  hits: number;
  /** Lookups that ran `legalPlays`. */
  misses: number;
  size: number;
  capacity: number;
}

const DEFAULT_CAPACITY = 64;

let capacity = DEFAULT_CAPACITY;
let hits = 0;
let misses = 0;
// A Map iterates in insertion order; re-inserting on a hit makes the first entry the least recently used.
const entries = new Map<string, CachedPlays>();

function sameSteps(a: readonly Step[], b: readonly Step[]): boolean {
  return a.length === b.length && a.every((step, i) => step.from === b[i]?.from && step.to === b[i]?.to);
}

function entry(plays: readonly Play[]): CachedPlays {
  return {
    plays,
    reaching: (board) => plays.find((play) => sameBoard(play.board, board)),
    withSteps: (steps) => plays.find((play) => sameSteps(play.steps, steps)),
  };
}

/**
 * The legal plays for `side` with `roll`, computed once per position: the
 * table asks when a roll is made, when `legal` is called and when `apply`
 * checks a move, and a typed move is read against them; only the first ask
 * runs `legalPlays`. The result is shared: never mutate it. Dice order is part
 * of the key because it is part of `legalPlays`' traversal order.
 */
export function cachedPlays(board: Board, side: Side, roll: Roll): CachedPlays {
  const id = `${key(board)}/${side}/${roll[0]}${roll[1]}`;
  const found = entries.get(id);
  if (found !== undefined) {
    hits++;
    entries.delete(id);
    entries.set(id, found);
    return found;
  }
  misses++;
  const made = entry(legalPlays(board, side, roll));
  entries.set(id, made);
  const oldest = entries.keys().next();
  if (entries.size > capacity && !oldest.done) entries.delete(oldest.value);
  return made;
}

export function playCacheStats(): PlayCacheStats {
  return { hits, misses, size: entries.size, capacity };
}

/** Empties the cache and zeroes its counters; optionally changes how many positions it keeps. */
export function resetPlayCache(newCapacity: number = DEFAULT_CAPACITY): void {
  if (!Number.isInteger(newCapacity) || newCapacity < 1) {
    throw new TabulaError(
      'invalid_argument',
      `The play cache holds at least one position, got ${newCapacity}`,
    );
  }
  capacity = newCapacity;
  entries.clear();
  hits = 0;
  misses = 0;
}
