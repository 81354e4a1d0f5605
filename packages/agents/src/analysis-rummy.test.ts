import { type GameRecord, matches, playGame, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { rummyGame } from '@tabula/rummy';
import { describe, expect, it } from 'vitest';
import { analysersGame } from '../test/analysed.js';
import { analyseRecord, GameAnalysisSchema } from './analysis.js';
import { rummyAnalyser } from './analysis-rummy.js';
import { solverRummyAgent } from './rummy-solver.js';

const config = rummyGame.defaultConfig(2);

describe('rummy analysis', () => {
  it('finds a planted blunder: a draw when the solver lays ten points or more', async () => {
    const { record } = await playGame(rummyGame, config, [solverRummyAgent(), solverRummyAgent()], 3);
    // The first turn where the solver agent laid 10 points or more...
    const big = analyseRecord(record).decisions.find((d) => d.playedValue >= 10);
    if (big === undefined) throw new Error('expected a big laydown in game 3');
    const index = big.move - 1;
    expect(big.loss).toBe(0);
    // ... drawn instead, the record cut there.
    const planted: GameRecord = {
      game: record.game,
      version: record.version,
      config: record.config,
      seed: record.seed,
      actions: [...record.actions.slice(0, index), { seat: big.seat, action: { type: 'draw' } }],
    };
    const analysis = analyseRecord(planted);
    const last = analysis.decisions.at(-1);
    expect(last).toMatchObject({
      move: big.move,
      seat: big.seat,
      kind: 'turn',
      played: 'draw',
      best: big.played,
      playedValue: 0,
      bestValue: big.playedValue,
      loss: big.playedValue,
      error: true,
      blunder: true,
    });
    expect(last?.left?.cards).toBeGreaterThan(0);
    expect(last?.left?.points).toBe(big.playedValue);
    expect(last?.note).toMatch(/^left \d+ cards? \(\d+ points\) that could have been laid$/);
    expect(analysis.players[big.seat]?.blunders).toBe(1);
    expect(matches(GameAnalysisSchema, analysis)).toBe(true);
  });

  it("gives the solver's own turns no loss", async () => {
    const { record } = await playGame(rummyGame, config, [solverRummyAgent(), solverRummyAgent()], 5);
    const analysis = analyseRecord(record);
    expect(analysis.decisions.length).toBeGreaterThan(3);
    expect(analysis.players.map((p) => [p.errors, p.totalLoss])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    const own = analyseRecord(analysersGame(rummyAnalyser(), config, 6, 80));
    expect(own.decisions.length).toBeGreaterThan(3);
    expect(own.decisions.every((d) => d.loss === 0 && !d.error)).toBe(true);
  });

  it('counts only turns with something to lay, and refuses a bad step budget', async () => {
    const { record } = await playGame(rummyGame, config, [solverRummyAgent(), solverRummyAgent()], 3);
    const analysis = analyseRecord(record, { solverSteps: 20_000 });
    expect(analysis.analyser).toMatch(/20000 steps/);
    const draws = record.actions.filter((a) => (a.action as { type: string }).type !== 'play').length;
    expect(analysis.decisions.length).toBeLessThan(record.actions.length);
    expect(analysis.decisions.length).toBeGreaterThanOrEqual(record.actions.length - draws);
    expect(thrownBy(() => rummyAnalyser({ maxSteps: -1 }), TabulaError).code).toBe('invalid_argument');
  });
});
