import {
  createRng,
  type GameRecord,
  gameStreams,
  type InvalidInputError,
  replay,
  type Seat,
} from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { ANN_61, expectRefused, NAMES, refusal } from '../test/helpers.js';
import { charge, formatTime, startReserves, timeLeft } from './clock.js';
import { backgammonGame as game } from './definition.js';
import { SeededDice, SequenceDice } from './dice.js';
import { Match } from './match.js';
import type { BackgammonAction, BackgammonConfig, BackgammonState, MatchState } from './schemas.js';
import { fromJSON } from './state.js';
import { Table } from './table.js';

const CLOCK = { delayMs: 5_000, reserveMs: 60_000 };
const TIMED: BackgammonConfig = { cube: true, length: 1, crawford: false, clock: CLOCK };

/** Ann opens with 6-1 at a table with the clock; Bob's next roll is 3-1. */
const opened = (config: BackgammonConfig = TIMED) =>
  Table.start(Table.create(config, NAMES), new SequenceDice([6, 1]));
const annMoves = (elapsedMs?: number): BackgammonAction =>
  elapsedMs === undefined ? { type: 'move', steps: ANN_61 } : { type: 'move', steps: ANN_61, elapsedMs };

describe('clock arithmetic', () => {
  it('gives the delay free and takes the rest off the reserve; past both, the seat is out', () => {
    expect(startReserves(CLOCK)).toEqual([60_000, 60_000]);
    expect(timeLeft(CLOCK, 60_000)).toBe(65_000);
    expect(charge(CLOCK, [60_000, 60_000], 0, 0)).toEqual([60_000, 60_000]);
    expect(charge(CLOCK, [60_000, 60_000], 0, 5_000)).toEqual([60_000, 60_000]);
    expect(charge(CLOCK, [60_000, 60_000], 1, 5_001)).toEqual([60_000, 59_999]);
    expect(charge(CLOCK, [60_000, 10_000], 1, 15_000)).toEqual([60_000, 0]);
    expect(charge(CLOCK, [60_000, 10_000], 1, 15_001)).toBeNull();
    expect(charge({ delayMs: 0, reserveMs: 0 }, [0, 0], 0, 1)).toBeNull();
  });

  it('writes times for people', () => {
    expect(formatTime(0)).toBe('0.0 s');
    expect(formatTime(12_345)).toBe('12.3 s');
    expect(formatTime(59_999)).toBe('59.9 s');
    expect(formatTime(60_000)).toBe('1:00');
    expect(formatTime(245_900)).toBe('4:05');
    expect(formatTime(3_723_000)).toBe('1:02:03');
  });
});

