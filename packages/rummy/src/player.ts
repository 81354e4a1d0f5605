import { TabulaError } from '@tabula/core';
import type { PlayerJSON } from './schemas.js';

/** Someone at the table. Players are equal when their ids are equal; extend it to carry more. */
export class Player {
  readonly name: string;
  readonly id: string;

  constructor(name: string, id: string = name) {
    if (typeof name !== 'string' || name === '') {
      throw new TabulaError('invalid_argument', 'A player needs a non-empty name.');
    }
    if (typeof id !== 'string' || id === '') {
      throw new TabulaError('invalid_argument', `Player ${name} needs a non-empty id.`);
    }
    this.name = name;
    this.id = id;
  }

  /** Whether this player has joined the game. */
  isPlaying(game: { hasPlayer(player: Player): boolean }): boolean {
    return game.hasPlayer(this);
  }

  equals(other: Player): boolean {
    return this.id === other.id;
  }

  toString(): string {
    return this.name;
  }

  toJSON(): PlayerJSON {
    return { id: this.id, name: this.name };
  }
}
