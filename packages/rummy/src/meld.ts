/**
 * Melds: the rules of a group and a run over card strings, then the PHP
 * library's `Meld`, `Group` and `Run` objects on top of them.
 *
 * The checks are the hot path of play checks and of layout searches, so they
 * return numbers and keep the broken rule and the failing position in module
 * variables: no allocation unless a message is asked for.
 */
import { InvalidInputError, shown, TabulaError } from '@tabula/core';
import {
  badCardAt,
  Card,
  type CardLike,
  cardIndex,
  cardKeys,
  cardListText,
  cardsText,
  cardValue,
  checkText,
  invalidCard,
  invalidCardMessage,
  isCardString,
  isJokerString,
  JOKER_CODE,
  RANK_VALUE,
  readCardList,
  SUIT_BIT,
  type Suit,
  type ToStringOptions,
} from './card.js';
import {
  type InvalidCardError,
  InvalidMeldError,
  MELD_RULES,
  type MeldRule,
  type Refused,
} from './errors.js';
import type { MeldKind, TableMeld } from './schemas.js';

export const MIN_MELD_LENGTH = 3;
export const MAX_GROUP_LENGTH = 4;
export const MAX_RUN_LENGTH = 13;

/** What `score` returns for a meld that breaks a rule. */
const BROKEN = -1;
// The checks keep a broken rule as its place in MELD_RULES: a number costs less to store than a name.
const BAD_CARD = MELD_RULES.indexOf('bad_card');
const TOO_FEW_CARDS = MELD_RULES.indexOf('too_few_cards');
const JOKERS_ONLY = MELD_RULES.indexOf('jokers_only');
const GROUP_TOO_LONG = MELD_RULES.indexOf('group_too_long');
const GROUP_RANK = MELD_RULES.indexOf('group_rank');
const GROUP_SUIT = MELD_RULES.indexOf('group_suit');
const RUN_TOO_LONG = MELD_RULES.indexOf('run_too_long');
const RUN_SUIT = MELD_RULES.indexOf('run_suit');
const RUN_CONSECUTIVE = MELD_RULES.indexOf('run_consecutive');
const RUN_BELOW_ACE = MELD_RULES.indexOf('run_below_ace');
const RUN_ABOVE_KING = MELD_RULES.indexOf('run_above_king');
/** What the last failed check found: the rule, and the position of the card that broke it (-1: no single card). */
const last = { rule: TOO_FEW_CARDS, at: -1 };

function broken(rule: number, at: number): number {
  last.rule = rule;
  last.at = at;
  return BROKEN;
}

/** The kind guessed from the cards: a group when the regular cards share one rank and there are at most 4 cards. */
export function guessMeldKind(cards: readonly string[]): MeldKind {
  if (cards.length > MAX_GROUP_LENGTH) return 'run';
  let rank = -1;
  for (let i = 0; i < cards.length; i++) {
    const code = cards[i]!.charCodeAt(0);
    if (code === JOKER_CODE) continue;
    if (rank === -1) rank = code;
    else if (code !== rank) return 'run';
  }
  return rank === -1 ? 'run' : 'group';
}

// The checks below index the cards in plain loops: they run millions of times in a search.

function groupScore(cards: readonly string[], first: number): number {
  const n = cards.length;
  if (n > MAX_GROUP_LENGTH) return broken(GROUP_TOO_LONG, -1);
  const rank = cards[first]!.charCodeAt(0);
  let suits = 0;
  for (let i = first; i < n; i++) {
    const card = cards[i]!;
    const code = card.charCodeAt(0);
    if (code === JOKER_CODE) continue;
    if (code !== rank) return broken(GROUP_RANK, i);
    const bit = SUIT_BIT[card.charCodeAt(1)]!;
    if ((suits & bit) !== 0) return broken(GROUP_SUIT, i);
    suits |= bit;
  }
  return RANK_VALUE[rank]! * n;
}

