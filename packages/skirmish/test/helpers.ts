import type { Rng } from '@tabula/core';
import { skirmishGame as game } from '../src/definition.js';
import type { SkirmishAction, SkirmishState } from '../src/schemas.js';

export const play = (card: number): SkirmishAction => ({ type: 'play', card });

/** Random plays through the game definition until the game is over (or `steps` plays were made). */
export function playOut(state: SkirmishState, rng: Rng, steps = Number.POSITIVE_INFINITY): SkirmishState {
  for (let i = 0; i < steps && game.outcome(state) === null; i++) {
    const seat = rng.pick(game.toAct(state));
    state = game.apply(state, seat, rng.pick(game.legalActions(state, seat)), rng);
  }
  return state;
}
