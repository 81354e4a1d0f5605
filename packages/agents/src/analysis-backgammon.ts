import {
  type BackgammonAction,
  type BackgammonState,
  Board,
  backgammonGame,
  Moves,
  type Side,
} from '@tabula/backgammon';
import { type AnyGame, type Seat, TabulaError } from '@tabula/core';
import type { GameAnalyser, Judgement } from './analysis.js';
import { evaluate, winChance } from './backgammon.js';
import { shippedEvaluator } from './neural/bot.js';
import { moneyEquity } from './neural/evaluator.js';
import { LOSE_BACKGAMMON, LOSE_GAMMON, OUTPUTS, WIN, WIN_BACKGAMMON, WIN_GAMMON } from './neural/net.js';
import { newPosition, positionOf } from './neural/position.js';
import { evaluateAfterPlied, STRENGTHS, type Strength } from './neural/search.js';

/**
 * Cubeless chances of the side that has just played (its opponent rolls
 * next), as gnubg counts them: `winGammon` includes the backgammons, and
 * `loseGammon` the backgammons lost.
 */
export interface BackgammonChances {
  readonly win: number;
  readonly winGammon: number;
  readonly winBackgammon: number;
  readonly loseGammon: number;
  readonly loseBackgammon: number;
}

/**
 * What the analysis asks of a position evaluator. Any evaluator (the heuristic
 * one below, a neural net, pubeval) plugs in by implementing it and being
 * passed as `analyseRecord(record, { evaluator })`.
 *
 * Both functions see the position right after `side` has played: the
 * opponent rolls next. The position with `side` about to roll is the one its
 * opponent has just played, so `-equity(board, opponent)` is `side`'s
 * equity on roll (what the cube analysis uses).
 */
export interface BackgammonEvaluator {
  /** A short name for the analysis's description. */
  readonly name: string;
  /**
   * Cubeless money equity for `side`, which has just played on `board`, per
   * unit of the cube: -1 a sure single loss, +1 a sure single win, up to ±3
   * with backgammons. Never called on a finished game (the analysis scores
   * those itself).
   */
  equity(board: Board, side: Side): number;
  /**
   * The chances behind the equity, when the evaluator has them: cube
   * decisions then use its gammon rates. Without it, the cube analysis
   * reads a win chance of (1 + equity) / 2 and no gammons.
   */
  chances?(board: Board, side: Side): BackgammonChances;
}

/** The pips the heuristic evaluation gives the side on roll (`winChance`'s own allowance). */
const ON_ROLL = 8;
/** `winChance`'s logistic scale, in pips of the heuristic evaluation. */
const SCALE = 22;

/**
 * The heuristic agent's evaluator as money equity: `evaluate` (pips, points
 * made, primes, the bar, blot risk) less the 8 pips the opponent's roll is
 * worth, through `winChance`'s logistic, as 2p - 1. It ranks the plays
 * exactly as the `heuristic` agent does. It has no gammons; its chances for
 * cube decisions are `winChance`'s (a pip-count race model, a logistic of
 * the static evaluation in contact), as the heuristic agent doubles by them.
 */
export const heuristicEvaluator: BackgammonEvaluator = {
  name: 'heuristic',
  equity(board, side) {
    const p = 1 / (1 + Math.exp(-(evaluate(board, side) - ON_ROLL) / SCALE));
    return 2 * p - 1;
  },
  chances(board, side) {
    const other: Side = side === 0 ? 1 : 0;
    return {
      win: 1 - winChance(board, other),
      winGammon: 0,
      winBackgammon: 0,
      loseGammon: 0,
      loseBackgammon: 0,
    };
  },
};

/** How deep the neural evaluator looks: 0, 1 or 2 rolls ahead. */
export type AnalysisPlies = 0 | 1 | 2;

/**
 * The neural bot's evaluator: the shipped nets (contact and race) and the
 * bear-off database, judging the position after the play with the
 * opponent to roll, looking `plies` rolls ahead as `neural-1` and `neural-2`
 * do (default 0, as `neural-0`). Its five chances feed the cube formula's
 * gammon rates. A play judged deeper costs more: about a millisecond at 1
 * ply, ten at 2, against microseconds at 0.
 */
