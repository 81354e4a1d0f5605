/**
 * The rules as pure functions over a plain JSON `RummyState`, exported as the
 * `Round` namespace (`Round.play(state, seat, layout)`): each returns a new
 * state and never changes the one it is given (a refused action throws and
 * leaves it as it was). `rummyGame` and the `Game` facade both run on these.
 */
import {
  type ErrorCode,
  IllegalActionError,
  InvalidInputError,
  matches,
  type Rng,
  schemaProblem,
  shown,
} from '@tabula/core';
import { assertCardString, isCardString } from './card.js';
import { InvalidMeldError, NotYourTurnError, UnknownPlayerError } from './errors.js';
import { handPenalty } from './hand.js';
import { scoreMeld, validateMeld } from './meld.js';
import { assertRules, beyondDeckMessage, cardsBeyondDeck, createDeck } from './rules.js';
import {
  type LayoutMeld,
  LayoutSchema,
  MAX_PLAYERS,
  type RulesConfig,
  type RummyState,
  type TableMeld,
} from './schemas.js';
import { newMelds } from './table.js';

function refuse(code: ErrorCode, message: string): never {
  throw new IllegalActionError(code, message);
}

/**
 * Deals a round: block dealing from the start of the deck (the first seat
 * gets the first `handSize` cards, and so on), the rest is the stock.
 * Paths in errors name the arguments: `$.rules.handSize`, `$.players`, `$.deck[3]`.
 */
