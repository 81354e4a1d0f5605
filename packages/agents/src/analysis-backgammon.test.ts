import {
  type BackgammonAction,
  type BackgammonState,
  Board,
  backgammonGame,
  type Side,
} from '@tabula/backgammon';
import { type GameRecord, gameStreams, matches, playGame } from '@tabula/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analysersGame } from '../test/analysed.js';
import { analyseRecord, GameAnalysisSchema } from './analysis.js';
import {
  type BackgammonEvaluator,
  backgammonAnalyser,
  type CubeOwnership,
  heuristicEvaluator,
  janowskiEquity,
  neuralEvaluator,
} from './analysis-backgammon.js';
import { heuristicAgent } from './backgammon.js';
import { randomAgent } from './random.js';

const config = backgammonGame.defaultConfig();

/** The record of `texts` played from the start of game `seed`, each parsed in the position it is played in. */
function recordOf(seed: number, texts: readonly string[]): GameRecord {
  const { chance } = gameStreams(seed, 2);
  let state = backgammonGame.setup(config, chance);
  const actions = texts.map((text) => {
    const seat = state.toAct as Side;
    const action = backgammonGame.parseAction(
      text,
      backgammonGame.view(state, seat),
      backgammonGame.legalActions(state, seat),
    );
    state = backgammonGame.apply(state, seat, action, chance);
    return { seat, action };
  });
  return { game: 'backgammon', version: backgammonGame.version, config, seed, actions };
}

describe('Janowski cubeful equity', () => {
  it('is the cubeless equity with a dead cube and hits the take and cash points with a live one', () => {
    expect(janowskiEquity(0.7, 1, 1, 'centered', 0)).toBeCloseTo(0.4);
    // Without gammons the take point is 20% and the cash point 80%.
    expect(janowskiEquity(0.2, 1, 1, 'centered', 1)).toBeCloseTo(-1);
    expect(janowskiEquity(0.8, 1, 1, 'centered', 1)).toBeCloseTo(1);
    expect(janowskiEquity(0.5, 1, 1, 'centered', 1)).toBeCloseTo(0);
    expect(janowskiEquity(0.8, 1, 1, 'own', 1)).toBeCloseTo(1);
    expect(janowskiEquity(0.2, 1, 1, 'opponent', 1)).toBeCloseTo(-1);
    expect(janowskiEquity(1, 2, 1, 'opponent', 1)).toBeCloseTo(2);
  });

  it('rises with the chance to win, and owning the cube is worth most, the opponent owning it least', () => {
    const owners: CubeOwnership[] = ['opponent', 'centered', 'own'];
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1, max: 2, noNaN: true }),
        fc.double({ min: 1, max: 2, noNaN: true }),
        (a, b, w, l) => {
          const [lo, hi] = a < b ? [a, b] : [b, a];
          for (const owner of owners)
            expect(janowskiEquity(lo, w, l, owner)).toBeLessThanOrEqual(
              janowskiEquity(hi, w, l, owner) + 1e-12,
            );
          const [opp, centered, own] = owners.map((o) => janowskiEquity(a, w, l, o)) as [
            number,
            number,
            number,
          ];
          expect(opp).toBeLessThanOrEqual(centered + 1e-12);
          expect(centered).toBeLessThanOrEqual(own + 1e-12);
        },
      ),
    );
  });
});

