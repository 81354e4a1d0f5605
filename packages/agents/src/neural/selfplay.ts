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

/** A decision of a game in progress: the roller's position, its dice and the `n` plays in `list`. */
export interface Turn {
  /** 0 for the player who rolled first, 1 for the other. */
  mover: 0 | 1;
  pos: Position;
  dice: readonly [number, number];
  list: MoveList;
  n: number;
}

/**
 * One cubeless game as a generator: it yields every turn with more than one
 * play and takes the index of the play chosen; it returns the points player
 * 0 (who rolls first) won, negative when lost, 1 to 3 (0 if the game runs
 * past 3,000 turns). The dice come from `dice`, the first roll never a
 * double, as in a real opening. One loop for the synchronous choosers and
 * for players that answer later (another program over a pipe).
 */
export function* gameTurns(dice: Rng): Generator<Turn, number, number> {
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
    const mover = (turn & 1) as 0 | 1;
    const n = generateMoves(pos, d1, d2, list);
    const k = n === 1 ? 0 : yield { mover, pos, dice: [d1, d2], list, n };
    if (!Number.isInteger(k) || k < 0 || k >= n)
      throw new RangeError(`play index ${k} is not one of the ${n} plays`);
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

/**
 * Plays one cubeless game between `players[0]`, who rolls first, and
 * `players[1]`, with dice from `dice`. Returns the points player 0 won
 * (negative: lost), 1 to 3.
 */
export function playFastGame(players: readonly [Chooser, Chooser], dice: Rng): number {
  const game = gameTurns(dice);
  let step = game.next();
  while (!step.done) {
    const t = step.value;
    step = game.next(players[t.mover](t.pos, t.list, t.n));
  }
  return step.value;
}

/** `playFastGame` with the dice of a seed: the game of a pair's seed. */
export function fastGame(players: readonly [Chooser, Chooser], seed: number): number {
  return playFastGame(players, createRng(seed));
}

/**
 * The dice seeds of `pairs` pairs of games, from one `seed`: each pair
 * plays its seed's dice twice, the seats swapped.
 */
export function pairSeeds(seed: number, pairs: number): number[] {
  const seeds = createRng(seed);
  return Array.from({ length: pairs }, () => seeds.int(-0x80000000, 0x7fffffff));
}

/**
 * A pair of games with the same dice, as the points the first named
 * player won in each (negative: lost): once rolling first, once second.
 */
export type PairResult = readonly [number, number];

/** Points per game of `a` against `b`, with a 95% interval. */
export interface Comparison {
  games: number;
  pointsPerGame: number;
  /** Half the width of the 95% interval (1.96 standard errors of the pair means). */
  interval: number;
}

/** A `Comparison` with how the games ended, each a share of all games, from the first named player's side. */
export interface PairSummary extends Comparison {
  wins: number;
  /** Games won with a gammon or a backgammon. */
  gammons: number;
  backgammons: number;
  /** Games lost with a gammon or a backgammon. */
  gammonsLost: number;
  backgammonsLost: number;
}

/**
 * Sums up pairs of games: the mean points per game and the 95% interval of
 * the pair means (the two games of a pair share their dice, so they are
 * not independent; the pairs are), and how often each result came.
 */
export function summarisePairs(pairs: readonly PairResult[]): PairSummary {
  const count = pairs.length;
  let sum = 0;
  let sumSq = 0;
  const tally = { wins: 0, gammons: 0, backgammons: 0, gammonsLost: 0, backgammonsLost: 0 };
  for (const pair of pairs) {
    for (const points of pair) {
      if (!Number.isInteger(points) || Math.abs(points) > 3)
        throw new RangeError(`a game's result is 1 to 3 points won or lost, or 0; got ${points}`);
      if (points > 0) tally.wins++;
      if (points >= 2) tally.gammons++;
      if (points === 3) tally.backgammons++;
      if (points <= -2) tally.gammonsLost++;
      if (points === -3) tally.backgammonsLost++;
    }
    const mean = (pair[0] + pair[1]) / 2;
    sum += mean;
    sumSq += mean * mean;
  }
  const games = 2 * count;
  const mean = count > 0 ? sum / count : 0;
  const variance = count > 1 ? (sumSq - count * mean * mean) / (count - 1) : 0;
  const share = (n: number) => (games > 0 ? n / games : 0);
  return {
    games,
    pointsPerGame: mean,
    interval: count > 1 ? 1.96 * Math.sqrt(Math.max(0, variance) / count) : Number.POSITIVE_INFINITY,
    wins: share(tally.wins),
    gammons: share(tally.gammons),
    backgammons: share(tally.backgammons),
    gammonsLost: share(tally.gammonsLost),
    backgammonsLost: share(tally.backgammonsLost),
  };
}

/** The pair of games of `a` against `b` on the dice of `seed`: `a` rolls first, then `b`. */
export function playPair(a: Chooser, b: Chooser, seed: number): PairResult {
  return [fastGame([a, b], seed), -fastGame([b, a], seed)];
}

/**
 * `pairs` pairs of cubeless games of `a` against `b` with paired dice: the
 * two games of a pair use the same dice, `a` rolling first in one and `b` in
 * the other, so that the luck of the dice mostly cancels. Seeded: the same
 * seed plays the same games.
 */
export function compare(a: Chooser, b: Chooser, pairs: number, seed: number): PairSummary {
  return summarisePairs(pairSeeds(seed, pairs).map((s) => playPair(a, b, s)));
}

export { OPP };
