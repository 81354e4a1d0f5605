/**
 * The rules as pure functions over a plain JSON `RoundState`: each returns a
 * new state and never changes the one it is given (a refused action throws and
 * leaves it as it was). `Game` is the object facade over these.
 */
import { InvalidInputError, type Rng } from '@tabula/core';
import { assertCardString, isCardString } from './card.js';
import {
  IllegalMoveError,
  InvalidMeldError,
  InvalidRulesError,
  NotYourTurnError,
  UnknownPlayerError,
} from './errors.js';
import { handPenalty } from './hand.js';
import { type MeldKind, scoreMeld, type TableMeld, validateMeld } from './meld-check.js';
import { createDeck, type RulesConfig, rulesProblem } from './rules.js';
import { newMeldPositions } from './table.js';

/** `playing` until a player goes out or everyone passes in a row, then `over`. */
export type RoundStatus = 'playing' | 'over';

/** One dealt round as plain JSON. Seats are numbered from 0 in join order. */
export interface RoundState {
  readonly rules: RulesConfig;
  readonly status: RoundStatus;
  /** Each seat's cards (strings with backs, e.g. `Khr`), in the order received. */
  readonly hands: readonly (readonly string[])[];
  /** The face-down stock; the next draw takes the first card. */
  readonly stock: readonly string[];
  readonly table: readonly TableMeld[];
  /** Whether each seat has made its opening play. */
  readonly opened: readonly boolean[];
  /** The seat whose turn it is. */
  readonly current: number;
  /** Consecutive passes so far. */
  readonly passes: number;
  /** The winning seat once over, otherwise null. */
  readonly winner: number | null;
  /** Each seat's score once over, zeros while playing. */
  readonly scores: readonly number[];
}

/** A meld of a submitted layout: its cards (kind guessed) or an explicit `{ kind, cards }`. */
export type LayoutMeld = readonly string[] | TableMeld;

function refuse(code: string, message: string): never {
  throw new IllegalMoveError(code, message);
}

/**
 * Deals a round: block dealing from the start of the deck (the first seat
 * gets the first `handSize` cards, and so on), the rest is the stock.
 */
export function deal(rules: RulesConfig, players: number, deck: readonly string[]): RoundState {
  const problem = rulesProblem(rules);
  if (problem) throw new InvalidRulesError(problem.field, `Invalid rules: ${problem.message}`);
  if (!Number.isSafeInteger(players) || players < 2) {
    refuse('too_few_players', `At least two players are needed, got ${players}.`);
  }
  const needed = players * rules.handSize;
  if (deck.length < needed) {
    refuse(
      'not_enough_cards',
      `Not enough cards to deal ${rules.handSize} cards to ${players} players: ${needed} needed, ${deck.length} given.`,
    );
  }
  for (const card of deck) assertCardString(card);
  const extra = cardsBeyondDeck(rules, [deck]);
  if (extra !== null) {
    refuse('not_in_deck', `Bad deck: ${beyondDeckMessage(rules, extra)}`);
  }
  const hands: string[][] = [];
  for (let p = 0; p < players; p++) hands.push(deck.slice(p * rules.handSize, (p + 1) * rules.handSize));
  return {
    rules: {
      decks: rules.decks,
      jokers: rules.jokers,
      handSize: rules.handSize,
      openingPoints: rules.openingPoints,
      jokerPenalty: rules.jokerPenalty,
    },
    status: 'playing',
    hands,
    stock: deck.slice(needed),
    table: [],
    opened: hands.map(() => false),
    current: 0,
    passes: 0,
    winner: null,
    scores: hands.map(() => 0),
  };
}

const deckBags = new Map<string, ReadonlyMap<string, number>>();

/** How often the rules' deck holds each card; cached, as saved rounds are checked against it often. */
function deckBag(rules: RulesConfig): ReadonlyMap<string, number> {
  const key = `${rules.decks}/${rules.jokers}`;
  let counts = deckBags.get(key);
  if (counts === undefined) {
    counts = bag([createDeck(rules)]);
    if (deckBags.size < 64) deckBags.set(key, counts);
  }
  return counts;
}

/**
 * The first card (in list order) of the lists that appears more often than in
 * the rules' deck, with how often the rules' deck holds it; null when the
 * lists fit in the deck.
 */