describe('a table with a clock', () => {
  it('starts each seat with the reserve and charges only the time beyond the delay', () => {
    const s = opened();
    expect(s.reserveMs).toEqual([60_000, 60_000]);
    expect(Table.apply(s, 0, annMoves(4_000), new SequenceDice([3, 1])).reserveMs).toEqual([60_000, 60_000]);
    expect(Table.apply(s, 0, annMoves(), new SequenceDice([3, 1])).reserveMs).toEqual([60_000, 60_000]);
    const charged = Table.apply(s, 0, annMoves(8_500), new SequenceDice([3, 1]));
    expect(charged.reserveMs).toEqual([56_500, 60_000]);
    expect(charged.phase).toBe('decide');
    // The whole reserve may be used: then the next action has only the delay.
    const spent = Table.apply(s, 0, annMoves(65_000), new SequenceDice([3, 1]));
    expect(spent.reserveMs).toEqual([0, 60_000]);
    expect(Table.fromJSON(JSON.parse(JSON.stringify(spent)))).toEqual(spent);
  });

  it('ends the game when an action took longer than the delay and the reserve: the late seat loses as for a forfeit', () => {
    const s = opened();
    const late = Table.apply(s, 0, annMoves(65_001), new SequenceDice([]));
    expect(late).toMatchObject({
      phase: 'complete',
      toAct: null,
      reserveMs: [0, 60_000],
      // At the opening position Ann still has checkers in Bob's home board: a backgammon.
      result: { winner: 1, kind: 'backgammon', how: 'timeout', points: 3 },
    });
    // The move was not played.
    expect(late.board).toEqual(s.board);
    expect(late.log.slice(-2)).toEqual([
      { type: 'timeout', seat: 0, elapsedMs: 65_001, text: 'Ann runs out of time' },
      {
        type: 'result',
        seat: 1,
        kind: 'backgammon',
        points: 3,
        text: 'Bob wins a backgammon on time, 3 points',
      },
    ]);
    expect(Table.fromJSON(JSON.parse(JSON.stringify(late)))).toEqual(late);
    // Late is late, whatever was sent: an action the rules would refuse loses on time too.
    expect(Table.apply(s, 0, { type: 'roll', elapsedMs: 99_999 }, new SequenceDice([])).result).toMatchObject(
      {
        how: 'timeout',
      },
    );
  });

  it('times out the seat that answers a double or a resignation', () => {
    const bobDecides = Table.apply(opened(), 0, annMoves(), new SequenceDice([]));
    const doubled = Table.apply(bobDecides, 1, { type: 'double', elapsedMs: 1_000 }, new SequenceDice([]));
    const late = Table.apply(doubled, 0, { type: 'take', elapsedMs: 70_000 }, new SequenceDice([]));
    expect(late.result).toMatchObject({ winner: 1, how: 'timeout', points: 3 });
    const resigned = Table.apply(bobDecides, 1, { type: 'resign', kind: 'gammon' }, new SequenceDice([]));
    const slow = Table.apply(resigned, 0, { type: 'accept', elapsedMs: 70_000 }, new SequenceDice([]));
    expect(slow.result).toMatchObject({ winner: 1, how: 'timeout' });
    expect(slow.resignation).toBeNull();
  });

  it('takes a timeout action only once the seat has run out of time, and charges nothing for a refused action', () => {
    const s = opened();
    const early = expectRefused(
      s,
      () => Table.apply(s, 0, { type: 'timeout', elapsedMs: 65_000 }, new SequenceDice([])),
      'wrong_phase',
    );
    expect(early.message).toBe('Ann has not run out of time: after 1:05 there are 0.0 s left');
    expectRefused(
      s,
      () => Table.apply(s, 1, { type: 'timeout', elapsedMs: 99_000 }, new SequenceDice([])),
      'not_your_turn',
    );
    const out = Table.apply(s, 0, { type: 'timeout', elapsedMs: 65_001 }, new SequenceDice([]));
    expect(out.result).toMatchObject({ winner: 1, how: 'timeout' });
    // A refused move in time changes nothing, the clock included: the next attempt brings the whole time.
    expectRefused(
      s,
      () =>
        Table.apply(
          s,
          0,
          { type: 'move', steps: [{ from: 23, to: 20 }], elapsedMs: 30_000 },
          new SequenceDice([]),
        ),
      'illegal_move',
    );
    expectRefused(
      s,
      () => Table.apply(s, 0, { type: 'roll', elapsedMs: 30_000 }, new SequenceDice([])),
      'wrong_phase',
    );
  });

  it('is absent without a clock: elapsedMs is ignored and a timeout refused', () => {
    const s = opened({ cube: true, length: 1, crawford: false });
    expect(s.reserveMs).toBeUndefined();
    expect(Table.apply(s, 0, annMoves(999_999), new SequenceDice([]))).toEqual(
      Table.apply(s, 0, annMoves(), new SequenceDice([])),
    );
    const error = expectRefused(
      s,
      () => Table.apply(s, 0, { type: 'timeout', elapsedMs: 1 }, new SequenceDice([])),
      'wrong_phase',
    );
    expect(error.message).toBe('There is no clock at this table, so nobody can run out of time');
  });

  it('is checked by fromJSON: reserves exactly with a clock, none above the clock reserve', () => {
    const json = JSON.parse(JSON.stringify(opened()));
    const path = (value: unknown) => (refusal(() => fromJSON(value)) as InvalidInputError).path;
    const { reserveMs: _, ...noReserves } = json;
    expect(path(noReserves)).toBe('$.reserveMs');
    expect(path({ ...json, reserveMs: [60_001, 0] })).toBe('$.reserveMs[0]');
    expect(path({ ...json, reserveMs: [0, -1] })).toBe('$.reserveMs[1]');
    const { clock: __, ...noClock } = json.config;
    expect(path({ ...json, config: noClock })).toBe('$.reserveMs');
    expect(path({ ...json, config: { ...json.config, clock: { delayMs: 1, reserveMs: 1.5 } } })).toBe(
      '$.config.clock.reserveMs',
    );
  });
});

