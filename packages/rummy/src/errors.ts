import { TabulaError } from '@tabula/core';

/** The base of every error this package throws on purpose. */
export class RummyError extends TabulaError {}

/** A move the rules refuse (also refused joins and deals). The state is left as it was. */
export class IllegalMoveError extends RummyError {}

/** A move by a player whose turn it is not. */
export class NotYourTurnError extends IllegalMoveError {
  constructor(message: string) {
    super('not_your_turn', message);
  }
}

/** Which rule a meld breaks; stable, for programs (the message is for people). */
export type MeldRule =
  | 'bad_card'
  | 'too_few_cards'
  | 'jokers_only'
  | 'group_too_long'
  | 'group_rank'
  | 'group_suit'
  | 'run_too_long'
  | 'run_suit'
  | 'run_consecutive'
  | 'run_below_ace'
  | 'run_above_king';

/** Cards that do not make a valid group or run. */
export class InvalidMeldError extends RummyError {
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
export class InvalidCardError extends RummyError {
  /** The offending text. */
  readonly text: string;

  constructor(text: string, message: string) {
    super('invalid_card', message);
    this.text = text;
  }
}

/** Rules with a value out of range. */
export class InvalidRulesError extends RummyError {
  /** The offending field, e.g. `jokers`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super('invalid_rules', message);
    this.field = field;
  }
}

/** A player (or seat) that is not in the game. */
export class UnknownPlayerError extends RummyError {
  constructor(message: string) {
    super('unknown_player', message);
  }
}

/** A player that joins a game they are already in. */
export class DuplicatePlayerError extends RummyError {
  constructor(message: string) {
    super('duplicate_player', message);
  }
}
