import { Board } from '@tabula/backgammon';
import { createRng, type Rng } from '@tabula/core';
import { type Evaluator, evaluateAfterMove, moneyEquity, resultOf } from './evaluator.js';
import { generateMoves, MoveList } from './movegen.js';
import { OUTPUTS } from './net.js';
import { isContact, newPosition, OPP, offOf, type Position, positionOf, swapSides } from './position.js';
import { pubeval } from './pubeval.js';

/*
 * Whole games on `Position`s, without the engine's tables: for training and
 * for the benchmarks, where millions of plays are chosen. The plays are the
 * engine's (movegen.test.ts checks that), so a chooser plays here exactly
 * as its agent plays at a table.
 */

/** Picks one of the `n` positions of `list` (after a roll) for the roller of `pos`. */
export type Chooser = (pos: Position, list: MoveList, n: number) => number;

/** A chooser that plays the highest cubeless money equity at 0-ply. */
export function zeroPlyChooser(ev: Evaluator): Chooser {
  const p = new Float64Array(OUTPUTS);
  return (_pos, list, n) => {
    let best = 0;
    let bestEquity = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const e = moneyEquity(evaluateAfterMove(ev, list.view(k), p));
      if (e > bestEquity) {
        bestEquity = e;
        best = k;
      }
    }
    return best;
  };
}

/** pubeval as a chooser: the race weights when the position before the play is a race. */
export const pubevalChooser: Chooser = (pos, list, n) => {
  const race = !isContact(pos);
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < n; k++) {
    const s = pubeval(list.view(k), race);
    if (s > bestScore) {
      bestScore = s;
      best = k;
    }
  }
  return best;
};

export const START: Position = positionOf(Board.start(), 0);

const MAX_TURNS = 3000;

/**
 * Plays one cubeless game between `players[0]`, who rolls first, and
 * `players[1]`, with dice from `dice` (the first roll is never a double, as
 * in a real opening). Returns the points player 0 won (negative: lost), 1 to 3.
 */
export function playFastGame(players: readonly [Chooser, Chooser], dice: Rng): number {
  const list = new MoveList();
  let pos: Position = START.slice();
  let next: Position = newPosition();
  const result = new Float64Array(OUTPUTS);
  let d1 = dice.int(1, 6);
  let d2 = dice.int(1, 6);
  while (d1 === d2) {
    d1 = dice.int(1, 6);
    d2 = dice.int(1, 6);
  }
  for (let turn = 0; turn < MAX_TURNS; turn++) {
    const mover = turn & 1;
    const n = generateMoves(pos, d1, d2, list);
    const k = n === 1 ? 0 : players[mover]!(pos, list, n);
    const after = list.view(k);
    if (offOf(after, 0) === 15) {
      resultOf(after, result);
      const points = 1 + result[1]! + result[2]!;
      return mover === 0 ? points : -points;
    }
    swapSides(after, next);
    [pos, next] = [next, pos];
    d1 = dice.int(1, 6);
    d2 = dice.int(1, 6);
  }
  return 0;
}

/** Points per game of `a` against `b`, with a 95% interval. */
export interface Comparison {
  games: number;
  pointsPerGame: number;
  /** Half the width of the 95% interval (1.96 standard errors of the pair means). */
  interval: number;
}

/**
 * `pairs` pairs of cubeless games of `a` against `b` with paired dice: the
 * two games of a pair use the same dice, `a` rolling first in one and `b` in
 * the other, so that the luck of the dice mostly cancels. Seeded: the same
 * seed plays the same games.
 */
export function compare(a: Chooser, b: Chooser, pairs: number, seed: number): Comparison {
  const seeds = createRng(seed);
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < pairs; i++) {
    const s = seeds.int(-0x80000000, 0x7fffffff);
    const first = playFastGame([a, b], createRng(s));
    const second = -playFastGame([b, a], createRng(s));
    const pair = (first + second) / 2;
    sum += pair;
    sumSq += pair * pair;
  }
  const mean = sum / pairs;
  const variance = pairs > 1 ? (sumSq - pairs * mean * mean) / (pairs - 1) : 0;
  return { games: 2 * pairs, pointsPerGame: mean, interval: 1.96 * Math.sqrt(Math.max(0, variance) / pairs) };
}

export { OPP };
