import { IllegalActionError, shown } from '@tabula/core';

/** Who a refused move was made for: a seat (the pure functions, the contract) or a player id (`GameEngine`). */
export type MoveBy = { readonly seat: unknown } | { readonly playerId: unknown };

/**
 * A play the rules refuse. `code` is one of `unknown_seat`, `card_not_held`
 * or `already_played`. The given state is left as it was. It names the one
 * who played as the caller did: `seat` (0..n-1) from the pure functions and
 * the contract, `playerId` (1..n, the PHP library's ids) from `GameEngine`.
 */
export class InvalidMoveError extends IllegalActionError {
  /** The seat the move was made for, as given (possibly no seat at the table); absent from `GameEngine`. */
  readonly seat?: unknown;
  /** The PHP library's player id the move was made for, as given; only from `GameEngine`. */
  readonly playerId?: unknown;

  constructor(code: 'unknown_seat' | 'card_not_held' | 'already_played', by: MoveBy, message: string) {
    super(code, message);
    if ('seat' in by) this.seat = by.seat;
    else this.playerId = by.playerId;
  }
}

/** A play after the game has ended. `code` is `game_over`. */
export class GameOverError extends IllegalActionError {
  constructor(message: string) {
    super('game_over', message);
  }
}

/** The error for a seat that is not at a table of `players` seats. */
export function noSuchSeat(seat: unknown, players: number): InvalidMoveError {
  return new InvalidMoveError(
    'unknown_seat',
    { seat },
    `There is no seat ${shown(seat)}; seats are 0 to ${players - 1}`,
  );
}

/** The error for a player id (the PHP library's, seat + 1) that is not at a table of `players`: `GameEngine` and `GameState` only. */
export function noSuchPlayer(playerId: unknown, players: number): InvalidMoveError {
  return new InvalidMoveError(
    'unknown_seat',
    { playerId },
    `There is no player ${shown(playerId)}; player ids are 1 to ${players}`,
  );
}

/** The seat `seat` when it is one of `players` seats (an integer 0..players-1), else an `unknown_seat` error. */
export function checkSeat(seat: unknown, players: number): asserts seat is number {
  if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 0 || seat >= players)
    throw noSuchSeat(seat, players);
}
