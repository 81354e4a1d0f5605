import type { Rng } from '@tabula/core';
import type { SkirmishSolver, SolverPosition } from '@tabula/skirmish';
import { bidAmong, blurOf } from './skirmish-bid.js';

/**
 * The payoffs of one battle of a two-player position for the `optimal`
 * agent: each pair of ships (seat 0's, seat 1's) valued as seat 0's chance
 * to win the game (a shared win half), exactly where the hands left are
 * small enough for the solver, otherwise by rollouts: both seats bid as the
 * bidder does until the hands are that small, then the solver's exact value
 * of where they stand. Planets are known by their VP (the solver's model),
 * so a planet is worth its VP to the bidders too; a pot of no VP counts as
 * empty.
 */

/** Removes one copy of `value` from a sorted list (a copy). */
function without(list: readonly number[], value: number): number[] {
  const at = list.indexOf(value);
  return at < 0 ? list.slice() : [...list.slice(0, at), ...list.slice(at + 1)];
}

/** The exact value for seat 0 of a battle about to be fought, before its planet is drawn when the pot is `kept`. */
function drawnValue(
  solver: SkirmishSolver,
  hands: readonly [readonly number[], readonly number[]],
  deck: readonly number[],
  kept: number,
  lead: number,
): number {
  if (deck.length === 0) return solver.solve({ hands, deck, pot: kept, lead }).value;
  let expected = 0;
  let last = Number.NaN;
  for (const v of deck) {
    if (v === last) continue;
    last = v;
    let count = 0;
    for (const w of deck) if (w === v) count++;
    expected +=
      (count / deck.length) * solver.solve({ hands, deck: without(deck, v), pot: kept + v, lead }).value;
  }
  return expected;
}

/**
 * The numbers one rollout draws, drawn before any rollout is played: at each
 * of its battles the planet drawn (an index into the deck, whose length
 * every pair shares at that battle) and the two bidders' blurs. Every pair
 * of ships is rolled out on the same numbers (common random numbers: the
 * pairs differ by their ships, not by their luck).
 */
function drawsOf(rng: Rng, deckLength: number, battles: number): Int32Array {
  const draws = new Int32Array(3 * (battles + 1));
  for (let k = 0; k <= battles; k++) {
    const left = deckLength - k;
    draws[3 * k] = left > 0 ? rng.int(0, left - 1) : 0;
    draws[3 * k + 1] = rng.int(0, 999);
    draws[3 * k + 2] = rng.int(0, 999);
  }
  return draws;
}

/**
 * One game played on from a battle just fought (hands left, the deck, the
 * pot kept by a tie, the lead) by two bidders, to the first battle with at
 * most `exactShips` ships a hand, then valued exactly.
 */
function rollout(
  solver: SkirmishSolver,
  start: SolverPosition,
  tied: boolean,
  exactShips: number,
  draws: Int32Array,
): number {
  const mine = start.hands[0].slice();
  const theirs = start.hands[1].slice();
  const deck = start.deck.slice();
  let pot = start.pot;
  let lead = start.lead;
  let afterTie = tied;
  for (let k = 0; ; k++) {
    if (deck.length > 0) pot += deck.splice(draws[3 * k] as number, 1)[0] as number;
    if (mine.length <= exactShips) break;
    let a: number;
    let b: number;
    if (pot === 0) {
      a = mine[0] as number;
      b = theirs[0] as number;
    } else {
      a = bidAmong(
        { ships: mine, pot, prizes: deck, others: theirs },
        blurOf(draws[3 * k + 1] as number, afterTie),
      );
      b = bidAmong(
        { ships: theirs, pot, prizes: deck, others: mine },
        blurOf(draws[3 * k + 2] as number, afterTie),
      );
    }
    mine.splice(mine.indexOf(a), 1);
    theirs.splice(theirs.indexOf(b), 1);
    afterTie = a === b;
    if (a !== b) {
      lead += a > b ? pot : -pot;
      pot = 0;
    }
  }
  return solver.solve({ hands: [mine, theirs], deck, pot, lead }).value;
}

/**
 * Seat 0's payoff (its chance to win, a shared win half) for each of its
 * ships (rows, ascending) against each of seat 1's (columns, ascending) in
 * the battle at `position`: exact when the hands left hold at most
 * `exactShips` ships, otherwise the mean of `rollouts` bidder rollouts, the
 * same draws for every pair (`drawsOf`).
 */
export function battlePayoffs(
  solver: SkirmishSolver,
  position: SolverPosition,
  options: { readonly exactShips: number; readonly rollouts: number; readonly rng: Rng },
): number[][] {
  const mine = [...position.hands[0]].sort((a, b) => a - b);
  const theirs = [...position.hands[1]].sort((a, b) => a - b);
  const deck = [...position.deck].sort((a, b) => a - b);
  const { pot, lead } = position;
  const exact = mine.length - 1 <= options.exactShips;
  const battles = mine.length - 1 - options.exactShips;
  const draws = exact
    ? []
    : Array.from({ length: options.rollouts }, () => drawsOf(options.rng, deck.length, battles));
  return mine.map((a) =>
    theirs.map((b) => {
      const hands = [without(mine, a), without(theirs, b)] as const;
      const kept = a === b ? pot : 0;
      const nextLead = lead + Math.sign(a - b) * pot;
      if (exact) return drawnValue(solver, hands, deck, kept, nextLead);
      let total = 0;
      for (const numbers of draws) {
        total += rollout(
          solver,
          { hands, deck, pot: kept, lead: nextLead },
          a === b,
          options.exactShips,
          numbers,
        );
      }
      return total / draws.length;
    }),
  );
}
