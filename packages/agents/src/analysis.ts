import { type Static, Type } from '@sinclair/typebox';
import {
  type AnyGame,
  type GameRecord,
  InvalidInputError,
  replay,
  type Seat,
  TabulaError,
} from '@tabula/core';
import { type BackgammonAnalyserOptions, backgammonAnalyser } from './analysis-backgammon.js';
import { rummyAnalyser } from './analysis-rummy.js';
import { skirmishAnalyser } from './analysis-skirmish.js';

const closed = { additionalProperties: false } as const;

/** One decision of a record as the analyser sees it. */
export const DecisionAnalysisSchema = Type.Object(
  {
    /** The action's place in the record, from 1, as `tabula replay` numbers it. */
    move: Type.Integer({ minimum: 1 }),
    seat: Type.Integer({ minimum: 0 }),
    /** The record's name for the seat, else `seat N`. */
    player: Type.String(),
    /** The kind of decision in the game's words: `checker play`, `cube`, `take`, `turn`, `bid`. */
    kind: Type.String(),
    /** The action played and the analyser's best, in the game's notation. */
    played: Type.String(),
    best: Type.String(),
    /** The best action as an action of the game (what `apply` takes). */
    bestAction: Type.Unknown(),
    /** What the played and the best action are worth, on the analysis's `unit` scale, higher better. */
    playedValue: Type.Number(),
    bestValue: Type.Number(),
    /** `bestValue - playedValue`, never below 0. */
    loss: Type.Number({ minimum: 0 }),
    /** A loss of at least `errorAt` (in rummy also any card left that could have been laid). */
    error: Type.Boolean(),
    /** A loss of at least `blunderAt`. */
    blunder: Type.Boolean(),
    /** How many choices were compared. */
    options: Type.Integer({ minimum: 1 }),
    /** Rummy: the cards and their points the best play lays beyond the played one. */
    left: Type.Optional(Type.Object({ cards: Type.Integer(), points: Type.Integer() }, closed)),
    /** A few words on the decision (the rank of the played play, the cube's verdict). */
    note: Type.Optional(Type.String()),
  },
  closed,
);

/** One seat's totals over the decisions it made. */
export const PlayerSummarySchema = Type.Object(
  {
    seat: Type.Integer({ minimum: 0 }),
    player: Type.String(),
    decisions: Type.Integer({ minimum: 0 }),
    errors: Type.Integer({ minimum: 0 }),
    /** errors / decisions; 0 without decisions. */
    errorRate: Type.Number({ minimum: 0, maximum: 1 }),
    blunders: Type.Integer({ minimum: 0 }),
    totalLoss: Type.Number({ minimum: 0 }),
    /** totalLoss / decisions; 0 without decisions. */
    meanLoss: Type.Number({ minimum: 0 }),
  },
  closed,
);

/** What `analyseRecord` returns and `tabula analyse --json` prints. */
export const GameAnalysisSchema = Type.Object(
  {
    game: Type.String(),
    version: Type.String(),
    /** The record's seed. */
    seed: Type.Integer(),
    /** How the decisions were judged, in a few words. */
    analyser: Type.String(),
    /** The scale of every value and loss: `equity`, `points`, `VP`. */
    unit: Type.String(),
    errorAt: Type.Number({ minimum: 0 }),
    blunderAt: Type.Number({ minimum: 0 }),
    decisions: Type.Array(DecisionAnalysisSchema),
    players: Type.Array(PlayerSummarySchema),
  },
  { ...closed, $id: 'GameAnalysis' },
);

export type DecisionAnalysis = Static<typeof DecisionAnalysisSchema>;
export type PlayerSummary = Static<typeof PlayerSummarySchema>;
export type GameAnalysis = Static<typeof GameAnalysisSchema>;

/** A game analyser's verdict on one decision, before the shared bookkeeping (loss, error, blunder). */
export interface Judgement {
  readonly kind: string;
  readonly played: string;
  readonly playedValue: number;
  readonly best: string;
  readonly bestAction: unknown;
  readonly bestValue: number;
  readonly options: number;
  readonly note?: string;
  readonly left?: { readonly cards: number; readonly points: number };
  /** An error whatever the loss (rummy: cards left that could have been laid). */
  readonly error?: boolean;
}

/** Where a decision sits, for analysers that draw random numbers (seeded by the decision). */
export interface DecisionContext {
  /** The action's index in the record, from 0. */
  readonly index: number;
  /** The analysis seed. */
  readonly seed: number;
}

