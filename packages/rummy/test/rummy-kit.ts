/**
 * What the conformance kit needs to check `rummyGame`: the game's
 * conservation law, states that differ only in what a seat cannot see,
 * actions the rules must refuse, and varied configs. Shared by the two
 * conformance test files, which the test runner runs side by side.
 */
import type { Rng } from '@tabula/core';
import { createRummyGame, rummyGame as game } from '../src/definition.js';
import { isValidMeld } from '../src/meld.js';
import { createDeck } from '../src/rules.js';
import type { RummyConfig, RummyState } from '../src/schemas.js';
import { findPlays } from '../src/search.js';
import { newMelds } from '../src/table.js';

const cardsOf = (state: RummyState) => [
  ...state.hands.flat(),
  ...state.stock,
  ...state.table.flatMap((m) => m.cards),
];

const decks = new Map<string, string[]>();
/** The rules' deck, sorted; cached since the invariant runs at every step. */
function sortedDeck(state: RummyState): string[] {
  const key = `${state.rules.decks}/${state.rules.jokers}`;
  let deck = decks.get(key);
  if (deck === undefined) {
    deck = createDeck(state.rules).sort();
    decks.set(key, deck);
  }
  return deck;
}

/** Every card of the rules' deck is in a hand, the stock or the table, once; every table meld is valid. */
export function invariant(state: RummyState): string | null {
  const deck = sortedDeck(state);
  const cards = cardsOf(state).sort();
  if (cards.length !== deck.length)
    return `${cards.length} cards in hands, stock and table, the deck has ${deck.length}`;
  if (cards.some((card, i) => card !== deck[i])) return 'the cards are not the rules deck';
  const bad = state.table.find((m) => !isValidMeld(m.cards, m.kind));
  if (bad) return `invalid meld on the table: ${bad.cards.join(',')}`;
  if (state.status === 'playing' && state.hands.some((h) => h.length === 0))
    return 'an empty hand while playing';
  return null;
}

/**
 * The same round but for what `seat` cannot see: the other hands and the
 * stock dealt anew, every hand and the stock keeping its size. A spectator
 * sees no hand at all.
 */
export function hiddenVariant(state: RummyState, seat: number | null, rng: Rng): RummyState {
  const hidden = rng.shuffle([...state.hands.filter((_, s) => s !== seat).flat(), ...state.stock]);
  let at = 0;
  const next = (n: number) => {
    at += n;
    return hidden.slice(at - n, at);
  };
  const hands = state.hands.map((hand, s) => (s === seat ? hand.slice() : next(hand.length)));
  return { ...state, hands, stock: next(state.stock.length) };
}

/**
 * Plays and turns the rules must refuse from the seat to act in this state
 * (for the other seats the kit's own refusals, the acting seat's legal
 * actions among them, are enough).
 */
export function invalidActions(state: RummyState, seat: number): unknown[] {
  if (seat !== state.current || state.status !== 'playing') return [];
  const table = state.table.map((m) => m.cards.slice());
  const hand = state.hands[seat]!;
  const out: unknown[] = [
    { type: 'play', layout: table },
    { type: state.stock.length > 0 ? 'pass' : 'draw' },
    { type: 'play', layout: [...table, ['Kx', 'Kd', 'Ks']] },
    { type: 'play', layout: [...table, ['wh', hand[0], hand[1] ?? hand[0]]] },
    { type: 'play', layout: [...table, hand.slice(0, 2)] },
    { type: 'play', layout: [{ kind: 'group', cards: hand.slice(0, 3) }] },
    { type: 'draw', seat },
  ];
  if (table.length > 0) out.push({ type: 'play', layout: [...table.slice(1), hand.slice(0, 3)] });
  // Another seat's melds: cards this seat does not hold.
  const other = (seat + 1) % state.hands.length;
  const swapped = { ...state, hands: state.hands.map((h, s) => (s === seat ? state.hands[other]! : h)) };
  const theirs = findPlays(swapped, seat, { maxPlays: 1 })[0];
  if (theirs) out.push({ type: 'play', layout: theirs.layout });
  if (!state.opened[seat]) {
    // Too few points to open, and a rearranged table: both fine once opened.
    const low = findPlays({ ...state, rules: { ...state.rules, openingPoints: 0 } }, seat).find(
      (p) => p.points < state.rules.openingPoints,
    );
    if (low) out.push({ type: 'play', layout: low.layout });
    const opened = { ...state, opened: state.opened.map((o, s) => o || s === seat) };
    const rearranged = findPlays(opened, seat).find(
      (p) =>
        newMelds(
          state.table,
          p.layout.map((cards) => ({ cards })),
        ) === null,
    );
    if (rearranged) out.push({ type: 'play', layout: rearranged.layout });
  }
  return out;
}

/**
 * The standard game one time in four; otherwise 2 to 4 players, mostly one
 * deck, 0 to 2 jokers a deck and hands of 5 cards up to all the deck holds,
 * so that rounds are shorter and the stock often small.
 */
export function randomConfig(rng: Rng): RummyConfig {
  if (rng.int(0, 3) === 0) return game.defaultConfig();
  const players = rng.int(2, 4);
  const decks = rng.int(0, 4) === 0 ? 2 : 1;
  const jokers = rng.int(0, 2 * decks);
  const handSize = rng.int(5, Math.floor((52 * decks + jokers) / players));
  return {
    players,
    rules: { decks, jokers, handSize, openingPoints: rng.pick([0, 10, 30]), jokerPenalty: rng.pick([0, 30]) },
  };
}

/** The kit's options for bulk playouts of varied configs: cheap checks every step, deep ones every tenth. */
export const variedPlayouts = {
  config: randomConfig,
  invariant,
  hiddenVariant,
  invalidActions,
  legalSample: 2,
  checkEvery: 10,
} as const;

/**
 * The definition the bulk playouts run: the bounded search's plays only. The
 * solver's play costs some twenty times more per step; smaller runs check the
 * full `rummyGame`.
 */
export const searchOnly = createRummyGame({ solverPlay: false });
