import { createRng, IllegalActionError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { noDice, position, snapshot, stateWith } from '../test/helpers.js';
import { Board } from './board.js';
import { backgammonGame } from './definition.js';
import { SequenceDice } from './dice.js';
import type { BackgammonAction, BackgammonState } from './schemas.js';
import { Table } from './table.js';

function refusedWith(state: BackgammonState, run: (s: BackgammonState) => unknown): string {
  const before = snapshot(state);
  try {
    run(state);
  } catch (e) {
    expect(e).toBeInstanceOf(IllegalActionError);
    expect(snapshot(state)).toBe(before);
    return (e as IllegalActionError).code;
  }
  throw new Error('the action was not refused');
}

const act = (s: BackgammonState, seat: 0 | 1, action: BackgammonAction, dice = noDice) =>
  Table.apply(s, seat, action, dice);

describe('the cube', () => {
  const decide = stateWith({}); // Ann decides, cube centered at 1

  it('offers a double: the opponent must take or drop, the value waits for the take', () => {
    const s = act(decide, 0, { type: 'double' });
    expect(s).toMatchObject({ phase: 'cube_offered', toAct: 1, dice: null, cube: { value: 1, owner: null } });
    expect(s.log.at(-1)).toEqual({ type: 'double', seat: 0, value: 2, text: 'Ann doubles to 2' });
    expect(Table.legal(s, 1)).toMatchObject({
      canTake: true,
      canDrop: true,
      canRoll: false,
      canResign: false,
    });
    expect(Table.legal(s, 0)).toMatchObject({ canTake: false, canDrop: false });
  });

  it('doubles the value on a take, gives the cube to the taker and rolls for the doubler', () => {
    const offered = act(decide, 0, { type: 'double' });
    const s = act(offered, 1, { type: 'take' }, new SequenceDice([5, 2]));
    expect(s.cube).toEqual({ value: 2, owner: 1 });
    expect(s).toMatchObject({ phase: 'move', toAct: 0, dice: [5, 2] });
    expect(s.log.slice(-2).map((e) => e.text)).toEqual([
      'Bob takes; the cube is at 2, owned by Bob',
      'Ann rolls 5-2',
    ]);
  });

  it('lets only the owner double after a take, and a redouble passes the cube back', () => {
    const taken = stateWith({ cube: { value: 2, owner: 1 }, phase: 'move', toAct: 0, dice: [6, 1] });
    expect(refusedWith(taken, (s) => act(s, 0, { type: 'double' }))).toBe('cannot_double');
    // Bob owns the cube, so after Ann's move he may redouble before rolling.
    const bobDecides = act(
      taken,
      0,
      {
        type: 'move',
        steps: [
          { from: 12, to: 6 },
          { from: 7, to: 6 },
        ],
      },
      noDice,
    );
    expect(bobDecides).toMatchObject({ phase: 'decide', toAct: 1 });
    const redoubled = act(bobDecides, 1, { type: 'double' });
    expect(redoubled.log.at(-1)?.text).toBe('Bob doubles to 4');
    const s = act(redoubled, 0, { type: 'take' }, new SequenceDice([3, 1]));
    expect(s.cube).toEqual({ value: 4, owner: 0 });
    expect(s).toMatchObject({ phase: 'move', toAct: 1, dice: [3, 1] });
  });

  it('ends the game at the current value on a drop', () => {
    const s = act(act(decide, 0, { type: 'double' }), 1, { type: 'drop' });
    expect(s).toMatchObject({ phase: 'complete', toAct: null, dice: null });
    expect(s.result).toEqual({ winner: 0, kind: 'single', how: 'dropped', points: 1 });
    expect(s.log.slice(-2).map((e) => e.text)).toEqual([
      'Bob drops',
      'Ann wins: Bob dropped the cube, 1 point',
    ]);

    const at4 = stateWith({ cube: { value: 4, owner: 1 }, phase: 'decide', toAct: 1 });
    const dropped = act(act(at4, 1, { type: 'double' }), 0, { type: 'drop' });
    expect(dropped.result).toEqual({ winner: 1, kind: 'single', how: 'dropped', points: 4 });
  });

  it('refuses doubling with the cube off, in the Crawford game, before the roll only', () => {
    const off = stateWith({
      config: { cube: false, length: 1, crawford: false },
      phase: 'move',
      dice: [6, 1],
    });
    expect(refusedWith(off, (s) => act(s, 0, { type: 'double' }))).toBe('cannot_double');
    expect(() => act(off, 0, { type: 'double' })).toThrow(/The cube is off at this table/);
    expect(Table.legal(off, 0).canDouble).toBe(false);
    const crawford = stateWith({ crawfordGame: true, phase: 'move', dice: [6, 1] });
    expect(refusedWith(crawford, (s) => act(s, 0, { type: 'double' }))).toBe('cannot_double');
    const rolled = stateWith({ phase: 'move', dice: [6, 1] });
    expect(refusedWith(rolled, (s) => act(s, 0, { type: 'double' }))).toBe('wrong_phase');
    const max = stateWith({ cube: { value: 4096, owner: 0 }, phase: 'move', dice: [6, 1] });
    expect(refusedWith(max, (s) => act(s, 0, { type: 'double' }))).toBe('cannot_double');
  });

  it('refuses a take or a drop by the doubler', () => {
    const offered = act(decide, 0, { type: 'double' });
    expect(refusedWith(offered, (s) => act(s, 0, { type: 'take' }))).toBe('not_your_turn');
    expect(refusedWith(offered, (s) => act(s, 1, { type: 'roll' }))).toBe('wrong_phase');
  });
});

describe('resignation', () => {
  const decide = stateWith({ cube: { value: 2, owner: 0 } });
  const moving = stateWith({ phase: 'move', dice: [6, 1], cube: { value: 4, owner: 1 } });

  it('offers a resignation to the opponent', () => {
    const s = act(decide, 0, { type: 'resign', kind: 'gammon' });
    expect(s).toMatchObject({
      phase: 'resign_offered',
      toAct: 1,
      resignation: { seat: 0, kind: 'gammon', phase: 'decide' },
    });
    expect(s.log.at(-1)).toEqual({
      type: 'resign',
      seat: 0,
      kind: 'gammon',
      text: 'Ann offers to resign a gammon, 4 points',
    });
    expect(Table.legal(s, 1)).toMatchObject({ canAccept: true, canDecline: true, canRoll: false });
    expect(Table.legal(s, 0)).toMatchObject({ canAccept: false, canDecline: false, canResign: false });
  });

  it.each([
    ['single', 1],
    ['gammon', 2],
    ['backgammon', 3],
  ] as const)('ends the game on an accept: %s is worth %i times the cube', (kind, multiplier) => {
    const s = act(act(moving, 0, { type: 'resign', kind }), 1, { type: 'accept' });
    expect(s.result).toEqual({ winner: 1, kind, how: 'resigned', points: 4 * multiplier });
    expect(s).toMatchObject({ phase: 'complete', toAct: null, dice: null, resignation: null });
  });

  it('returns to the phase the resigner was in on a decline', () => {
    const fromDecide = act(act(decide, 0, { type: 'resign', kind: 'single' }), 1, { type: 'decline' });
    expect(fromDecide).toMatchObject({ phase: 'decide', toAct: 0, dice: null, resignation: null });
    expect(fromDecide.log.at(-1)?.text).toBe('Bob declines the resignation; play goes on');

    const fromMove = act(act(moving, 0, { type: 'resign', kind: 'backgammon' }), 1, { type: 'decline' });
    expect(fromMove).toMatchObject({ phase: 'move', toAct: 0, dice: [6, 1], resignation: null });
    expect(Table.legal(fromMove, 0).plays).toEqual(Table.legal(moving, 0).plays);
    expect(fromMove.board).toEqual(moving.board);
  });

  it('refuses a resignation without a kind, or while a double is pending, and answers by the resigner', () => {
    const noKind = (s: BackgammonState) =>
      backgammonGame.apply(s, 0, { type: 'resign' } as BackgammonAction, createRng(1));
    expect(refusedWith(decide, noKind)).toBe('invalid_action');
    const offered = act(stateWith({}), 0, { type: 'double' });
    expect(refusedWith(offered, (s) => act(s, 1, { type: 'resign', kind: 'single' }))).toBe('wrong_phase');
    const pending = act(decide, 0, { type: 'resign', kind: 'single' });
    expect(refusedWith(pending, (s) => act(s, 0, { type: 'accept' }))).toBe('not_your_turn');
    expect(refusedWith(pending, (s) => act(s, 1, { type: 'resign', kind: 'single' }))).toBe('wrong_phase');
  });
});

describe('forfeit', () => {
  const gammonish = position({ 1: 5 }, { 6: 15 });

  it('ends the game from every live phase; the forfeiting seat loses what the board shows', () => {
    const live = [
      stateWith({ board: gammonish }),
      stateWith({ board: gammonish, phase: 'move', dice: [2, 1] }),
      act(stateWith({ board: gammonish }), 0, { type: 'double' }),
      act(stateWith({ board: gammonish }), 0, { type: 'resign', kind: 'single' }),
    ];
    expect(live.map((s) => s.phase)).toEqual(['decide', 'move', 'cube_offered', 'resign_offered']);
    for (const s of live) {
      const before = snapshot(s);
      const over = Table.forfeit(s, 1);
      expect(snapshot(s)).toBe(before);
      expect(over).toMatchObject({ phase: 'complete', toAct: null, dice: null, resignation: null });
      expect(over.result).toEqual({ winner: 0, kind: 'gammon', how: 'forfeit', points: 2 });
      expect(over.log.slice(-2).map((e) => e.text)).toEqual([
        'Bob forfeits',
        'Ann wins a gammon by forfeit, 2 points',
      ]);
    }
  });

  it('lets either seat forfeit and multiplies by the cube', () => {
    const s = stateWith({ board: gammonish, cube: { value: 8, owner: 1 }, phase: 'move', dice: [2, 1] });
    // Ann has borne ten checkers off: she loses a single game.
    expect(Table.forfeit(s, 0).result).toEqual({ winner: 1, kind: 'single', how: 'forfeit', points: 8 });
    // At the opening each seat still has checkers in the other's home board: a backgammon.
    expect(Table.forfeit(stateWith({ board: Board.start() }), 0).result?.kind).toBe('backgammon');
  });

  it('refuses an idle or finished table, and a seat that does not exist', () => {
    const idle = Table.create({ cube: true, length: 1, crawford: false }, ['Ann', 'Bob']);
    expect(refusedWith(idle, (s) => Table.forfeit(s, 0))).toBe('wrong_phase');
    const over = Table.forfeit(stateWith({}), 0);
    expect(refusedWith(over, (s) => Table.forfeit(s, 1))).toBe('game_over');
    expect(refusedWith(stateWith({}), (s) => Table.forfeit(s, 3 as 0))).toBe('unknown_seat');
  });
});
