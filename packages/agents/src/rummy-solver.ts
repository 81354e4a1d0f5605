import { type Agent, IllegalActionError, TabulaError } from '@tabula/core';
import { DEFAULT_SOLVE_STEPS, Round, type RummyAction, type RummyView, solve } from '@tabula/rummy';

/** Whether `play` accepts the layout as an action gives it (card lists, kinds guessed). */
function acceptedAsCards(position: Round.PlayPosition, layout: readonly string[][]): boolean {
  try {
    Round.settlePlay(position, layout);
    return true;
  } catch (error) {
    if (error instanceof IllegalActionError) return false;
    throw error;
  }
}

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

/** The solver's work budget a caller asked for (default `DEFAULT_SOLVE_STEPS`), checked once. */
export function solveSteps(maxSteps: number | undefined): number {
  const steps = maxSteps ?? DEFAULT_SOLVE_STEPS;
  if (typeof steps !== 'number' || !(steps >= 0)) {
    throw new TabulaError('invalid_argument', `maxSteps must be a number, 0 or more, got ${String(steps)}`);
  }
  return steps;
}

/**
 * Plays the solver's best play for its view (the most hand cards, then the
 * most points shed, then the fewest table melds changed), else draws or
 * passes. The search is bounded by `maxSteps`, and also by the caller's time
 * budget when there is one (`ctx.budgetMs`; a time budget makes the play
 * depend on the machine).
 */
export function solverRummyAgent(options: SolverRummyAgentOptions = {}): Agent<RummyView, RummyAction> {
  const maxSteps = solveSteps(options.maxSteps);
  return {
    name: 'solver',
    act(view, legal, ctx) {
      const seat = view.seat;
      if (view.status === 'playing' && seat !== null && view.hand !== null && view.current === seat) {
        const position = {
          table: view.table,
          hand: view.hand,
          opened: view.opened[seat] === true,
          rules: view.rules,
        };
        const solution = solve(
          position,
          ctx.budgetMs === undefined ? { maxSteps } : { maxSteps, budgetMs: ctx.budgetMs },
        );
        if (solution.kind === 'play') {
          const layout = solution.layout.map((m) => m.cards.slice());
          if (acceptedAsCards(position, layout)) return { type: 'play', layout };
          // the solver's melds carry kinds an action has not: as cards, a run of one regular card and
          // jokers reads as a group, which may fall short of an opening; the first listed play instead
          const listed = legal.find((a) => a.type === 'play');
          if (listed !== undefined) return listed;
        }
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
