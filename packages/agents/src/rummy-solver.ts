import { type Agent, TabulaError } from '@tabula/core';
import { DEFAULT_SOLVE_STEPS, type RummyAction, type RummyView, solve } from '@tabula/rummy';

/** How the solver agent searches. */
export interface SolverRummyAgentOptions {
  /**
   * The solver's work budget, in search steps (default `DEFAULT_SOLVE_STEPS`,
   * as `rummyGame.legalActions`): past it the agent plays the best play the
   * solver found so far. Steps are counted the same way on every machine, so
   * the agent plays the same way everywhere. `Infinity` for the exact play
   * however long it takes.
   */
  readonly maxSteps?: number;
}

/**
 * Plays the solver's best play for its view (the most hand cards, then the
 * most points shed, then the fewest table melds changed), else draws or
 * passes. The search is bounded by `maxSteps`, and also by the caller's time
 * budget when there is one (`ctx.budgetMs`; a time budget makes the play
 * depend on the machine).
 */
export function solverRummyAgent(options: SolverRummyAgentOptions = {}): Agent<RummyView, RummyAction> {
  const maxSteps = options.maxSteps ?? DEFAULT_SOLVE_STEPS;
  if (typeof maxSteps !== 'number' || !(maxSteps >= 0)) {
    throw new TabulaError(
      'invalid_argument',
      `maxSteps must be a number, 0 or more, got ${String(maxSteps)}`,
    );
  }
  return {
    name: 'solver',
    act(view, legal, ctx) {
      const seat = view.seat;
      if (view.status === 'playing' && seat !== null && view.hand !== null && view.current === seat) {
        const solution = solve(
          { table: view.table, hand: view.hand, opened: view.opened[seat] === true, rules: view.rules },
          ctx.budgetMs === undefined ? { maxSteps } : { maxSteps, budgetMs: ctx.budgetMs },
        );
        if (solution.kind === 'play')
          return { type: 'play', layout: solution.layout.map((m) => m.cards.slice()) };
      }
      const turn = legal.find((a) => a.type === 'draw' || a.type === 'pass');
      if (turn === undefined) {
        throw new TabulaError(
          'no_legal_action',
          'The solver rummy agent was asked to act with no legal action',
        );
      }
      return turn;
    },
  };
}
