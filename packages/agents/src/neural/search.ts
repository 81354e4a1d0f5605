import {
  classify,
  type Evaluator,
  evaluateAfterMove,
  evaluateOnRoll,
  invert,
  moneyEquity,
} from './evaluator.js';
import { generateMoves, MoveList, ROLLS } from './movegen.js';
import { OUTPUTS } from './net.js';
import { isContact, newPosition, offOf, type Position, swapSides } from './position.js';
import { pubeval } from './pubeval.js';

/*
 * Look-ahead. A position's n-ply chances are the average, over the 21 rolls
 * the player on roll can make, of the (n-1)-ply chances after the play it
 * would pick for that roll at 0-ply (gnubg's scheme: plays inside the search
 * are chosen by the static evaluator, then looked at deeper). Bear-offs are
 * exact already, so the search stops there.
 *
 * A decision at n plies ranks the plays at 0-ply, keeps the best few (the
 * move filter: at most `keep`, and only those within `within` of the best),
 * looks at those one ply deeper, filters again, and so on up to n: the
 * plays that cannot be best are never searched deeply.
 */

export interface Filter {
  /** The most plays kept for the next ply. */
  keep: number;
  /** Plays worse than the best by more than this (money equity) are dropped. */
  within: number;
}

/** How deep a decision looks, and which plays each ply keeps for the next. */
export interface Strength {
  plies: number;
  /** `filters[k]` filters the plays ranked at k plies before they are looked at k + 1 deep. */
  filters: readonly Filter[];
  /**
   * Inside the look-ahead, judge only this many plays of each roll with the
   * net: the best by pubeval, a linear evaluator some hundred times cheaper
   * (gnubg prunes with small nets the same way). 0 judges every play.
   */
  prune?: number;
}

/** The named strengths: 0-ply, 1-ply and 2-ply, with gnubg-like filters. */
export const STRENGTHS = {
  'neural-0': { plies: 0, filters: [] },
  'neural-1': { plies: 1, filters: [{ keep: 8, within: 0.16 }] },
  'neural-2': {
    plies: 2,
    filters: [
      { keep: 8, within: 0.16 },
      { keep: 3, within: 0.06 },
    ],
    prune: 4,
  },
} as const satisfies Record<string, Strength>;

const MAX_DEPTH = 6;
const lists = Array.from({ length: MAX_DEPTH }, () => new MoveList());
const swappedAt = Array.from({ length: MAX_DEPTH }, () => newPosition());
const probAt = Array.from({ length: MAX_DEPTH }, () => new Float64Array(OUTPUTS));
const bestAt = Array.from({ length: MAX_DEPTH }, () => new Float64Array(OUTPUTS));
const sumAt = Array.from({ length: MAX_DEPTH }, () => new Float64Array(OUTPUTS));

/**
 * The chances of the player on roll in `pos`, looking `plies` rolls ahead,
 * into `out`; `prune` > 0 judges only that many plays of each roll with the net.
 */
export function evaluatePlied(
  ev: Evaluator,
  pos: Position,
  plies: number,
  out: Float64Array,
  prune = 0,
): Float64Array {
  if (plies <= 0 || classify(ev, pos) === 'bearoff') return evaluateOnRoll(ev, pos, out);
  return lookAhead(ev, pos, plies, 0, out, prune);
}

const PRUNE_MAX = 16;
const pruneIndex = new Int32Array(PRUNE_MAX);
const pruneScore = new Float64Array(PRUNE_MAX);

/** The indexes of the `keep` plays of `list` pubeval likes best, into `pruneIndex`; returns how many. */
function pruned(pos: Position, list: MoveList, n: number, keep: number): number {
  const race = !isContact(pos);
  let count = 0;
  for (let k = 0; k < n; k++) {
    const s = pubeval(list.view(k), race);
    if (count === keep && s <= pruneScore[count - 1]!) continue;
    // Insertion into the sorted top `keep`.
    let i = count < keep ? count++ : count - 1;
    while (i > 0 && pruneScore[i - 1]! < s) {
      pruneScore[i] = pruneScore[i - 1]!;
      pruneIndex[i] = pruneIndex[i - 1]!;
      i--;
    }
    pruneScore[i] = s;
    pruneIndex[i] = k;
  }
  return count;
}

