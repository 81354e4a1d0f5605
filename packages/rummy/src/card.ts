import { NotationError, shown, TabulaError } from '@tabula/core';
import { InvalidCardError } from './errors.js';

/** The regular ranks, ace low. */
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K'] as const;
/** The suits, in display order. */
export const SUITS = ['c', 'd', 'h', 's'] as const;
/** A rank: `A`, `2`..`9`, `T`, `J`, `Q`, `K`, or `w` for a joker. */
export type Rank = (typeof RANKS)[number] | 'w';
/** The back colour that tells two decks apart; also a joker's colour, `b` (black) or `r` (red). */
export type Back = 'r' | 'b';
/** A suit `c d h s`; for a joker its colour. */
export type Suit = (typeof SUITS)[number] | Back;
/** Options of every `toString`. */
export interface ToStringOptions {
  /** Write the back letter (`Khr`); off by default (`Kh`). */
  readonly withBack?: boolean;
}

/** The display symbol of each suit. */
export const SUIT_SYMBOLS: ReadonlyMap<string, string> = new Map([
  ['c', '♣'],
  ['d', '♦'],
  ['h', '♥'],
  ['s', '♠'],
]);

/** Rank letter (char code) to value 1..13, 0 when not a regular rank. Lookups instead of parsing keep meld checks allocation-free. */
export const RANK_VALUE = new Int8Array(128);
/** Suit letter (char code) to a bit 1, 2, 4, 8, 0 when not a regular suit. */
export const SUIT_BIT = new Int8Array(128);
RANKS.forEach((r, i) => {
  RANK_VALUE[r.charCodeAt(0)] = i + 1;
});
SUITS.forEach((s, i) => {
  SUIT_BIT[s.charCodeAt(0)] = 1 << i;
});
/** Char code of `w`, the joker rank. */
export const JOKER_CODE = 119;
const BACK_R = 114;
const BACK_B = 98;
const COMMA = 44;

/** How many numbers `cardIndex` gives: 14 ranks (the joker's first), 4 suits or colours, 3 backs (none, r, b). */
export const CARD_INDEXES = 14 * 4 * 3;
/** The first two char codes of a card (rank * 128 + suit) to rank * 4 + suit, 0..55; -1 for no card's. */
const FACE_INDEX = new Int8Array(128 * 128).fill(-1);
SUITS.forEach((suit, s) => {
  RANKS.forEach((rank, r) => {
    FACE_INDEX[rank.charCodeAt(0) * 128 + suit.charCodeAt(0)] = (r + 1) * 4 + s;
  });
});
FACE_INDEX[JOKER_CODE * 128 + BACK_B] = 0;
FACE_INDEX[JOKER_CODE * 128 + BACK_R] = 1;

/** The card string of each `cardIndex` (`''` for the numbers no card has): one shared string a card. */
const CARD_STRINGS: readonly string[] = Array.from({ length: CARD_INDEXES }, (_, index) => {
  const face = Math.floor(index / 3);
  const rank = face < 4 ? 'w' : RANKS[Math.floor(face / 4) - 1];
  const suit = face < 4 ? ['b', 'r'][face] : SUITS[face % 4];
  return rank === undefined || suit === undefined ? '' : `${rank}${suit}${['', 'r', 'b'][index % 3]}`;
});

/**
 * The cards of comma-separated text (`Kh,Kd,wb`), from `start` to `end`,
 * each the shared string of its card, without cutting the text into new
 * strings; null when a part is no card (`parseCardList` then says which).
 * `''` is no cards.
 */
export function readCardList(text: string, start = 0, end = text.length): string[] | null {
  const cards: string[] = [];
  const n = end;
  if (n === start) return cards;
  for (;;) {
    let stop = start;
    while (stop < n && text.charCodeAt(stop) !== COMMA) stop++;
    const length = stop - start;
    if (length !== 2 && length !== 3) return null;
    const rank = text.charCodeAt(start);
    const suit = text.charCodeAt(start + 1);
    const face = rank < 128 && suit < 128 ? FACE_INDEX[rank * 128 + suit]! : -1;
    if (face < 0) return null;
    let back = 0;
    if (length === 3) {
      const code = text.charCodeAt(start + 2);
      if (code === BACK_R) back = 1;
      else if (code === BACK_B) back = 2;
      else return null;
    }
    cards.push(CARD_STRINGS[face * 3 + back]!);
    if (stop === n) return cards;
    start = stop + 1;
  }
}

/**
 * A number 0..CARD_INDEXES-1 for each card string, equal for equal strings,
 * to count cards in typed arrays rather than maps; -1 for a value that is no card.
 */
