import { type Agent, TabulaError } from '@tabula/core';
import { type RummyAction, type RummyView, solve } from '@tabula/rummy';

/**
 * Plays the exact solver's best play for its view (the most hand cards, then
 * the most points shed, then the fewest table melds changed), else draws or
 * passes. Without a budget from the caller it searches to the end, so it plays
 * the same way on any machine.
 */
export function solverRummyAgent(): Agent<RummyView, RummyAction> {
  return {
    name: 'solver',
    act(view, legal, ctx) {
      const seat = view.seat;
      if (view.status === 'playing' && seat !== null && view.hand !== null && view.current === seat) {
        const solution = solve(
          { table: view.table, hand: view.hand, opened: view.opened[seat] === true, rules: view.rules },
          ctx.budgetMs === undefined ? {} : { budgetMs: ctx.budgetMs },
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