function runScore(cards: readonly string[], first: number): number {
  const n = cards.length;
  if (n > MAX_RUN_LENGTH) return broken(RUN_TOO_LONG, -1);
  const head = cards[first]!;
  const suit = head.charCodeAt(1);
  const start = RANK_VALUE[head.charCodeAt(0)]! - first;
  for (let i = 0; i < n; i++) {
    const card = cards[i]!;
    const expected = start + i;
    if (card.charCodeAt(0) === JOKER_CODE) {
      if (expected < 1) return broken(RUN_BELOW_ACE, i);
      if (expected > 13) return broken(RUN_ABOVE_KING, i);
    } else if (card.charCodeAt(1) !== suit) {
      return broken(RUN_SUIT, i);
    } else if (RANK_VALUE[card.charCodeAt(0)] !== expected) {
      return broken(RUN_CONSECUTIVE, i);
    }
  }
  return n * start + (n * (n - 1)) / 2;
}

/** Points of the meld (> 0), or `BROKEN` with `last` set. */
function score(cards: readonly string[], kind: MeldKind | undefined): number {
  if (cards.length < MIN_MELD_LENGTH) return broken(TOO_FEW_CARDS, -1);
  const bad = badCardAt(cards);
  if (bad >= 0) return broken(BAD_CARD, bad);
  return scoreCards(cards, kind ?? guessMeldKind(cards));
}

/** `score` of cards known to be card strings (`badCardAt` found none). */
export function scoreCards(cards: readonly string[], kind: MeldKind): number {
  const n = cards.length;
  if (n < MIN_MELD_LENGTH) return broken(TOO_FEW_CARDS, -1);
  let first = 0;
  while (first < n && cards[first]!.charCodeAt(0) === JOKER_CODE) first++;
  if (first === n) return broken(JOKERS_ONLY, -1);
  return kind === 'group' ? groupScore(cards, first) : runScore(cards, first);
}

/**
 * Points of a meld, or -1 when it is not valid. No allocation: the fast test
 * for searches. Without `kind` the kind is guessed.
 */
export function scoreMeld(cards: readonly string[], kind?: MeldKind): number {
  return score(cards, kind);
}

/** Whether the cards make a valid meld (of `kind`, or of the guessed kind). */
export function isValidMeld(cards: readonly string[], kind?: MeldKind): boolean {
  return score(cards, kind) > 0;
}

/** What the broken rule says, naming the card that broke it. */
function message(rule: MeldRule, card: string | undefined, cards: readonly unknown[]): string {
  switch (rule) {
    case 'bad_card':
      return `Invalid card "${card}" in a meld.`;
    case 'too_few_cards':
      return `A meld needs at least ${MIN_MELD_LENGTH} cards, got ${cards.length}.`;
    case 'jokers_only':
      return 'A meld needs at least one card that is not a joker.';
    case 'group_too_long':
      return `A group has at most ${MAX_GROUP_LENGTH} cards, got ${cards.length}.`;
    case 'group_rank':
      return `Cards in a group must share the rank, got ${card}.`;
    case 'group_suit':
      return `Cards in a group must all have different suits, got ${card} twice.`;
    case 'run_too_long':
      return `A run has at most ${MAX_RUN_LENGTH} cards, got ${cards.length}.`;
    case 'run_suit':
      return `Cards in a run must share the suit, got ${card}.`;
    case 'run_consecutive':
      return `Cards in a run must be consecutive, got ${card}.`;
    case 'run_below_ace':
      return `A run cannot go below the ace, got ${card} there.`;
    case 'run_above_king':
      return `A run cannot go above the king, got ${card} there.`;
  }
}

/** The outcome of `validateMeld`. */
export type MeldCheck =
  | { readonly valid: true; readonly kind: MeldKind; readonly points: number }
  | {
      readonly valid: false;
      readonly kind: MeldKind;
      readonly rule: MeldRule;
      /** The card that broke the rule, or null when no single card is to blame. */
      readonly card: string | null;
      readonly message: string;
    };

/** The failure the last check found, for the cards it checked. */
function failure(kind: MeldKind, cards: readonly string[]): MeldCheck & { valid: false } {
  const card = last.at >= 0 ? cards[last.at] : undefined;
  // a place in MELD_RULES, set by `broken`
  const rule = MELD_RULES[last.rule]!;
  return {
    valid: false,
    kind,
    rule,
    card: card ?? null,
    message: message(rule, card, cards),
  };
}

