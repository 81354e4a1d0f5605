import type { AnyGame, Outcome } from '@tabula/core';

/** An action in the game's notation (JSON for a game without one); `state` is the state it is played in. */
export function actionText(game: AnyGame, action: unknown, state: unknown): string {
  return game.describe ? game.describe(action, state) : JSON.stringify(action);
}

/** Who won, by name where the seat has one: "you and bidder", "nobody". */
export function winnersText(outcome: Outcome, names: readonly string[]): string {
  return outcome.winners.map((seat) => names[seat] ?? `seat ${seat}`).join(' and ') || 'nobody';
}
