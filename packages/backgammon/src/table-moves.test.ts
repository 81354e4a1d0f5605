import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { ANN_61, CUBE_OFF, expectRefused, noDice, opened, position, stateWith } from '../test/helpers.js';
import { Board } from './board.js';
import { backgammonGame } from './definition.js';
import { SequenceDice } from './dice.js';
import { Moves } from './moves.js';
import type { BackgammonAction, BackgammonState, Step } from './schemas.js';
import { Table } from './table.js';

describe('moves', () => {
  const s = opened();

  it('accepts the steps in any order and stores the engine\u2019s board', () => {
    const reversed = Table.apply(
      s,
      0,
      { type: 'move', steps: [ANN_61[1], ANN_61[0]] as Step[] },
      new SequenceDice([3, 1]),
    );
    const inOrder = Table.apply(s, 0, { type: 'move', steps: ANN_61 }, new SequenceDice([3, 1]));
    const engine = Moves.legalPlays(Board.start(), 0, [6, 1]).find(
      (p) => Board.key(p.board) === Board.key(inOrder.board),
    );
    expect(engine).toBeDefined();
    expect(reversed.board).toEqual(engine?.board);
    expect(Board.key(reversed.board)).toBe(Board.key(inOrder.board));
  });

  it('refuses a play that does not match the dice', () => {
    const e = expectRefused(
      s,
      (x) =>
        Table.apply(
          x,
          0,
          {
            type: 'move',
            steps: [
              { from: 12, to: 7 },
              { from: 7, to: 6 },
            ],
          },
          noDice,
        ),
      'illegal_move',
    );
    expect(e.message).toMatch(/not a legal play with 6-1/);
  });

  it('refuses a play that uses fewer dice than possible, and an empty play', () => {
    expectRefused(
      s,
      (x) => Table.apply(x, 0, { type: 'move', steps: [{ from: 12, to: 6 }] }, noDice),
      'illegal_move',
    );
    expectRefused(s, (x) => Table.apply(x, 0, { type: 'move', steps: [] }, noDice), 'illegal_move');
  });

  it('refuses a step the board does not allow', () => {
    // Bob's 6 point (index 18) holds five of his checkers.
    const blocked = { type: 'move', steps: [{ from: 23, to: 18 }] } as BackgammonAction;
    expectRefused(s, (x) => Table.apply(x, 0, blocked, noDice), 'illegal_move');
    const empty = { type: 'move', steps: [{ from: 3, to: 2 }] } as BackgammonAction;
    expectRefused(s, (x) => Table.apply(x, 0, empty, noDice), 'illegal_move');
  });

  it('refuses malformed steps through the game definition as an invalid action', () => {
    for (const steps of [undefined, 'x', [null], [{ from: 24, to: 3 }], [{ from: 12, to: 'home' }]]) {
      expectRefused(
        s,
        (x) =>
          backgammonGame.apply(x, 0, { type: 'move', steps } as unknown as BackgammonAction, createRng(1)),
        'invalid_action',
      );
    }
  });
});