export function cardsBeyondDeck(
  rules: RulesConfig,
  lists: readonly (readonly string[])[],
): { card: string; list: number; index: number; allowed: number } | null {
  const deck = deckBag(rules);
  // counts of the cards seen, against the deck's (copying the deck's map costs more than the lists)
  const seen = new Map<string, number>();
  for (let l = 0; l < lists.length; l++) {
    const list = lists[l]!;
    for (let i = 0; i < list.length; i++) {
      const card = list[i]!;
      const n = (seen.get(card) ?? 0) + 1;
      const allowed = deck.get(card) ?? 0;
      if (n > allowed) return { card, list: l, index: i, allowed };
      seen.set(card, n);
    }
  }
  return null;
}

/** Why a card found by `cardsBeyondDeck` does not fit. */
export function beyondDeckMessage(rules: RulesConfig, extra: { card: string; allowed: number }): string {
  if (extra.allowed > 0) {
    return `card ${extra.card} appears more often than the ${extra.allowed} of the rules' deck.`;
  }
  const hint =
    rules.decks > 1 && extra.card.length === 2
      ? ` (with ${rules.decks} decks cards carry a back, e.g. ${extra.card}r)`
      : '';
  return `card ${extra.card} is not in the rules' deck${hint}.`;
}

/** A deep copy of a round (faster than `structuredClone` on this plain data). */
export function cloneRound(state: RoundState): RoundState {
  return {
    rules: { ...state.rules },
    status: state.status,
    hands: state.hands.map((h) => h.slice()),
    stock: state.stock.slice(),
    table: state.table.map((m) => ({ kind: m.kind, cards: m.cards.slice() })),
    opened: state.opened.slice(),
    current: state.current,
    passes: state.passes,
    winner: state.winner,
    scores: state.scores.slice(),
  };
}

/** The rules' deck in a seeded random order. */
export function shuffledDeck(rules: RulesConfig, rng: Rng): string[] {
  return rng.shuffle(createDeck(rules));
}

/** Throws unless the round is in progress, the seat exists and it is its turn. */
export function checkTurn(state: RoundState, seat: number): void {
  if (state.status !== 'playing') refuse('round_over', 'The round is over.');
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.hands.length) {
    throw new UnknownPlayerError(`There is no player at seat ${seat}.`);
  }
  if (seat !== state.current) {
    throw new NotYourTurnError(`It is seat ${state.current}'s turn, not seat ${seat}'s.`);
  }
}

/** The layout's melds with their kinds settled; throws on a malformed, bad-card or invalid meld. */
export function settleLayout(layout: readonly LayoutMeld[]): TableMeld[] {
  if (!Array.isArray(layout))
    throw new InvalidInputError('invalid_layout', 'layout', 'must be an array of melds');
  return layout.map((entry: unknown, i) => {
    let cards: unknown = entry;
    let kind: MeldKind | undefined;
    if (!Array.isArray(entry)) {
      const m = entry as { kind?: unknown; cards?: unknown } | null;
      if (typeof m !== 'object' || m === null || (m.kind !== 'group' && m.kind !== 'run')) {
        throw new InvalidInputError(
          'invalid_layout',
          `layout[${i}]`,
          'a meld is an array of cards or { kind: "group" | "run", cards }',
        );
      }
      kind = m.kind;
      cards = m.cards;
    }
    if (!Array.isArray(cards) || !cards.every((c) => typeof c === 'string')) {
      throw new InvalidInputError('invalid_layout', `layout[${i}]`, 'the cards must be an array of strings');
    }
    const list = cards as string[];
    for (const card of list) if (!isCardString(card)) assertCardString(card, list.join(','));
    const check = validateMeld(list, kind);
    if (!check.valid) {
      throw new InvalidMeldError(check.rule, check.card, `Invalid meld ${list.join(',')}: ${check.message}`);
    }
    return { kind: check.kind, cards: list.slice() };
  });
}

/** Counts of each card string. */
function bag(lists: readonly (readonly string[])[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const list of lists) for (const card of list) counts.set(card, (counts.get(card) ?? 0) + 1);
  return counts;
}

/** Cards of `a` not in `b`, with multiplicity, in `a`'s order of first appearance. */
function minus(a: Map<string, number>, b: Map<string, number>): string[] {
  const out: string[] = [];
  for (const [card, n] of a) for (let k = n - (b.get(card) ?? 0); k > 0; k--) out.push(card);
  return out;
}