describe('a match with a clock', () => {
  const TIMED_MATCH: BackgammonConfig = { cube: true, length: 3, crawford: true, clock: CLOCK };

  /** Plain actions in no time until Bob is to act; he resigns and Ann accepts, each taking `ms`. */
  function annWins(s: MatchState, ms: number): MatchState {
    let state = s;
    while (state.toAct !== 1 || (state.phase !== 'decide' && state.phase !== 'move'))
      state = Match.apply(state, state.toAct ?? 0, plainAction(state), new SeededDice(3));
    const offered = Match.apply(
      state,
      1,
      { type: 'resign', kind: 'single', elapsedMs: ms },
      new SeededDice(1),
    );
    return Match.apply(offered, 0, { type: 'accept', elapsedMs: ms }, new SeededDice(1));
  }

  it('carries the reserves from game to game, and a seat that runs out loses the match even when ahead', () => {
    let s = Match.start(Match.create(TIMED_MATCH, NAMES), new SeededDice(2));
    s = annWins(s, 15_000);
    // Each seat used 10 s of its reserve, and the second game starts with what is left.
    expect(s.match.games).toHaveLength(1);
    expect(s.reserveMs).toEqual([50_000, 50_000]);
    s = annWins(s, 5_000);
    expect(s.reserveMs).toEqual([50_000, 50_000]);
    expect(s.match.score).toEqual([2, 0]);
    // Ann, one point from the match, runs out of time on her turn: Bob wins the match at 2-0.
    while (s.toAct !== 0) s = Match.apply(s, s.toAct ?? 0, plainAction(s), new SeededDice(3));
    const before = s;
    expectRefused(
      before,
      () => Match.apply(before, 0, { type: 'timeout', elapsedMs: 55_000 }, new SeededDice(4)),
      'wrong_phase',
    );
    const late = Match.apply(s, 0, { type: 'timeout', elapsedMs: 55_001 }, new SeededDice(4));
    expect(late.match.result).toEqual({ winner: 1, how: 'timeout' });
    expect(late.phase).toBe('complete');
    expect(late.reserveMs).toEqual([0, 50_000]);
    expect(late.match.score[0]).toBe(2);
    expect(Match.fromJSON(JSON.parse(JSON.stringify(late)))).toEqual(late);
    const [, bob] = late.match.score;
    expect(game.outcome(late)).toEqual({ scores: [2, bob], winners: [1], reason: `timeout 2-${bob}` });
  });
});

function plainAction(s: BackgammonState): BackgammonAction {
  const seat = s.toAct ?? 0;
  const legal = Table.legal(s, seat);
  if (legal.canRoll) return { type: 'roll' };
  return { type: 'move', steps: legal.plays[0] ?? [] };
}

describe('replays with clocks', () => {
  /** A random match under the contract whose every action says how long it took. */
  function timedRecord(
    seed: number,
    config: BackgammonConfig,
    slowest: number,
  ): { record: GameRecord; final: unknown } {
    const { chance } = gameStreams(seed, 2);
    const pick = createRng(-seed);
    let state = game.setup(config, chance);
    const actions: { seat: Seat; action: unknown }[] = [];
    while (game.outcome(state) === null) {
      const seat = state.toAct ?? 0;
      const listed = pick.pick(game.legalActions(state, seat));
      const action = { ...listed, elapsedMs: pick.int(0, slowest) };
      state = game.apply(state, seat, action, chance);
      actions.push({ seat, action });
    }
    const record = {
      game: 'backgammon',
      version: game.version,
      config,
      seed,
      actions,
      outcome: game.outcome(state),
    };
    return { record: JSON.parse(JSON.stringify(record)), final: state };
  }

  it('give the very same match, reserves and all, from the record of actions with their elapsed times', () => {
    const config: BackgammonConfig = {
      cube: true,
      length: 3,
      crawford: true,
      clock: { delayMs: 3_000, reserveMs: 600_000 },
    };
    const { record, final } = timedRecord(21, config, 9_000);
    const states = replay(game, record);
    expect(states.at(-1)).toEqual(final);
    expect((final as MatchState).reserveMs?.some((ms) => ms < 600_000)).toBe(true);
    // Another elapsed time for one action gives other reserves: the time is part of the record.
    const index = record.actions.findIndex(
      (a) => ((a.action as { elapsedMs: number }).elapsedMs ?? 0) > 4_000,
    );
    const changed = {
      ...record,
      outcome: undefined,
      actions: record.actions.map((a, i) =>
        i === index ? { ...a, action: { ...(a.action as object), elapsedMs: 3_000 } } : a,
      ),
    };
    expect((replay(game, changed).at(-1) as MatchState).reserveMs).not.toEqual(
      (final as MatchState).reserveMs,
    );
  });

  it('end a match that runs out of reserve with a timeout the record replays', () => {
    const config: BackgammonConfig = {
      cube: true,
      length: 3,
      crawford: true,
      clock: { delayMs: 1_000, reserveMs: 60_000 },
    };
    const { record, final } = timedRecord(22, config, 40_000);
    expect((final as MatchState).match.result?.how).toBe('timeout');
    expect(replay(game, record).at(-1)).toEqual(final);
  });
});

describe('the view of a table with a clock', () => {
  it('shows the delay and both reserves', () => {
    const s = Table.apply(opened(), 0, annMoves(8_500), new SequenceDice([3, 1]));
    const view = game.view(s, 1);
    expect(view.reserveMs).toEqual([56_500, 60_000]);
    expect(view.config.clock).toEqual(CLOCK);
    expect(game.render(view)).toContain('Clock: 5.0 s delay a move; Ann 56.5 s, You 1:00 in reserve');
  });
});
