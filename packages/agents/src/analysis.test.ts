import { backgammonGame } from '@tabula/backgammon';
import { InvalidInputError, matches, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { analyseRecord, type DecisionAnalysis, GameAnalysisSchema, summarise } from './analysis.js';

const decision = (seat: number, loss: number, error: boolean, blunder: boolean): DecisionAnalysis => ({
  move: 1,
  seat,
  player: `seat ${seat}`,
  kind: 'checker play',
  played: 'a',
  best: 'b',
  bestAction: null,
  playedValue: -loss,
  bestValue: 0,
  loss,
  error,
  blunder,
  options: 2,
});

describe('analyseRecord', () => {
  it('sums each seat: decisions, errors and their rate, blunders, total and mean loss', () => {
    const summary = summarise(
      [decision(0, 0.5, true, true), decision(0, 0, false, false), decision(0, 0.25, true, false)],
      ['alice', 'bob'],
    );
    expect(summary).toEqual([
      {
        seat: 0,
        player: 'alice',
        decisions: 3,
        errors: 2,
        errorRate: 2 / 3,
        blunders: 1,
        totalLoss: 0.75,
        meanLoss: 0.25,
      },
      {
        seat: 1,
        player: 'bob',
        decisions: 0,
        errors: 0,
        errorRate: 0,
        blunders: 0,
        totalLoss: 0,
        meanLoss: 0,
      },
    ]);
  });

  it('names seats by the record, and refuses a record of no known game or one that does not replay', () => {
    const config = backgammonGame.defaultConfig();
    const empty = { game: 'backgammon', version: backgammonGame.version, config, seed: 1, actions: [] };
    const analysis = analyseRecord({ ...empty, players: ['ann', 'ben'] });
    expect(analysis.players.map((p) => p.player)).toEqual(['ann', 'ben']);
    expect(matches(GameAnalysisSchema, analysis)).toBe(true);
    expect(analyseRecord(empty).players.map((p) => p.player)).toEqual(['seat 0', 'seat 1']);

    const chess = thrownBy(() => analyseRecord({ ...empty, game: 'chess' }), InvalidInputError);
    expect([chess.code, chess.path]).toEqual(['invalid_record', '$.game']);
    const wrong = thrownBy(
      () => analyseRecord({ ...empty, actions: [{ seat: 1, action: { type: 'double' } }] }),
      InvalidInputError,
    );
    expect([wrong.code, wrong.path]).toEqual(['invalid_record', '$.actions[0]']);
    expect(thrownBy(() => analyseRecord(empty, { seed: 0.5 }), TabulaError).code).toBe('invalid_argument');
  });

  it('has a schema that refuses what an analysis cannot be', () => {
    const config = backgammonGame.defaultConfig();
    const analysis = analyseRecord({ game: 'backgammon', version: '1', config, seed: 1, actions: [] });
    expect(matches(GameAnalysisSchema, { ...analysis, decisions: [decision(0, -1, false, false)] })).toBe(
      false,
    );
    expect(matches(GameAnalysisSchema, { ...analysis, extra: 1 })).toBe(false);
  });
});
