import { matches, schemaProblem } from '@tabula/core';
import { Card, RANKS, SUITS } from './card.js';
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
 * The unshuffled deck as card strings: copy by copy, in a copy suits c, d, h,
 * s and ranks 2..K then A, then `wb`, `wr`; backs cycle r, b by copy when
 * there are several decks; only the first `jokers` jokers are kept.
 */
export function createDeck(rules: RulesConfig): string[] {
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

const deckCounts = new Map<string, ReadonlyMap<string, number>>();

/** How often the rules' deck holds each card; cached, as saved rounds are checked against it often. */
function deckCount(rules: RulesConfig): ReadonlyMap<string, number> {
  const key = `${rules.decks}/${rules.jokers}`;
  let counts = deckCounts.get(key);
  if (counts === undefined) {
    const counting = new Map<string, number>();
    for (const card of createDeck(rules)) counting.set(card, (counting.get(card) ?? 0) + 1);
    counts = counting;
    if (deckCounts.size < 64) deckCounts.set(key, counts);
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
  const deck = deckCount(rules);
  // counts of the cards seen, against the deck's (copying the deck's map costs more than the lists)
  const seen = new Map<string, number>();
  for (const [l, list] of lists.entries()) {
    for (const [index, card] of list.entries()) {
      const n = (seen.get(card) ?? 0) + 1;
      const allowed = deck.get(card) ?? 0;
      if (n > allowed) return { card, list: l, index, allowed };
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

/** Game parameters, validated on construction (`InvalidRulesError` names the field). */
export class Rules implements RulesConfig {
  readonly decks: number;
  readonly jokers: number;
  readonly handSize: number;
  readonly openingPoints: number;
  readonly jokerPenalty: number;

  constructor(options: Partial<RulesConfig> = {}) {
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
