/**
 * The reference for small positions: every subset of the hand and every set
 * of table melds kept, checked by trying every partition of the remaining
 * cards into melds. It shares nothing with the solver: candidate melds are
 * all sub-multisets of the cards that contain the first card and share its
 * suit or its rank (plus jokers), and the engine's `isValidMeld` decides,
 * trying every order a run could be laid in.
 */
import { isValidMeld, type RulesConfig, scoreMeld, type TableMeld } from '../../src/index.js';

export interface Objective {
  readonly cards: number;
  readonly points: number;
  /** Table melds found unchanged; for an opening, the size of the table. */
  readonly kept: number;
}

const RANKS = 'A23456789TJQK';
const SUITS = 'cdhs';
/** Slot of a face in the count arrays, 52 for the joker. */
const slotOf = (card: string) =>
  card[0] === 'w' ? 52 : SUITS.indexOf(card[1]!) * 13 + RANKS.indexOf(card[0]!);
const faceOf = (slot: number) => (slot === 52 ? 'wb' : RANKS[slot % 13]! + SUITS[Math.floor(slot / 13)]!);
const valueOfSlot = (slot: number) => (slot % 13) + 1;

/** Every order the cards may take as a run: regular cards at their values, jokers in the other places. */
function runOrders(cards: readonly string[]): string[][] {
  const regular = cards.filter((c) => c[0] !== 'w');
  const jokers = cards.length - regular.length;
  const out: string[][] = [];
  for (let start = 1; start + cards.length - 1 <= 13; start++) {
    const order: (string | undefined)[] = new Array(cards.length);
    let ok = true;
    for (const c of regular) {
      const at = RANKS.indexOf(c[0]!) + 1 - start;
      if (at < 0 || at >= cards.length || order[at] !== undefined) {
        ok = false;
        break;
      }
      order[at] = c;
    }
    if (!ok) continue;
    if (regular.length + jokers === cards.length) out.push(Array.from(order, (c) => c ?? 'wb'));
  }
  return out;
}

/** The most a meld of these cards is worth (group or run, jokers at the value they stand for), -1 when none is valid. */
export function bestMeldPoints(cards: readonly string[]): number {
  let best = -1;
  if (cards.length <= 4 && isValidMeld(cards, 'group')) best = scoreMeld(cards, 'group');
  for (const order of runOrders(cards)) {
    if (isValidMeld(order, 'run')) best = Math.max(best, scoreMeld(order, 'run'));
  }
  return best;
}

/** Partitions of a multiset of faces (counts by slot) into valid melds. */
class Partitions {
  private readonly can = new Map<string, boolean>();
  private readonly most = new Map<string, number>();
  private readonly meldPoints = new Map<string, number>();