export function deal(rules: RulesConfig, players: number, deck: readonly string[]): RummyState {
  assertRules(rules);
  if (!Number.isSafeInteger(players) || players < 2 || players > MAX_PLAYERS) {
    throw new InvalidInputError(
      'invalid_config',
      '$.players',
      Number.isSafeInteger(players) && players > MAX_PLAYERS
        ? `At most ${MAX_PLAYERS} players can play a round, got ${players}.`
        : `At least two players are needed, got ${shown(players)}.`,
    );
  }
  if (!Array.isArray(deck))
    throw new InvalidInputError('invalid_input', '$.deck', `must be a list of cards, got ${shown(deck)}`);
  const needed = players * rules.handSize;
  if (deck.length < needed) {
    throw new InvalidInputError(
      'invalid_input',
      '$.deck',
      `Not enough cards to deal ${rules.handSize} cards to ${players} players: ${needed} needed, ${deck.length} given.`,
    );
  }
  // every place, holes included
  for (let i = 0; i < deck.length; i++) assertCardString(deck[i]);
  const extra = cardsBeyondDeck(rules, [deck]);
  if (extra !== null) {
    throw new InvalidInputError('invalid_input', `$.deck[${extra.index}]`, beyondDeckMessage(rules, extra));
  }
  const hands = Array.from({ length: players }, (_, p) =>
    deck.slice(p * rules.handSize, (p + 1) * rules.handSize),
  );
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

/** The rules' deck in a seeded random order. */
export function shuffledDeck(rules: RulesConfig, rng: Rng): string[] {
  return rng.shuffle(createDeck(rules));
}

/** Throws unless the round is in progress, the seat exists and it is its turn; returns the seat's hand. */
export function checkTurn(state: RummyState, seat: number): readonly string[] {
  if (state.status !== 'playing') refuse('game_over', 'The round is over.');
  // a seat is an index: anything else (a string, an object) is no seat, and is not used as a key
  const hand = Number.isInteger(seat) ? state.hands[seat] : undefined;
  if (hand === undefined) throw new UnknownPlayerError(`There is no player at seat ${shown(seat)}.`);
  if (seat !== state.current) {
    throw new NotYourTurnError(`It is seat ${state.current}'s turn, not seat ${seat}'s.`);
  }
  return hand;
}

/**
 * The layout's melds with their kinds settled; throws on a malformed, bad-card
 * or invalid meld. `at` is the layout's path in the input (`$.layout`).
 */
export function settleLayout(layout: readonly LayoutMeld[], at = '$.layout'): TableMeld[] {
  if (!matches(LayoutSchema, layout)) {
    const problem = schemaProblem(LayoutSchema, layout);
    throw new InvalidInputError(
      'invalid_input',
      `${at}${problem?.path.slice(1) ?? ''}`,
      `${problem?.message}: a layout is an array of melds, each an array of cards or { kind: "group" | "run", cards }`,
    );
  }
  return layout.map((meld) => {
    const cards = 'kind' in meld ? meld.cards : meld;
    const kind = 'kind' in meld ? meld.kind : undefined;
    for (const card of cards) if (!isCardString(card)) assertCardString(card, cards.join(','));
    const check = validateMeld(cards, kind);
    if (!check.valid) {
      throw new InvalidMeldError(check.rule, check.card, `Invalid meld ${cards.join(',')}: ${check.message}`);
    }
    return { kind: check.kind, cards: cards.slice() };
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

/** What a play is checked against: the seat's side of the round, all of which its view shows. */
export interface PlayPosition {
  readonly table: readonly TableMeld[];
  readonly hand: readonly string[];
  readonly opened: boolean;
  readonly rules: RulesConfig;
}

/**
 * The table and hand after a play, or the rule it breaks: no card leaves the
 * table, at least one card comes from the hand, and before opening the table
 * stays as it was and the new melds reach the opening points. Needs nothing
 * hidden, so a client can check a play from its view before sending it.
 */
export function settlePlay(
  position: PlayPosition,
  layout: readonly LayoutMeld[],
): { table: TableMeld[]; hand: string[] } {
  const melds = settleLayout(layout);
  const before = bag(position.table.map((m) => m.cards));
  const after = bag(melds.map((m) => m.cards));
  const removed = minus(before, after);
  if (removed.length > 0) refuse('cards_left_table', `Cards cannot leave the table: ${removed.join(',')}.`);
  const added = minus(after, before);
  if (added.length === 0) {
    refuse('no_card_played', 'At least one card from the hand must be played, otherwise draw.');
  }
  const addedBag = bag([added]);
  const notInHand = minus(addedBag, bag([position.hand]));
  if (notInHand.length > 0) {
    // a card without its back under several decks is the likely mistake: say so
    const backless = position.rules.decks > 1 ? notInHand.find((card) => card.length === 2) : undefined;
    const hint =
      backless === undefined
        ? ''
        : ` With ${position.rules.decks} decks cards carry a back: ${backless}r or ${backless}b.`;
    refuse('card_not_held', `Cards not in hand: ${notInHand.join(',')}.${hint}`);
  }
  if (!position.opened) {
    const fresh = newMelds(position.table, melds);
    if (fresh === null) refuse('table_rearranged', 'The table cannot be rearranged before opening.');
    let points = 0;
    for (const meld of fresh) points += scoreMeld(meld.cards, meld.kind);
    if (points < position.rules.openingPoints) {
      refuse(
        'opening_too_low',
        `Opening melds are worth ${points} points, ${position.rules.openingPoints} needed.`,
      );
    }
  }
  const hand = position.hand.filter((card) => {
    const left = addedBag.get(card) ?? 0;
    if (left === 0) return true;
    addedBag.set(card, left - 1);
    return false;
  });
  return { table: melds, hand };
}

/**
 * Plays a turn: `layout` is the new layout of the whole table. After the turn
 * checks and meld validity, checked in order: no card left the table, at
 * least one card was added, every added card is in the hand, and before the
 * player has opened the old melds are untouched and the new ones are worth at
 * least `openingPoints` (jokers at the value they stand for).
 */
export function play(state: RummyState, seat: number, layout: readonly LayoutMeld[]): RummyState {
  const held = checkTurn(state, seat);
  const opened = state.opened[seat] === true;
  const { table, hand } = settlePlay({ table: state.table, hand: held, opened, rules: state.rules }, layout);
  const next: RummyState = {
    ...state,
    hands: state.hands.map((h, i) => (i === seat ? hand : h)),
    table,
    opened: opened ? state.opened : state.opened.map((o, i) => o || i === seat),
    passes: 0,
  };
  return hand.length === 0 ? finish(next, seat) : advance(next);
}

/** Draws the first card of the stock into the hand; only while the stock has cards. */
export function draw(state: RummyState, seat: number): RummyState {
  checkTurn(state, seat);
  const [card, ...stock] = state.stock;
  if (card === undefined) refuse('stock_empty', 'The stock is empty: play or pass.');
  return advance({
    ...state,
    hands: state.hands.map((h, i) => (i === seat ? [...h, card] : h)),
    stock,
    passes: 0,
  });
}

/** Skips the turn; only when the stock is empty. As many passes in a row as players end the round. */
export function pass(state: RummyState, seat: number): RummyState {
  checkTurn(state, seat);
  if (state.stock.length > 0) {
    refuse('stock_not_empty', 'Cannot pass while the stock is not empty: play or draw.');
  }
  const next = { ...state, passes: state.passes + 1 };
  return next.passes >= state.hands.length ? finish(next, null) : advance(next);
}

function advance(state: RummyState): RummyState {
  return { ...state, current: (state.current + 1) % state.hands.length };
}

/** On a stalemate the seat with the lowest penalty wins; ties go to the earliest seat. */
export function stalemateWinner(rules: RulesConfig, hands: readonly (readonly string[])[]): number {
  let best = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (const [i, hand] of hands.entries()) {
    const p = handPenalty(hand, rules.jokerPenalty);
    if (p < lowest) {
      lowest = p;
      best = i;
    }
  }
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
  const base = Number.isInteger(winner) ? penalties[winner] : undefined;
  if (base === undefined) throw new UnknownPlayerError(`There is no player at seat ${shown(winner)}.`);
  const scores = penalties.map((p) => base - p);
  scores[winner] = scores.reduce((sum, s, i) => (i === winner ? sum : sum - s), 0);
  return scores;
}

function finish(state: RummyState, winner: number | null): RummyState {
  const w = winner ?? stalemateWinner(state.rules, state.hands);
  return { ...state, status: 'over', winner: w, scores: roundScores(state.rules, state.hands, w) };
}
