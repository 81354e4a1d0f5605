/**
 * The one error vocabulary of Tabula. Every error thrown on purpose is a
 * `TabulaError` whose `code` is one of `ERROR_CODES`: programs branch on the
 * code (stable), people read the message (may change). Each code names the
 * class that carries it and what it means; the table in
 * `docs/architecture.md` lists the same, and a test keeps the two equal.
 *
 * Four classes say what kind of problem it is:
 * - `IllegalActionError`: the rules refuse an action (or the action is no
 *   action of the game). The state is left as it was.
 * - `InvalidInputError`: untrusted JSON (a saved state, a config, a record, a
 *   position) does not have the right shape; `path` says where.
 * - `NotationError`: typed text (a move, a card, an ID) that cannot be read.
 * - `TabulaError` itself, for the rest: a misused API, an agent or a process
 *   that failed.
 */
export const ERROR_CODES = {
  // Refused actions: IllegalActionError.
  invalid_action: [
    'IllegalActionError',
    'the action is not an action of this game: wrong type, field or value',
  ],
  unknown_seat: ['IllegalActionError', 'there is no such seat (or player) in this game'],
  not_your_turn: ['IllegalActionError', 'the seat is not to act now'],
  wrong_phase: ['IllegalActionError', 'the game waits for something else (a roll, a take, a deal, ...)'],
  game_over: ['IllegalActionError', 'the game has ended'],
  illegal_move: ['IllegalActionError', 'the rules do not allow this move or play'],
  card_not_held: ['IllegalActionError', 'the player does not hold that card'],
  already_played: ['IllegalActionError', 'the player has already played this battle'],
  cannot_double: ['IllegalActionError', 'the cube may not be turned now'],
  invalid_meld: ['IllegalActionError', 'the cards do not make a valid group or run'],
  cards_left_table: ['IllegalActionError', 'a play took cards off the table'],
  no_card_played: ['IllegalActionError', 'a play added no card from the hand'],
  table_rearranged: ['IllegalActionError', 'a player who has not opened rearranged the table'],
  opening_too_low: ['IllegalActionError', 'the opening melds are worth too few points'],
  stock_empty: ['IllegalActionError', 'there is no card left to draw'],
  stock_not_empty: ['IllegalActionError', 'a pass while cards are left to draw'],
  duplicate_player: ['IllegalActionError', 'the player is in the game already'],
  stale_sequence: [
    'IllegalActionError',
    'the action was sent for an older position than the table is at (a sequence number behind)',
  ],
  seat_taken: ['IllegalActionError', 'the seat has a player already, or is not a seat for a person'],
  // Bad untrusted JSON: InvalidInputError.
  invalid_state: ['InvalidInputError', 'a saved state is not a state this engine could have made'],
  invalid_config: ['InvalidInputError', 'a config (or the rules in it) is out of range or inconsistent'],
  invalid_record: ['InvalidInputError', 'a game record is of another game or version, or does not replay'],
  invalid_input: [
    'InvalidInputError',
    'other untrusted data (a position, a layout, dice) has the wrong shape',
  ],
  // Typed text: NotationError.
  invalid_notation: ['NotationError', 'typed text is no action, ID or value in the notation'],
  invalid_card: ['NotationError', 'typed text is no card'],
  // Everything else: TabulaError.
  invalid_argument: ['TabulaError', 'an API was called with values it does not take (a programming mistake)'],
  no_legal_action: ['TabulaError', 'an agent was asked to act with nothing to choose from'],
  game_stuck: ['TabulaError', 'a live game where no seat is to act, or one that runs past its action limit'],
  agent_failed: [
    'TabulaError',
    'an agent failed to act: it answered late, answered no legal action, or stopped (its seat forfeits)',
  ],
  no_game: [
    'TabulaError',
    'an engine request needs a game, and none has been started (new) or loaded (load)',
  ],
  usage: ['TabulaError', 'a command line that the `tabula` command cannot run'],
  worker_failed: ['TabulaError', 'a worker thread failed or stopped early'],
  conformance: ['TabulaError', 'a game broke the contract in the conformance kit'],
  // The server.
  not_found: ['TabulaError', 'there is no such table, seat or route on the server'],
  unauthorized: ['TabulaError', 'the seat token is missing or does not open this seat'],
  game_not_over: ['TabulaError', 'what was asked is given only once the game has ended'],
  rate_limited: ['TabulaError', 'too many requests, messages or connections; wait and try again'],
  too_large: ['TabulaError', 'a request body or message is larger than the server takes'],
  unavailable: ['TabulaError', 'the server is shutting down or cannot reach its database'],
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The base of every error Tabula throws on purpose. */
export class TabulaError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** An action that the rules refuse in the given state. The state is left as it was. */
export class IllegalActionError extends TabulaError {}

/** Untrusted input (a saved state, a config, a record) that does not have the right shape. */
export class InvalidInputError extends TabulaError {
  /** Where in the input the first problem is, as a JSON path such as `$.board.points[3]`. */
  readonly path: string;

  constructor(code: ErrorCode, path: string, message: string) {
    super(code, `${path}: ${message}`);
    this.path = path;
  }
}

/**
 * Runs `read` over a part of a larger input, so that an `InvalidInputError` it
 * throws names its place in the whole (`$.config.length`, not `$.length`),
 * with `code` when the whole is refused as another kind (a record).
 */
export function readUnder<T>(prefix: string, read: () => T, code?: ErrorCode): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const inner = error.message.startsWith(`${error.path}: `)
      ? error.message.slice(error.path.length + 2)
      : error.message;
    throw new InvalidInputError(code ?? error.code, `${prefix}${error.path.slice(1)}`, inner);
  }
}

/**
 * An agent that could not act: an external program that answered late,
 * answered something that is no legal action, or stopped. `playGame` ends the
 * game there: the agent's seat forfeits (see `forfeitOutcome`), and the run
 * that played it goes on.
 */
export class AgentFailedError extends TabulaError {
  constructor(message: string) {
    super('agent_failed', message);
  }
}

/** Typed text (a move, a card, a position ID) that cannot be read; the message says what is expected. */
export class NotationError extends TabulaError {}
