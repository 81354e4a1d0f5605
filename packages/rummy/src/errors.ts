/**
 * Rummy's own error classes, each a subclass of one of core's: refusals are
 * `IllegalActionError`s, a string that is no card a `NotationError`, bad rules
 * an `InvalidInputError`. Programs branch on `code` (and `rule` for a meld).
 */
import { IllegalActionError, InvalidInputError, NotationError } from '@tabula/core';

/** A play by a seat (or player) whose turn it is not. */
export class NotYourTurnError extends IllegalActionError {
  constructor(message: string) {
    super('not_your_turn', message);
  }
}

/** The rules a meld can break; stable, for programs (the message is for people). */
export const MELD_RULES = [
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
] as const;

/** Which rule a meld breaks. */
export type MeldRule = (typeof MELD_RULES)[number];

/** Cards that do not make a valid group or run. */
export class InvalidMeldError extends IllegalActionError {
  /** The rule that is broken. */
  readonly rule: MeldRule;
  /** The card that broke it, as written (with its back), or null when no single card is to blame. */
  readonly card: string | null;

  constructor(rule: MeldRule, card: string | null, message: string) {
    super('invalid_meld', message);
    this.rule = rule;
    this.card = card;
  }
}

/** A string that is not a card (or a list of cards) in the notation. */
export class InvalidCardError extends NotationError {
  /** The offending text. */
  readonly text: string;

  constructor(text: string, message: string) {
    super('invalid_card', message);
    this.text = text;
  }
}

/** Rules with a value out of range; `path` is `$.jokers` for `new Rules(...)`, `$.rules.jokers` in a config. */
export class InvalidRulesError extends InvalidInputError {
  /** The offending field, e.g. `jokers`. */
  readonly field: string;

  constructor(field: string, message: string, path = field === '' ? '$' : `$.${field}`) {
    super('invalid_config', path, message);
    this.field = field;
  }
}

/** A player (or seat) that is not in the game. */
export class UnknownPlayerError extends IllegalActionError {
  constructor(message: string) {
    super('unknown_seat', message);
  }
}

/** A player that joins a game they are already in. */
export class DuplicatePlayerError extends IllegalActionError {
  constructor(message: string) {
    super('duplicate_player', message);
  }
}
