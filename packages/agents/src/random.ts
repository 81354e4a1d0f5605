import { type Agent, TabulaError } from '@tabula/core';

/** Plays a uniformly random legal action, from its own seeded generator. Works for any game. */
export function randomAgent<View = unknown, Action = unknown>(): Agent<View, Action> {
  return {
    name: 'random',
    act(_view, legal, ctx) {
      if (legal.length === 0)
        throw new TabulaError('no_legal_action', 'The random agent was asked to act with no legal action');
      return ctx.rng.pick(legal);
    },
  };
}