/** How one game's decisions are judged. */
export interface GameAnalyser {
  readonly game: AnyGame;
  readonly analyser: string;
  readonly unit: string;
  readonly errorAt: number;
  readonly blunderAt: number;
  /**
   * The verdict on `seat` playing `played` in `state`, or null when the seat
   * had no real choice there (one legal play, a roll without the cube, a draw
   * with nothing to lay).
   */
  judge(state: unknown, seat: Seat, played: unknown, context: DecisionContext): Judgement | null;
}

/** How `analyseRecord` works. */
export interface AnalyseOptions extends BackgammonAnalyserOptions {
  /** Rummy: the solver's work budget in search steps (default `DEFAULT_SOLVE_STEPS`). */
  readonly solverSteps?: number;
  /** Skirmish: rollouts per legal card (default `DEFAULT_ROLLOUTS`). */
  readonly rollouts?: number;
  /** The seed of the analysis's own random numbers (skirmish rollouts); default 1. */
  readonly seed?: number;
}

/** The analyser of a game, by id; `invalid_record` for a game that has none. */
export function analyserFor(gameId: string, options: AnalyseOptions = {}): GameAnalyser {
  switch (gameId) {
    case 'backgammon':
      return backgammonAnalyser(options);
    case 'rummy':
      return rummyAnalyser(options.solverSteps === undefined ? {} : { maxSteps: options.solverSteps });
    case 'skirmish':
      return skirmishAnalyser(options.rollouts === undefined ? {} : { rollouts: options.rollouts });
    default:
      throw new InvalidInputError(
        'invalid_record',
        '$.game',
        `there is no analyser for the game "${gameId}"`,
      );
  }
}

/** Per seat: decisions, errors, blunders, losses. */
export function summarise(decisions: readonly DecisionAnalysis[], names: readonly string[]): PlayerSummary[] {
  return names.map((player, seat) => {
    const own = decisions.filter((d) => d.seat === seat);
    const errors = own.filter((d) => d.error).length;
    // Rounded as the values are, so that sums of six-decimal losses print as such.
    const totalLoss = Math.round(own.reduce((sum, d) => sum + d.loss, 0) * 1e6) / 1e6;
    return {
      seat,
      player,
      decisions: own.length,
      errors,
      errorRate: own.length === 0 ? 0 : errors / own.length,
      blunders: own.filter((d) => d.blunder).length,
      totalLoss,
      meanLoss: own.length === 0 ? 0 : Math.round((totalLoss / own.length) * 1e6) / 1e6,
    };
  });
}

/**
 * Replays a game record (`replay` of core: a record that does not replay is
 * an `invalid_record` error naming its place) and judges every decision in
 * it with the game's analyser: the best action found, what it and the played
 * action are worth on one scale, the loss, and per seat the decisions,
 * errors, blunders and losses. Backgammon ranks plays with
 * `options.evaluator` (default `neuralEvaluator(options.plies)`), rummy with the solver,
 * skirmish with seeded rollouts of the bidder.
 */
export function analyseRecord(record: GameRecord, options: AnalyseOptions = {}): GameAnalysis {
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) {
    throw new TabulaError('invalid_argument', `The analysis seed must be an integer, got ${String(seed)}`);
  }
  const analyser = analyserFor(record.game, options);
  const states = replay(analyser.game, record);
  const seats = analyser.game.seatCount(record.config);
  const names = Array.from({ length: seats }, (_, seat) => record.players?.[seat] ?? `seat ${seat}`);
  const decisions: DecisionAnalysis[] = [];
  record.actions.forEach(({ seat, action }, index) => {
    const judged = analyser.judge(states[index], seat, action, { index, seed });
    if (judged === null) return;
    const loss = Math.max(0, Math.round((judged.bestValue - judged.playedValue) * 1e6) / 1e6);
    const decision: DecisionAnalysis = {
      move: index + 1,
      seat,
      player: names[seat] ?? `seat ${seat}`,
      kind: judged.kind,
      played: judged.played,
      best: judged.best,
      bestAction: judged.bestAction,
      playedValue: judged.playedValue,
      bestValue: judged.bestValue,
      loss,
      error: judged.error === true || loss >= analyser.errorAt,
      blunder: loss >= analyser.blunderAt,
      options: judged.options,
    };
    if (judged.left !== undefined) decision.left = { ...judged.left };
    if (judged.note !== undefined) decision.note = judged.note;
    decisions.push(decision);
  });
  return {
    game: record.game,
    version: record.version,
    seed: record.seed,
    analyser: analyser.analyser,
    unit: analyser.unit,
    errorAt: analyser.errorAt,
    blunderAt: analyser.blunderAt,
    decisions,
    players: summarise(decisions, names),
  };
}
