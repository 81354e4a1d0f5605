import { createRng, InvalidInputError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import {
  ANN_61,
  BOB_31,
  CountingDice,
  CUBE_OFF,
  CUBE_ON,
  expectRefused,
  NAMES,
  noDice,
  opened,
  refusal,
  snapshot,
  stateWith,
} from '../test/helpers.js';
import { Board } from './board.js';
import { backgammonGame } from './definition.js';
import { type Dice, SeededDice, SequenceDice } from './dice.js';
import { Moves } from './moves.js';
import { cachedPlays, playCacheStats, resetPlayCache } from './play-cache.js';
import type { BackgammonAction, Step } from './schemas.js';
import { Table } from './table.js';

describe('Table.create', () => {
  it('makes an idle table with the README keys, the opening board and a centered cube', () => {
    const s = Table.create(CUBE_ON, NAMES);
    expect(s).toEqual({
      phase: 'idle',
      toAct: null,
      dice: null,
      board: Board.start(),
      cube: { value: 1, owner: null },
      result: null,
      log: [],
      names: ['Ann', 'Bob'],
      config: CUBE_ON,
      crawfordGame: false,
      passes: 0,
      resignation: null,
    });
    expect(Table.live(s)).toBe(false);
    expect(Table.legal(s, 0)).toEqual({
      canRoll: false,
      canDouble: false,
      canTake: false,
      canDrop: false,
      canResign: false,
      canAccept: false,
      canDecline: false,
      plays: [],
    });
  });

  it('refuses a bad config or bad names, naming the field', () => {
    const problem = (run: () => unknown) => {
      const e = thrownBy(run, InvalidInputError);
      return [e.code, e.path];
    };
    expect(problem(() => Table.create({ ...CUBE_ON, length: 0 }, NAMES))).toEqual([
      'invalid_config',
      '$.length',
    ]);
    expect(problem(() => Table.create({ ...CUBE_ON, cube: 'yes' as unknown as boolean }, NAMES))).toEqual([
      'invalid_config',
      '$.cube',
    ]);
    expect(problem(() => Table.create(CUBE_ON, ['Ann', '']))).toEqual(['invalid_input', '$[1]']);
    expect(problem(() => Table.create(CUBE_ON, [' ', 'Bob']))).toEqual(['invalid_input', '$[0]']);
    expect(problem(() => Table.create(CUBE_ON, ['Ann'] as unknown as [string, string]))).toEqual([
      'invalid_input',
      '$',
    ]);
  });
});

describe('Table.start', () => {
  it("plays the PHP library's example: seat 0 rolls 6, seat 1 rolls 1, seat 0 opens with 6-1", () => {
    const dice = new SequenceDice([6, 1, 3, 1]);
    const s = Table.start(Table.create(CUBE_OFF, NAMES), dice);
    expect(s.phase).toBe('move');
    expect(s.toAct).toBe(0);
    expect(s.dice).toEqual([6, 1]);
    expect(dice.remaining()).toBe(2);
    expect(s.log).toEqual([
      { type: 'opening', seat: 0, dice: [6, 1], text: 'Opening roll: Ann 6, Bob 1: Ann opens with 6-1' },
    ]);
    expect(Table.live(s)).toBe(true);
  });

  it('lets the higher die open, whichever seat rolled it', () => {
    const s = opened(CUBE_OFF, new SequenceDice([2, 5]));
    expect(s.toAct).toBe(1);
    expect(s.dice).toEqual([2, 5]);
    expect(s.log.at(-1)?.text).toBe('Opening roll: Ann 2, Bob 5: Bob opens with 5-2');
  });

  it('rolls ties again and logs each tie', () => {
    const dice = new CountingDice(new SequenceDice([3, 3, 4, 4, 2, 6]));
    const s = opened(CUBE_OFF, dice);
    expect(dice.reads).toBe(6);
    expect(s.toAct).toBe(1);
    expect(s.dice).toEqual([2, 6]);
    expect(s.log.map((e) => [e.type, e.seat, e.dice])).toEqual([
      ['opening', null, [3, 3]],
      ['opening', null, [4, 4]],
      ['opening', 1, [2, 6]],
    ]);
  });

  it('has the opener play the two opening dice as the first roll, even with the cube on', () => {
    const s = opened(CUBE_ON);
    expect(s.phase).toBe('move');
    const expected = Moves.legalPlays(Board.start(), 0, [6, 1]).map((p) => p.steps);
    expect(Table.legal(s, 0).plays).toEqual(expected);
    const after = Table.apply(s, 0, { type: 'move', steps: ANN_61 }, noDice);
    expect(after.board.points[6]).toBe(2);
    expect(after.log.at(-1)?.text).toBe('Ann 6-1: 13/7 8/7');
  });

  it('refuses to start twice, or after the game is over', () => {
    const s = opened();
    expectRefused(s, (x) => Table.start(x, new SequenceDice([1, 2])), 'wrong_phase');
    const over = Table.forfeit(s, 0);
    expectRefused(over, (x) => Table.start(x, new SequenceDice([1, 2])), 'game_over');
  });

  it('refuses dice that are not dice', () => {
    const seven: Dice = { die: () => 7 };
    expect(refusal(() => opened(CUBE_OFF, seven))).toMatchObject({
      code: 'invalid_argument',
      message: expect.stringContaining('1 to 6, got 7'),
    });
    const threes: Dice = { die: () => 3 };
    expect(refusal(() => opened(CUBE_OFF, threes))).toMatchObject({
      code: 'invalid_argument',
      message: expect.stringContaining('tied 100 times'),
    });
  });

  it('fails when a SequenceDice runs out', () => {
    const s = opened(CUBE_OFF, new SequenceDice([6, 1]));
    expect(() => Table.apply(s, 0, { type: 'move', steps: ANN_61 }, new SequenceDice([3]))).toThrow(
      expect.objectContaining({ code: 'invalid_argument', message: expect.stringContaining('ran out') }),
    );
  });
});

describe('rolling and the turn flow', () => {
  it('gives the other seat the decision when it may double, reading no die', () => {
    const s = Table.apply(opened(CUBE_ON), 0, { type: 'move', steps: ANN_61 }, noDice);
    expect(s).toMatchObject({ phase: 'decide', toAct: 1, dice: null });
    expect(Table.legal(s, 1)).toMatchObject({ canRoll: true, canDouble: true, canResign: true, plays: [] });
    expect(Table.legal(s, 0).canRoll).toBe(false);
  });

  it('rolls two dice on a roll action and waits for the move', () => {
    const decide = Table.apply(opened(CUBE_ON), 0, { type: 'move', steps: ANN_61 }, noDice);
    const dice = new CountingDice(new SequenceDice([3, 1]));
    const s = Table.apply(decide, 1, { type: 'roll' }, dice);
    expect(dice.reads).toBe(2);
    expect(s).toMatchObject({ phase: 'move', toAct: 1, dice: [3, 1] });
    expect(s.log.at(-1)).toEqual({ type: 'roll', seat: 1, dice: [3, 1], text: 'Bob rolls 3-1' });
    expect(Table.legal(s, 1).plays).toEqual(Moves.legalPlays(s.board, 1, [3, 1]).map((p) => p.steps));
  });

  it('rolls for the next seat at once when the cube is off', () => {
    const s = Table.apply(opened(CUBE_OFF), 0, { type: 'move', steps: ANN_61 }, new SequenceDice([3, 1]));
    expect(s).toMatchObject({ phase: 'move', toAct: 1, dice: [3, 1] });
    expect(s.log.map((e) => e.text).slice(1)).toEqual(['Ann 6-1: 13/7 8/7', 'Bob rolls 3-1']);
  });

  it('rolls for the next seat when the opponent owns the cube, and lets the owner decide', () => {
    const s = stateWith({ phase: 'move', toAct: 0, dice: [6, 1], cube: { value: 2, owner: 0 } });
    const bobMoves = Table.apply(s, 0, { type: 'move', steps: ANN_61 }, new SequenceDice([3, 1]));
    expect(bobMoves).toMatchObject({ phase: 'move', toAct: 1, dice: [3, 1] });
    const annDecides = Table.apply(bobMoves, 1, { type: 'move', steps: BOB_31 }, noDice);
    expect(annDecides).toMatchObject({ phase: 'decide', toAct: 0, dice: null });
    expect(Table.legal(annDecides, 0).canDouble).toBe(true);
  });

  it('rolls for the next seat in the Crawford game, and nobody may double', () => {
    const s = stateWith({ phase: 'move', toAct: 0, dice: [6, 1], crawfordGame: true });
    expectRefused(s, (x) => Table.apply(x, 0, { type: 'double' }, noDice), 'cannot_double');
    const next = Table.apply(s, 0, { type: 'move', steps: ANN_61 }, new SequenceDice([3, 1]));
    expect(next).toMatchObject({ phase: 'move', toAct: 1, dice: [3, 1] });
    expect(Table.legal(next, 1).canDouble).toBe(false);
  });

  it('rolls for the owner when the cube is at its highest value', () => {
    const s = stateWith({ phase: 'move', toAct: 0, dice: [6, 1], cube: { value: 4096, owner: 1 } });
    const next = Table.apply(s, 0, { type: 'move', steps: ANN_61 }, new SequenceDice([3, 1]));
    expect(next).toMatchObject({ phase: 'move', toAct: 1, dice: [3, 1] });
  });
});

describe('refusals', () => {
  const s = opened();

  it('refuses a seat that is not to act, and a seat that does not exist', () => {
    const e = expectRefused(
      s,
      (x) => Table.apply(x, 1, { type: 'move', steps: [] }, noDice),
      'not_your_turn',
    );
    expect(e.message).toBe("It is Ann's turn (seat 0), not seat 1's");
    expectRefused(s, (x) => Table.apply(x, 2 as 0, { type: 'roll' }, noDice), 'unknown_seat');
  });

  it('refuses an action of another phase', () => {
    const e = expectRefused(s, (x) => Table.apply(x, 0, { type: 'roll' }, noDice), 'wrong_phase');
    expect(e.message).toMatch(/Cannot roll in phase move/);
    for (const type of ['take', 'drop', 'accept', 'decline'] as const) {
      expectRefused(s, (x) => Table.apply(x, 0, { type }, noDice), 'wrong_phase');
    }
    expectRefused(
      Table.create(CUBE_OFF, NAMES),
      (x) => Table.apply(x, 0, { type: 'roll' }, noDice),
      'wrong_phase',
    );
  });

  it('refuses unknown actions through the game definition, which checks them against the schema', () => {
    for (const action of [
      null,
      'roll',
      {},
      { type: 'pass' },
      { type: 'resign' },
      { type: 'resign', kind: 'triple' },
    ]) {
      expectRefused(
        s,
        (x) => backgammonGame.apply(x, 0, action as BackgammonAction, createRng(1)),
        'invalid_action',
      );
    }
  });
});

describe('the play cache', () => {
  it('computes the plays of a position once for the roll, legal and apply', () => {
    resetPlayCache();
    const s = opened(CUBE_ON);
    expect(playCacheStats()).toMatchObject({ misses: 1, hits: 0, size: 1 });
    Table.legal(s, 0);
    Table.legal(s, 0);
    expect(playCacheStats()).toMatchObject({ misses: 1, hits: 2 });
    Table.apply(s, 0, { type: 'move', steps: ANN_61 }, noDice);
    expect(playCacheStats()).toMatchObject({ misses: 1, hits: 3 });
  });

  it('keeps a bounded number of positions, evicting the least recently used', () => {
    resetPlayCache(2);
    const a = opened(CUBE_ON, new SequenceDice([6, 1]));
    opened(CUBE_ON, new SequenceDice([5, 2]));
    Table.legal(a, 0); // a is now the most recent
    opened(CUBE_ON, new SequenceDice([4, 3]));
    expect(playCacheStats()).toMatchObject({ size: 2, misses: 3, hits: 1 });
    Table.legal(a, 0);
    expect(playCacheStats()).toMatchObject({ misses: 3, hits: 2 });
    opened(CUBE_ON, new SequenceDice([5, 2]));
    expect(playCacheStats().misses).toBe(4);
    expect(() => resetPlayCache(0)).toThrow(expect.objectContaining({ code: 'invalid_argument' }));
    resetPlayCache();
  });

  it('knows the position asked for last by its board, not by the board object', () => {
    resetPlayCache();
    const board = Board.start();
    const opening = cachedPlays(board, 0, [6, 1]);
    expect(cachedPlays(Board.start(), 0, [6, 1])).toBe(opening);
    expect(playCacheStats()).toMatchObject({ misses: 1, hits: 1 });
    // The same board object changed in place is another position; seat and dice order count too.
    board.points[23] = 1;
    board.points[22] = 1;
    expect(cachedPlays(board, 0, [6, 1]).plays).toEqual(Moves.legalPlays(board, 0, [6, 1]));
    expect(cachedPlays(Board.start(), 1, [6, 1]).plays).toEqual(Moves.legalPlays(Board.start(), 1, [6, 1]));
    expect(cachedPlays(Board.start(), 0, [1, 6]).plays).toEqual(Moves.legalPlays(Board.start(), 0, [1, 6]));
    expect(playCacheStats()).toMatchObject({ misses: 4, hits: 1 });
    // An earlier position comes back from the cache by its key.
    expect(cachedPlays(Board.start(), 0, [6, 1])).toBe(opening);
    expect(playCacheStats()).toMatchObject({ misses: 4, hits: 2, size: 4 });
    resetPlayCache();
  });

  it('hands out copies: changing legal plays or a state does not reach the cache', () => {
    const s = opened(CUBE_ON);
    const plays = Table.legal(s, 0).plays;
    (plays[0] as Step[])[0] = { from: 0, to: 'off' };
    expect(Table.legal(s, 0).plays).toEqual(Moves.legalPlays(Board.start(), 0, [6, 1]).map((p) => p.steps));
    const after = Table.apply(s, 0, { type: 'move', steps: ANN_61 }, noDice);
    after.board.points[6] = 99;
    const again = Table.apply(s, 0, { type: 'move', steps: ANN_61 }, noDice);
    expect(again.board.points[6]).toBe(2);
  });
});

describe('replay', () => {
  it('replays a game exactly from the same dice', () => {
    const playOut = (seed: number) => {
      const dice = new SeededDice(seed);
      let s = opened(CUBE_OFF, dice);
      while (Table.live(s)) {
        s = Table.apply(s, s.toAct, { type: 'move', steps: Table.legal(s, s.toAct).plays[0] ?? [] }, dice);
      }
      return s;
    };
    expect(playOut(11)).toEqual(playOut(11));
    expect(snapshot(playOut(11))).not.toBe(snapshot(playOut(12)));
  });
});
