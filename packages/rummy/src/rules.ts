import { Card, RANKS, SUITS } from './card.js';
import { InvalidRulesError } from './errors.js';

/** The game parameters as plain data. */
export interface RulesConfig {
  /** Number of 52-card decks (>= 1). */
  readonly decks: number;
  /** Jokers in play, 0 .. 2 per deck. */
  readonly jokers: number;
  /** Cards dealt to each player (>= 1). */
  readonly handSize: number;
  /** Points a player's first play must be worth (>= 0). */
  readonly openingPoints: number;
  /** Penalty of a joker left in hand (>= 0). */
  readonly jokerPenalty: number;
}

/** Two decks, two jokers, 14 cards each, 30 points to open, 30 per joker left in hand. */
export const DEFAULT_RULES: RulesConfig = Object.freeze({
  decks: 2,
  jokers: 2,
  handSize: 14,
  openingPoints: 30,
  jokerPenalty: 30,
});

export const RULE_FIELDS: readonly (keyof RulesConfig)[] = [
  'decks',
  'jokers',
  'handSize',
  'openingPoints',
  'jokerPenalty',
];

/** The first problem of a rules object, or null when it is valid. */
export function rulesProblem(rules: RulesConfig): { field: keyof RulesConfig; message: string } | null {
  const atLeast = (field: keyof RulesConfig, min: number) => {
    const v: unknown = rules[field];
    return Number.isSafeInteger(v) && (v as number) >= min
      ? null
      : { field, message: `${field} must be an integer >= ${min}, got ${String(v)}.` };
  };
  const decks = atLeast('decks', 1);
  if (decks) return decks;
  const j: unknown = rules.jokers;
  if (!Number.isSafeInteger(j) || (j as number) < 0 || (j as number) > 2 * rules.decks) {
    return {
      field: 'jokers',
      message: `jokers must be an integer between 0 and ${2 * rules.decks} (2 per deck), got ${String(j)}.`,
    };
  }
  return atLeast('handSize', 1) ?? atLeast('openingPoints', 0) ?? atLeast('jokerPenalty', 0);
}

/**
 * The unshuffled deck as card strings: copy by copy, in a copy suits c, d, h,
 * s and ranks 2..K then A, then `wb`, `wr`; backs cycle r, b by copy when
 * there are several decks; only the first `jokers` jokers are kept.
 */
export function createDeck(rules: RulesConfig): string[] {
  const deck: string[] = [];
  const order = [...RANKS.slice(1), RANKS[0]!];
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
