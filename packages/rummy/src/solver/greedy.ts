/**
 * A quick legal play for when the budget runs out before the first search
 * ends: the better of a greedy play (runs and groups found in the hand, then
 * single hand cards added to the ends of runs and to groups) and the best of
 * the bounded search that `rummyGame.legalActions` lists from. Not optimal,
 * only legal.
 */
import { handPenalty } from '../hand.js';
import { isValidMeld, scoreMeld } from '../meld.js';
import { settleLayout } from '../round.js';
import type { RulesConfig, TableMeld } from '../schemas.js';
import { findPlaysFrom } from '../search.js';
import { isJoker, rankOf, suitOf } from './model.js';

/** Disjoint melds in the hand: runs per suit (one copy of each face), then groups, then pairs made good by a joker. */
function handMelds(hand: readonly string[]): { melds: TableMeld[]; rest: string[] } {
  const used = new Set<number>();
  const melds: TableMeld[] = [];
  const cardsAt = (at: readonly number[]) => at.map((i) => hand[i]!);
  const take = (kind: TableMeld['kind'], at: number[]) => {
    for (const i of at) used.add(i);
    melds.push({ kind, cards: cardsAt(at) });
  };
  const freeAt = (suit: number, value: number) =>
    hand.findIndex((c, i) => !used.has(i) && !isJoker(c) && suitOf(c) === suit && rankOf(c) === value);
  for (let suit = 0; suit < 4; suit++) {
    let seq: number[] = [];
    for (let v = 1; v <= 14; v++) {
      const at = v <= 13 ? freeAt(suit, v) : -1;
      if (at >= 0) seq.push(at);
      else {
        if (seq.length >= 3) take('run', seq);
        seq = [];
      }
    }
  }
  for (let v = 13; v >= 1; v--) {
    const at = [0, 1, 2, 3].map((s) => freeAt(s, v)).filter((i) => i >= 0);
    if (at.length >= 3) take('group', at);
  }
  /** Two free regular cards that the joker at `j` makes a meld with, and the joker in its place; null when none. */
  const withJoker = (j: number): number[] | null => {
    const free = [...hand.entries()].filter(([i, card]) => !used.has(i) && !isJoker(card));
    for (const [a, x] of free) {
      for (const [b, y] of free) {
        if (a === b) continue;
        if (rankOf(x) === rankOf(y) && suitOf(x) !== suitOf(y)) return [a, b, j];
        if (suitOf(x) === suitOf(y) && rankOf(y) === rankOf(x) + 1)
          return rankOf(y) < 13 ? [a, b, j] : [j, a, b];
      }
    }
    return null;
  };
  for (let j = hand.findIndex((c, i) => isJoker(c) && !used.has(i)); j >= 0; ) {
    const meld = withJoker(j);
    if (meld === null) break;
    take(isValidMeld(cardsAt(meld), 'group') ? 'group' : 'run', meld);
    j = hand.findIndex((c, i) => isJoker(c) && !used.has(i));
  }
  return { melds, rest: hand.filter((_, i) => !used.has(i)) };
}

/** A legal layout and the hand cards it lays, or null when this quick search finds nothing. */
export function greedyPlay(
  table: readonly TableMeld[],
  hand: readonly string[],
  opened: boolean,
  openingPoints: number,
): { layout: TableMeld[]; laid: string[] } | null {
  const { melds, rest } = handMelds(hand);
  if (!opened) {
    const points = melds.reduce((sum, m) => sum + scoreMeld(m.cards, m.kind), 0);
    if (melds.length === 0 || points < openingPoints) return null;
    return { layout: [...table, ...melds], laid: melds.flatMap((m) => m.cards) };
  }
  const layout = [...table, ...melds];
  const laid = melds.flatMap((m) => m.cards);
  let left = rest;
  for (let changed = true; changed; ) {
    changed = false;
    for (const card of left) {
      const at = layout.findIndex((meld, i) => {
        for (const cards of [
          [...meld.cards, card],
          [card, ...meld.cards],
        ]) {
          if (isValidMeld(cards, meld.kind)) {
            layout[i] = { kind: meld.kind, cards };
            return true;
          }
        }
        return false;
      });
      if (at >= 0) {
        laid.push(card);
        const i = left.indexOf(card);
        left = [...left.slice(0, i), ...left.slice(i + 1)];
        changed = true;
        break;
      }
    }
  }
  return laid.length === 0 ? null : { layout, laid };
}

/** The cards of `layout` that are not on `table`: what a play lays from the hand. */
function laidBy(table: readonly TableMeld[], layout: readonly (readonly string[])[]): string[] {
  const left = new Map<string, number>();
  for (const meld of table) for (const card of meld.cards) left.set(card, (left.get(card) ?? 0) + 1);
  const laid: string[] = [];
  for (const meld of layout) {
    for (const card of meld) {
      const n = left.get(card) ?? 0;
      if (n > 0) left.set(card, n - 1);
      else laid.push(card);
    }
  }
  return laid;
}

/**
 * The better of `greedyPlay` and the plays of `findPlaysFrom`: the most cards
 * laid, then the most points (the penalty shed); null when neither finds one.
 */
export function quickPlay(
  table: readonly TableMeld[],
  hand: readonly string[],
  opened: boolean,
  rules: RulesConfig,
): { layout: TableMeld[]; laid: string[] } | null {
  let best = greedyPlay(table, hand, opened, rules.openingPoints);
  const points = (laid: readonly string[]) => handPenalty(laid, rules.jokerPenalty);
  let bestPoints = best === null ? -1 : points(best.laid);
  for (const { layout } of findPlaysFrom({ table, hand, opened, rules })) {
    const laid = laidBy(table, layout);
    const cards = best === null ? -1 : best.laid.length;
    if (laid.length < cards || (laid.length === cards && points(laid) <= bestPoints)) continue;
    best = { layout: settleLayout(layout), laid };
    bestPoints = points(laid);
  }
  return best;
}
