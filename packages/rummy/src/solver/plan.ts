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

/** Thrown inside the search when the budget is spent; never leaves `solve`. */
export class BudgetSpent extends Error {}

/**
 * The budget of a solve: a number of search steps and a deadline. A step is
 * one unit of the searches' work (a state of the first search expanded, a
 * move of the second weighed), counted the same way on every machine and
 * whatever earlier solves left in the shared caches; `step` throws
 * `BudgetSpent` past the steps, and past the deadline (read at the first
 * step and every 256th). `check` reads the deadline without counting a step:
 * for work that depends on the caches (building option rows).
 */
export class Budget {
  private steps = 0;
  private checks = 0;

  private maxSteps: number;

  constructor(
    private deadline: number,
    private readonly given: number,
  ) {
    this.maxSteps = given;
  }

  /**
   * For the walk that reads a plan off a finished first search: no more
   * deadline, and as many steps again as the budget gave (the walk nearly
   * always finds what it reads in the memo, but may have to search again).
   * So a solve takes at most twice its steps.
   */
  lastStretch(): void {
    this.deadline = Number.POSITIVE_INFINITY;
    this.maxSteps = this.steps + this.given;
  }

  step(): void {
    if (this.steps >= this.maxSteps) throw new BudgetSpent();
    if ((++this.steps & 255) === 1 && performance.now() > this.deadline) throw new BudgetSpent();
  }

  check(): void {
    if ((++this.checks & 255) === 1 && performance.now() > this.deadline) throw new BudgetSpent();
  }

  /** The steps taken so far. */
  get count(): number {
    return this.steps;
  }
}
