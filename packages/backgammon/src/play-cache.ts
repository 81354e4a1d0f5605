import { TabulaError } from '@tabula/core';
import { type Board, clone, sameBoard } from './board.js';
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

const DEFAULT_CAPACITY = 8;

/** An entry with what it was computed for, so that the latest one is recognized without its key. */
interface Entry extends CachedPlays {
  readonly id: string;
  readonly board: Board;
  readonly side: Side;
  readonly roll: Roll;
}

let capacity = DEFAULT_CAPACITY;
let hits = 0;
let misses = 0;
// Least recently used first. An array searched in order, not a Map: a Map that keeps losing its
// oldest key and gaining a new one rebuilds its hash table every few additions, and V8 links each
// table it retires to the next one; once one of them had reached the old generation, every later
// table and the plays in it outlived the young generation's collections through that link, until a
// full collection. The play cache's Map cost a random game in a worker thread as much CPU again on
// V8's helper threads (a Map with 8 keys churned alone: 7x the CPU of an array doing the same).
const entries: Entry[] = [];
// The entry used last (the array's last): a table asks for one position three times in a row
// (the roll, legal, apply), and a board compared is cheaper than a key built.
let latest: Entry | undefined;

function sameSteps(a: readonly Step[], b: readonly Step[]): boolean {
  return a.length === b.length && a.every((step, i) => step.from === b[i]?.from && step.to === b[i]?.to);
}

function entry(id: string, board: Board, side: Side, roll: Roll, plays: readonly Play[]): Entry {
  return {
    id,
    board: clone(board),
    side,
    roll: [roll[0], roll[1]],
    plays,
    reaching: (reached) => plays.find((play) => sameBoard(play.board, reached)),
    withSteps: (steps) => plays.find((play) => sameSteps(play.steps, steps)),
  };
}

// One character a number: points -15..15, bar and off 0..15, the seat and the dice (the boards here are sound).
const code = (n: number) => n + 48;

function idOf(board: Board, side: Side, roll: Roll): string {
  const p = board.points;
  return String.fromCharCode(
    code(p[0]!),
    code(p[1]!),
    code(p[2]!),
    code(p[3]!),
    code(p[4]!),
    code(p[5]!),
    code(p[6]!),
    code(p[7]!),
    code(p[8]!),
    code(p[9]!),
    code(p[10]!),
    code(p[11]!),
    code(p[12]!),
    code(p[13]!),
    code(p[14]!),
    code(p[15]!),
    code(p[16]!),
    code(p[17]!),
    code(p[18]!),
    code(p[19]!),
    code(p[20]!),
    code(p[21]!),
    code(p[22]!),
    code(p[23]!),
    code(board.bar[0]),
    code(board.bar[1]),
    code(board.off[0]),
    code(board.off[1]),
    code(side),
    code(roll[0]),
    code(roll[1]),
  );
}

/**
 * The legal plays for `side` with `roll`, computed once per position: the
 * table asks when a roll is made, when `legal` is called and when `apply`
 * checks a move, and a typed move is read against them; only the first ask
 * runs `legalPlays`. The result is shared: never mutate it. Dice order is part
 * of the key because it is part of `legalPlays`' traversal order. The boards
 * given are sound (checked by the caller or made by the table).
 */
export function cachedPlays(board: Board, side: Side, roll: Roll): CachedPlays {
  if (
    latest !== undefined &&
    latest.side === side &&
    latest.roll[0] === roll[0] &&
    latest.roll[1] === roll[1] &&
    sameBoard(latest.board, board)
  ) {
    hits++;
    return latest;
  }
  const id = idOf(board, side, roll);
  const at = entries.findIndex((cached) => cached.id === id);
  const found = at < 0 ? undefined : entries.splice(at, 1)[0];
  if (found !== undefined) {
    hits++;
    entries.push(found);
    latest = found;
    return found;
  }
  misses++;
  const made = entry(id, board, side, roll, legalPlays(board, side, roll));
  entries.push(made);
  if (entries.length > capacity) entries.shift();
  latest = made;
  return made;
}

export function playCacheStats(): PlayCacheStats {
  return { hits, misses, size: entries.length, capacity };
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
  entries.length = 0;
  latest = undefined;
  hits = 0;
  misses = 0;
}
