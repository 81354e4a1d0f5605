/**
 * The solver's view of a position: card counts per face instead of card
 * strings. Backs never matter for validity, so the search works on faces
 * (suit, value) and on a joker count; physical cards are handed out only once
 * the layout is known (see `layout.ts`).
 */
import { JOKER_CODE, RANK_VALUE } from '../card.js';
import type { RulesConfig, TableMeld } from '../schemas.js';

export const SUIT_LETTERS = 'cdhs';
/** The highest card value (king). */
export const TOP = 13;

/** Index of a face in the count arrays: 16 slots per suit, values 1..13. */
export function faceIndex(suit: number, value: number): number {
  return suit * 16 + value;
}

/**
 * The count of a face in an array by `faceIndex` (`Model.table`, `hand`,
 * `cards`, ...): such arrays have a slot for every suit and every value from
 * 0 to 15.
 */
export function countOf(counts: readonly number[], suit: number, value: number): number {
  return counts[faceIndex(suit, value)]!;
}

export function suitOf(card: string): number {
  return SUIT_LETTERS.indexOf(card.charAt(1));
}

/** The value of a regular card string, 1 (ace) to 13 (king). */
export function rankOf(card: string): number {
  return RANK_VALUE[card.charCodeAt(0)]!;
}

export function isJoker(card: string): boolean {
  return card.charCodeAt(0) === JOKER_CODE;
}

/** The suits by index, 0..3: clubs, diamonds, hearts, spades (see `SUIT_LETTERS`). */
export const SUIT_INDICES = [0, 1, 2, 3] as const;
/** One number per suit. */
export type PerSuit = [number, number, number, number];

/** What a run position holds. */
export const REAL = 1;
export const JOKER = 2;

/**
 * A run of the current table, described the way the search builds runs: it
 * starts at its first regular card (`first`), with `lead` jokers before it,
 * and ends at `end`.
 */
export interface TableRun {
  /** Index in `Model.runs`. */
  readonly id: number;
  /** Index of the meld in the table. */
  readonly meld: number;
  readonly suit: number;
  readonly first: number;
  readonly lead: number;
  readonly end: number;
  /** By value: REAL or JOKER for the positions of the run, 0 elsewhere. */
  readonly slots: Uint8Array;
  /** Runs with the same faces share a class (the lowest index among them). */
  readonly cls: number;
}

/** Table groups of one value with the same suits and the same number of jokers. */
export interface GroupClass {
  readonly value: number;
  readonly suitMask: number;
  readonly jokers: number;
  /** Indices of the table melds of this class. */
  readonly melds: readonly number[];
}

export interface Model {
  /** Before opening: the table is left alone and only new melds from the hand count. */
  readonly opening: boolean;
  /** The opening threshold (opening mode), 0 otherwise. */
  readonly threshold: number;
  /** Table cards per face: they must all be laid again. */
  readonly table: readonly number[];
  /** Hand cards per face: any of them may be laid. */
  readonly hand: readonly number[];
  /** Regular cards per face on the table and in the hand together: the most of the face a layout holds. */
  readonly cards: readonly number[];
  readonly tableJokers: number;
  readonly handJokers: number;
  readonly jokers: number;
  /** Most copies of one face on the table and in the hand together. */
  readonly maxCopies: number;
  /**
   * Weight of one card laid in the combined objective `cards * cardWeight +
   * points`: more than any total of points, so that cards come first.
   */
  readonly cardWeight: number;
  /**
   * Points of a joker inside the search. The rules' joker penalty, capped at
   * one more than the regular cards of the hand are worth: the order of the
   * totals is the same, and the numbers stay small.
   */
  readonly jokerPoints: number;
  readonly runs: readonly TableRun[];
  /** Table runs by the face of their first regular card, runs of one class together. */
  readonly runsFrom: readonly (readonly TableRun[])[];
  /** Table group classes by value. */
  readonly groupsAt: readonly (readonly GroupClass[])[];
}

/** The empty list of `runsFrom` and `groupsAt`, never written. */
const NO_MELDS: never[] = [];

/** The table group classes of value `v` (`Model.groupsAt` has a list for every value from 0 to 14). */
export function groupsAt(model: Model, v: number): readonly GroupClass[] {
  return model.groupsAt[v]!;
}

/** The table runs whose first regular card is suit `s`, value `v` (`Model.runsFrom` has a list per face). */
export function runsFrom(model: Model, s: number, v: number): readonly TableRun[] {
  return model.runsFrom[faceIndex(s, v)]!;
}

