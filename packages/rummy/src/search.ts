/**
 * The plays `rummyGame.legalActions` lists. Any rearrangement of the table is
 * a legal play, far too many to list, so a bounded search lists a useful
 * finite part of them (see `findPlays`); `play` (and so `rummyGame.apply`)
 * still accepts every legal layout.
 */
import type { RulesConfig, RummyState, TableMeld } from './schemas.js';
import {
  faceIndex,
  JOKER,
  MAX_JOKERS_PER_MELD,
  type Move,
  movesFor,
  type Slot,
  validMove,
} from './search-moves.js';

/** Limits of the search. */
export interface SearchLimits {
  /** At most this many plays, those laying the most cards (then the most points) kept. Default 200. */
  readonly maxPlays?: number;
  /** Nodes of the depth-first combination search before it stops. Default 400. */
  readonly nodes?: number;
  /** At most this many moves are combined, those laying the most cards kept. Default 150. */
  readonly maxMoves?: number;
}

/** A play the search found: the new layout of the whole table, and what it lays from the hand. */
export interface FoundPlay {
  /** The whole new table: the old melds (changed or not, in place) then the new ones. */
  readonly layout: string[][];
  /** How many hand cards it lays. */
  readonly cards: number;
  /** Points of its new melds when it leaves the table melds alone (what counts for an opening), else 0. */
  readonly points: number;
  /** How many jokers it lays from the hand. */
  readonly jokers: number;
}

export const DEFAULT_MAX_PLAYS = 200;
export const DEFAULT_SEARCH_NODES = 400;
export const DEFAULT_MAX_MOVES = 150;

interface Combo {
  /** Its moves, in the search's order. */
  readonly moves: readonly Move[];
  readonly cards: number;
  readonly points: number;
  readonly jokers: number;
}

/**
 * The plays the search finds for `seat`: none unless it is the seat's turn in
 * a round in progress. They are built from moves:
 *
 * - new melds of the hand alone: every group and run it can make, at most
 *   `MAX_JOKERS_PER_MELD` jokers each;
 * - once the seat has opened, hand cards added to one table meld (filling a
 *   group of 3 with a natural or a joker, extending a run at either end or
 *   both, a duplicate splitting a run of 5 or more), and new melds or run
 *   extensions that also take up to `MAX_BORROWED` table cards other melds
 *   can spare (a card of a group of 4, an end of a run of 4 or more, a middle
 *   card of a run of 7 or more, or a joker given up for the natural it stands
 *   for).
 *
 * At most `maxMoves` moves (most cards first) are combined; moves combine
 * when they change different table melds and the hand holds all their cards.
 * Listed: each move alone; each move completed greedily into a maximal
 * combination (the other moves in order, most cards first); and every
 * combination a depth-first search in that order meets in its first `nodes`
 * nodes. Before opening, a play must reach the opening points. Sorted by
 * cards laid, then points, then fewer jokers; at most `maxPlays`. Every listed
 * play is legal.
 */
export function findPlays(state: RummyState, seat: number, limits: SearchLimits = {}): FoundPlay[] {
  if (state.status !== 'playing' || seat !== state.current) return [];
  const hand = state.hands[seat];
  if (hand === undefined) return [];
  return findPlaysFrom(
    { table: state.table, hand, opened: state.opened[seat] === true, rules: state.rules },
    limits,
  );
}

/** What the search needs to know: all of it is in the player's own view. */
export interface SearchPosition {
  readonly table: readonly TableMeld[];
  readonly hand: readonly string[];
  readonly opened: boolean;
  readonly rules: RulesConfig;
}