/** Checks a meld (of `kind`, or of the guessed kind) and says which card broke which rule. */
export function validateMeld(cards: readonly string[], kind?: MeldKind): MeldCheck {
  const k = kind ?? guessMeldKind(cards);
  const points = score(cards, k);
  return points > 0 ? { valid: true, kind: k, points } : failure(k, cards);
}

/** Points of a valid meld; throws `InvalidMeldError` otherwise. Jokers count as the card they stand for. */
export function meldPoints(cards: readonly string[], kind?: MeldKind): number {
  return assertMeld(cards, kind).points;
}

/** Throws `InvalidMeldError` unless the cards make a valid meld. */
export function assertMeld(cards: readonly string[], kind?: MeldKind): { kind: MeldKind; points: number } {
  const check = validateMeld(cards, kind);
  if (!check.valid) throw new InvalidMeldError(check.rule, check.card, check.message);
  return check;
}

/** The value each position stands for in a valid meld (jokers resolved); throws `InvalidMeldError` otherwise. */
export function meldValues(cards: readonly string[], kind?: MeldKind): number[] {
  const k = assertMeld(cards, kind).kind;
  const first = cards.findIndex((card) => !isJokerString(card));
  const value = cardValue(cards[first] ?? '');
  return k === 'group' ? cards.map(() => value) : cards.map((_, i) => value - first + i);
}

/**
 * The cards in run order: regular cards ascending, jokers filling the gaps,
 * spare jokers after the top card while it is below the king, the rest before
 * the first. Nothing is validated: the result is a valid run only when the
 * cards can make one.
 */
export function sortRun<T>(cards: readonly T[], keyOf: (card: T) => string): T[] {
  const jokers: T[] = [];
  const regular: T[] = [];
  for (const c of cards) (isJokerString(keyOf(c)) ? jokers : regular).push(c);
  if (regular.length === 0) return cards.slice();
  const value = (c: T) => cardValue(keyOf(c));
  regular.sort((a, b) => value(a) - value(b));
  const run: T[] = [];
  let last = -1;
  for (const card of regular) {
    const v = value(card);
    while (last !== -1 && last + 1 < v && jokers.length > 0) {
      run.push(...jokers.splice(0, 1));
      last++;
    }
    run.push(card);
    last = v;
  }
  const spare = Math.min(jokers.length, 13 - last);
  return [...jokers.slice(spare), ...run, ...jokers.slice(0, spare)];
}

/**
 * The meld the cards make: of the guessed kind; with `anyOrder`, when that is
 * invalid, the cards in run order (see `sortRun`). Throws the error of the
 * cards as given when neither works.
 */
export function settleMeld(cards: readonly string[], options?: { anyOrder?: boolean }): TableMeld {
  const kind = guessMeldKind(cards);
  if (score(cards, kind) > 0) return { kind, cards };
  const { rule, card, message } = failure(kind, cards);
  if (options?.anyOrder && rule !== 'bad_card') {
    const sorted = sortRun(cards, (c) => c);
    if (score(sorted, 'run') > 0) return { kind: 'run', cards: sorted };
  }
  throw new InvalidMeldError(rule, card, message);
}

/**
 * Why cards make no meld, as a value (what `Meld.tryFromString` and
 * `Meld.tryFromCards` return): the rule and the card, the message written
 * only when read, the error (`InvalidMeldError`, or `InvalidCardError` for
 * the rule `bad_card`) only when `toError()` is called.
 */
export class MeldRefusal implements Refused<InvalidMeldError | InvalidCardError> {
  readonly ok = false as const;
  readonly code: 'invalid_meld' | 'invalid_card';
  /** The rule that is broken; `bad_card` for an item that is no card. */
  readonly rule: MeldRule;
  /** The card that broke it, as written, or null when no single card is to blame (a bad card's value as text). */
  readonly card: string | null;
  readonly #cards: readonly unknown[];
  readonly #at: number;
  readonly #text: string | undefined;

  /** The rule broken at place `at` of `cards` (-1: no single card); `text` is what the cards were read from. */
  constructor(rule: MeldRule, cards: readonly unknown[], at: number, text?: string) {
    this.code = rule === 'bad_card' ? 'invalid_card' : 'invalid_meld';
    this.rule = rule;
    const card = at >= 0 ? cards[at] : null;
    this.card = typeof card === 'string' || card === null ? card : shown(card);
    this.#cards = cards;
    this.#at = at;
    this.#text = text;
  }

