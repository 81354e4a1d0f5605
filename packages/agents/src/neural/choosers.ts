import { evaluate } from '../backgammon.js';
import type { Evaluator } from './evaluator.js';
import type { MoveList } from './movegen.js';
import { boardOf, type Position } from './position.js';
import { rankPlays, STRENGTHS, type Strength } from './search.js';
import { type Chooser, pubevalChooser } from './selfplay.js';

/** A chooser that plays the best play at a strength (0, 1 or 2 plies, with its filters). */
export function strengthChooser(ev: Evaluator, strength: Strength): Chooser {
  return (_pos: Position, list: MoveList, n: number) => {
    const afters: Position[] = [];
    for (let k = 0; k < n; k++) afters.push(list.view(k));
    return rankPlays(ev, afters, strength)[0]!.index;
  };
}

/** The `heuristic` agent's play choice as a chooser (its static evaluation of the board after each play). */
export const heuristicChooser: Chooser = (_pos, list, n) => {
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    const score = evaluate(boardOf(list.view(k), 0), 0);
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best;
};

/** The bot's benchmark players by their agent names, as choosers; `expert` is the 2-ply strength. */
export function namedChoosers(ev: Evaluator): Record<string, Chooser> {
  return {
    pubeval: pubevalChooser,
    heuristic: heuristicChooser,
    'neural-0': strengthChooser(ev, STRENGTHS['neural-0']),
    'neural-1': strengthChooser(ev, STRENGTHS['neural-1']),
    'neural-2': strengthChooser(ev, STRENGTHS['neural-2']),
    expert: strengthChooser(ev, STRENGTHS['neural-2']),
  };
}