/**
 * Plays a turn: `layout` is the new layout of the whole table. After the turn
 * checks and meld validity, checked in order: no card left the table, at
 * least one card was added, every added card is in the hand, and before the
 * player has opened the old melds are untouched and the new ones are worth at
 * least `openingPoints` (jokers at the value they stand for).
 */
export function play(state: RoundState, seat: number, layout: readonly LayoutMeld[]): RoundState {
  checkTurn(state, seat);
  const melds = settleLayout(layout);
  const before = bag(state.table.map((m) => m.cards));
  const after = bag(melds.map((m) => m.cards));
  const removed = minus(before, after);
  if (removed.length > 0) refuse('cards_left_table', `Cards cannot leave the table: ${removed.join(',')}.`);
  const added = minus(after, before);
  if (added.length === 0) {
    refuse('no_card_played', 'At least one card from the hand must be played, otherwise draw.');
  }
  const hand = state.hands[seat]!;
  const addedBag = bag([added]);
  const notInHand = minus(addedBag, bag([hand]));
  if (notInHand.length > 0) refuse('cards_not_in_hand', `Cards not in hand: ${notInHand.join(',')}.`);
  if (!state.opened[seat]) {
    const fresh = newMeldPositions(state.table, melds);
    if (fresh === null) refuse('table_rearranged', 'The table cannot be rearranged before opening.');
    let points = 0;
    for (const i of fresh) points += scoreMeld(melds[i]!.cards, melds[i]!.kind);
    if (points < state.rules.openingPoints) {
      refuse(
        'opening_too_low',
        `Opening melds are worth ${points} points, ${state.rules.openingPoints} needed.`,
      );
    }
  }
  const newHand = hand.filter((card) => {
    const left = addedBag.get(card) ?? 0;
    if (left === 0) return true;
    addedBag.set(card, left - 1);
    return false;
  });
  const next: RoundState = {
    ...state,
    hands: state.hands.map((h, i) => (i === seat ? newHand : h)),
    table: melds,
    opened: state.opened[seat] ? state.opened : state.opened.map((o, i) => o || i === seat),
    passes: 0,
  };
  return newHand.length === 0 ? finish(next, seat) : advance(next);
}

/** Draws the first card of the stock into the hand; only while the stock has cards. */
export function draw(state: RoundState, seat: number): RoundState {
  checkTurn(state, seat);
  if (state.stock.length === 0) refuse('stock_empty', 'The stock is empty: play or pass.');
  const card = state.stock[0]!;
  return advance({
    ...state,
    hands: state.hands.map((h, i) => (i === seat ? [...h, card] : h)),
    stock: state.stock.slice(1),
    passes: 0,
  });
}

/** Skips the turn; only when the stock is empty. As many passes in a row as players end the round. */
export function pass(state: RoundState, seat: number): RoundState {
  checkTurn(state, seat);
  if (state.stock.length > 0) {
    refuse('stock_not_empty', 'Cannot pass while the stock is not empty: play or draw.');
  }
  const next = { ...state, passes: state.passes + 1 };
  return next.passes >= state.hands.length ? finish(next, null) : advance(next);
}

function advance(state: RoundState): RoundState {
  return { ...state, current: (state.current + 1) % state.hands.length };
}

/** On a stalemate the seat with the lowest penalty wins; ties go to the earliest seat. */
export function stalemateWinner(rules: RulesConfig, hands: readonly (readonly string[])[]): number {
  let best = 0;
  let lowest = Number.POSITIVE_INFINITY;
  hands.forEach((hand, i) => {
    const p = handPenalty(hand, rules.jokerPenalty);
    if (p < lowest) {
      lowest = p;
      best = i;
    }
  });
  return best;
}

/**
 * Scores once `winner` has won: every penalty is reduced by the winner's own
 * (zero when they went out); losers score minus theirs, the winner the sum.
 */
export function roundScores(
  rules: RulesConfig,
  hands: readonly (readonly string[])[],
  winner: number,
): number[] {
  const penalties = hands.map((h) => handPenalty(h, rules.jokerPenalty));
  const base = penalties[winner]!;
  const scores = penalties.map((p) => base - p);
  scores[winner] = scores.reduce((sum, s, i) => (i === winner ? sum : sum - s), 0);
  return scores;
}

function finish(state: RoundState, winner: number | null): RoundState {
  const w = winner ?? stalemateWinner(state.rules, state.hands);
  return { ...state, status: 'over', winner: w, scores: roundScores(state.rules, state.hands, w) };
}