  get message(): string {
    return this.rule === 'bad_card'
      ? invalidCardMessage(this.#cards[this.#at], this.#text)
      : message(this.rule, this.card ?? undefined, this.#cards);
  }

  toError(): InvalidMeldError | InvalidCardError {
    return this.rule === 'bad_card'
      ? invalidCard(this.#cards[this.#at], this.#text)
      : new InvalidMeldError(this.rule, this.card, this.message);
  }
}

/** A meld, or why there is none. */
export type MeldResult = { readonly ok: true; readonly meld: Meld } | MeldRefusal;

/** The refusal of cards that make no meld of `kind` (checked again, so that it needs no earlier call). */
export function refuseMeld(cards: readonly string[], kind: MeldKind): MeldRefusal {
  score(cards, kind);
  return refusal(cards);
}

/** The refusal of the last failed check, for the cards it checked. */
function refusal(cards: readonly string[]): MeldRefusal {
  // a place in MELD_RULES, set by `broken`
  return new MeldRefusal(MELD_RULES[last.rule]!, cards, last.at);
}

/**
 * The meld that card strings (every one checked) make, its kind guessed; with
 * `anyOrder`, when that is invalid, the cards in run order. Nothing thrown:
 * the refusal of the cards as given when neither works.
 */
function settleKeys(keys: string[], anyOrder: boolean | undefined): Meld | MeldRefusal {
  const kind = guessMeldKind(keys);
  const points = scoreCards(keys, kind);
  if (points > 0) return checkedMeld(keys, kind, points);
  const refused = refusal(keys);
  if (anyOrder) {
    const sorted = sortRun(keys, (c) => c);
    const sortedPoints = scoreCards(sorted, 'run');
    if (sortedPoints > 0) return checkedMeld(sorted, 'run', sortedPoints);
  }
  return refused;
}

/** `Meld.fromString` without throwing for a bad card or meld. */
function meldFromText(text: string, options: MeldOptions | undefined): Meld | MeldRefusal {
  checkText(text, 'Card text');
  return meldAt(text, 0, text.length, options?.anyOrder);
}

/** The meld written from `start` to `end` of `text`, or its refusal. */
function meldAt(text: string, start: number, end: number, anyOrder: boolean | undefined): Meld | MeldRefusal {
  const cards = readCardList(text, start, end);
  if (cards !== null) return settleKeys(cards, anyOrder);
  const part = start === 0 && end === text.length ? text : text.slice(start, end);
  const parts = part.split(',');
  return new MeldRefusal('bad_card', parts, badCardAt(parts), part);
}

/**
 * The melds of semicolon-separated text (a table: `Kh,Kd,Ks;5c,6c,7c`), or
 * the refusal of the first that is no meld; `''` is no melds. The text is
 * read where it lies, not cut into parts.
 */
export function meldsFromText(text: string, options: MeldOptions | undefined): Meld[] | MeldRefusal {
  checkText(text, 'Table text');
  const melds: Meld[] = [];
  const n = text.length;
  if (n === 0) return melds;
  for (let start = 0; ; ) {
    let stop = text.indexOf(';', start);
    if (stop < 0) stop = n;
    const meld = meldAt(text, start, stop, options?.anyOrder);
    if (meld instanceof MeldRefusal) return meld;
    melds.push(meld);
    if (stop === n) return melds;
    start = stop + 1;
  }
}

/** `Meld.fromCards` without throwing for a bad card or meld. */
function meldFromCards(cards: readonly CardLike[], options: MeldOptions | undefined): Meld | MeldRefusal {
  if (!Array.isArray(cards))
    throw new TabulaError('invalid_argument', `Expected a list of cards, got ${shown(cards)}.`);
  const keys: string[] = [];
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i];
    if (card instanceof Card) keys.push(card.key);
    else if (typeof card === 'string' && isCardString(card)) keys.push(card);
    else return new MeldRefusal('bad_card', cards, i);
  }
  return settleKeys(keys, options?.anyOrder);
}

/** Keys and points of a meld checked here, handed to the constructor that runs next (see `checkedMeld`). */
let handedKeys: readonly string[] | null = null;
let handedPoints = 0;

/** A `Group` or `Run` of cards this module has just checked: the constructor takes them as they are. */
function checkedMeld(keys: readonly string[], kind: MeldKind, points: number): Meld {
  handedKeys = keys;
  handedPoints = points;
  return kind === 'group' ? new Group(keys) : new Run(keys);
}

/** Room for the card indexes `sortedCardsKey` sorts (grown when short). */
let sortedIndexes = new Int32Array(16);

/**
 * A key equal for lists with the same cards (backs included) in any order:
 * the card indexes sorted, one character each (a list with a string that is
 * no card: the strings sorted, after a character no card gives).
 */
export function sortedCardsKey(cards: readonly string[]): string {
  const n = cards.length;
  if (sortedIndexes.length < n) sortedIndexes = new Int32Array(n * 2);
  const sorted = sortedIndexes;
  for (let i = 0; i < n; i++) {
    const index = cardIndex(cards[i]!);
    if (index < 0) return `\u0000${cards.slice().sort().join(',')}`;
    let j = i;
    for (; j > 0 && sorted[j - 1]! > index; j--) sorted[j] = sorted[j - 1]!;
    sorted[j] = index;
  }
  let key = '';
  for (let i = 0; i < n; i++) key += String.fromCharCode(32 + sorted[i]!);
  return key;
}

/** The `sortedCardsKey` of a meld, worked out once (a meld is immutable). */
export let meldKey: (meld: Meld) => string;

/** What is wrong with the shape of a plain meld (`{ kind, cards }`), or null; the cards themselves are checked later. */
function meldShape(meld: unknown, at = '$'): { path: string; message: string } | null {
  if (typeof meld !== 'object' || meld === null || Array.isArray(meld))
    return { path: at, message: `a meld is { kind: "group" | "run", cards }, got ${shown(meld)}` };
  const { kind, cards } = meld as { kind?: unknown; cards?: unknown };
  if (kind !== 'group' && kind !== 'run')
    return { path: `${at}.kind`, message: `must be "group" or "run", got ${shown(kind)}` };
  if (!Array.isArray(cards))
    return { path: `${at}.cards`, message: `must be a list of cards, got ${shown(cards)}` };
  return null;
}

/** Options of `Meld.fromString` / `Meld.fromCards`. */
export interface MeldOptions {
  /** When the cards as given are not valid, retry them as a run in run order (see `Run.sort`). */
  readonly anyOrder?: boolean;
}

/**
 * Whether two lists hold the same card strings, whatever the order. Counted,
 * not sorted: melds are short, and the solver and `legalActions` compare
 * melds at every turn without making copies.
 */
export function sameCards(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  for (; i < a.length; i++) {
    const card = a[i]!;
    let n = 0;
    for (const c of a) if (c === card) n++;
    for (const c of b) if (c === card) n--;
    if (n !== 0) return false;
  }
  return true;
}

/** A valid combination of cards: a `Group` or a `Run`. Immutable, validated on construction. */
export abstract class Meld {
  abstract readonly kind: MeldKind;
  /** The card strings with backs, in order. */
  readonly keys: readonly string[];
  private readonly points: number;
  #sortedKey: string | undefined = undefined;

