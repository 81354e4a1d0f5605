import { type GameRecord, gameStreams, matches, playGame, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { skirmishGame } from '@tabula/skirmish';
import { describe, expect, it } from 'vitest';
import { analysersGame } from '../test/analysed.js';
import { analyseRecord, GameAnalysisSchema } from './analysis.js';
import { skirmishAnalyser } from './analysis-skirmish.js';
import { randomAgent } from './random.js';
import { bidderAgent } from './skirmish.js';

const config = skirmishGame.defaultConfig(2);

/** The record of game `seed` with these cards played, seat by seat (0, 1, 0, 1, ...). */
const recordOf = (seed: number, cards: readonly number[]): GameRecord => ({
  game: 'skirmish',
  version: skirmishGame.version,
  config,
  seed,
  actions: cards.map((card, i) => ({ seat: i % 2, action: { type: 'play', card } })),
});

describe('skirmish analysis', () => {
  it('finds a planted blunder: the top ship thrown on a 1 VP planet at the start', () => {
    // Game 5 opens with P1 (1 VP) in the pot.
    expect(skirmishGame.setup(config, gameStreams(5, 2).chance).pot.map((p) => p.victoryPoints)).toEqual([1]);
    const analysis = analyseRecord(recordOf(5, [15, 1]));
    const [thrown, answer] = analysis.decisions;
    expect(thrown).toMatchObject({ move: 1, seat: 0, kind: 'bid', played: 'play 15', blunder: true });
    expect(thrown?.best).not.toBe('play 15');
    expect(thrown?.note).toMatch(/^ranked 15 of 15; pot P1$/);
    expect(thrown?.loss).toBeGreaterThanOrEqual(analysis.blunderAt);
    expect(answer?.blunder).toBe(false);
    expect(analysis.unit).toBe('VP');
    expect(matches(GameAnalysisSchema, analysis)).toBe(true);
  });

  it("gives the analyser's own choices no loss", () => {
    const analyser = skirmishAnalyser({ rollouts: 4 });
    const record = analysersGame(analyser, config, 2);
    expect(record.outcome).toBeDefined();
    const analysis = analyseRecord(record, { rollouts: 4 });
    expect(analysis.decisions.length).toBeGreaterThan(20);
    expect(analysis.decisions.every((d) => d.loss === 0)).toBe(true);
  });

  it('gives the same values for the same seed, and does not see the card the other seat has committed', () => {
    const a = analyseRecord(recordOf(7, [3, 9]), { rollouts: 8, seed: 11 });
    expect(analyseRecord(recordOf(7, [3, 9]), { rollouts: 8, seed: 11 })).toEqual(a);
    expect(analyseRecord(recordOf(7, [3, 9]), { rollouts: 8, seed: 12 })).not.toEqual(a);
    // Seat 1 decides while seat 0's card is face down: which card it was changes nothing.
    const b = analyseRecord(recordOf(7, [12, 9]), { rollouts: 8, seed: 11 });
    expect(b.decisions[1]).toEqual(a.decisions[1]);
  });

  it('analyses games of three seats, each seat judged on its own view', async () => {
    const three = skirmishGame.defaultConfig(3);
    const { record } = await playGame(skirmishGame, three, [bidderAgent(), randomAgent(), bidderAgent()], 4);
    const analysis = analyseRecord(record, { rollouts: 3 });
    expect(matches(GameAnalysisSchema, analysis)).toBe(true);
    expect(analysis.players.map((p) => p.player)).toEqual(['bidder', 'random', 'bidder']);
    expect(analysis.players.every((p) => p.decisions >= 10)).toBe(true);
    // Seat 2 decides after seats 0 and 1 have committed: which card seat 0 committed changes nothing.
    const first = record.actions.slice(0, 3);
    const played = (first[0]?.action as { card: number } | undefined)?.card;
    const other = { seat: 0, action: { type: 'play', card: played === 15 ? 14 : 15 } };
    const cut = (actions: GameRecord['actions']): GameRecord => ({
      ...recordOf(4, []),
      config: three,
      actions,
    });
    expect(analyseRecord(cut([other, ...first.slice(1)]), { rollouts: 3 }).decisions[2]).toEqual(
      analyseRecord(cut(first), { rollouts: 3 }).decisions[2],
    );
  });

  it('refuses a rollout count that is no whole number above 0', () => {
    expect(thrownBy(() => skirmishAnalyser({ rollouts: 0 }), TabulaError).code).toBe('invalid_argument');
    expect(thrownBy(() => skirmishAnalyser({ rollouts: 1.5 }), TabulaError).code).toBe('invalid_argument');
  });
});