describe('backgammon analysis', () => {
  it('finds a planted blunder: three blots in the home board with an opening 4-1', () => {
    // Game 1 opens with 4-1 for seat 0; 8/4 6/5 leaves blots on the 5 and 4 points in direct range.
    const analysis = analyseRecord(recordOf(1, ['8/4 6/5']));
    const [decision] = analysis.decisions;
    expect(decision).toMatchObject({
      move: 1,
      seat: 0,
      kind: 'checker play',
      played: '8/4 6/5',
      blunder: true,
    });
    expect(decision?.best).not.toBe('8/4 6/5');
    expect(decision?.loss).toBeGreaterThanOrEqual(analysis.blunderAt);
    expect(decision?.loss).toBeCloseTo((decision?.bestValue ?? 0) - (decision?.playedValue ?? 0), 6);
    expect(analysis.players[0]).toMatchObject({ decisions: 1, errors: 1, blunders: 1, errorRate: 1 });
    expect(analysis.players[1]).toMatchObject({ decisions: 0, errors: 0, totalLoss: 0, meanLoss: 0 });
    expect(matches(GameAnalysisSchema, analysis)).toBe(true);
  });

  it('finds the planted blunder looking 1 and 2 rolls ahead too, and names its depth', () => {
    for (const plies of [1, 2] as const) {
      const analysis = analyseRecord(recordOf(1, ['8/4 6/5']), { plies });
      expect(analysis.analyser).toMatch(new RegExp(`^neural-${plies} evaluator`));
      expect(analysis.decisions[0]).toMatchObject({ played: '8/4 6/5', blunder: true });
      expect(analysis.decisions[0]?.best).not.toBe('8/4 6/5');
    }
  });

  it('looks ahead as the bots do: at 2 plies its chances add up, and differ from 0-ply', () => {
    const board = Board.start();
    const shallow = neuralEvaluator(0).chances?.(board, 0);
    const deep = neuralEvaluator(2).chances?.(board, 0);
    for (const c of [shallow, deep]) {
      expect(c?.win).toBeGreaterThan(0.3);
      expect(c?.win).toBeLessThan(0.7);
      expect(c?.winGammon).toBeLessThanOrEqual(c?.win ?? 0);
      expect(c?.loseGammon).toBeLessThanOrEqual(1 - (c?.win ?? 0));
    }
    expect(deep?.win).not.toBe(shallow?.win);
    expect(() => neuralEvaluator(3 as 0)).toThrow(/0, 1 or 2 plies/);
  });

  it('finds a planted cube blunder: a double at even chances, then a drop', () => {
    const analysis = analyseRecord(recordOf(1, ['13/8', 'double', 'drop']));
    const [, double, drop] = analysis.decisions;
    expect(double).toMatchObject({ move: 2, seat: 1, kind: 'cube', played: 'double', best: 'no double' });
    expect(double?.error).toBe(true);
    // Dropping at about even chances gives up a whole point for a position worth about nothing.
    expect(drop).toMatchObject({
      move: 3,
      seat: 0,
      kind: 'take',
      played: 'drop',
      best: 'take',
      blunder: true,
    });
    expect(drop?.loss).toBeGreaterThan(0.5);
    expect(drop?.bestAction).toEqual({ type: 'take' });
  });

  it("gives the analyser's own choices no loss, cube actions included", () => {
    for (const seed of [1, 2, 3]) {
      const record = analysersGame(backgammonAnalyser(), config, seed, 400);
      const analysis = analyseRecord(record);
      expect(analysis.decisions.length).toBeGreaterThan(5);
      expect(analysis.decisions.every((d) => d.loss === 0 && !d.error)).toBe(true);
      expect(analysis.players.map((p) => p.totalLoss)).toEqual([0, 0]);
      expect(matches(GameAnalysisSchema, analysis)).toBe(true);
    }
  });

  it('ranks checker plays as the heuristic agent chooses them', async () => {
    for (const seed of [4, 5]) {
      const { record } = await playGame(backgammonGame, config, [heuristicAgent(), heuristicAgent()], seed);
      const plays = analyseRecord(record, { evaluator: heuristicEvaluator }).decisions.filter(
        (d) => d.kind === 'checker play',
      );
      expect(plays.length).toBeGreaterThan(3);
      expect(plays.filter((d) => d.loss > 0)).toEqual([]);
    }
  });

  it('analyses a money session with beavers and a match, as money', async () => {
    const session = { cube: true, length: 1, crawford: false, money: { beavers: true, games: 3 } };
    const match = { cube: true, length: 3, crawford: true };
    for (const [setup, seed] of [
      [session, 7],
      [match, 8],
    ] as const) {
      const { record } = await playGame(backgammonGame, setup, [randomAgent(), heuristicAgent()], seed);
      const analysis = analyseRecord(record);
      expect(matches(GameAnalysisSchema, analysis)).toBe(true);
      const kinds = new Set(analysis.decisions.map((d) => d.kind));
      expect(kinds).toEqual(new Set(['checker play', 'cube', 'take']));
      expect(analysis.decisions.every((d) => d.loss >= 0 && Number.isFinite(d.bestValue))).toBe(true);
      if (setup === session) expect(analysis.decisions.some((d) => d.played === 'beaver')).toBe(true);
    }
  });

  it('takes another evaluator: a pip counter sees no difference between plays that hit nothing', () => {
    const pips: BackgammonEvaluator = {
      name: 'pip count',
      equity: (board, side) =>
        Math.tanh((Board.pipCount(board, side === 0 ? 1 : 0) - Board.pipCount(board, side)) / 40),
    };
    const analysis = analyseRecord(recordOf(1, ['8/4 6/5']), { evaluator: pips });
    expect(analysis.analyser).toMatch(/^pip count evaluator/);
    expect(analysis.decisions[0]?.loss).toBe(0);
  });

  it("doubles, takes and drops by the evaluator's chances", () => {
    // An evaluator that gives the side on roll a fixed chance to win, no gammons.
    const fixed = (onRoll: number): BackgammonEvaluator => ({
      name: 'fixed',
      equity: () => 1 - 2 * onRoll,
      chances: () => ({ win: 1 - onRoll, winGammon: 0, winBackgammon: 0, loseGammon: 0, loseBackgammon: 0 }),
    });
    const record = recordOf(1, ['13/8', 'double', 'take']);
    const judge = (onRoll: number, index: number) => {
      const analyser = backgammonAnalyser({ evaluator: fixed(onRoll) });
      const { chance } = gameStreams(1, 2);
      let state = backgammonGame.setup(config, chance);
      for (const { seat, action } of record.actions.slice(0, index))
        state = backgammonGame.apply(state, seat, action as BackgammonAction, chance);
      const { seat, action } = record.actions[index] as { seat: Side; action: BackgammonAction };
      return analyser.judge(state as BackgammonState, seat, action, { index, seed: 1 });
    };
    // 50%: no double; 75%: double and take (Janowski, x = 0.68); 90%: double and pass.
    expect(judge(0.5, 1)?.best).toBe('no double');
    expect(judge(0.75, 1)?.best).toBe('double');
    expect(judge(0.75, 2)?.best).toBe('take');
    expect(judge(0.75, 2)?.bestValue).toBeCloseTo(-0.83, 2);
    expect(judge(0.9, 1)?.best).toBe('double');
    expect(judge(0.9, 2)?.best).toBe('drop');
  });

  it('scores a play that bears off the last checker at the points it wins', () => {
    // Seat 0 has one checker left on its 1 point; seat 1 has borne off none: a gammon.
    const points = Array.from({ length: 24 }, () => 0);
    points[0] = 1;
    points[2] = 1;
    points[23] = -15;
    const board = { points, bar: [0, 0] as [number, number], off: [13, 0] as [number, number] };
    expect(heuristicEvaluator.equity(board, 0)).toBeLessThan(2);
    const { chance } = gameStreams(1, 2);
    const start = backgammonGame.setup(config, chance) as BackgammonState;
    const state: BackgammonState = { ...start, board, dice: [3, 1], toAct: 0, phase: 'move' };
    const legal = backgammonGame.legalActions(state, 0);
    const worst = legal.find((a) => a.type === 'move' && a.steps.some((s) => s.to !== 'off'));
    if (worst === undefined) throw new Error('expected a play that keeps a checker on');
    const judged = backgammonAnalyser().judge(state, 0, worst, { index: 0, seed: 1 });
    expect(judged?.bestValue).toBe(2);
  });
});
