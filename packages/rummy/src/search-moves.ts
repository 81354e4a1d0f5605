/**
 * The building blocks of the plays `findPlays` lists ("moves"): new melds of
 * the hand alone, hand cards added to a table meld, and new melds or run
 * extensions that borrow cards other table melds can spare. The search works
 * on faces (rank + suit, backs ignored): two copies of a face make the same
 * melds, so each meld is found once and the copies only matter for how many
 * times a face can be used.
 */
import { cardValue, JOKER_CODE, RANKS, SUITS } from './card.js';
import { isValidMeld, scoreMeld } from './meld.js';
import type { TableMeld } from './schemas.js';

/** At most this many jokers from the hand in one new meld or one addition, which bounds the search. */
export const MAX_JOKERS_PER_MELD = 2;
/** At most this many table cards (from different melds) go into one new meld or one extension. */
export const MAX_BORROWED = 2;

/** A slot of a meld: a hand face (index suit * 13 + value - 1), a hand joker (-1), or a table card as it lies. */
export type Slot = number | string;
export const JOKER = -1;

const FACES: readonly string[] = SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit));
const SUIT_INDEX = new Int8Array(128).fill(-1);
for (const [s, suit] of SUITS.entries()) SUIT_INDEX[suit.charCodeAt(0)] = s;

export const isJoker = (card: string): boolean => card.charCodeAt(0) === JOKER_CODE;

/** Face index of a card string, -1 for a joker. */
export function faceIndex(card: string): number {
  if (isJoker(card)) return JOKER;
  return SUIT_INDEX[card.charCodeAt(1)]! * 13 + cardValue(card) - 1;
}

/** A slot as a card string for the meld checks (any joker stands for a hand joker). */
export const slotText = (slot: Slot): string =>
  typeof slot === 'string' ? slot : slot === JOKER ? 'wb' : FACES[slot]!;

/** A table meld a move changes, and the melds that take its place. */
export interface Change {
  readonly table: number;
  readonly melds: readonly (readonly Slot[])[];
}

/**
 * One building block of a play: new melds and changed table melds. Moves
 * combine when they change different table melds and the hand holds all
 * their cards.
 */
export interface Move {
  readonly changes: readonly Change[];
  /** New melds. */
  readonly fresh: readonly (readonly Slot[])[];
  /** The hand faces it uses (a face twice when it uses two copies). */
  readonly faces: readonly number[];
  readonly jokers: number;
  /** Hand cards laid. */
  readonly size: number;
  /** Points of its new melds when it changes no table meld (their guessed kinds, as `play` counts them). */
  readonly points: number;
  /** Its place in the search's order, which the search sets before it combines moves (-1 until then). */
  id: number;
}

function makeMove(changes: Change[], fresh: Slot[][]): Move {
  const faces: number[] = [];
  let jokers = 0;
  const count = (meld: readonly Slot[]) => {
    for (const slot of meld) {
      if (slot === JOKER) jokers++;
      else if (typeof slot === 'number') faces.push(slot);
    }
  };
  for (const { melds } of changes) for (const meld of melds) count(meld);
  for (const meld of fresh) count(meld);
  let points = 0;
  if (changes.length === 0) for (const meld of fresh) points += scoreMeld(meld.map(slotText));
  return { changes, fresh, faces, jokers, size: faces.length + jokers, points, id: -1 };
}

/** Whether every meld of the move is valid, its guessed kind as `play` settles it. */
export function validMove(move: Move): boolean {
  const valid = (meld: readonly Slot[]) => isValidMeld(meld.map(slotText));
  return move.fresh.every(valid) && move.changes.every(({ melds }) => melds.every(valid));
}

/** The hand as the search sees it. */
export interface HandFaces {
  /** Copies held of each face. */
  readonly counts: Int8Array;
  /** Jokers one meld may take from the hand. */
  readonly jmax: number;
}

/** Whether the hand holds a copy of the face (0 .. 51). */
const holds = (hand: HandFaces, face: number): boolean => hand.counts[face]! > 0;