export function neuralEvaluator(plies: AnalysisPlies = 0): BackgammonEvaluator {
  if (plies !== 0 && plies !== 1 && plies !== 2) {
    throw new TabulaError(
      'invalid_argument',
      `The analysis looks 0, 1 or 2 plies ahead, not ${String(plies)}`,
    );
  }
  const nets = shippedEvaluator();
  const strength: Strength = STRENGTHS[`neural-${plies}`];
  const position = newPosition();
  const out = new Float64Array(OUTPUTS);
  const chancesOf = (board: Board, side: Side) =>
    evaluateAfterPlied(nets, positionOf(board, side, position), plies, out, strength.prune ?? 0);
  return {
    name: `neural-${plies}`,
    equity: (board, side) => moneyEquity(chancesOf(board, side)),
    chances(board, side) {
      const p = chancesOf(board, side);
      return {
        win: p[WIN] ?? 0,
        winGammon: p[WIN_GAMMON] ?? 0,
        winBackgammon: p[WIN_BACKGAMMON] ?? 0,
        loseGammon: p[LOSE_GAMMON] ?? 0,
        loseBackgammon: p[LOSE_BACKGAMMON] ?? 0,
      };
    },
  };
}

/** Who owns the cube, as the side on roll sees it. */
export type CubeOwnership = 'centered' | 'own' | 'opponent';

/**
 * The cube efficiency: how much of the fully live cube's value a real cube
 * keeps. 0.68 is the value Janowski fitted for money play in contact
 * positions, and gnubg's default.
 */
export const CUBE_EFFICIENCY = 0.68;

/**
 * Janowski's cubeful money equity (R. Janowski, "Take-points in money
 * games", 1993) for the side on roll, per unit of the cube: the cubeless
 * (dead cube) equity and the fully live cube's, which is linear between the
 * take point and the cash point, weighted by the cube efficiency `x`. `p`
 * is the chance to win, `w` and `l` the average values of a win and a loss
 * (1 without gammons).
 */
export function janowskiEquity(
  p: number,
  w: number,
  l: number,
  owner: CubeOwnership,
  x = CUBE_EFFICIENCY,
): number {
  const dead = p * w - (1 - p) * l;
  const takePoint = (l - 0.5) / (w + l + 0.5);
  const cashPoint = (l + 1) / (w + l + 0.5);
  let live: number;
  if (owner === 'own') {
    live = p < cashPoint ? -l + ((1 + l) * p) / cashPoint : 1 + ((w - 1) * (p - cashPoint)) / (1 - cashPoint);
  } else if (owner === 'opponent') {
    live =
      p < takePoint ? -l + ((l - 1) * p) / takePoint : -1 + ((w + 1) * (p - takePoint)) / (1 - takePoint);
  } else if (p < takePoint) {
    live = -l + ((l - 1) * p) / takePoint;
  } else if (p < cashPoint) {
    live = -1 + (2 * (p - takePoint)) / (cashPoint - takePoint);
  } else {
    live = 1 + ((w - 1) * (p - cashPoint)) / (1 - cashPoint);
  }
  return (1 - x) * dead + x * live;
}

/** The side on roll's chance to win and average win and loss values, from an evaluator. */
function onRoll(
  evaluator: BackgammonEvaluator,
  board: Board,
  side: Side,
): { p: number; w: number; l: number } {
  const other: Side = side === 0 ? 1 : 0;
  if (evaluator.chances !== undefined) {
    // The opponent's chances after its play, turned round.
    const c = evaluator.chances(board, other);
    const p = Math.min(1, Math.max(0, 1 - c.win));
    const w = p > 0 ? 1 + (c.loseGammon + c.loseBackgammon) / p : 1;
    const l = p < 1 ? 1 + (c.winGammon + c.winBackgammon) / (1 - p) : 1;
    return { p, w, l };
  }
  const equity = -evaluator.equity(board, other);
  return { p: Math.min(1, Math.max(0, (1 + equity) / 2)), w: 1, l: 1 };
}

