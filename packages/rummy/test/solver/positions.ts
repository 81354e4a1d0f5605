/**
 * Positions to test and time the solver on: small random deals (a few melds
 * on the table, a few cards in hand, cards near the table's more likely), and
 * positions met in seeded random rounds played with the engine.
 */
import { createRng, type Rng } from '@tabula/core';
import {
  createDeck,
  DEFAULT_RULES,
  DEFAULT_SOLVE_STEPS,
  isValidMeld,
  type RulesConfig,
  type RummyState,
  solve,
  type TableMeld,
} from '../../src/index.js';
import { deal, draw, pass, play, shuffledDeck } from '../../src/round.js';

export interface Position {
  readonly table: TableMeld[];
  readonly hand: string[];
  readonly opened: boolean;
  readonly rules: RulesConfig;
}

const RANKS = 'A23456789TJQK';
const SUITS = 'cdhs';

/** Takes a card of the face (or a joker when `face` is 'w') from the pile, or null. */
function take(pile: string[], face: string, rng: Rng): string | null {
  const at = pile
    .map((c, i) => ((face === 'w' ? c[0] === 'w' : c.startsWith(face)) ? i : -1))
    .filter((i) => i >= 0);
  if (at.length === 0) return null;
  const i = rng.pick(at);
  return pile.splice(i, 1)[0]!;
}

/** A random valid meld taken from the pile, or null (the pile unchanged) when the pile lacks the cards. */
function randomMeld(pile: string[], rng: Rng, jokerChance: number): TableMeld | null {
  const cards: string[] = [];
  const add = (face: string): boolean => {
    const joker = rng.int(0, 99) < jokerChance ? take(pile, 'w', rng) : null;
    const card = joker ?? take(pile, face, rng);
    if (card !== null) cards.push(card);
    return card !== null;
  };
  let kind: TableMeld['kind'];
  if (rng.int(0, 2) === 0) {
    kind = 'group';
    const rank = RANKS[rng.int(0, 12)]!;
    for (const s of rng.shuffle([...SUITS]).slice(0, rng.int(3, 4))) add(rank + s);
  } else {
    kind = 'run';
    const length = rng.int(3, rng.int(0, 9) === 0 ? 13 : 6);
    const start = rng.int(1, 14 - length);
    const suit = rng.pick([...SUITS]);
    for (let v = start; v < start + length; v++) {
      if (!add(RANKS[v - 1]! + suit)) break;
    }
  }
  const meld = { kind, cards };
  if (cards.length < 3 || !isValidMeld(cards, kind)) {
    pile.push(...cards);
    return null;
  }
  return meld;
}

/** A random small position: up to `melds` table melds and `handSize` hand cards, many of them near the table. */
export function smallPosition(
  rng: Rng,
  melds: number,
  handSize: number,
  fixed: Partial<RulesConfig> = {},
): Position {
  const decks = rng.int(1, 2);
  const rules: RulesConfig = {
    ...DEFAULT_RULES,
    decks,
    jokers: rng.int(0, 2),
    openingPoints: rng.pick([0, 10, 20, 30]),
    jokerPenalty: rng.pick([0, 5, 30]),
    ...fixed,
  };
  const pile = rng.shuffle(createDeck(rules));
  const table: TableMeld[] = [];
  const wanted = rng.int(0, melds);
  for (let tries = 0; table.length < wanted && tries < 20; tries++) {
    const meld = randomMeld(pile, rng, 15);
    if (meld !== null) table.push(meld);
  }
  const near = new Set<string>();
  for (const m of table) {
    for (const c of m.cards) {
      if (c[0] === 'w') continue;
      const v = RANKS.indexOf(c[0]!) + 1;
      for (const d of [-2, -1, 1, 2]) if (v + d >= 1 && v + d <= 13) near.add(RANKS[v + d - 1]! + c[1]);
      for (const s of SUITS) near.add(c[0]! + s);
    }
  }
  const opened = rng.int(0, 9) < 7;
  const hand: string[] = [];
  // an opening needs more cards to reach its points
  const size = rng.int(1, opened ? handSize : handSize + 2);
  if (!opened && rng.int(0, 2) > 0) {
    // a meld in hand, so that openings happen
    const meld = randomMeld(pile, rng, 15);
    if (meld !== null) hand.push(...meld.cards);
  }
  while (hand.length < size && pile.length > 0) {
    const nearby = pile.filter((c) => near.has(c.slice(0, 2)) || (c[0] === 'w' && rng.int(0, 2) === 0));
    const from = nearby.length > 0 && rng.int(0, 2) > 0 ? nearby : pile;
    const card = rng.pick(from);
    pile.splice(pile.indexOf(card), 1);
    hand.push(card);
  }
  return { table, hand, opened, rules };
}

export interface RoundOptions {
  readonly players?: number;
  readonly rules?: Partial<RulesConfig>;
  /** Chance (0..100) that a player who can play does; otherwise they draw, and hands grow. */
  readonly playChance?: number;
  /** Positions to keep at most. */
  readonly limit?: number;
}

/** The positions met in a seeded round where players play the solver's best play now and then. */
export function roundPositions(seed: number, options: RoundOptions = {}): Position[] {
  const rng = createRng(seed);
  const rules: RulesConfig = { ...DEFAULT_RULES, ...options.rules };
  const players = options.players ?? 4;
  let state: RummyState = deal(rules, players, shuffledDeck(rules, rng));
  const out: Position[] = [];
  for (let step = 0; state.status === 'playing' && step < 2000; step++) {
    const seat = state.current;
    const position: Position = {
      table: state.table.map((m) => ({ kind: m.kind, cards: m.cards.slice() })),
      hand: state.hands[seat]!.slice(),
      opened: state.opened[seat]!,
      rules,
    };
    out.push(position);
    if (options.limit !== undefined && out.length >= options.limit) break;
    const wants = state.stock.length === 0 || rng.int(0, 99) < (options.playChance ?? 50);
    // a budget of steps, not of time: the same rounds on every machine
    const best = wants ? solve(position, { maxSteps: DEFAULT_SOLVE_STEPS }) : null;
    if (best !== null && best.kind === 'play') state = play(state, seat, best.layout);
    else state = state.stock.length > 0 ? draw(state, seat) : pass(state, seat);
  }
  return out;
}

/** Positions from several rounds, picked evenly. */
export function positionsFromRounds(
  count: number,
  firstSeed: number,
  options: RoundOptions = {},
): Position[] {
  const out: Position[] = [];
  for (let seed = firstSeed; out.length < count; seed++) {
    const rng = createRng(seed * 7919);
    for (const p of roundPositions(seed, options)) if (rng.int(0, 3) === 0 && out.length < count) out.push(p);
  }
  return out;
}
