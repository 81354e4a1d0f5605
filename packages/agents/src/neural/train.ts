import { createRng, type Rng, type RngState } from '@tabula/core';
import type { BearoffDatabase } from './bearoff.js';
import { encode, INPUTS, Inputs } from './encode.js';
import { classify, type Evaluator, evaluateAfterMove, moneyEquity, newEvaluator } from './evaluator.js';
import { generateMoves, MoveList } from './movegen.js';
import { netFromBase64, netToBase64, OUTPUTS } from './net.js';
import { newPosition, offOf, type Position, swapSides } from './position.js';
import { START } from './selfplay.js';

/*
 * Training by self-play with temporal differences, TD(0): the evaluator
 * plays both sides at 0-ply, and after each play the net that answers for
 * the position before it (contact or race) is moved toward the evaluation
 * of the position after it (or the game's result at the end). λ = 0 rather
 * than Tesauro's λ > 0: with the target taken one play ahead, no eligibility
 * traces are needed, so an update touches only the rows of the inputs a
 * position sets (about 40 of 202), several times faster for the same play;
 * gnubg's own nets were trained the same way before its rollout-based
 * tuning. Bear-off positions are exact and not trained: their values flow
 * back into the race net as targets.
 */

export interface TrainingState {
  /** Self-play games played so far. */
  games: number;
  rng: RngState;
  alpha: number;
  contactHidden: number;
  raceHidden: number;
  contact: string;
  race: string;
  /** Strength against pubeval as training went: [games, points per game, 95% half-interval]. */
  curve: [number, number, number][];
}

/** A fresh evaluator with small random weights, from a seed. */
export function initialTraining(
  seed: number,
  contactHidden: number,
  raceHidden: number,
  alpha: number,
): TrainingState {
  const rng = createRng(seed);
  const ev = newEvaluator(contactHidden, raceHidden, null);
  ev.contact.randomize(rng);
  ev.race.randomize(rng);
  return {
    games: 0,
    rng: rng.save(),
    alpha,
    contactHidden,
    raceHidden,
    contact: netToBase64(ev.contact),
    race: netToBase64(ev.race),
    curve: [],
  };
}

/** The evaluator a training state holds. */
export function evaluatorOf(state: TrainingState, bearoff: BearoffDatabase | null): Evaluator {
  return {
    contact: netFromBase64(INPUTS, state.contactHidden, state.contact),
    race: netFromBase64(INPUTS, state.raceHidden, state.race),
    bearoff,
  };
}

const inputs = new Inputs();

/** One self-play game, training as it goes. Returns the number of plays. */
export function trainGame(ev: Evaluator, rng: Rng, alpha: number): number {
  const list = new MoveList();
  let pos: Position = START.slice();
  let next: Position = newPosition();
  const p = new Float64Array(OUTPUTS);
  const best = new Float64Array(OUTPUTS);
  let d1 = rng.int(1, 6);
  let d2 = rng.int(1, 6);
  while (d1 === d2) {
    d1 = rng.int(1, 6);
    d2 = rng.int(1, 6);
  }
  for (let turn = 0; turn < 3000; turn++) {
    const n = generateMoves(pos, d1, d2, list);
    let bestK = 0;
    let bestEquity = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const e = moneyEquity(evaluateAfterMove(ev, list.view(k), p));
      if (e > bestEquity) {
        bestEquity = e;
        bestK = k;
        best.set(p);
      }
    }
    const kind = classify(ev, pos);
    if (kind !== 'bearoff')
      (kind === 'contact' ? ev.contact : ev.race).train(encode(pos, inputs), best, alpha);
    const after = list.view(bestK);
    if (offOf(after, 0) === 15) return turn + 1;
    swapSides(after, next);
    [pos, next] = [next, pos];
    d1 = rng.int(1, 6);
    d2 = rng.int(1, 6);
  }
  return 3000;
}

/**
 * Continues a training state for `games` more self-play games; `onGame` is
 * called after each with the evaluator (for progress and measuring).
 * Deterministic: the same state and count give the same weights.
 */
export function train(
  state: TrainingState,
  games: number,
  bearoff: BearoffDatabase | null,
  onGame?: (gamesSoFar: number, ev: Evaluator) => void,
): TrainingState {
  const ev = evaluatorOf(state, bearoff);
  const rng = createRng(state.rng);
  let done = state.games;
  for (let g = 0; g < games; g++) {
    trainGame(ev, rng, state.alpha);
    done++;
    onGame?.(done, ev);
  }
  return {
    ...state,
    games: done,
    rng: rng.save(),
    contact: netToBase64(ev.contact),
    race: netToBase64(ev.race),
    curve: state.curve.slice(),
  };
}
