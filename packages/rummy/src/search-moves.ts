/**
 * The building blocks of the plays `findPlays` lists ("moves"): new melds of
 * the hand alone and hand cards added to a table meld (`search-borrow.ts`
 * adds the moves that borrow table cards). The search works on faces (rank + suit, backs ignored): two
 * copies of a face make the same melds, so each meld is found once and the
 * copies only matter for how many times a face can be used.
 */
import { JOKER_CODE, RANK_VALUE } from './card.js';
import { isValidMeld, scoreMeld } from './meld-check.js';

/** At most this many jokers from the hand in one new meld or one addition, which bounds the search. */
export const MAX_JOKERS_PER_MELD = 2;
/** At most this many table cards (from different melds) go into one new meld or one extension. */
export const MAX_BORROWED = 2;

/** A slot of a meld: a hand face (index suit * 13 + value - 1), a hand joker (-1), or a table card as it lies. */
export type Slot = number | string;
export const JOKER = -1;

const SUIT_LETTERS = 'cdhs';
const RANK_LETTERS = 'A23456789TJQK';
const FACES: readonly string[] = Array.from(
  { length: 52 },
  (_, f) => RANK_LETTERS[f % 13]! + SUIT_LETTERS[Math.floor(f / 13)]!,
);
const SUIT_INDEX = new Int8Array(128).fill(-1);
for (let s = 0; s < 4; s++) SUIT_INDEX[SUIT_LETTERS.charCodeAt(s)] = s;

export const isJoker = (card: string): boolean => card.charCodeAt(0) === JOKER_CODE;

/** Face index of a card string, -1 for a joker. */
export function faceIndex(card: string): number {
  if (isJoker(card)) return JOKER;
  return SUIT_INDEX[card.charCodeAt(1)]! * 13 + RANK_VALUE[card.charCodeAt(0)]! - 1;
}

/** A slot as a card string for the meld checks (any joker stands for a hand joker). */
export const slotText = (slot: Slot): string =>
  typeof slot === 'string' ? slot : slot === JOKER ? 'wb' : FACES[slot]!;

/**
 * One building block of a play: new melds and changed table melds. Moves
 * combine when they change different table melds and the hand holds all
 * their cards.
 */
export interface Move {
  /** The table melds it changes. */
  readonly tables: readonly number[];
  /** For each of `tables`, the melds that take its place. */
  readonly replaced: readonly (readonly (readonly Slot[])[])[];
  /** New melds. */
  readonly fresh: readonly (readonly Slot[])[];
  /** The hand faces it uses (a face twice when it uses two copies). */
  readonly faces: readonly number[];
  readonly jokers: number;
  /** Hand cards laid. */
  readonly size: number;
  /** Points of its new melds when it changes no table meld (their guessed kinds, as `play` counts them). */
  readonly points: number;
}

export function makeMove(tables: number[], replaced: Slot[][][], fresh: Slot[][]): Move {
  const faces: number[] = [];
  let jokers = 0;
  const count = (meld: readonly Slot[]) => {
    for (const slot of meld) {
      if (slot === JOKER) jokers++;
      else if (typeof slot === 'number') faces.push(slot);
    }
  };
  for (const melds of replaced) for (const meld of melds) count(meld);
  for (const meld of fresh) count(meld);
  let points = 0;
  if (tables.length === 0) for (const meld of fresh) points += scoreMeld(meld.map(slotText));
  return { tables, replaced, fresh, faces, jokers, size: faces.length + jokers, points };
}

/** Whether every meld of the move is valid, its guessed kind as `play` settles it. */
export function validMove(move: Move): boolean {
  const valid = (meld: readonly Slot[]) => isValidMeld(meld.map(slotText));
  return move.fresh.every(valid) && move.replaced.every((melds) => melds.every(valid));
}

/** The hand as the search sees it. */
export interface HandFaces {
  /** Copies held of each face. */
  readonly counts: Int8Array;
  /** Jokers one meld may take from the hand. */
  readonly jmax: number;
}

/**
 * New melds of the hand alone: every group (3 or 4 different suits of a
 * rank, jokers completing it) and every run (3 to 13 consecutive values of a
 * suit, jokers for the values the hand lacks), at most `jmax` jokers each. A
 * run with one natural and at most 4 cards is the group of the same cards
 * (its kind is guessed so), so it is not listed twice.
 */
