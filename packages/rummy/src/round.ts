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
import { assertCardString, badCardAt, CARD_INDEXES, cardIndex, invalidCard } from './card.js';
import { InvalidMeldError, NotYourTurnError, Refusal, type Refused, UnknownPlayerError } from './errors.js';
import { handPenalty } from './hand.js';
import { guessMeldKind, refuseMeld, scoreCards, scoreMeld } from './meld.js';
import { assertRules, beyondDeckMessage, cardsBeyondDeck, createDeck } from './rules.js';
import {
  type LayoutMeld,
  LayoutSchema,
  MAX_CARDS,
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

/** A refusal of `IllegalActionError` with `code`; the message is written when asked for. */
function refusal(code: ErrorCode, message: () => string): Refusal {
  return new Refusal(code, () => new IllegalActionError(code, message()), message);
}

/** The seat's hand when the round is in progress, the seat exists and it is its turn; the refusal otherwise. */
function turnHand(state: RummyState, seat: number): readonly string[] | Refusal {
  if (state.status !== 'playing') return refusal('game_over', () => 'The round is over.');
  // a seat is an index: anything else (a string, an object) is no seat, and is not used as a key
  const hand = Number.isInteger(seat) ? state.hands[seat] : undefined;
  if (hand === undefined) {
    const message = () => `There is no player at seat ${shown(seat)}.`;
    return new Refusal('unknown_seat', () => new UnknownPlayerError(message()), message);
  }
  if (seat !== state.current) {
    const message = () => `It is seat ${state.current}'s turn, not seat ${seat}'s.`;
    return new Refusal('not_your_turn', () => new NotYourTurnError(message()), message);
  }
  return hand;
}

/** Throws unless the round is in progress, the seat exists and it is its turn; returns the seat's hand. */
export function checkTurn(state: RummyState, seat: number): readonly string[] {
  const hand = turnHand(state, seat);
  if (hand instanceof Refusal) throw hand.toError();
  return hand;
}

/** Whether two lists hold the same strings in the same order. */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether a meld of a layout is given as its cards alone (its kind to be guessed). */
function isCardList(meld: LayoutMeld): meld is Extract<LayoutMeld, readonly string[]> {
  return Array.isArray(meld);
}

/** Whether a list holds at most `MAX_CARDS` items, all strings (holes are none). */
function strings(list: readonly unknown[]): boolean {
  if (list.length > MAX_CARDS) return false;
  for (let i = 0; i < list.length; i++) if (typeof list[i] !== 'string') return false;
  return true;
}

/**
 * Whether `layout` has the shape of `LayoutSchema`, the very test its
 * compiled check makes (a test keeps the two equal), in plain code: the
 * compiled check is many times slower until the engine has optimized it,
 * which is most of the first rounds of a process. The schema still names
 * what is wrong with a layout this refuses.
 */
function layoutShape(layout: unknown): boolean {
  if (!Array.isArray(layout) || layout.length > MAX_CARDS) return false;
  for (let i = 0; i < layout.length; i++) {
    const meld: unknown = layout[i];
    if (Array.isArray(meld)) {
      if (!strings(meld)) return false;
    } else if (typeof meld === 'object' && meld !== null) {
      const { kind, cards } = meld as { kind?: unknown; cards?: unknown };
      if (kind !== 'group' && kind !== 'run') return false;
      if (!Array.isArray(cards) || !strings(cards) || Object.getOwnPropertyNames(meld).length !== 2)
        return false;
    } else return false;
  }
  return true;
}

/**
 * The layout's melds with their kinds settled, or the refusal of the first
 * problem: a malformed layout (`InvalidInputError` at `at`), a bad card, an
 * invalid meld. Nothing is thrown. A meld that lies as the meld of `table` at
 * its place (same kind, same cards in the same order) is that meld itself.
 */
function checkLayout(
  layout: readonly LayoutMeld[],
  at: string,
  table: readonly TableMeld[] = [],
): TableMeld[] | Refused {
  if (!layoutShape(layout) && !matches(LayoutSchema, layout)) {
    return new Refusal('invalid_input', () => {
      const problem = schemaProblem(LayoutSchema, layout);
      return new InvalidInputError(
        'invalid_input',
        `${at}${problem?.path.slice(1) ?? ''}`,
        `${problem?.message}: a layout is an array of melds, each an array of cards or { kind: "group" | "run", cards }`,
      );
    });
  }
  const melds: TableMeld[] = [];
  for (let place = 0; place < layout.length; place++) {
    const meld = layout[place]!;
    const cards = isCardList(meld) ? meld : meld.cards;
    const bad = badCardAt(cards);
    if (bad >= 0) return new Refusal('invalid_card', () => invalidCard(cards[bad], cards.join(',')));
    const kind = isCardList(meld) ? guessMeldKind(cards) : meld.kind;
    if (scoreCards(cards, kind) < 0) {
      const broken = refuseMeld(cards, kind);
      const message = () => `Invalid meld ${cards.join(',')}: ${broken.message}`;
      return new Refusal(
        'invalid_meld',
        () => new InvalidMeldError(broken.rule, broken.card, message()),
        message,
      );
    }
    // a meld left as it lay is the table's own (states are never changed): most of a layout, in most plays
    const old = table[place];
    melds.push(
      old !== undefined && old.kind === kind && sameList(old.cards, cards)
        ? old
        : { kind, cards: cards.slice() },
    );
  }
  return melds;
}

/**
 * The layout's melds with their kinds settled; throws on a malformed, bad-card
 * or invalid meld. `at` is the layout's path in the input (`$.layout`).
 */
export function settleLayout(layout: readonly LayoutMeld[], at = '$.layout'): TableMeld[] {
  const melds = checkLayout(layout, at);
  if (!Array.isArray(melds)) throw melds.toError();
  return melds;
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

/** What a play leaves: the new table and the hand. */
export interface PlayOutcome {
  readonly ok: true;
  readonly table: TableMeld[];
  readonly hand: string[];
}

/**
 * Per card (`cardIndex`), the layout's copies minus the table's, then less
 * the copies the hand gives; zero between uses. Counting in it costs less
 * than in maps (a play check counts every card of the table twice).
 */
const counts = new Int32Array(CARD_INDEXES);

/** The `cardIndex` of the table's and the layout's cards that `handAfter` counts (grown when short). */
let tableIndexes = new Int32Array(256);
let layoutIndexes = new Int32Array(256);
/** Per place, 1 when the layout's meld there is the table's (left as it lay). */
let samePlace = new Uint8Array(64);

/** Cards of the melds. */
function cardCount(melds: readonly TableMeld[]): number {
  let n = 0;
  for (const meld of melds) n += meld.cards.length;
  return n;
}

/**
 * The hand after a play that keeps every table card and adds at least one,
 * all from the hand; null when the play breaks one of these (then
 * `playRefusal` says which) or the table holds a string that is no card.
 * A meld left in its place (most of them, in most plays) cancels out and is
 * not counted.
 */
function handAfter(
  table: readonly TableMeld[],
  melds: readonly TableMeld[],
  hand: readonly string[],
): string[] | null {
  const places = Math.min(table.length, melds.length);
  if (samePlace.length < places) samePlace = new Uint8Array(places * 2);
  const same = samePlace;
  // `checkLayout` gives a meld left in its place as the table's own
  for (let k = 0; k < places; k++) same[k] = table[k] === melds[k] ? 1 : 0;
  const tableCards = cardCount(table);
  const layoutCards = cardCount(melds);
  if (tableIndexes.length < tableCards) tableIndexes = new Int32Array(tableCards * 2);
  if (layoutIndexes.length < layoutCards) layoutIndexes = new Int32Array(layoutCards * 2);
  const before = tableIndexes;
  const after = layoutIndexes;
  let cards = true;
  let removed = 0;
  for (let k = 0; k < table.length; k++) {
    if (k < places && same[k] === 1) continue;
    for (const card of table[k]!.cards) {
      const i = cardIndex(card);
      if (i < 0) cards = false;
      else {
        counts[i]!--;
        before[removed++] = i;
      }
    }
  }
  let added = 0;
  // the layout's cards are checked
  for (let k = 0; k < melds.length; k++) {
    if (k < places && same[k] === 1) continue;
    for (const card of melds[k]!.cards) {
      const i = cardIndex(card);
      counts[i]!++;
      after[added++] = i;
    }
  }
  let left: string[] | null = null;
  // something was added, and nothing left the table (no count below zero)
  let kept = cards && layoutCards > tableCards;
  for (let k = 0; kept && k < removed; k++) if (counts[before[k]!]! < 0) kept = false;
  if (kept) {
    // the hand without the added cards (the first copies); then no added card may be left
    left = [];
    for (const card of hand) {
      const i = cardIndex(card);
      if (i >= 0 && counts[i]! > 0) counts[i]!--;
      else left.push(card);
    }
    for (let k = 0; k < added; k++) {
      if (counts[after[k]!]! > 0) {
        left = null;
        break;
      }
    }
  }
  for (let k = 0; k < removed; k++) counts[before[k]!] = 0;
  for (let k = 0; k < added; k++) counts[after[k]!] = 0;
  return left;
}

/** Which of the card checks a play breaks (`handAfter` found one), with the cards the message names. */
function playRefusal(position: PlayPosition, melds: readonly TableMeld[]): Refusal | null {
  const before = bag(position.table.map((m) => m.cards));
  const after = bag(melds.map((m) => m.cards));
  const removed = minus(before, after);
  if (removed.length > 0)
    return refusal('cards_left_table', () => `Cards cannot leave the table: ${removed.join(',')}.`);
  const added = minus(after, before);
  if (added.length === 0) {
    return refusal('no_card_played', () => 'At least one card from the hand must be played, otherwise draw.');
  }
  const notInHand = minus(bag([added]), bag([position.hand]));
  if (notInHand.length === 0) return null;
  return refusal('card_not_held', () => {
    // a card without its back under several decks is the likely mistake: say so
    const backless = position.rules.decks > 1 ? notInHand.find((card) => card.length === 2) : undefined;
    const hint =
      backless === undefined
        ? ''
        : ` With ${position.rules.decks} decks cards carry a back: ${backless}r or ${backless}b.`;
    return `Cards not in hand: ${notInHand.join(',')}.${hint}`;
  });
}

/**
 * `settlePlay` without throwing: the table and hand after the play (`ok:
 * true`), or the refusal of the first rule it breaks, whose `toError()` is
 * what `settlePlay` throws. A refusal costs about what an acceptance costs.
 */
export function checkPlay(position: PlayPosition, layout: readonly LayoutMeld[]): PlayOutcome | Refused {
  const melds = checkLayout(layout, '$.layout', position.table);
  if (!Array.isArray(melds)) return melds;
  let hand = handAfter(position.table, melds, position.hand);
  if (hand === null) {
    const refused = playRefusal(position, melds);
    if (refused !== null) return refused;
    // the position holds a string that is no card (a state `fromJSON` did not check): count in maps
    hand = handOnStrings(position, melds);
  }
  if (!position.opened) {
    const fresh = newMelds(position.table, melds);
    if (fresh === null)
      return refusal('table_rearranged', () => 'The table cannot be rearranged before opening.');
    let points = 0;
    for (const meld of fresh) points += scoreMeld(meld.cards, meld.kind);
    const needed = position.rules.openingPoints;
    if (points < needed) {
      return refusal('opening_too_low', () => `Opening melds are worth ${points} points, ${needed} needed.`);
    }
  }
  return { ok: true, table: melds, hand };
}

/** The hand without the cards a play added (the first copies), counted in maps. */
function handOnStrings(position: PlayPosition, melds: readonly TableMeld[]): string[] {
  const added = bag([minus(bag(melds.map((m) => m.cards)), bag(position.table.map((m) => m.cards)))]);
  return position.hand.filter((card) => {
    const left = added.get(card) ?? 0;
    if (left === 0) return true;
    added.set(card, left - 1);
    return false;
  });
}

/**
 * The table and hand after a play, or the rule it breaks: no card leaves the
 * table, at least one card comes from the hand, and before opening the table
 * stays as it was and the new melds reach the opening points. Needs nothing
 * hidden, so a client can check a play from its view before sending it.
 * Throws the refusal's error (`checkPlay` returns it instead).
 */
export function settlePlay(
  position: PlayPosition,
  layout: readonly LayoutMeld[],
): { table: TableMeld[]; hand: string[] } {
  const outcome = checkPlay(position, layout);
  if (!outcome.ok) throw outcome.toError();
  return { table: outcome.table, hand: outcome.hand };
}

/**
 * `play` without throwing: the state after the play (`ok: true`), or the
 * refusal of the first check it fails (the turn, then the play's), whose
 * `toError()` is what `play` throws.
 */
export function tryPlay(
  state: RummyState,
  seat: number,
  layout: readonly LayoutMeld[],
): { readonly ok: true; readonly state: RummyState } | Refused {
  const held = turnHand(state, seat);
  if (held instanceof Refusal) return held;
  const opened = state.opened[seat] === true;
  const outcome = checkPlay({ table: state.table, hand: held, opened, rules: state.rules }, layout);
  if (!outcome.ok) return outcome;
  const { table, hand } = outcome;
  const hands = state.hands.slice();
  hands[seat] = hand;
  const next = turnTaken(state, {
    hands,
    stock: state.stock,
    table,
    opened: opened ? state.opened : state.opened.map((o, i) => o || i === seat),
    passes: 0,
  });
  return { ok: true, state: hand.length === 0 ? finish(next, seat, seat) : next };
}

/**
 * Plays a turn: `layout` is the new layout of the whole table. After the turn
 * checks and meld validity, checked in order: no card left the table, at
 * least one card was added, every added card is in the hand, and before the
 * player has opened the old melds are untouched and the new ones are worth at
 * least `openingPoints` (jokers at the value they stand for). `tryPlay`
 * returns the refusal instead of throwing it.
 */
export function play(state: RummyState, seat: number, layout: readonly LayoutMeld[]): RummyState {
  const outcome = tryPlay(state, seat, layout);
  if (!outcome.ok) throw outcome.toError();
  return outcome.state;
}

/** Draws the first card of the stock into the hand; only while the stock has cards. */
export function draw(state: RummyState, seat: number): RummyState {
  const held = checkTurn(state, seat);
  const card = state.stock[0];
  if (card === undefined) refuse('stock_empty', 'The stock is empty: play or pass.');
  const hands = state.hands.slice();
  hands[seat] = [...held, card];
  return turnTaken(state, {
    hands,
    stock: state.stock.slice(1),
    table: state.table,
    opened: state.opened,
    passes: 0,
  });
}

/** Skips the turn; only when the stock is empty. As many passes in a row as players end the round. */
export function pass(state: RummyState, seat: number): RummyState {
  checkTurn(state, seat);
  if (state.stock.length > 0) {
    refuse('stock_not_empty', 'Cannot pass while the stock is not empty: play or draw.');
  }
  const next = turnTaken(state, {
    hands: state.hands,
    stock: state.stock,
    table: state.table,
    opened: state.opened,
    passes: state.passes + 1,
  });
  return next.passes >= state.hands.length ? finish(next, null, seat) : next;
}

/**
 * The state after a turn with these fields changed, the turn passed on to the
 * next seat (`finish` gives it back to the winner's when the round ends).
 * Written out field by field, in the schema's order: a spread followed by
 * changes costs tens of times more.
 */
function turnTaken(
  state: RummyState,
  changes: Pick<RummyState, 'hands' | 'stock' | 'table' | 'opened' | 'passes'>,
): RummyState {
  return {
    rules: state.rules,
    status: state.status,
    hands: changes.hands,
    stock: changes.stock,
    table: changes.table,
    opened: changes.opened,
    current: (state.current + 1) % state.hands.length,
    passes: changes.passes,
    winner: state.winner,
    scores: state.scores,
  };
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

/** The round over: `winner` won (null: a stalemate, the lowest hand wins); the turn stays with the seat that ended it. */
function finish(state: RummyState, winner: number | null, ender: number): RummyState {
  const w = winner ?? stalemateWinner(state.rules, state.hands);
  return {
    rules: state.rules,
    status: 'over',
    hands: state.hands,
    stock: state.stock,
    table: state.table,
    opened: state.opened,
    current: ender,
    passes: state.passes,
    winner: w,
    scores: roundScores(state.rules, state.hands, w),
  };
}