/** Order of table runs that keeps the runs of one class next to each other. */
export function byClass(a: TableRun, b: TableRun): number {
  return a.cls - b.cls || a.id - b.id;
}

/**
 * The value the first position of a valid meld stands for: a run's leading
 * jokers stand for the values below its first regular card.
 */
function firstValue(meld: TableMeld): number {
  for (const [i, card] of meld.cards.entries()) {
    if (!isJoker(card)) return meld.kind === 'group' ? rankOf(card) : rankOf(card) - i;
  }
  throw new Error('solver: a table meld without a regular card');
}

/** Adds `item` to `lists[at]`, which gets its own array the first time (they all start as `NO_MELDS`). */
function addTo<T>(lists: T[][], at: number, item: T): void {
  const list = lists[at];
  if (list === undefined || list === NO_MELDS) lists[at] = [item];
  else list.push(item);
}

/**
 * The model of a position. `table` and `hand` hold valid card strings and the
 * table valid melds (the caller checks).
 */
export function buildModel(
  table: readonly TableMeld[],
  hand: readonly string[],
  opened: boolean,
  rules: RulesConfig,
): Model {
  const opening = !opened;
  const tableCounts: number[] = new Array(64).fill(0);
  const handCounts: number[] = new Array(64).fill(0);
  let tableJokers = 0;
  let handJokers = 0;
  let regularPoints = 0;
  for (const card of hand) {
    if (isJoker(card)) handJokers++;
    else {
      handCounts[faceIndex(suitOf(card), rankOf(card))]!++;
      regularPoints += rankOf(card);
    }
  }
  const runs: TableRun[] = [];
  // most faces start no table run and most values hold no table group: they share one empty list
  const runsFrom: TableRun[][] = new Array(64).fill(NO_MELDS);
  const groupsAt: GroupClass[][] = new Array(TOP + 2).fill(NO_MELDS);
  if (!opening) {
    // keys as numbers, not text: a model is built at every solve
    const runClasses = new Map<number, number>();
    const groupClasses = new Map<number, GroupClass & { melds: number[] }>();
    table.forEach((meld, index) => {
      const low = firstValue(meld);
      let suitMask = 0;
      let jokers = 0;
      for (const card of meld.cards) {
        if (isJoker(card)) {
          tableJokers++;
          jokers++;
        } else {
          tableCounts[faceIndex(suitOf(card), rankOf(card))]!++;
          suitMask |= 1 << suitOf(card);
        }
      }
      if (meld.kind === 'group') {
        const key = (low * 16 + suitMask) * 64 + jokers;
        let cls = groupClasses.get(key);
        if (cls === undefined) {
          cls = { value: low, suitMask, jokers, melds: [] };
          groupClasses.set(key, cls);
          addTo(groupsAt, low, cls);
        }
        cls.melds.push(index);
        return;
      }
      const slots = new Uint8Array(TOP + 2);
      let lead = 0;
      let first = 0;
      let suit = 0;
      // the shape: suit, first value, and a bit per position for the jokers
      let pattern = 0;
      meld.cards.forEach((card, i) => {
        const value = low + i;
        if (isJoker(card)) {
          slots[value] = JOKER;
          pattern |= 1 << i;
          if (first === 0) lead++;
        } else {
          slots[value] = REAL;
          if (first === 0) {
            first = value;
            suit = suitOf(card);
          }
        }
      });
      const shape = ((pattern * 32 + meld.cards.length) * 16 + low) * 4 + suit;
      const cls = runClasses.get(shape) ?? runs.length;
      runClasses.set(shape, cls);
      const end = low + meld.cards.length - 1;
      const run: TableRun = { id: runs.length, meld: index, suit, first, lead, end, slots, cls };
      runs.push(run);
      addTo(runsFrom, faceIndex(suit, first), run);
    });
  }
  for (const list of runsFrom) if (list.length > 1) list.sort(byClass);
  const cards = tableCounts.map((n, f) => n + handCounts[f]!);
  const jokerPoints = Math.min(rules.jokerPenalty, regularPoints + 1);
  return {
    opening,
    threshold: opening ? rules.openingPoints : 0,
    table: tableCounts,
    hand: handCounts,
    cards,
    tableJokers,
    handJokers,
    jokers: tableJokers + handJokers,
    maxCopies: Math.max(...cards),
    cardWeight: regularPoints + handJokers * jokerPoints + 1,
    jokerPoints,
    runs,
    runsFrom,
    groupsAt,
  };
}
