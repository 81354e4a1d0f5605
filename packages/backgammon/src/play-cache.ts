import { TabulaError } from '@tabula/core';
import { type Board, key, type Side } from './board.js';
import { legalPlays, type Play, type Roll } from './moves.js';

/** The legal plays of one position, seat and roll, with a lookup by the board each play leads to. */
export interface CachedPlays {
  readonly plays: readonly Play[];
  /** The play that reaches `board` (the same board key), if any. */
  reaching(board: Board): Play | undefined;
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

// Equal keys mean equal fields; comparing the fields builds no strings.
function sameBoard(a: Board, b: Board): boolean {
  if (a.bar[0] !== b.bar[0] || a.bar[1] !== b.bar[1] || a.off[0] !== b.off[0] || a.off[1] !== b.off[1])
    return false;
  for (let i = 0; i < 24; i++) if (a.points[i] !== b.points[i]) return false;
  return true;
}

function entry(plays: readonly Play[]): CachedPlays {
  return { plays, reaching: (board) => plays.find((play) => sameBoard(play.board, board)) };
}

/**
 * The legal plays for `side` with `roll`, computed once per position: the
 * table asks when a roll is made, when `legal` is called and when `apply`
 * checks a move, and only the first ask runs `legalPlays`. The result is
 * shared: never mutate it. Dice order is part of the key because it is part
 * of `legalPlays`' traversal order.
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
  if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
  return made;
}

export function playCacheStats(): PlayCacheStats {
  return { hits, misses, size: entries.size, capacity };
}

/** Empties the cache and zeroes its counters; optionally changes how many positions it keeps. */
export function resetPlayCache(newCapacity: number = DEFAULT_CAPACITY): void {
  if (!Number.isInteger(newCapacity) || newCapacity < 1) {
    throw new TabulaError('bad_capacity', `The play cache holds at least one position, got ${newCapacity}`);
  }
  capacity = newCapacity;
  entries.clear();
  hits = 0;
  misses = 0;
}