export function handMelds(hand: HandFaces, out: Move[]): void {
  const { counts, jmax } = hand;
  for (let v = 0; v < 13; v++) {
    let mask = 0;
    for (let s = 0; s < 4; s++) if (counts[s * 13 + v]! > 0) mask |= 1 << s;
    for (let sub = mask; sub > 0; sub = (sub - 1) & mask) {
      const slots: Slot[] = [];
      for (let s = 0; s < 4; s++) if (sub & (1 << s)) slots.push(s * 13 + v);
      for (let j = Math.max(0, 3 - slots.length); j <= Math.min(jmax, 4 - slots.length); j++) {
        out.push(makeMove([], [], [[...slots, ...Array<Slot>(j).fill(JOKER)]]));
      }
    }
  }
  for (let s = 0; s < 4; s++) {
    for (let a = 1; a <= 11; a++) {
      let missing = 0;
      let naturals = 0;
      const slots: Slot[] = [];
      for (let b = a; b <= 13; b++) {
        const f = s * 13 + b - 1;
        if (counts[f]! > 0) {
          naturals++;
          slots.push(f);
        } else {
          if (++missing > jmax) break;
          slots.push(JOKER);
        }
        const length = b - a + 1;
        if (length >= 3 && naturals >= 1 && !(naturals === 1 && length <= 4)) {
          out.push(makeMove([], [], [slots.slice()]));
        }
      }
    }
  }
}

/** What the search knows of a table meld. */
export interface TableMeldInfo {
  readonly cards: readonly string[];
  readonly group: boolean;
  readonly run: boolean;
  /** Suit index and value of the first natural. */
  readonly suit: number;
  readonly value: number;
  /** The value of the first card when it is a run. */
  readonly start: number;
  /** Suits of its naturals, as bits. */
  readonly suits: number;
}

export function inspect(cards: readonly string[]): TableMeldInfo | null {
  let first = 0;
  while (first < cards.length && isJoker(cards[first]!)) first++;
  if (first === cards.length) return null;
  const head = faceIndex(cards[first]!);
  const value = (head % 13) + 1;
  let suits = 0;
  for (const card of cards) if (!isJoker(card)) suits |= 1 << Math.floor(faceIndex(card) / 13);
  return {
    cards,
    group: isValidMeld(cards, 'group'),
    run: isValidMeld(cards, 'run'),
    suit: Math.floor(head / 13),
    value,
    start: value - first,
    suits,
  };
}

/** The ways to extend a run from value `from` outwards (`step` -1 below, +1 above), the empty one first. */
function extensions(suit: number, from: number, step: number, hand: HandFaces) {
  const out = [{ slots: [] as Slot[], jokers: 0 }];
  let slots: Slot[] = [];
  let jokers = 0;
  for (let v = from; v >= 1 && v <= 13; v += step) {
    const f = suit * 13 + v - 1;
    let slot: Slot = f;
    if (hand.counts[f] === 0) {
      if (++jokers > hand.jmax) break;
      slot = JOKER;
    }
    slots = step < 0 ? [slot, ...slots] : [...slots, slot];
    out.push({ slots, jokers });
  }
  return out;
}

/**
 * Hand cards added to table meld `t`: a natural of a missing suit or a joker
 * to a group of 3; consecutive cards at either end of a run, or both
 * (naturals where the hand has them, jokers for the values it lacks). A meld
 * that is both a valid group and a valid run (one natural with jokers) gets
 * both kinds. And a hand card that a run of 5 or more already holds splits
 * it in two, one copy ending the first half, the other starting the second.
 */
export function additions(t: number, meld: TableMeldInfo, hand: HandFaces, out: Move[]): void {
  const { cards, suit, value } = meld;
  const n = cards.length;
  if (meld.group && n < 4) {
    for (let s = 0; s < 4; s++) {
      const f = s * 13 + value - 1;
      if ((meld.suits & (1 << s)) === 0 && hand.counts[f]! > 0)
        out.push(makeMove([t], [[[...cards, f]]], []));
    }
    if (hand.jmax > 0) out.push(makeMove([t], [[[...cards, JOKER]]], []));
  }
  if (!meld.run) return;
  if (n < 13) {
    const highs = extensions(suit, meld.start + n, 1, hand);
    for (const low of extensions(suit, meld.start - 1, -1, hand)) {
      for (const high of highs) {
        const added = low.slots.length + high.slots.length;
        if (added === 0 || n + added > 13 || low.jokers + high.jokers > hand.jmax) continue;
        out.push(makeMove([t], [[[...low.slots, ...cards, ...high.slots]]], []));
      }
    }
  }
  for (let p = 2; p <= n - 3; p++) {
    const f = suit * 13 + meld.start + p - 1;
    if (hand.counts[f]! > 0) out.push(makeMove([t], [[[...cards.slice(0, p), f], cards.slice(p)]], []));
  }
}
