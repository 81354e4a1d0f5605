import type { Rng } from '@tabula/core';
import { skirmishGame as game } from '../src/definition.js';
import type { SkirmishState } from '../src/definition-state.js';
import type { SkirmishAction } from '../src/notation.js';

export const play = (card: number): SkirmishAction => ({ type: 'play', card });

/** The error `run` throws; a test failure when it throws nothing. */
/** Random plays through the game definition until the game is over (or `steps` plays were made). */
export function playOut(state: SkirmishState, rng: Rng, steps = Number.POSITIVE_INFINITY): SkirmishState {
  for (let i = 0; i < steps && game.outcome(state) === null; i++) {
    const seat = rng.pick(game.toAct(state));
    state = game.apply(state, seat, rng.pick(game.legalActions(state, seat)), rng);
  }
  return state;
}
