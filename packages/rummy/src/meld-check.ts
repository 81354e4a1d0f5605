/**
 * Meld validation over card strings. It is the hot path of play checks and of
 * layout searches, so the core returns numbers and keeps the failing position
 * in a module variable: no allocation unless a message is asked for.
 */
import { isCardString, JOKER_CODE, RANK_VALUE, SUIT_BIT } from './card.js';
import { InvalidMeldError, type MeldRule } from './errors.js';

/** A meld's type: a group (the PHP library's `Set`) or a run. */
export type MeldKind = 'group' | 'run';

export const MIN_MELD_LENGTH = 3;
export const MAX_GROUP_LENGTH = 4;
export const MAX_RUN_LENGTH = 13;

const RULES: readonly MeldRule[] = [
  'bad_card',
  'too_few_cards',
  'jokers_only',
  'group_too_long',
  'group_rank',
  'group_suit',
  'run_too_long',
  'run_suit',
  'run_consecutive',
  'run_below_ace',
  'run_above_king',
];
const BAD_CARD = -1;
const TOO_FEW = -2;
const JOKERS_ONLY = -3;
const GROUP_TOO_LONG = -4;
const GROUP_RANK = -5;
const GROUP_SUIT = -6;
const RUN_TOO_LONG = -7;
const RUN_SUIT = -8;
const RUN_CONSECUTIVE = -9;
const RUN_BELOW_ACE = -10;
const RUN_ABOVE_KING = -11;

/** Position of the card that broke the last failed check. */
let failedAt = -1;

/** Index of the first regular card, -1 if none, -2 when a card is malformed (with `failedAt` set). */
function firstRegular(cards: readonly string[]): number {
  let first = -1;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i]!;
    if (!isCardString(card)) {
      failedAt = i;
      return -2;
    }
    if (first < 0 && card.charCodeAt(0) !== JOKER_CODE) first = i;
  }
  return first;
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

function groupScore(cards: readonly string[], first: number): number {
  const n = cards.length;
  if (n > MAX_GROUP_LENGTH) {
    failedAt = -1;
    return GROUP_TOO_LONG;
  }
  const rank = cards[first]!.charCodeAt(0);
  let suits = 0;
  for (let i = first; i < n; i++) {
    const card = cards[i]!;
    const code = card.charCodeAt(0);
    if (code === JOKER_CODE) continue;
    if (code !== rank) {
      failedAt = i;
      return GROUP_RANK;
    }
    const bit = SUIT_BIT[card.charCodeAt(1)]!;
    if ((suits & bit) !== 0) {
      failedAt = i;
      return GROUP_SUIT;
    }
    suits |= bit;
  }
  return RANK_VALUE[rank]! * n;
}

function runScore(cards: readonly string[], first: number): number {
  const n = cards.length;
  if (n > MAX_RUN_LENGTH) {
    failedAt = -1;
    return RUN_TOO_LONG;
  }
  const suit = cards[first]!.charCodeAt(1);
  const start = RANK_VALUE[cards[first]!.charCodeAt(0)]! - first;
  for (let i = 0; i < n; i++) {
    const card = cards[i]!;
    const expected = start + i;
    if (card.charCodeAt(0) === JOKER_CODE) {
      if (expected < 1 || expected > 13) {
        failedAt = i;
        return expected < 1 ? RUN_BELOW_ACE : RUN_ABOVE_KING;
      }
      continue;
    }
    if (card.charCodeAt(1) !== suit) {
      failedAt = i;
      return RUN_SUIT;
    }
    if (RANK_VALUE[card.charCodeAt(0)] !== expected) {
      failedAt = i;
      return RUN_CONSECUTIVE;
    }
  }
  return n * start + (n * (n - 1)) / 2;
}

/** Points of the meld (> 0), or a negative problem code with `failedAt` set. */
function score(cards: readonly string[], kind: MeldKind | undefined): number {
  if (cards.length < MIN_MELD_LENGTH) {
    failedAt = -1;
    return TOO_FEW;
  }
  const first = firstRegular(cards);
  if (first === -2) return BAD_CARD;
  if (first === -1) {
    failedAt = -1;
    return JOKERS_ONLY;
  }
  return (kind ?? guessMeldKind(cards)) === 'group' ? groupScore(cards, first) : runScore(cards, first);
}

