/**
 * Rummy's own error classes, each a subclass of one of core's: refusals are
 * `IllegalActionError`s, a string that is no card a `NotationError`, bad rules
 * an `InvalidInputError`. Programs branch on `code` (and `rule` for a meld).
 */
import {
  type ErrorCode,
  IllegalActionError,
  InvalidInputError,
  NotationError,
  type TabulaError,
} from '@tabula/core';

/**
 * A refusal as a value, what the checks that do not throw return
 * (`Meld.tryFromString`, `Table.tryFromString`, `Round.checkPlay`,
 * `Round.tryPlay`): it costs about what an acceptance costs, because the
 * error, with its stack trace, is built only when asked for.
 */
export interface Refused<E extends TabulaError = TabulaError> {
  readonly ok: false;
  /** The code of the error the throwing API throws. */
  readonly code: ErrorCode;
  /** The message of that error, written when read. */
  readonly message: string;
  /** That very error (class, code, message and fields), a new one each call: `throw refusal.toError()`. */
  toError(): E;
}

/**
 * A refusal whose error `build` makes when it is asked for; `describe`, when
 * given, writes the same message without building the error.
 */
export class Refusal<E extends TabulaError = TabulaError> implements Refused<E> {
  readonly ok = false as const;
  readonly code: ErrorCode;
  readonly #build: () => E;
  readonly #describe: (() => string) | undefined;

  constructor(code: ErrorCode, build: () => E, describe?: () => string) {
    this.code = code;
    this.#build = build;
    this.#describe = describe;
  }

  get message(): string {
    return this.#describe === undefined ? this.#build().message : this.#describe();
  }

  toError(): E {
    return this.#build();
  }
}

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
