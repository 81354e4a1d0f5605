import { type Agent, type AgentContext, TabulaError } from '@tabula/core';

export interface RandomAgentOptions {
  /**
   * Action types (an action's `type` field) it leaves out while anything
   * else is legal: `['double']` keeps a backgammon bot from turning the
   * cube at random, which ends most games on a dropped double.
   */
  readonly avoid?: readonly string[];
}

function typeOf(action: unknown): unknown {
  return typeof action === 'object' && action !== null ? (action as { type?: unknown }).type : undefined;
}

/**
 * Plays a uniformly random legal action, from its own seeded generator. Works
 * for any game. It never reads its view, so it also acts without one
 * (`actWithoutView`), and `playGame` does not compute its views. With
 * `avoid`, it picks among the other actions when there are any.
 */
export function randomAgent<View = unknown, Action = unknown>(
  options: RandomAgentOptions = {},
): Agent<View, Action> {
  const avoid = options.avoid ?? [];
  const choose = (legal: readonly Action[], ctx: AgentContext): Action => {
    if (legal.length === 0)
      throw new TabulaError('no_legal_action', 'The random agent was asked to act with no legal action');
    if (avoid.length > 0) {
      const rest = legal.filter((a) => !avoid.includes(typeOf(a) as string));
      if (rest.length > 0 && rest.length < legal.length) return ctx.rng.pick(rest);
    }
    return ctx.rng.pick(legal);
  };
  return { name: 'random', act: (_view, legal, ctx) => choose(legal, ctx), actWithoutView: choose };
}