/**
 * Points of a meld, or -1 when it is not valid. No allocation: the fast test
 * for searches. Without `kind` the kind is guessed.
 */
export function scoreMeld(cards: readonly string[], kind?: MeldKind): number {
  const s = score(cards, kind);
  return s > 0 ? s : -1;
}

/** Whether the cards make a valid meld (of `kind`, or of the guessed kind). */
export function isValidMeld(cards: readonly string[], kind?: MeldKind): boolean {
  return score(cards, kind) > 0;
}

function message(code: number, cards: readonly string[]): string {
  const card = failedAt >= 0 ? cards[failedAt] : undefined;
  switch (code) {
    case BAD_CARD:
      return `Invalid card "${card}" in a meld.`;
    case TOO_FEW:
      return `A meld needs at least ${MIN_MELD_LENGTH} cards, got ${cards.length}.`;
    case JOKERS_ONLY:
      return 'A meld needs at least one card that is not a joker.';
    case GROUP_TOO_LONG:
      return `A group has at most ${MAX_GROUP_LENGTH} cards, got ${cards.length}.`;
    case GROUP_RANK:
      return `Cards in a group must share the rank, got ${card}.`;
    case GROUP_SUIT:
      return `Cards in a group must all have different suits, got ${card} twice.`;
    case RUN_TOO_LONG:
      return `A run has at most ${MAX_RUN_LENGTH} cards, got ${cards.length}.`;
    case RUN_SUIT:
      return `Cards in a run must share the suit, got ${card}.`;
    case RUN_CONSECUTIVE:
      return `Cards in a run must be consecutive, got ${card}.`;
    case RUN_BELOW_ACE:
      return `A run cannot go below the ace, got ${card} there.`;
    default:
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

/** Checks a meld (of `kind`, or of the guessed kind) and says which card broke which rule. */
export function validateMeld(cards: readonly string[], kind?: MeldKind): MeldCheck {
  const k = kind ?? guessMeldKind(cards);
  const s = score(cards, k);
  if (s > 0) return { valid: true, kind: k, points: s };
  return {
    valid: false,
    kind: k,
    rule: RULES[-s - 1]!,
    card: failedAt >= 0 ? cards[failedAt]! : null,
    message: message(s, cards),
  };
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
  let first = 0;
  while (cards[first]!.charCodeAt(0) === JOKER_CODE) first++;
  const value = RANK_VALUE[cards[first]!.charCodeAt(0)]!;
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
  for (const c of cards) (keyOf(c).charCodeAt(0) === JOKER_CODE ? jokers : regular).push(c);
  if (regular.length === 0) return cards.slice();
  const value = (c: T) => RANK_VALUE[keyOf(c).charCodeAt(0)]!;
  regular.sort((a, b) => value(a) - value(b));
  const run: T[] = [];
  let next = 0;
  let last = -1;
  for (const card of regular) {
    const v = value(card);
    while (last !== -1 && last + 1 < v && next < jokers.length) {
      run.push(jokers[next++]!);
      last++;
    }
    run.push(card);
    last = v;
  }
  const before: T[] = [];
  for (; next < jokers.length; next++) {
    if (last < 13) {
      run.push(jokers[next]!);
      last++;
    } else {
      before.push(jokers[next]!);
    }
  }
  return before.concat(run);
}

/** A meld with its kind settled, as it lies on the table. */
export interface TableMeld {
  readonly kind: MeldKind;
  readonly cards: readonly string[];
}

/**
 * The meld the cards make: of the guessed kind; with `anyOrder`, when that is
 * invalid, the cards in run order (see `sortRun`). Throws the error of the
 * cards as given when neither works.
 */
export function settleMeld(cards: readonly string[], options?: { anyOrder?: boolean }): TableMeld {
  const kind = guessMeldKind(cards);
  const s = score(cards, kind);
  if (s > 0) return { kind, cards };
  const rule = RULES[-s - 1]!;
  const error = new InvalidMeldError(rule, failedAt >= 0 ? cards[failedAt]! : null, message(s, cards));
  if (options?.anyOrder && rule !== 'bad_card') {
    const sorted = sortRun(cards, (c) => c);
    if (score(sorted, 'run') > 0) return { kind: 'run', cards: sorted };
  }
  throw error;
}