/**
 * New melds of the hand alone: every group (3 or 4 different suits of a
 * rank, jokers completing it) and every run (3 to 13 consecutive values of a
 * suit, jokers for the values the hand lacks), at most `jmax` jokers each. A
 * run with one natural and at most 4 cards is the group of the same cards
 * (its kind is guessed so), so it is not listed twice.
 */
function handMelds(hand: HandFaces, out: Move[]): void {
  const { jmax } = hand;
  for (let v = 0; v < 13; v++) {
    let mask = 0;
    for (let s = 0; s < 4; s++) if (holds(hand, s * 13 + v)) mask |= 1 << s;
    for (let sub = mask; sub > 0; sub = (sub - 1) & mask) {
      const slots: Slot[] = [];
      for (let s = 0; s < 4; s++) if (sub & (1 << s)) slots.push(s * 13 + v);
      for (let j = Math.max(0, 3 - slots.length); j <= Math.min(jmax, 4 - slots.length); j++) {
        out.push(makeMove([], [[...slots, ...Array<Slot>(j).fill(JOKER)]]));
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
        if (holds(hand, f)) {
          naturals++;
          slots.push(f);
        } else {
          if (++missing > jmax) break;
          slots.push(JOKER);
        }
        const length = b - a + 1;
        if (length >= 3 && naturals >= 1 && !(naturals === 1 && length <= 4)) {
          out.push(makeMove([], [slots.slice()]));
        }
      }
    }
  }
}