  static {
    meldKey = (meld) => {
      meld.#sortedKey ??= sortedCardsKey(meld.keys);
      return meld.#sortedKey;
    };
  }

  protected constructor(cards: readonly CardLike[], kind: MeldKind) {
    const checked = handedKeys;
    if (checked !== null) {
      // cards this module has just checked (`checkedMeld`)
      handedKeys = null;
      this.keys = checked;
      this.points = handedPoints;
      return;
    }
    const keys = cardKeys(cards);
    const points = score(keys, kind);
    if (points < 0) throw refusal(keys).toError();
    this.points = points;
    this.keys = keys;
  }

  /** A meld from comma-separated cards (`Kh,Kd,Ks`), its kind guessed; throws `InvalidMeldError` / `InvalidCardError`. */
  static fromString(text: string, options?: MeldOptions): Meld {
    const meld = meldFromText(text, options);
    if (meld instanceof MeldRefusal) throw meld.toError();
    return meld;
  }

  /**
   * `Meld.fromString` without throwing for cards that make no meld: `{ ok:
   * true, meld }`, or a `MeldRefusal` (`ok: false`) with the `rule`, the
   * `card`, the `message` and `toError()`, the error `fromString` throws. A
   * refusal costs about what a meld costs. Only what is no meld text at all
   * still throws: a value that is no string, or longer than `MAX_TEXT_LENGTH`.
   */
  static tryFromString(text: string, options?: MeldOptions): MeldResult {
    const meld = meldFromText(text, options);
    return meld instanceof MeldRefusal ? meld : { ok: true, meld };
  }