export function cardIndex(card: string): number {
  if (typeof card !== 'string') return -1;
  const n = card.length;
  let back = 0;
  if (n === 3) {
    const code = card.charCodeAt(2);
    if (code === BACK_R) back = 1;
    else if (code === BACK_B) back = 2;
    else return -1;
  } else if (n !== 2) return -1;
  const rank = card.charCodeAt(0);
  const suit = card.charCodeAt(1);
  if (rank >= 128 || suit >= 128) return -1;
  const face = FACE_INDEX[rank * 128 + suit]!;
  return face < 0 ? -1 : face * 3 + back;
}

/** Whether a string is a card in the notation (`Kh`, `Khr`, `wb`, `wrb`). */
export function isCardString(text: string): boolean {
  if (typeof text !== 'string') return false;
  const n = text.length;
  if (n !== 2 && n !== 3) return false;
  if (n === 3) {
    const back = text.charCodeAt(2);
    if (back !== BACK_R && back !== BACK_B) return false;
  }
  const rank = text.charCodeAt(0);
  const suit = text.charCodeAt(1);
  if (rank === JOKER_CODE) return suit === BACK_R || suit === BACK_B;
  return rank < 128 && RANK_VALUE[rank] !== 0 && suit < 128 && SUIT_BIT[suit] !== 0;
}

/** Why a string is not a card, for the error message. */
function cardProblem(text: string): string {
  if (text.length < 2 || text.length > 3) {
    return 'a card is a rank, a suit and an optional back, e.g. Kh, Khr or wb';
  }
  const [rank, suit, back] = [text.charAt(0), text.charAt(1), text.charAt(2)];
  if (back !== '' && back !== 'r' && back !== 'b') return `unknown back "${back}" (r or b)`;
  if (rank === 'w') return `a joker is wb (black) or wr (red), not w${suit}`;
  if (!RANK_VALUE[rank.charCodeAt(0)]) return `unknown rank "${rank}" (A, 2-9, T, J, Q, K, or w for a joker)`;
  if (suit === 'b' || suit === 'r')
    return `${rank}${suit} mixes a regular rank with a joker colour (suits are c, d, h, s)`;
  return `unknown suit "${suit}" (c, d, h, s)`;
}

/** Text for a message: at most `max` characters of it, with how long it is when cut. */
export function clipped(text: string, max = 60): string {
  return text.length <= max ? text : `${text.slice(0, max)}... (${text.length} characters)`;
}

/** What `InvalidCardError` says about a value that is no card; `context` is the text it was read from. */
export function invalidCardMessage(text: unknown, context?: string): string {
  if (typeof text !== 'string') return `Invalid card ${shown(text)}: a card is a string, e.g. Kh, Khr or wb.`;
  const where = context === undefined ? '' : ` in "${clipped(context)}"`;
  return `Invalid card "${clipped(text, 20)}"${where}: ${cardProblem(text)}.`;
}

/** The `InvalidCardError` of a value that is no card (see `invalidCardMessage`). */
export function invalidCard(text: unknown, context?: string): InvalidCardError {
  return new InvalidCardError(
    typeof text === 'string' ? text : shown(text),
    invalidCardMessage(text, context),
  );
}

/** Throws `InvalidCardError` unless the string is a card (a value that is no string is no card either). */
export function assertCardString(text: unknown, context?: string): asserts text is string {
  if (typeof text !== 'string' || !isCardString(text)) throw invalidCard(text, context);
}

/** The place of the first item that is no card string (a hole in the list is none), or -1 when all are. */
export function badCardAt(cards: readonly unknown[]): number {
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i];
    if (typeof card !== 'string' || !isCardString(card)) return i;
  }
  return -1;
}

/**
 * The longest text the readers of typed cards and actions take (`parseCardList`,
 * `Meld.fromString`, `Table.fromString`, `parseAction`, the solver's texts):
 * about three times what a play of the biggest deck's every card needs
 * (432 cards of 4 characters, twice), so that a long paste is refused at once.
 */
export const MAX_TEXT_LENGTH = 10_000;

/**
 * Throws unless `text` is a string of at most `MAX_TEXT_LENGTH` characters:
 * `NotationError` (`invalid_notation`) naming the limit for a longer one,
 * `TabulaError` (`invalid_argument`) for a value that is no string. `what`
 * names the text in the message ("Card text", "An action").
 */
export function checkText(text: unknown, what: string): asserts text is string {
  if (typeof text !== 'string')
    throw new TabulaError('invalid_argument', `${what} must be a string, got ${shown(text)}.`);
  if (text.length > MAX_TEXT_LENGTH) {
    throw new NotationError(
      'invalid_notation',
      `${what} is too long: ${text.length} characters, at most ${MAX_TEXT_LENGTH} are read.`,
    );
  }
}

/** Whether a (valid) card string is a joker. */
export function isJokerString(card: string): boolean {
  return card.charCodeAt(0) === JOKER_CODE;
}

/** Value of a (valid) card string: 1..13, 0 for a joker. */
export function cardValue(card: string): number {
  return RANK_VALUE[card.charCodeAt(0)] ?? 0;
}