function lookAhead(
  ev: Evaluator,
  pos: Position,
  plies: number,
  depth: number,
  out: Float64Array,
  prune: number,
): Float64Array {
  const list = lists[depth]!;
  const p = probAt[depth]!;
  const best = bestAt[depth]!;
  const sum = sumAt[depth]!;
  const keep = Math.min(prune, PRUNE_MAX);
  sum.fill(0);
  for (const [a, b, weight] of ROLLS) {
    let n = generateMoves(pos, a, b, list);
    const pruning = keep > 0 && n > keep;
    if (pruning) n = pruned(pos, list, n, keep);
    let bestK = 0;
    let bestEquity = Number.NEGATIVE_INFINITY;
    for (let j = 0; j < n; j++) {
      const k = pruning ? pruneIndex[j]! : j;
      const e = moneyEquity(evaluateAfterMove(ev, list.view(k), p));
      if (e > bestEquity) {
        bestEquity = e;
        bestK = k;
        best.set(p);
      }
    }
    const after = list.view(bestK);
    if (plies > 1 && offOf(after, 0) < 15) {
      const swapped = swapSides(after, swappedAt[depth]!);
      if (classify(ev, swapped) !== 'bearoff') {
        lookAhead(ev, swapped, plies - 1, depth + 1, p, prune);
        invert(p, best);
      }
    }
    for (let k = 0; k < OUTPUTS; k++) sum[k]! += weight * best[k]!;
  }
  for (let k = 0; k < OUTPUTS; k++) out[k] = sum[k]! / 36;
  return out;
}

const afterScratch = newPosition();
const plyScratch = new Float64Array(OUTPUTS);

/** The chances, for the player who moved, of the position `after` a play, looked at `plies` deep. */
export function evaluateAfterPlied(
  ev: Evaluator,
  after: Position,
  plies: number,
  out: Float64Array,
  prune = 0,
): Float64Array {
  if (plies <= 0 || offOf(after, 0) === 15) return evaluateAfterMove(ev, after, out);
  evaluatePlied(ev, swapSides(after, afterScratch), plies, plyScratch, prune);
  return invert(plyScratch, out);
}

/** A play under consideration: its index among the candidates, its chances and its equity. */
export interface Ranked {
  index: number;
  probabilities: Float64Array;
  equity: number;
  /** The plies it was last evaluated at. */
  plies: number;
}

/**
 * Ranks the plays `afters` (each the position after a play, from the
 * mover's side) at `strength`, best first; plays filtered out keep their
 * shallower evaluation and rank below the ones that were searched deeper.
 * `equityOf` turns chances into the equity to maximise (money by default,
 * or match equity).
 */
export function rankPlays(
  ev: Evaluator,
  afters: readonly Position[],
  strength: Strength,
  equityOf: (p: Float64Array) => number = moneyEquity,
): Ranked[] {
  let ranked: Ranked[] = afters.map((after, index) => {
    const probabilities = evaluateAfterMove(ev, after, new Float64Array(OUTPUTS));
    return { index, probabilities, equity: equityOf(probabilities), plies: 0 };
  });
  ranked.sort((x, y) => y.equity - x.equity);
  for (let ply = 1; ply <= strength.plies; ply++) {
    const filter = strength.filters[ply - 1] ?? { keep: 1, within: 0 };
    const top = ranked[0]!.equity;
    const kept = ranked.filter((r, i) => i < filter.keep && top - r.equity <= filter.within);
    if (kept.length <= 1) break;
    for (const r of kept) {
      evaluateAfterPlied(ev, afters[r.index]!, ply, r.probabilities, strength.prune ?? 0);
      r.equity = equityOf(r.probabilities);
      r.plies = ply;
    }
    kept.sort((x, y) => y.equity - x.equity);
    ranked = [...kept, ...ranked.filter((r) => !kept.includes(r))];
  }
  return ranked;
}
