import { type Agent, type AgentContext, TabulaError } from '@tabula/core';

/**
 * Plays a uniformly random legal action, from its own seeded generator. Works
 * for any game. It never reads its view, so it also acts without one
 * (`actWithoutView`), and `playGame` does not compute its views.
 */
export function randomAgent<View = unknown, Action = unknown>(): Agent<View, Action> {
  const choose = (legal: readonly Action[], ctx: AgentContext): Action => {
    if (legal.length === 0)
      throw new TabulaError('no_legal_action', 'The random agent was asked to act with no legal action');
    return ctx.rng.pick(legal);
  };
  return { name: 'random', act: (_view, legal, ctx) => choose(legal, ctx), actWithoutView: choose };
}