  /**
   * A meld from cards, its kind guessed: a group when the regular cards share
   * one rank and there are at most 4 cards, a run otherwise. With `anyOrder`
   * an invalid guess is retried as a run in run order; if that fails too the
   * error of the cards as given is thrown.
   */
  static fromCards(cards: readonly CardLike[], options?: MeldOptions): Meld {
    const meld = meldFromCards(cards, options);
    if (meld instanceof MeldRefusal) throw meld.toError();
    return meld;
  }

  /** `Meld.fromCards` without throwing for cards that make no meld (see `tryFromString`); a value that is no list throws. */
  static tryFromCards(cards: readonly CardLike[], options?: MeldOptions): MeldResult {
    const meld = meldFromCards(cards, options);
    return meld instanceof MeldRefusal ? meld : { ok: true, meld };
  }

  /**
   * The meld of a plain `{ kind, cards }`, checked: `InvalidInputError`
   * (`invalid_input`) for another shape, the card and meld errors for the cards.
   */
  static fromJSON(meld: TableMeld): Meld {
    const shape = meldShape(meld);
    if (shape !== null) throw new InvalidInputError('invalid_input', shape.path, shape.message);
    return meld.kind === 'group' ? new Group(meld.cards) : new Run(meld.cards);
  }

  getCards(): Card[] {
    return this.keys.map((k) => Card.fromString(k));
  }

  getRegularCards(): Card[] {
    return this.getCards().filter((c) => !c.isJoker());
  }

  hasJoker(): boolean {
    return this.keys.some((k) => k[0] === 'w');
  }

  /** Number of cards. */
  get size(): number {
    return this.keys.length;
  }

  /** Total value, jokers counted as the card they stand for. */
  getPoints(): number {
    return this.points;
  }

  /** Same cards (backs included), in any order. */
  hasSameCards(other: Meld): boolean {
    return sameCards(this.keys, other.keys);
  }

  toString(options?: ToStringOptions): string {
    return cardListText(this.keys, options);
  }

  /** Display text with suit symbols: `K♥ K♦ K♠`. */
  toText(): string {
    return cardsText(this.keys);
  }

  toJSON(): TableMeld {
    return { kind: this.kind, cards: this.keys.slice() };
  }
}

/** Three or four cards of one rank, all of different suits (the PHP library's `Set`). */
export class Group extends Meld {
  readonly kind = 'group' as const;

  constructor(cards: readonly CardLike[]) {
    super(cards, 'group');
  }

  /** The rank value every card counts for. */
  getValue(): number {
    const [value = 0] = meldValues(this.keys, 'group');
    return value;
  }
}

/** Three to thirteen consecutive cards of one suit, ace low, given in ascending order. */
export class Run extends Meld {
  readonly kind = 'run' as const;

  constructor(cards: readonly CardLike[]) {
    super(cards, 'run');
  }

  /** The value of each position, jokers resolved: `wb,5d,6d` is `[4, 5, 6]`. */
  getValues(): number[] {
    return meldValues(this.keys, 'run');
  }

  getSuit(): Suit {
    // A valid run holds a regular card.
    return this.getRegularCards()[0]!.suit;
  }

  /**
   * The cards in run order: regular cards ascending, jokers filling the gaps,
   * spare jokers after the top card while it is below the king, the rest
   * before the first. Nothing is validated.
   */
  static sort(cards: readonly Card[]): Card[] {
    return sortRun(cards, (c) => c.key);
  }
}