const MULTIPLIER = { single: 1, gammon: 2, backgammon: 3 } as const;

/** What a play is worth to `side` after it: a finished game's points, else the evaluator's equity. */
function afterPlay(evaluator: BackgammonEvaluator, board: Board, side: Side): number {
  const other: Side = side === 0 ? 1 : 0;
  if (board.off[side] === 15) return MULTIPLIER[Board.positionKind(board, other)];
  return evaluator.equity(board, side);
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** How the backgammon analysis judges. */
export interface BackgammonAnalyserOptions {
  /** The evaluator that ranks checker plays and feeds the cube formula; default `neuralEvaluator(plies)`. */
  readonly evaluator?: BackgammonEvaluator;
  /**
   * How deep the default evaluator looks (default 0). A play of a deeper
   * bot (`expert` looks 2 ahead) judged at 0 ply is often marked an error
   * where the deeper look finds it right.
   */
  readonly plies?: AnalysisPlies;
}

interface Option {
  readonly action: BackgammonAction;
  readonly text: string;
  readonly value: number;
}

/** The best of the options (the first on a tie) and the played one's place among them. */
function verdict(kind: string, options: readonly Option[], played: Option, note?: string): Judgement {
  let best = options[0];
  for (const o of options) if (best === undefined || o.value > best.value) best = o;
  if (best === undefined) throw new TabulaError('no_legal_action', 'A backgammon decision with no option');
  const judgement: Judgement = {
    kind,
    played: played.text,
    playedValue: round(played.value),
    best: best.text,
    bestAction: best.action,
    bestValue: round(best.value),
    options: options.length,
  };
  return note === undefined ? judgement : { ...judgement, note };
}

function checkerPlay(
  evaluator: BackgammonEvaluator,
  state: BackgammonState,
  side: Side,
  played: Extract<BackgammonAction, { type: 'move' }>,
): Judgement | null {
  // One option per distinct position: plays that differ only in order are one play.
  const seen = new Map<string, Option>();
  for (const action of backgammonGame.legalActions(state, side)) {
    if (action.type !== 'move' || action.steps.length === 0) continue;
    const board = Moves.applySteps(state.board, side, action.steps);
    const key = Board.key(board);
    if (seen.has(key)) continue;
    seen.set(key, {
      action,
      text: backgammonGame.describe(action, state),
      value: afterPlay(evaluator, board, side),
    });
  }
  if (seen.size < 2) return null;
  const after = Moves.applySteps(state.board, side, played.steps);
  const playedOption = seen.get(Board.key(after)) ?? {
    action: played,
    text: backgammonGame.describe(played, state),
    value: afterPlay(evaluator, after, side),
  };
  const options = [...seen.values()];
  const rank = 1 + options.filter((o) => o.value > playedOption.value).length;
  return verdict('checker play', options, playedOption, `ranked ${rank} of ${options.length}`);
}

/** The double/no double decision of `side`, on roll, per unit of the cube before it. */
function cubeDecision(
  evaluator: BackgammonEvaluator,
  state: BackgammonState,
  side: Side,
  played: BackgammonAction,
  beavers: boolean,
): Judgement {
  const { p, w, l } = onRoll(evaluator, state.board, side);
  const noDouble = janowskiEquity(p, w, l, state.cube.owner === null ? 'centered' : 'own');
  const take = 2 * janowskiEquity(p, w, l, 'opponent');
  // The opponent answers as suits it best: take, pass, or (where played) beaver, which the doubler then takes or passes.
  const answers: [string, number][] = [
    ['take', take],
    ['pass', 1],
  ];
  if (beavers) answers.push(['beaver', Math.max(2 * take, -2)]);
  const [answer, double] = answers.reduce((a, b) => (b[1] < a[1] ? b : a));
  const options: Option[] = [
    { action: { type: 'roll' }, text: 'no double', value: noDouble },
    { action: { type: 'double' }, text: 'double', value: double },
  ];
  const playedOption = played.type === 'double' ? options[1] : options[0];
  const note = `win ${(100 * p).toFixed(1)}%; no double ${noDouble.toFixed(3)}, double/${answer} ${double.toFixed(3)}`;
  return verdict('cube', options, playedOption as Option, note);
}

/** The take/drop(/beaver) decision of `side`, per unit of the cube as it stands (before the double). */
function takeDecision(
  evaluator: BackgammonEvaluator,
  state: BackgammonState,
  side: Side,
  played: BackgammonAction,
  legal: readonly BackgammonAction[],
): Judgement | null {
  if (state.beaver === true) {
    // The doubler answers a beaver: it is the side on roll, taking at twice the cube as it stands or passing.
    const { p, w, l } = onRoll(evaluator, state.board, side);
    const take = 2 * janowskiEquity(p, w, l, 'opponent');
    const options: Option[] = [
      { action: { type: 'take' }, text: 'take', value: take },
      { action: { type: 'drop' }, text: 'drop', value: -1 },
    ];
    const note = `the beaver: win ${(100 * p).toFixed(1)}% on roll`;
    return verdict('take', options, (played.type === 'take' ? options[0] : options[1]) as Option, note);
  }
  const doubler: Side = side === 0 ? 1 : 0;
  const { p, w, l } = onRoll(evaluator, state.board, doubler);
  const take = -2 * janowskiEquity(p, w, l, 'opponent');
  const options: Option[] = [
    { action: { type: 'take' }, text: 'take', value: take },
    { action: { type: 'drop' }, text: 'drop', value: -1 },
  ];
  // A beaver takes at twice the cube and redoubles: the doubler then takes (twice the take) or passes (-2 for it).
  if (legal.some((a) => a.type === 'beaver'))
    options.push({ action: { type: 'beaver' }, text: 'beaver', value: Math.min(2 * take, 2) });
  const playedOption = options.find((o) => o.action.type === played.type);
  if (playedOption === undefined) return null;
  const note = `doubler wins ${(100 * p).toFixed(1)}%`;
  return verdict('take', options, playedOption, note);
}

/**
 * Backgammon analysis: every checker play with a choice is ranked by the
 * evaluator (cubeless money equity after the play; a play that ends the game
 * scores its points), and every cube action (double or not when the cube
 * may be turned; take, drop or beaver) by Janowski's cubeful money equity
 * from the evaluator's chances, at cube efficiency 0.68. All values are per
 * unit of the cube as it stands at the decision. Matches are analysed as
 * money (no match equity), and the Jacoby rule is not modelled. Resignations
 * and their answers are not judged.
 */
export function backgammonAnalyser(options: BackgammonAnalyserOptions = {}): GameAnalyser {
  const evaluator = options.evaluator ?? neuralEvaluator(options.plies);
  return {
    game: backgammonGame as AnyGame,
    analyser: `${evaluator.name} evaluator, cubeless checker play; Janowski cubeful money equity (x = ${CUBE_EFFICIENCY}) for the cube`,
    unit: 'equity',
    // The thresholds analysers commonly mark: an error from 0.02, a blunder from 0.08 (per unit of the cube).
    errorAt: 0.02,
    blunderAt: 0.08,
    judge(untrusted: unknown, seat: Seat, action: unknown): Judgement | null {
      const state = untrusted as BackgammonState;
      const played = action as BackgammonAction;
      const side = seat as Side;
      if (played.type === 'move') {
        if (state.phase !== 'move' || state.dice === null) return null;
        return checkerPlay(evaluator, state, side, played);
      }
      const legal = backgammonGame.legalActions(state, side);
      if ((played.type === 'roll' || played.type === 'double') && legal.some((a) => a.type === 'double'))
        return cubeDecision(evaluator, state, side, played, state.config.money?.beavers === true);
      if (played.type === 'take' || played.type === 'drop' || played.type === 'beaver')
        return takeDecision(evaluator, state, side, played, legal);
      return null;
    },
  };
}
