import {
  type BackgammonAction,
  type BackgammonView,
  type Board,
  Moves,
  type Side,
  type Step,
} from '@tabula/backgammon';
import { type Agent, TabulaError } from '@tabula/core';
import { bearoffDatabase } from './bearoff-store.js';
import { type CubeDecision, type CubeState, cubeDecision, type MatchScore, matchEquityOf } from './cube.js';
import { INPUTS } from './encode.js';
import { type Evaluator, moneyEquity } from './evaluator.js';
import { netFromBase64, OUTPUTS } from './net.js';
import { isContact, positionOf } from './position.js';
import { pubeval } from './pubeval.js';
import { evaluatePlied, rankPlays, STRENGTHS, type Strength } from './search.js';
import { TRAINED } from './weights-data.js';

/*
 * The bot: the trained evaluator behind the agent contract, and the API a
 * game analyser uses (`evaluatePlays`, `evaluateCube`).
 */

let shipped: Evaluator | null = null;

/** The evaluator with the shipped weights (src/neural/weights-data.ts) and the bear-off database, loaded once. */
export function shippedEvaluator(): Evaluator {
  shipped ??= {
    contact: netFromBase64(INPUTS, TRAINED.contactHidden, TRAINED.contact),
    race: netFromBase64(INPUTS, TRAINED.raceHidden, TRAINED.race),
    bearoff: bearoffDatabase(),
  };
  return shipped;
}

export type StrengthName = keyof typeof STRENGTHS;

/** What the analysis functions need to know of a game: the board, who is on roll, the dice, the cube and the score. */
export type Situation = Pick<BackgammonView, 'board' | 'cube' | 'config' | 'crawfordGame' | 'dice' | 'match'>;

function other(seat: Side): Side {
  return seat === 0 ? 1 : 0;
}

/** The match score from `seat`'s side, or undefined for money play (or a single game of length 1). */
export function matchScoreOf(situation: Situation, seat: Side): MatchScore | undefined {
  const length = situation.config.length;
  if (situation.config.money !== undefined || length <= 1 || situation.match === undefined) return undefined;
  const score = situation.match.score;
  return {
    away: length - score[seat],
    oppAway: length - score[other(seat)],
    crawfordOrLater: situation.crawfordGame || situation.match.postCrawford,
  };
}

/** The cube as `seat` sees it. */
export function cubeStateOf(situation: Situation, seat: Side): CubeState {
  const owner =
    situation.cube.owner === null ? 'centered' : situation.cube.owner === seat ? 'me' : 'opponent';
  const match = matchScoreOf(situation, seat);
  const state: CubeState = { value: situation.cube.value, owner };
  if (match !== undefined) state.match = match;
  if (situation.config.money?.jacoby === true) state.jacoby = true;
  return state;
}

/** The equity `seat` maximises when it picks a play: cubeless money, or match winning chances at a match. */
export function equityFunction(situation: Situation, seat: Side): (p: Float64Array) => number {
  const score = matchScoreOf(situation, seat);
  if (score === undefined) return moneyEquity;
  const value = situation.cube.value;
  return (p) => matchEquityOf(p, score, value);
}

/** A legal play and what the evaluator makes of it. */
export interface PlayEvaluation {
  steps: Step[];
  /** The board after the play. */
  board: Board;
  /** The mover's chances after it: win, win a gammon, win a backgammon, lose a gammon, lose a backgammon. */
  probabilities: number[];
  /** Cubeless money equity, or match winning chance at a match (what the play was ranked by). */
  equity: number;
  /** The look-ahead it was evaluated at (plays the filter dropped early have fewer). */
  plies: number;
}

/**
 * Every legal play of `seat` with the dice `roll` on `board`, best first,
 * at the given strength. This is what an analyser compares a played move
 * with: the equity lost is the first entry's equity minus the played one's
 * (compare at the same plies: ask with `plies` 0 for a flat list).
 */
export function evaluatePlays(
  situation: Situation,
  seat: Side,
  roll: readonly [number, number],
  strength: Strength | StrengthName = 'neural-2',
  ev: Evaluator = shippedEvaluator(),
): PlayEvaluation[] {
  const plays = Moves.legalPlays(situation.board, seat, roll);
  if (plays.length === 0) return [];
  const s = typeof strength === 'string' ? STRENGTHS[strength] : strength;
  const afters = plays.map((p) => positionOf(p.board, seat));
  return rankPlays(ev, afters, s, equityFunction(situation, seat)).map((r) => {
    const play = plays[r.index]!;
    return {
      steps: play.steps,
      board: play.board,
      probabilities: Array.from(r.probabilities),
      equity: r.equity,
      plies: r.plies,
    };
  });
}

