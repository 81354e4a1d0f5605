import { IllegalActionError, NotationError } from '@tabula/core';
import type { SkirmishAction, SkirmishView } from './schemas.js';

/** An action in the game's notation: `play 7`. */
export function describeAction(action: SkirmishAction): string {
  return `play ${action.card}`;
}

/**
 * A typed play, `7` or `play 7` (any case, any spacing), matched against
 * the legal actions of the seat whose view this is.
 *
 * @throws NotationError `invalid_notation` for text that is no play.
 * @throws IllegalActionError `card_not_held` for a ship not in the hand;
 *   `game_over` or `not_your_turn` when the seat has nothing to play.
 */
export function parseAction(
  text: string,
  view: SkirmishView,
  legal: readonly SkirmishAction[],
): SkirmishAction {
  const match = /^\s*(?:play\s+)?(-?\d+)\s*$/i.exec(text);
  if (match === null) {
    throw new NotationError(
      'invalid_notation',
      `"${text.trim()}" is not a play: type the ship to send, such as "play 7" or "7"`,
    );
  }
  const card = Number(match[1]);
  const action = legal.find((a) => a.card === card);
  if (action !== undefined) return action;
  if (legal.length === 0) {
    throw new IllegalActionError(
      view.gameOver ? 'game_over' : 'not_your_turn',
      'You have no ship to play now (already played, or the game is over)',
    );
  }
  throw new IllegalActionError(
    'card_not_held',
    `You do not hold ship ${card}; you can play ${legal.map((a) => a.card).join(', ')}`,
  );
}
