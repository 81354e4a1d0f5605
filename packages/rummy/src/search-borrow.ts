/**
 * Moves that borrow table cards: a card a table meld can spare (or a joker
 * it gives up for the natural it stands for) goes into a new meld or a run
 * extension with hand cards.
 */
import {
  type HandFaces,
  isJoker,
  JOKER,
  MAX_BORROWED,
  type Move,
  makeMove,
  type Slot,
  type TableMeldInfo,
} from './search-moves.js';

/** A table card a meld can give up, and what the meld becomes without it. */
export interface Donation {
  readonly table: number;
  readonly card: string;
  readonly rest: readonly (readonly Slot[])[];
}

/**
 * The cards table meld `t` can give to other melds: any card of a group of
 * 4, either end of a run of 4 or more, a middle card of a run of 7 or more
 * (which splits it), and a joker, which the meld gives up for a natural of
 * the hand that takes its place.
 */
export function donations(t: number, meld: TableMeldInfo, hand: HandFaces, out: Donation[]): void {
  const { cards, suit, value } = meld;
  const n = cards.length;
  const swapped = (i: number, f: number) => cards.map((c, k): Slot => (k === i ? f : c));
  if (meld.group) {
    if (n === 4) {
      for (let i = 0; i < n; i++) {
        out.push({ table: t, card: cards[i]!, rest: [[...cards.slice(0, i), ...cards.slice(i + 1)]] });
      }
    }
    cards.forEach((card, i) => {
      if (!isJoker(card)) return;
      for (let s = 0; s < 4; s++) {
        const f = s * 13 + value - 1;
        if ((meld.suits & (1 << s)) === 0 && hand.counts[f]! > 0)
          out.push({ table: t, card, rest: [swapped(i, f)] });
      }
    });
  }
  if (meld.run) {
    if (n >= 4) {
      out.push({ table: t, card: cards[0]!, rest: [cards.slice(1)] });
      out.push({ table: t, card: cards[n - 1]!, rest: [cards.slice(0, n - 1)] });
    }
    for (let i = 3; i <= n - 4; i++) {
      out.push({ table: t, card: cards[i]!, rest: [cards.slice(0, i), cards.slice(i + 1)] });
    }
    cards.forEach((card, i) => {
      const f = suit * 13 + meld.start + i - 1;
      if (isJoker(card) && hand.counts[f]! > 0) out.push({ table: t, card, rest: [swapped(i, f)] });
    });
  }
}

/** Hand faces plus the table cards that melds can give up. */
export interface Supply extends HandFaces {
  /** Donations of each natural face. */
  readonly byFace: readonly (readonly Donation[])[];
  /** Donated jokers. */
  readonly jokers: readonly Donation[];
}

/** The first donation of the list from a meld other than `forbidden` and those already taken, if one more may be taken. */
function donorFor(list: readonly Donation[] | undefined, taken: readonly Donation[], forbidden: number) {
  if (list === undefined || taken.length >= MAX_BORROWED) return undefined;
  return list.find((d) => d.table !== forbidden && !taken.some((x) => x.table === d.table));
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
    if (supply.counts[f]! > 0) {
      slot = f;
      this.handCards++;
    } else {
      const d =
        donorFor(supply.byFace[f], this.donors, this.forbidden) ??
        donorFor(supply.jokers, this.donors, this.forbidden);
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
  const tables = donors.map((d) => d.table);
  const replaced = donors.map((d) => d.rest.map((m) => m.slice()));
  if (extra !== null) {
    tables.push(extra.t);
    replaced.push([extra.meld]);
  }
  return makeMove(tables, replaced, fresh);
}

/**
 * New melds of hand cards and table cards that other melds give up (at most
 * `MAX_BORROWED`, from different melds, at least one): runs built value by
 * value (a hand natural, else a table card, else a hand joker) and groups of
 * every choice of suits (a hand natural or a table card for each, jokers
 * completing 3).
 */
export function borrowingMelds(supply: Supply, out: Move[]): void {
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
  for (let v = 0; v < 13; v++) {
    if (!ranks[v] && !jokers) continue;
    // Each suit: absent (0), the hand's natural (1) or a table card (2).
    for (let pick = 1; pick < 81; pick++) {
      const slots: Slot[] = [];
      const donors: Donation[] = [];
      let handCards = 0;
      let ok = true;
      for (let s = 0, p = pick; s < 4 && ok; s++, p = Math.floor(p / 3)) {
        const f = s * 13 + v;
        if (p % 3 === 1) {
          ok = supply.counts[f]! > 0;
          slots.push(f);
          handCards++;
        } else if (p % 3 === 2) {
          const d = donorFor(supply.byFace[f], donors, -1);
          ok = d !== undefined;
          if (d !== undefined) {
            slots.push(d.card);
            donors.push(d);
          }
        }
      }
      if (!ok) continue;
      let jokers = 0;
      while (ok && slots.length < 3) {
        const d = donorFor(supply.jokers, donors, -1);
        if (d !== undefined) {
          slots.push(d.card);
          donors.push(d);
        } else if (jokers < supply.jmax) {
          slots.push(JOKER);
          jokers++;
          handCards++;
        } else ok = false;
      }
      if (ok && handCards > 0 && donors.length > 0) out.push(borrowingMove(donors, null, [slots]));
    }
  }
}

/**
 * A table run `t` extended at one end with hand cards and table cards that
 * other melds give up (at least one of each), value by value as in
 * `borrowingMelds`.
 */
export function borrowingExtensions(t: number, meld: TableMeldInfo, supply: Supply, out: Move[]): void {
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