describe('passes', () => {
  // Ann (X) has a checker on the bar against Bob's closed board, and primes
  // Bob's three back checkers on his 13 point: Ann never moves, Bob cannot move 6-6.
  const stuck = position(
    { 25: 1, 13: 2, 14: 2, 15: 2, 16: 2, 17: 2, 18: 2, 1: 2 },
    { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 },
  );

  it('logs a pass for a roll with no legal move and starts the next turn', () => {
    const s = stateWith({ config: CUBE_OFF, board: stuck, phase: 'move', toAct: 1, dice: [2, 1] });
    // Bob 2/1 3/1 keeps his 5 and 6 points, so Ann's 6-5 cannot enter.
    const bob: Step[] = [
      { from: 22, to: 23 },
      { from: 21, to: 23 },
    ];
    const next = Table.apply(s, 1, { type: 'move', steps: bob }, new SequenceDice([6, 5, 2, 1]));
    expect(next.log.slice(-3)).toEqual([
      { type: 'roll', seat: 0, dice: [6, 5], text: 'Ann rolls 6-5' },
      { type: 'pass', seat: 0, dice: [6, 5], text: 'Ann 6-5: no legal move, passes' },
      { type: 'roll', seat: 1, dice: [2, 1], text: 'Bob rolls 2-1' },
    ]);
    expect(next).toMatchObject({ phase: 'move', toAct: 1, dice: [2, 1], passes: 1 });
  });

  it('stops auto-passing after two passes in a row until a seat confirms with an empty move', () => {
    // Ann owns the cube, so after her pass the table rolls for Bob.
    const s = stateWith({ board: stuck, cube: { value: 2, owner: 0 } });
    const twice = Table.apply(s, 0, { type: 'roll' }, new SequenceDice([3, 2, 6, 6]));
    expect(twice.log.map((e) => e.type)).toEqual(['roll', 'pass', 'roll', 'pass']);
    expect(twice).toMatchObject({ phase: 'move', toAct: 1, dice: [6, 6], passes: 2 });
    expect(Table.legal(twice, 1)).toMatchObject({ plays: [], canResign: true });
    expectRefused(
      twice,
      (x) => Table.apply(x, 1, { type: 'move', steps: [{ from: 11, to: 17 }] }, noDice),
      'illegal_move',
    );

    const confirmed = Table.apply(twice, 1, { type: 'move', steps: [] }, noDice);
    expect(confirmed.log.at(-1)).toEqual({
      type: 'move',
      seat: 1,
      dice: [6, 6],
      steps: [],
      text: 'Bob 6-6: no move',
    });
    expect(confirmed).toMatchObject({ phase: 'decide', toAct: 0, passes: 2 });

    // A third pass in a row waits too: no die is read after Ann's 4-4.
    const third = Table.apply(confirmed, 0, { type: 'roll' }, new SequenceDice([4, 4]));
    expect(third).toMatchObject({ phase: 'move', toAct: 0, dice: [4, 4], passes: 3 });

    const bobRolls = Table.apply(third, 0, { type: 'move', steps: [] }, new SequenceDice([2, 1]));
    expect(bobRolls).toMatchObject({ phase: 'move', toAct: 1, dice: [2, 1] });
    const play = Table.legal(bobRolls, 1).plays[0] as Step[];
    const moved = Table.apply(bobRolls, 1, { type: 'move', steps: play }, noDice);
    expect(moved.passes).toBe(0);
  });
});

describe('the end of a played game', () => {
  const race = (o: Record<number, number>, cube: BackgammonState['cube']) =>
    stateWith({ board: position({ 1: 1 }, o), phase: 'move', toAct: 0, dice: [2, 1], cube });
  const bearOff = (s: BackgammonState) =>
    Table.apply(s, 0, { type: 'move', steps: [{ from: 0, to: 'off' }] }, noDice);

  it('ends with a single game when the loser has borne off', () => {
    const s = bearOff(race({ 6: 2, 19: 1 }, { value: 1, owner: null }));
    expect(s).toMatchObject({ phase: 'complete', toAct: null, dice: null });
    expect(s.result).toEqual({ winner: 0, kind: 'single', how: 'played', points: 1 });
    expect(s.log.at(-1)).toEqual({
      type: 'result',
      seat: 0,
      kind: 'single',
      points: 1,
      text: 'Ann wins a single game, 1 point',
    });
    expect(Table.live(s)).toBe(false);
  });

  it('ends with a gammon, times the cube, when the loser has borne nothing off', () => {
    const s = bearOff(race({ 6: 15 }, { value: 2, owner: 0 }));
    expect(s.result).toEqual({ winner: 0, kind: 'gammon', how: 'played', points: 4 });
  });

  it("ends with a backgammon when a loser's checker is in the winner's home board or on the bar", () => {
    expect(bearOff(race({ 6: 14, 23: 1 }, { value: 4, owner: 1 })).result).toEqual({
      winner: 0,
      kind: 'backgammon',
      how: 'played',
      points: 12,
    });
    expect(bearOff(race({ 6: 14, 25: 1 }, { value: 1, owner: null })).result?.kind).toBe('backgammon');
  });

  it('refuses every action once the game is over', () => {
    const s = bearOff(race({ 6: 2, 19: 1 }, { value: 1, owner: null }));
    for (const action of [
      { type: 'roll' },
      { type: 'move', steps: [] },
      { type: 'accept' },
    ] as BackgammonAction[]) {
      expectRefused(s, (x) => Table.apply(x, 0, action, noDice), 'game_over');
    }
    expect(Table.legal(s, 0).canResign).toBe(false);
  });
});