/** The cube decision for `seat`, about to roll, with its chances looked at `plies` deep. */
export interface CubeEvaluation extends CubeDecision {
  /** `seat`'s cubeless chances before its roll. */
  probabilities: number[];
}

/** The cube decision of `seat` before its roll (also what its opponent should do if it doubles). */
export function evaluateCube(
  situation: Situation,
  seat: Side,
  plies = 2,
  ev: Evaluator = shippedEvaluator(),
): CubeEvaluation {
  const p = evaluatePlied(ev, positionOf(situation.board, seat), plies, new Float64Array(OUTPUTS));
  // Janowski's x is lower in races, where the cube is less live than in contact.
  const x = isContact(positionOf(situation.board, seat)) ? 0.68 : 0.6;
  return { ...cubeDecision(p, cubeStateOf(situation, seat), x), probabilities: Array.from(p) };
}

function has(legal: readonly BackgammonAction[], type: BackgammonAction['type']): boolean {
  return legal.some((a) => a.type === type);
}

const KIND_POINTS = { single: 1, gammon: 2, backgammon: 3 } as const;

/**
 * A backgammon agent on the neural evaluator at a strength: plays the best
 * ranked play, doubles, takes, passes and beavers by `evaluateCube` (the
 * cube decisions look at most 1 ply ahead at the 2-ply strength, to stay
 * quick), accepts a resignation worth at least its expected result, never
 * resigns. Deterministic.
 */
export function neuralAgent(
  name: string,
  strength: Strength,
  ev?: Evaluator,
): Agent<BackgammonView, BackgammonAction> {
  const cubePlies = Math.min(strength.plies, 1);
  return {
    name,
    act(view, legal, ctx) {
      if (legal.length === 0)
        throw new TabulaError('no_legal_action', `The ${name} agent was asked to act with no legal action`);
      const evaluator = ev ?? shippedEvaluator();
      const seat = ctx.seat as Side;
      if (has(legal, 'take')) {
        const decision = evaluateCube(view, other(seat), cubePlies, evaluator);
        if (!decision.take) return { type: 'drop' };
        // Beaver when the take leaves the taker ahead (money only: the doubler's take equity below 0).
        if (has(legal, 'beaver') && decision.doubleTake < 0 && view.config.length <= 1)
          return { type: 'beaver' };
        return { type: 'take' };
      }
      if (has(legal, 'accept')) {
        const resigner = other(seat);
        const p = evaluatePlied(
          evaluator,
          positionOf(view.board, resigner),
          cubePlies,
          new Float64Array(OUTPUTS),
        );
        const offered = KIND_POINTS[view.resignation?.kind ?? 'single'];
        // What we expect to win if we play on, in points of the cube: minus the resigner's equity.
        return { type: -moneyEquity(p) <= offered ? 'accept' : 'decline' };
      }
      if (has(legal, 'roll')) {
        if (has(legal, 'double') && evaluateCube(view, seat, cubePlies, evaluator).double)
          return { type: 'double' };
        return { type: 'roll' };
      }
      const dice = view.dice;
      const moves = legal.filter((a): a is Extract<BackgammonAction, { type: 'move' }> => a.type === 'move');
      if (dice === null || moves.length <= 1) return moves[0] ?? legal[0]!;
      const ranked = evaluatePlays(view, seat, dice, strength, evaluator);
      const best = ranked[0];
      if (best === undefined) return moves[0]!;
      const key = JSON.stringify(best.steps);
      return moves.find((m) => JSON.stringify(m.steps) === key) ?? { type: 'move', steps: best.steps };
    },
  };
}

/**
 * Tesauro's pubeval as an agent, the public yardstick: each play scored by
 * the linear evaluator (race weights when the position before the play is a
 * race). It has no cube model: it never doubles and takes every double.
 */
export function pubevalAgent(): Agent<BackgammonView, BackgammonAction> {
  return {
    name: 'pubeval',
    act(view, legal, ctx) {
      if (legal.length === 0)
        throw new TabulaError('no_legal_action', 'The pubeval agent was asked to act with no legal action');
      const seat = ctx.seat as Side;
      if (has(legal, 'take')) return { type: 'take' };
      if (has(legal, 'accept')) return { type: view.resignation?.kind === 'single' ? 'decline' : 'accept' };
      if (has(legal, 'roll')) return { type: 'roll' };
      const moves = legal.filter((a): a is Extract<BackgammonAction, { type: 'move' }> => a.type === 'move');
      if (moves.length <= 1 || view.dice === null) return moves[0] ?? legal[0]!;
      const race = !isContact(positionOf(view.board, seat));
      let best = moves[0]!;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (const m of moves) {
        const score = pubeval(positionOf(Moves.applySteps(view.board, seat, m.steps), seat), race);
        if (score > bestScore) {
          bestScore = score;
          best = m;
        }
      }
      return best;
    },
  };
}
