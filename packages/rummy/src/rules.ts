import { matches, schemaProblem, shown } from '@tabula/core';
import { Card, isCardString, isJokerString, RANKS, SUITS } from './card.js';
import { InvalidRulesError } from './errors.js';
import { type RulesConfig, RulesSchema } from './schemas.js';

/** Two decks, two jokers, 14 cards each, 30 points to open, 30 per joker left in hand. */
export const DEFAULT_RULES: RulesConfig = Object.freeze({
  decks: 2,
  jokers: 2,
  handSize: 14,
  openingPoints: 30,
  jokerPenalty: 30,
});

/**
 * The first problem of a rules object, or null when it is valid: the schema
 * (`field` is where it fails), then at most 2 jokers per deck.
 */
export function rulesProblem(rules: unknown): { field: string; message: string } | null {
  if (!matches(RulesSchema, rules)) {
    const problem = schemaProblem(RulesSchema, rules);
    return { field: problem?.path.slice(2) ?? '', message: `${problem?.message ?? 'Expected rules'}.` };
  }
  if (rules.jokers > 2 * rules.decks) {
    return {
      field: 'jokers',
      message: `Expected at most 2 jokers per deck (${2 * rules.decks}), got ${rules.jokers}.`,
    };
  }
  return null;
}

/**
 * Throws `InvalidRulesError` (`invalid_config`, at `$.rules.<field>`) unless
 * the rules are valid and within their bounds.
 */
export function assertRules(rules: unknown): asserts rules is RulesConfig {
  const problem = rulesProblem(rules);
  if (problem) {
    throw new InvalidRulesError(
      problem.field,
      `Invalid rules: ${problem.message}`,
      `$.rules.${problem.field}`,
    );
  }
}

/**
 * The unshuffled deck as card strings: copy by copy, in a copy suits c, d, h,
 * s and ranks 2..K then A, then `wb`, `wr`; backs cycle r, b by copy when
 * there are several decks; only the first `jokers` jokers are kept. The
 * rules are checked first (`InvalidRulesError`), so no deck beyond the
 * bounds is ever built.
 */
export function createDeck(rules: RulesConfig): string[] {
  assertRules(rules);
  const deck: string[] = [];
  const [ace, ...others] = RANKS;
  const order = [...others, ace];
  let jokersLeft = rules.jokers;
  for (let copy = 0; copy < rules.decks; copy++) {
    const back = rules.decks > 1 ? (copy % 2 === 0 ? 'r' : 'b') : '';
    for (const suit of SUITS) for (const rank of order) deck.push(rank + suit + back);
    for (const colour of ['b', 'r']) {
      if (jokersLeft > 0) {
        deck.push(`w${colour}${back}`);
        jokersLeft--;
      }
    }
  }
  return deck;
}

/**
 * How many copies of a card string the rules' deck holds, worked out rather
 * than counted in a built deck (the deck order of `createDeck`): with one
 * deck each face once and no backs; with several, a face with back `r` once
 * per even copy and with `b` once per odd one; the `jokers` jokers go `wb`,
 * `wr` copy by copy, so `wb` has the first half (rounded up) and `wr` the rest.
 */
export function copiesInDeck(rules: RulesConfig, card: string): number {
  if (!isCardString(card)) return 0;
  const several = rules.decks > 1;
  if (several !== (card.length === 3)) return 0;
  // the copies of the face: one per deck, a joker colour as many as the jokers give it
  const copies = isJokerString(card)
    ? card.charAt(1) === 'b'
      ? Math.ceil(rules.jokers / 2)
      : Math.floor(rules.jokers / 2)
    : rules.decks;
  if (!several) return Math.min(copies, 1);
  // copy k has back r when k is even
  return card.charAt(2) === 'r' ? Math.ceil(copies / 2) : Math.floor(copies / 2);
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
  const seen = new Map<string, number>();
  for (const [l, list] of lists.entries()) {
    for (const [index, card] of list.entries()) {
      const n = (seen.get(card) ?? 0) + 1;
      const allowed = copiesInDeck(rules, card);
      if (n > allowed) return { card, list: l, index, allowed };
      seen.set(card, n);
    }
  }
  return null;
}

/**
 * The lists with every card written without its back (`Kh`, `wb`) given one,
 * where the rules' deck has backs (several decks): each takes the first copy
 * of its face, back `r` then `b`, that the cards written with a back and the
 * ones before it left free, list by list in order. Cards with a back, and
 * every card under one deck (where cards have no back), stay as written, and
 * so does a card with no copy left (`unplaced` names the first).
 */
export function withBacks(
  rules: RulesConfig,
  lists: readonly (readonly string[])[],
): { lists: string[][]; unplaced: { card: string; list: number; index: number } | null } {
  if (rules.decks === 1) return { lists: lists.map((list) => list.slice()), unplaced: null };
  const used = new Map<string, number>();
  for (const list of lists)
    for (const card of list) if (card.length === 3) used.set(card, (used.get(card) ?? 0) + 1);
  let unplaced: { card: string; list: number; index: number } | null = null;
  const out = lists.map((list, l) =>
    list.map((card, index) => {
      if (card.length !== 2 || !isCardString(card)) return card;
      for (const copy of [`${card}r`, `${card}b`]) {
        const n = used.get(copy) ?? 0;
        if (n < copiesInDeck(rules, copy)) {
          used.set(copy, n + 1);
          return copy;
        }
      }
      unplaced ??= { card, list: l, index };
      return card;
    }),
  );
  return { lists: out, unplaced };
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

/** Game parameters, validated on construction (`InvalidRulesError` names the field). */
export class Rules implements RulesConfig {
  readonly decks: number;
  readonly jokers: number;
  readonly handSize: number;
  readonly openingPoints: number;
  readonly jokerPenalty: number;

  constructor(options: Partial<RulesConfig> = {}) {
    if (typeof options !== 'object' || options === null)
      throw new InvalidRulesError('', `Invalid rules: expected the rules' options, got ${shown(options)}.`);
    const config: RulesConfig = {
      decks: options.decks ?? DEFAULT_RULES.decks,
      jokers: options.jokers ?? DEFAULT_RULES.jokers,
      handSize: options.handSize ?? DEFAULT_RULES.handSize,
      openingPoints: options.openingPoints ?? DEFAULT_RULES.openingPoints,
      jokerPenalty: options.jokerPenalty ?? DEFAULT_RULES.jokerPenalty,
    };
    const problem = rulesProblem(config);
    if (problem) throw new InvalidRulesError(problem.field, `Invalid rules: ${problem.message}`);
    this.decks = config.decks;
    this.jokers = config.jokers;
    this.handSize = config.handSize;
    this.openingPoints = config.openingPoints;
    this.jokerPenalty = config.jokerPenalty;
  }

  /** The unshuffled deck (see `createDeck`). */
  createDeck(): Card[] {
    return createDeck(this).map((k) => Card.fromString(k));
  }

  toJSON(): RulesConfig {
    return {
      decks: this.decks,
      jokers: this.jokers,
      handSize: this.handSize,
      openingPoints: this.openingPoints,
      jokerPenalty: this.jokerPenalty,
    };
  }
}