  /**
   * The card sets (as slot counts) that could be a meld with the first card
   * of `counts`, which is the lowest of its suit: no face twice; for a group
   * other suits of its rank, for a run higher cards of its suit with gaps no
   * larger than the jokers can fill; and jokers. Whether they are valid is
   * for `isValidMeld` to say.
   */
  private candidates(counts: readonly number[]): number[][] {
    const first = counts.findIndex((n) => n > 0);
    if (first === 52) return []; // only jokers are left
    const jokers = counts[52]!;
    const out: number[][] = [];
    const pick = new Array(53).fill(0);
    pick[first] = 1;
    const withJokers = (size: number, freeJokers: number, most: number) => {
      for (let j = 0; j <= freeJokers && size + j <= most; j++) {
        if (size + j < 3) continue;
        pick[52] = jokers - freeJokers + j;
        out.push(pick.slice());
      }
      pick[52] = 0;
    };
    // groups
    const others = [1, 2, 3].map((d) => first + 13 * d).filter((slot) => slot < 52 && counts[slot]! > 0);
    for (let mask = 0; mask < 1 << others.length; mask++) {
      let size = 1;
      others.forEach((slot, i) => {
        pick[slot] = mask & (1 << i) ? 1 : 0;
        size += pick[slot];
      });
      withJokers(size, jokers, 4);
    }
    for (const slot of others) pick[slot] = 0;
    // runs
    const suitEnd = (Math.floor(first / 13) + 1) * 13;
    const visit = (last: number, size: number, freeJokers: number) => {
      withJokers(size, freeJokers, 13);
      for (let slot = last + 1; slot < suitEnd; slot++) {
        const gap = slot - last - 1;
        if (gap > freeJokers) break;
        if (counts[slot] === 0) continue;
        pick[slot] = 1;
        if (size + gap + 1 <= 13) visit(slot, size + gap + 1, freeJokers - gap);
        pick[slot] = 0;
      }
    };
    visit(first, 1, jokers);
    // a set may be found both ways (the first card alone with jokers): keep one
    const seen = new Set<string>();
    return out.filter((p) => {
      const key = p.join(',');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  private points(pick: readonly number[]): number {
    const key = pick.join(',');
    let p = this.meldPoints.get(key);
    if (p === undefined) {
      const cards: string[] = [];
      pick.forEach((n, slot) => {
        for (let k = 0; k < n; k++) cards.push(faceOf(slot));
      });
      p = bestMeldPoints(cards);
      this.meldPoints.set(key, p);
    }
    return p;
  }

  /** The most points a partition of all the cards into melds is worth; -1 when there is none. */
  best(counts: readonly number[]): number {
    if (counts.every((n) => n === 0)) return 0;
    const key = counts.join(',');
    const known = this.most.get(key);
    if (known !== undefined) return known;
    let best = -1;
    for (const pick of this.candidates(counts)) {
      const p = this.points(pick);
      if (p < 0) continue;
      const rest = this.best(counts.map((n, i) => n - pick[i]!));
      if (rest >= 0) best = Math.max(best, p + rest);
    }
    this.most.set(key, best);
    return best;
  }

  /** Whether all the cards can be laid in melds. */
  fits(counts: readonly number[]): boolean {
    if (counts.every((n) => n === 0)) return true;
    const key = counts.join(',');
    const known = this.can.get(key);
    if (known !== undefined) return known;
    let ok = false;
    for (const pick of this.candidates(counts)) {
      if (this.points(pick) < 0) continue;
      if (this.fits(counts.map((n, i) => n - pick[i]!))) {
        ok = true;
        break;
      }
    }
    this.can.set(key, ok);
    return ok;
  }
}

function countsOf(cards: readonly string[]): number[] {
  const counts = new Array(53).fill(0);
  for (const c of cards) counts[slotOf(c)]++;
  return counts;
}

/** The best objective of a small position by exhaustive search; null when there is no play. */
export function exhaustive(
  table: readonly TableMeld[],
  hand: readonly string[],
  opened: boolean,
  rules: RulesConfig,
): Objective | null {
  const parts = new Partitions();
  // hand subsets by their faces (copies of one face are interchangeable), best first
  const handCounts = countsOf(hand);
  const subsets: { counts: number[]; cards: number; points: number }[] = [];
  const pick = new Array(53).fill(0);
  const visit = (slot: number, cards: number, points: number) => {
    if (slot === 53) {
      if (cards > 0) subsets.push({ counts: pick.slice(), cards, points });
      return;
    }
    for (let n = 0; n <= handCounts[slot]!; n++) {
      pick[slot] = n;
      visit(slot + 1, cards + n, points + n * (slot === 52 ? rules.jokerPenalty : valueOfSlot(slot)));
    }
    pick[slot] = 0;
  };
  visit(0, 0, 0);
  subsets.sort((a, b) => b.cards - a.cards || b.points - a.points);
  if (!opened) {
    for (const s of subsets) {
      if (parts.best(s.counts) >= rules.openingPoints) {
        return { cards: s.cards, points: s.points, kept: table.length };
      }
    }
    return null;
  }
  const tableCounts = table.map((m) => countsOf(m.cards));
  const all = new Array(53).fill(0);
  for (const c of tableCounts) for (let i = 0; i < 53; i++) all[i] += c[i]!;
  // kept sets of table melds, most melds first
  const keptSets: number[][] = [];
  for (let mask = 0; mask < 1 << table.length; mask++) {
    keptSets.push(table.map((_, i) => i).filter((i) => mask & (1 << i)));
  }
  keptSets.sort((a, b) => b.length - a.length);
  const free = (kept: readonly number[], extra: readonly number[]) => {
    const counts = all.map((n, i) => n + extra[i]!);
    for (const i of kept) for (let slot = 0; slot < 53; slot++) counts[slot]! -= tableCounts[i]![slot]!;
    return counts;
  };
  let level: { cards: number; points: number } | null = null;
  let bestKept = -1;
  for (const s of subsets) {
    if (level !== null && (s.cards !== level.cards || s.points !== level.points)) break;
    if (level === null && !parts.fits(free([], s.counts))) continue;
    level = { cards: s.cards, points: s.points };
    for (const kept of keptSets) {
      if (kept.length <= bestKept) break;
      if (parts.fits(free(kept, s.counts))) {
        bestKept = kept.length;
        break;
      }
    }
  }
  return level === null ? null : { ...level, kept: bestKept };
}
