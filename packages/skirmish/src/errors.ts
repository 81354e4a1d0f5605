import { IllegalActionError } from '@tabula/core';

/**
 * A play the rules refuse. `code` is one of `unknown_seat`, `card_not_held`
 * or `already_played`. The given state is left as it was.
 */
export class InvalidMoveError extends IllegalActionError {
  /** The player the move was made for (as given, possibly unknown): seat + 1. */
  readonly playerId: unknown;

  constructor(code: 'unknown_seat' | 'card_not_held' | 'already_played', playerId: unknown, message: string) {
    super(code, message);
    this.playerId = playerId;
  }
}

/** A play after the game has ended. `code` is `game_over`. */
export class GameOverError extends IllegalActionError {
  constructor(message: string) {
    super('game_over', message);
  }
}

/** The error for a player id (seat + 1) that is not at a table of `players`. */
export function noSuchPlayer(playerId: number, players: number): InvalidMoveError {
  return new InvalidMoveError(
    'unknown_seat',
    playerId,
    `There is no player ${String(playerId)}; player ids are 1 to ${players} (seats 0 to ${players - 1})`,
  );
}