/** The card string without its back (`Khr` -> `Kh`). */
export function faceOf(card: string): string {
  return card.length === 3 ? card.slice(0, 2) : card;
}

/** Penalty of one card left in hand. */
export function cardPenalty(card: string, jokerPenalty: number): number {
  return isJokerString(card) ? jokerPenalty : cardValue(card);
}

/** Display order: suits c, d, h, s, ace low within a suit, jokers last. Stable sorts keep equal cards in place. */
export function compareForDisplay(a: string, b: string): number {
  const ja = isJokerString(a);
  const jb = isJokerString(b);
  if (ja || jb) return ja === jb ? 0 : ja ? 1 : -1;
  const suitDelta = (SUIT_BIT[a.charCodeAt(1)] ?? 0) - (SUIT_BIT[b.charCodeAt(1)] ?? 0);
  return suitDelta !== 0 ? suitDelta : cardValue(a) - cardValue(b);
}

/** The display text of a (valid) card string: `K♥`, `wb`. */
export function cardText(card: string): string {
  return isJokerString(card) ? card.slice(0, 2) : card.charAt(0) + (SUIT_SYMBOLS.get(card.charAt(1)) ?? '');
}

/** Cards as display text, separated by spaces (`K♥ K♦ wb`). */
export function cardsText(cards: readonly string[]): string {
  return cards.map(cardText).join(' ');
}

/** Comma-separated cards, as `parseCardList` reads them; backs only with `withBack`. */
export function cardListText(cards: readonly string[], options?: ToStringOptions): string {
  return (options?.withBack ? cards : cards.map(faceOf)).join(',');
}

/** Splits comma-separated cards, checking each; `''` is no cards. At most `MAX_TEXT_LENGTH` characters. */
export function parseCardList(text: string): string[] {
  checkText(text, 'Card text');
  const cards = readCardList(text);
  if (cards !== null) return cards;
  const parts = text.split(',');
  throw invalidCard(parts[badCardAt(parts)], text);
}

const interned = new Map<string, Card>();

/** One playing card. Immutable; equal strings give the same instance. */
export class Card {
  readonly rank: Rank;
  readonly suit: Suit;
  readonly back: Back | null;
  /** 1 (ace) .. 13 (king); null for a joker. */
  readonly value: number | null;
  /** The card string with its back, the identity used to compare cards. */
  readonly key: string;

  private constructor(key: string) {
    this.key = key;
    this.rank = key[0] as Rank;
    this.suit = key[1] as Suit;
    this.back = (key[2] as Back | undefined) ?? null;
    this.value = this.rank === 'w' ? null : cardValue(key);
  }

  /** A card from its string (`Kh`, `Khr`, `wb`); throws `InvalidCardError` naming the bad text. */
  static fromString(text: string): Card {
    const known = interned.get(text);
    if (known !== undefined) return known;
    assertCardString(text);
    const card = new Card(text);
    interned.set(text, card);
    return card;
  }

  /** Cards from comma-separated text (`Kh,Kd,wb`); `''` is no cards. */
  static listFromString(text: string): Card[] {
    return parseCardList(text).map((s) => Card.fromString(s));
  }

  /** A card from its parts. */
  static of(rank: Rank, suit: Suit, back: Back | null = null): Card {
    return Card.fromString(`${rank}${suit}${back ?? ''}`);
  }

  isJoker(): boolean {
    return this.rank === 'w';
  }

  /** Same rank and suit, whatever the backs. */
  isSameFace(other: Card): boolean {
    return this.rank === other.rank && this.suit === other.suit;
  }

  /** Same card, backs included. */
  equals(other: Card): boolean {
    return this.key === other.key;
  }

  /** Penalty when left in hand: the value, or `jokerPenalty` for a joker. */
  getPenalty(jokerPenalty = 30): number {
    return this.value ?? jokerPenalty;
  }

  toString(options?: ToStringOptions): string {
    return options?.withBack ? this.key : faceOf(this.key);
  }

  /** Display text with the suit symbol: `K♥`, `T♣`, `wb`. */
  toText(): string {
    return cardText(this.key);
  }

  toJSON(): string {
    return this.key;
  }
}

/** Card instances or card strings, as the public API accepts both. */
export type CardLike = Card | string;

/** The card string (with its back) of a card or a string, checked. */
export function cardKey(card: CardLike): string {
  if (card instanceof Card) return card.key;
  assertCardString(card);
  return card;
}

/** Card strings (with backs) of cards or strings, each checked (a hole in the list is no card). */
export function cardKeys(cards: readonly CardLike[]): string[] {
  if (!Array.isArray(cards))
    throw new TabulaError('invalid_argument', `Expected a list of cards, got ${shown(cards)}.`);
  const keys: string[] = [];
  // by index: a hole is visited too (and is no card)
  for (let i = 0; i < cards.length; i++) keys.push(cardKey(cards[i]));
  return keys;
}