/** What the search knows of a table meld. */
interface TableMeldInfo {
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

function inspect(cards: readonly string[]): TableMeldInfo | null {
  const first = cards.findIndex((card) => !isJoker(card));
  const natural = cards[first];
  if (natural === undefined) return null;
  const head = faceIndex(natural);
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
function additions(t: number, meld: TableMeldInfo, hand: HandFaces, out: Move[]): void {
  const { cards, suit, value } = meld;
  const n = cards.length;
  if (meld.group && n < 4) {
    for (let s = 0; s < 4; s++) {
      const f = s * 13 + value - 1;
      if ((meld.suits & (1 << s)) === 0 && holds(hand, f))
        out.push(makeMove([{ table: t, melds: [[...cards, f]] }], []));
    }
    if (hand.jmax > 0) out.push(makeMove([{ table: t, melds: [[...cards, JOKER]] }], []));
  }
  if (!meld.run) return;
  if (n < 13) {
    const highs = extensions(suit, meld.start + n, 1, hand);
    for (const low of extensions(suit, meld.start - 1, -1, hand)) {
      for (const high of highs) {
        const added = low.slots.length + high.slots.length;
        if (added === 0 || n + added > 13 || low.jokers + high.jokers > hand.jmax) continue;
        out.push(makeMove([{ table: t, melds: [[...low.slots, ...cards, ...high.slots]] }], []));
      }
    }
  }
  for (let p = 2; p <= n - 3; p++) {
    const f = suit * 13 + meld.start + p - 1;
    if (holds(hand, f))
      out.push(makeMove([{ table: t, melds: [[...cards.slice(0, p), f], cards.slice(p)] }], []));
  }
}

/**
 * A table card a meld can give up (the card at `at` of the meld's `cards`),
 * and how: taken out (`split`: a middle card, the run splits in two), or, for
 * a joker, `swap`ped for a natural of the hand. Few donations are used, so
 * what the meld becomes is made only for those (`restOf`).
 */
interface Donation {
  readonly table: number;
  readonly card: string;
  readonly cards: readonly string[];
  readonly at: number;
  readonly split: boolean;
  /** The face of the hand natural that replaces the joker, or -1 when the card is taken out. */
  readonly swap: number;
}

/** What the meld of a donation becomes without its card: one meld, or two when it splits. */
function restOf(d: Donation): Slot[][] {
  const { cards, at } = d;
  if (d.swap >= 0) return [cards.map((c, k): Slot => (k === at ? d.swap : c))];
  if (d.split) return [cards.slice(0, at), cards.slice(at + 1)];
  return [[...cards.slice(0, at), ...cards.slice(at + 1)]];
}

/**
 * The cards table meld `t` can give to other melds: any card of a group of
 * 4, either end of a run of 4 or more, a middle card of a run of 7 or more
 * (which splits it), and a joker, which the meld gives up for a natural of
 * the hand that takes its place.
 */
function donations(t: number, meld: TableMeldInfo, hand: HandFaces, out: Donation[]): void {
  const { cards, suit, value } = meld;
  const n = cards.length;
  const give = (at: number, split: boolean, swap: number) =>
    out.push({ table: t, card: cards[at]!, cards, at, split, swap });
  if (meld.group) {
    if (n === 4) for (let i = 0; i < n; i++) give(i, false, -1);
    for (let i = 0; i < n; i++) {
      if (!isJoker(cards[i]!)) continue;
      for (let s = 0; s < 4; s++) {
        const f = s * 13 + value - 1;
        if ((meld.suits & (1 << s)) === 0 && holds(hand, f)) give(i, false, f);
      }
    }
  }
  if (meld.run) {
    if (n >= 4) {
      give(0, false, -1);
      give(n - 1, false, -1);
    }
    for (let i = 3; i <= n - 4; i++) give(i, true, -1);
    for (let i = 0; i < n; i++) {
      const f = suit * 13 + meld.start + i - 1;
      if (isJoker(cards[i]!) && holds(hand, f)) give(i, false, f);
    }
  }
}

/** Hand faces plus the table cards that melds can give up. */
interface Supply extends HandFaces {
  /** Donations of each natural face. */
  readonly byFace: readonly (readonly Donation[])[];
  /** Donated jokers. */
  readonly jokers: readonly Donation[];
}

/**
 * The first donation of the list from a meld other than `forbidden` and the
 * first `taken` of `donors`, if one more may be taken.
 */
function donorFor(
  list: readonly Donation[] | undefined,
  donors: readonly Donation[],
  taken: number,
  forbidden: number,
): Donation | undefined {
  if (list === undefined || taken >= MAX_BORROWED) return undefined;
  search: for (const d of list) {
    if (d.table === forbidden) continue;
    for (let i = 0; i < taken; i++) if (donors[i]!.table === d.table) continue search;
    return d;
  }
  return undefined;
}

/** A run under construction, value by value, preferring hand naturals, then table cards, then hand jokers. */
class RunChain {
  readonly slots: Slot[] = [];
  readonly donors: Donation[] = [];
  handCards = 0;
  private handJokers = 0;

  constructor(
    private readonly supply: Supply,
    private readonly suit: number,
    private readonly forbidden: number,
  ) {}

  /** Adds value `v` at the end (or the start); false when nothing can stand there. */
  add(v: number, atStart: boolean): boolean {
    const f = this.suit * 13 + v - 1;
    const { supply } = this;
    let slot: Slot;
    if (holds(supply, f)) {
      slot = f;
      this.handCards++;
    } else {
      const d =
        donorFor(supply.byFace[f], this.donors, this.donors.length, this.forbidden) ??
        donorFor(supply.jokers, this.donors, this.donors.length, this.forbidden);
      if (d !== undefined) {
        slot = d.card;
        this.donors.push(d);
      } else if (this.handJokers < supply.jmax) {
        slot = JOKER;
        this.handJokers++;
        this.handCards++;
      } else return false;
    }
    if (atStart) this.slots.unshift(slot);
    else this.slots.push(slot);
    return true;
  }
}

function borrowingMove(
  donors: readonly Donation[],
  extra: { t: number; meld: Slot[] } | null,
  fresh: Slot[][],
) {
  const changes: Change[] = donors.map((d) => ({ table: d.table, melds: restOf(d) }));
  if (extra !== null) changes.push({ table: extra.t, melds: [extra.meld] });
  return makeMove(changes, fresh);
}

/**
 * New melds of hand cards and table cards that other melds give up (at most
 * `MAX_BORROWED`, from different melds, at least one): runs built value by
 * value (a hand natural, else a table card, else a hand joker) and groups of
 * every choice of suits (a hand natural or a table card for each, jokers
 * completing 3).
 */
function borrowingMelds(supply: Supply, out: Move[]): void {
  const jokers = supply.jokers.length > 0;
  const suits = [false, false, false, false];
  const ranks: boolean[] = Array(13).fill(false);
  supply.byFace.forEach((list, f) => {
    if (list.length === 0) return;
    suits[Math.floor(f / 13)] = true;
    ranks[f % 13] = true;
  });
  for (let s = 0; s < 4; s++) {
    if (!suits[s] && !jokers) continue;
    for (let a = 1; a <= 11; a++) {
      const chain = new RunChain(supply, s, -1);
      for (let b = a; b <= 13 && chain.add(b, false); b++) {
        if (b - a >= 2 && chain.donors.length > 0 && chain.handCards > 0) {
          out.push(borrowingMove(chain.donors, null, [chain.slots.slice()]));
        }
      }
    }
  }
  // One pair of arrays for all the picks (most are refused), filled to counts (emptying an array frees
  // its storage, and the next push makes another), copied into the moves kept.
  const slots: Slot[] = [0, 0, 0, 0];
  const donors: Donation[] = [];
  for (let v = 0; v < 13; v++) {
    if (!ranks[v] && !jokers) continue;
    // Each suit: absent (0), the hand's natural (1) or a table card (2).
    for (let pick = 1; pick < 81; pick++) {
      let size = 0;
      let taken = 0;
      let handCards = 0;
      let ok = true;
      for (let s = 0, p = pick; s < 4 && ok; s++, p = Math.floor(p / 3)) {
        const f = s * 13 + v;
        if (p % 3 === 1) {
          ok = holds(supply, f);
          slots[size++] = f;
          handCards++;
        } else if (p % 3 === 2) {
          const d = donorFor(supply.byFace[f], donors, taken, -1);
          ok = d !== undefined;
          if (d !== undefined) {
            slots[size++] = d.card;
            donors[taken++] = d;
          }
        }
      }
      if (!ok) continue;
      let jokers = 0;
      while (ok && size < 3) {
        const d = donorFor(supply.jokers, donors, taken, -1);
        if (d !== undefined) {
          slots[size++] = d.card;
          donors[taken++] = d;
        } else if (jokers < supply.jmax) {
          slots[size++] = JOKER;
          jokers++;
          handCards++;
        } else ok = false;
      }
      if (ok && handCards > 0 && taken > 0)
        out.push(borrowingMove(donors.slice(0, taken), null, [slots.slice(0, size)]));
    }
  }
}

/**
 * A table run `t` extended at one end with hand cards and table cards that
 * other melds give up (at least one of each), value by value as in
 * `borrowingMelds`.
 */
function borrowingExtensions(t: number, meld: TableMeldInfo, supply: Supply, out: Move[]): void {
  if (!meld.run) return;
  const n = meld.cards.length;
  for (const step of [-1, 1]) {
    const chain = new RunChain(supply, meld.suit, t);
    let v = step < 0 ? meld.start - 1 : meld.start + n;
    for (let added = 1; n + added <= 13 && v >= 1 && v <= 13 && chain.add(v, step < 0); added++, v += step) {
      if (chain.donors.length > 0 && chain.handCards > 0) {
        const cards = step < 0 ? [...chain.slots, ...meld.cards] : [...meld.cards, ...chain.slots];
        out.push(borrowingMove(chain.donors, { t, meld: cards }, []));
      }
    }
  }
}

/** The moves of an opened seat, or of a seat yet to open (new melds of the hand alone). */
export function movesFor(table: readonly TableMeld[], hand: HandFaces, opened: boolean): Move[] {
  const found: Move[] = [];
  handMelds(hand, found);
  if (!opened) return found;
  const infos = table.map((m) => inspect(m.cards));
  const given: Donation[] = [];
  infos.forEach((meld, t) => {
    if (meld === null) return;
    additions(t, meld, hand, found);
    donations(t, meld, hand, given);
  });
  const byFace: Donation[][] = Array.from({ length: 52 }, () => []);
  const jokers: Donation[] = [];
  for (const d of given) {
    const f = faceIndex(d.card);
    (f === JOKER ? jokers : byFace[f])?.push(d);
  }
  const supply: Supply = { counts: hand.counts, jmax: hand.jmax, byFace, jokers };
  borrowingMelds(supply, found);
  infos.forEach((meld, t) => {
    if (meld !== null) borrowingExtensions(t, meld, supply, found);
  });
  return found;
}