/** `findPlays` for a position given directly, such as one read off a player's view. */
export function findPlaysFrom(position: SearchPosition, limits: SearchLimits = {}): FoundPlay[] {
  const { table, hand, opened, rules } = position;
  const counts = new Int8Array(52);
  const copies: string[][] = [];
  const jokerCards: string[] = [];
  for (const card of hand) {
    const f = faceIndex(card);
    if (f === JOKER) jokerCards.push(card);
    else {
      counts[f]!++;
      const held = copies[f];
      if (held === undefined) copies[f] = [card];
      else held.push(card);
    }
  }
  const found = movesFor(table, { counts, jmax: Math.min(jokerCards.length, MAX_JOKERS_PER_MELD) }, opened);

  let jokersLeft = jokerCards.length;
  const tableUsed = new Uint8Array(table.length);
  /** Gives back the first `upTo` faces of the move. */
  const untake = (m: Move, upTo: number): void => {
    let i = 0;
    for (const f of m.faces) {
      if (i++ === upTo) return;
      counts[f]!++;
    }
  };
  /** Takes the move's cards when the hand still holds them and its table melds are unchanged. */
  const take = (m: Move): boolean => {
    if (m.jokers > jokersLeft) return false;
    for (const { table: t } of m.changes) if (tableUsed[t] === 1) return false;
    let i = 0;
    for (const f of m.faces) {
      if (counts[f] === 0) {
        untake(m, i);
        return false;
      }
      counts[f]!--;
      i++;
    }
    jokersLeft -= m.jokers;
    for (const { table: t } of m.changes) tableUsed[t] = 1;
    return true;
  };
  const release = (m: Move): void => {
    untake(m, m.faces.length);
    jokersLeft += m.jokers;
    for (const { table: t } of m.changes) tableUsed[t] = 0;
  };

  const keys = new Set<string>();
  const valid = found.filter((m) => {
    const key = `${m.changes.map((c) => `${c.table}:${c.melds.join('/')}`).join('|')}:${m.fresh.join('/')}`;
    if (keys.has(key)) return false;
    keys.add(key);
    // A move may use a face twice (a joker's natural and a new meld): the hand must hold both copies.
    if (m.size === 0 || !take(m)) return false;
    release(m);
    return validMove(m);
  });
  valid.sort((a, b) => b.size - a.size || a.jokers - b.jokers || b.points - a.points);
  const moves = valid.slice(0, limits.maxMoves ?? DEFAULT_MAX_MOVES);
  for (const [id, m] of moves.entries()) m.id = id;
  const n = moves.length;

  const seen = new Set<string>();
  const combos: Combo[] = [];
  const record = (chosen: readonly Move[]): void => {
    const sorted = chosen.slice().sort((a, b) => a.id - b.id);
    let key = '';
    for (const m of sorted) key += `${m.id},`;
    if (seen.has(key)) return;
    seen.add(key);
    let cards = 0;
    let points = 0;
    let jokers = 0;
    for (const m of sorted) {
      cards += m.size;
      points += m.points;
      jokers += m.jokers;
    }
    if (!opened && points < rules.openingPoints) return;
    combos.push({ moves: sorted, cards, points, jokers });
  };

  for (const move of moves) record([move]);

  const chosen: Move[] = [];
  for (const move of moves) {
    take(move);
    chosen.push(move);
    for (const other of moves) {
      while (take(other)) chosen.push(other);
    }
    if (chosen.length > 1) record(chosen);
    for (let last = chosen.pop(); last !== undefined; last = chosen.pop()) release(last);
  }

  // Repeats allowed: two copies of the faces make the same meld twice.
  const budget = limits.nodes ?? DEFAULT_SEARCH_NODES;
  let nodes = 0;
  const dfs = (start: number): void => {
    nodes++;
    if (chosen.length > 1) record(chosen);
    for (let j = start; j < n && nodes < budget; j++) {
      // j < n: a move of the list
      const move = moves[j]!;
      if (!take(move)) continue;
      chosen.push(move);
      dfs(j);
      chosen.pop();
      release(move);
    }
  };
  dfs(0);

  combos.sort((a, b) => b.cards - a.cards || b.points - a.points || a.jokers - b.jokers);
  const maxPlays = limits.maxPlays ?? DEFAULT_MAX_PLAYS;
  if (combos.length > maxPlays) combos.length = maxPlays;

  const base = table.map((m) => m.cards.slice());
  const taken = new Int8Array(52);
  return combos.map((combo) => {
    taken.fill(0);
    let nextJoker = 0;
    const pick = (slot: Slot): string =>
      typeof slot === 'string'
        ? slot
        : slot === JOKER
          ? jokerCards[nextJoker++]!
          : copies[slot]![taken[slot]!++]!;
    const replaced: (string[][] | undefined)[] = [];
    const fresh: string[][] = [];
    for (const m of combo.moves) {
      for (const { table: t, melds } of m.changes) replaced[t] = melds.map((meld) => meld.map(pick));
      for (const meld of m.fresh) fresh.push(meld.map(pick));
    }
    const layout: string[][] = [];
    base.forEach((cards, t) => {
      const instead = replaced[t];
      if (instead === undefined) layout.push(cards);
      else layout.push(...instead);
    });
    layout.push(...fresh);
    return { layout, cards: combo.cards, points: combo.points, jokers: combo.jokers };
  });
}
