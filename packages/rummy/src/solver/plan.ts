import type { TableRun } from './model.js';

/**
 * A plan is the list of decisions the search took, value by value; `layout.ts`
 * replays it into melds. Both searches produce it.
 */

/** What a table run followed so far does at this value. */
export const FOLLOW = 0;
/** It ends here as the very table run: unchanged. */
export const FOLLOW_END = 1;
/** It reaches its end here but goes on (extended): changed. */
export const FOLLOW_ON = 2;
/** It takes a joker instead of its regular card, or the reverse: changed. */
export const SWAP = 3;
/** It stopped before this value (3 cards or more): changed. */
export const STOP = 4;

/** The choices of one suit at one value. */
export interface SuitStep {
  readonly type: 'suit';
  readonly value: number;
  readonly suit: number;
  /** Table runs followed so far, and what each does. */
  readonly tags: readonly TableRun[];
  readonly choices: readonly number[];
  /** Table runs started here, and for those that end at once whether they stop as they are. */
  readonly starts: readonly TableRun[];
  readonly startsEnd: readonly boolean[];
  /** The option row for the other runs: `rows[at ..]` (see `options.ts`). */
  readonly rows: Int32Array;
  readonly at: number;
}

/** Jokers put into the groups of a value (the groups kept as they are follow from the cards, see `keptGroups`). */
export interface JokerStep {
  readonly type: 'jokers';
  readonly value: number;
  readonly count: number;
}

export type Step = SuitStep | JokerStep;

/** Thrown inside the search when the time budget is spent; never leaves `solve`. */
export class Timeout extends Error {}

/** A clock that throws `Timeout` once the deadline has passed, checked at the first call and every 256th. */
export class Clock {
  private ticks = 0;

  constructor(private deadline: number) {}

  /** No more deadline: for the walk that reads a finished search's result, which must not be cut short. */
  stop(): void {
    this.deadline = Number.POSITIVE_INFINITY;
  }

  tick(): void {
    if ((++this.ticks & 255) === 1 && performance.now() > this.deadline) throw new Timeout();
  }

  get count(): number {
    return this.ticks;
  }
}
