import { type Agent, TabulaError } from '@tabula/core';
import { cardPenalty, findPlaysFrom, isJokerString, type RummyAction, type RummyView } from '@tabula/rummy';
import type { AgentEntry } from './agent-entry.js';
import { solverRummyAgent } from './rummy-solver.js';

/** What a play lays from the hand, read from the view's table: the cards it adds. */
export interface Laid {
  readonly cards: number;
  readonly jokers: number;
  /** The penalty those cards would cost if they stayed in the hand (values, jokers at the rules' penalty). */
  readonly points: number;
}

/** The cards a layout adds to the table of the view, counted. */
export function laidBy(layout: readonly (readonly string[])[], view: RummyView): Laid {
  const onTable = new Map<string, number>();
  for (const meld of view.table)
    for (const card of meld.cards) onTable.set(card, (onTable.get(card) ?? 0) + 1);
  let cards = 0;
  let jokers = 0;
  let points = 0;
  for (const meld of layout) {
    for (const card of meld) {
      const left = onTable.get(card) ?? 0;
      if (left > 0) {
        onTable.set(card, left - 1);
        continue;
      }
      cards++;
      if (isJokerString(card)) jokers++;
      points += cardPenalty(card, view.rules.jokerPenalty);
    }
  }
  return { cards, jokers, points };
}

/** Whether `a` is the better play: more cards, then fewer jokers (kept for later), then more points shed. */
function better(a: Laid, b: Laid): boolean {
  if (a.cards !== b.cards) return a.cards > b.cards;
  if (a.jokers !== b.jokers) return a.jokers < b.jokers;
  return a.points > b.points;
}

/**
 * Lays the most cards among the plays its own search finds (the bounded
 * search that `rummyGame.legalActions` lists from, run on its view); among
 * those laying as many, the one with the fewest jokers (a joker in hand makes
 * the next melds), then the one that sheds the most points; the first found
 * on a full tie. Without a play it draws (or passes once the stock is empty).
 * It does not pick from other listed plays, such as the solver's, so that it
 * stays the heuristic baseline the `solver` agent is measured against.
 */
export function greedyRummyAgent(): Agent<RummyView, RummyAction> {
  return {
    name: 'greedy',
    act(view, legal) {
      let best: RummyAction | undefined;
      let bestLaid: Laid | undefined;
      const seat = view.seat;
      if (view.status === 'playing' && seat !== null && view.hand !== null && view.current === seat) {
        const found = findPlaysFrom({
          table: view.table,
          hand: view.hand,
          opened: view.opened[seat] === true,
          rules: view.rules,
        });
        for (const { layout } of found) {
          const laid = laidBy(layout, view);
          if (bestLaid === undefined || better(laid, bestLaid)) {
            best = { type: 'play', layout };
            bestLaid = laid;
          }
        }
      }
      best ??= legal.find((a) => a.type === 'draw' || a.type === 'pass');
      if (best === undefined) {
        throw new TabulaError(
          'no_legal_action',
          'The greedy rummy agent was asked to act with no legal action',
        );
      }
      return best;
    },
  };
}

export const rummyAgents: AgentEntry[] = [
  {
    name: 'greedy',
    summary:
      'lays the most cards its own bounded search finds (fewest jokers, most points on a tie), else draws or passes',
    create: () => greedyRummyAgent() as unknown as Agent<unknown, unknown>,
  },
  {
    name: 'solver',
    summary:
      "plays the exact solver's best play (most cards, most points, fewest melds changed), else draws or passes",
    create: () => solverRummyAgent() as unknown as Agent<unknown, unknown>,
  },
];
