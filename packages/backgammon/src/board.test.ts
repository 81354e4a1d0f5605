import { InvalidInputError, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { position } from '../test/helpers.js';
import { Board } from './board.js';

const start = Board.start();

describe('Board (the exported namespace) checks what it is given', () => {
  it('answers for a sound board', () => {
    expect(Board.key(start)).toBe('-2,0,0,0,0,5,0,3,0,0,0,-5,5,0,0,0,-3,0,-5,0,0,0,0,2:0,0:0,0');
    expect(Board.pipCount(start, 0)).toBe(167);
    expect(Board.checkerCount(start, 1)).toBe(15);
    expect(Board.checkersAt(start, 1, 0)).toBe(2);
    expect(Board.indexOfPip(1, 24)).toBe(0);
    expect(Board.pipOfIndex(0, 23)).toBe(24);
    expect(Board.positionKind(position({ 24: 15 }, { 6: 15 }), 0)).toBe('backgammon');
    expect(Board.clone(start)).toEqual(start);
  });

  // Issue 11, item 7, the same fault as SequenceDice's: a hole, a short list or a string gave NaN, undefined or a wrong key.
  it.each([
    [
      'a hole in the points',
      { ...start, points: Object.assign([...start.points], { 3: undefined }) },
      '$.points[3]',
    ],
    ['23 points', { ...start, points: start.points.slice(1) }, '$.points'],
    ['a sparse bar', { ...start, bar: new Array(2) }, '$.bar[0]'],
    ['a string for a count', { ...start, off: ['0', 0] }, '$.off[0]'],
    ['an extra field', { ...start, cube: 2 }, '$.cube'],
    ['no board at all', null, '$'],
  ])('refuses a board with %s', (_what, board, path) => {
    for (const run of [
      () => Board.key(board as never),
      () => Board.pipCount(board as never, 0),
      () => Board.clone(board as never),
      () => Board.positionKind(board as never, 1),
      () => Board.checkerCount(board as never, 0),
      () => Board.checkersAt(board as never, 0, 0),
    ]) {
      const e = thrownBy(run, InvalidInputError);
      expect(e.code).toBe('invalid_input');
      expect(e.path).toBe(path);
    }
  });

  it('refuses a seat, a pip or an index out of range as a programming mistake', () => {
    for (const run of [
      () => Board.pipCount(start, 2 as never),
      () => Board.positionKind(start, -1 as never),
      () => Board.indexOfPip(0, 25),
      () => Board.indexOfPip(0, 1.5),
      () => Board.pipOfIndex(1, 24),
      () => Board.checkersAt(start, 0, Number.NaN),
      () => Board.checkerCount(start, Object.create(null)),
    ]) {
      const e = thrownBy(run, TabulaError);
      expect(e.constructor).toBe(TabulaError);
      expect(e.code).toBe('invalid_argument');
    }
  });
});
