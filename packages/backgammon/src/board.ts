import { InvalidInputError, parseWith, shown, TabulaError } from '@tabula/core';
import { boardOfPositionId, positionIdOf } from './position-id.js';
import {
  type Board as BoardData,
  BoardSchema,
  CHECKERS_PER_SIDE,
  type PositionKind,
  type Side,
} from './schemas.js';

/**
 * A position (its shape is `BoardSchema`) and, as a value, the functions on it.
 * The functions of this module trust their arguments (the table's own boards,
 * on the hot path); the `Board` namespace below, what the package exports,
 * checks them first.
 */
export type Board = BoardData;

/** The opening position. */
export function start(): Board {
  return {
    points: [-2, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2],
    bar: [0, 0],
    off: [0, 0],
  };
}

/** The canonical key `"p0,...,p23:bar0,bar1:off0,off1"`; positions are compared by it. */
export function key(board: Board): string {
  return `${board.points.join(',')}:${board.bar[0]},${board.bar[1]}:${board.off[0]},${board.off[1]}`;
}

/** Whether two boards are the same position: what equal keys say, without building the strings. */
export function sameBoard(a: Board, b: Board): boolean {
  if (a.bar[0] !== b.bar[0] || a.bar[1] !== b.bar[1] || a.off[0] !== b.off[0] || a.off[1] !== b.off[1])
    return false;
  for (let i = 0; i < 24; i++) if (a.points[i] !== b.points[i]) return false;
  return true;
}

/** A deep copy. */
export function clone(board: Board): Board {
  return {
    points: board.points.slice(),
    bar: [board.bar[0], board.bar[1]],
    off: [board.off[0], board.off[1]],
  };
}

/** The array index of a seat's pip (1..24). */
export function indexOfPip(side: Side, pip: number): number {
  return side === 0 ? pip - 1 : 24 - pip;
}

/** A seat's pip (1..24) for an array index. */
export function pipOfIndex(side: Side, index: number): number {
  return side === 0 ? index + 1 : 24 - index;
}

/** How many checkers a seat has on a point (never negative). */
export function checkersAt(board: Board, side: Side, index: number): number {
  const n = board.points[index] ?? 0;
  return side === 0 ? Math.max(n, 0) : Math.max(-n, 0);
}

/** The pips a seat still has to travel to bear everything off; the bar counts 25. */
export function pipCount(board: Board, side: Side): number {
  let total = board.bar[side] * 25;
  for (let i = 0; i < 24; i++) total += checkersAt(board, side, i) * pipOfIndex(side, i);
  return total;
}

/** Checkers of a seat on the board, the bar and borne off: 15 in a sound position. */
export function checkerCount(board: Board, side: Side): number {
  let total = board.bar[side] + board.off[side];
  for (let i = 0; i < 24; i++) total += checkersAt(board, side, i);
  return total;
}

/**
 * What the loser loses: a single game once they have borne a checker off; a
 * backgammon when none is off and one is still on the bar or in the winner's
 * home board; a gammon otherwise.
 */
export function positionKind(board: Board, loser: Side): PositionKind {
  if (board.off[loser] > 0) return 'single';
  if (board.bar[loser] > 0) return 'backgammon';
  const winner: Side = loser === 0 ? 1 : 0;
  for (let pip = 1; pip <= 6; pip++) {
    if (checkersAt(board, loser, indexOfPip(winner, pip)) > 0) return 'backgammon';
  }
  return 'gammon';
}

/** The rule of a position that its schema cannot say, 15 checkers a seat: the first problem, or null. */
export function checkerProblem(board: Board): string | null {
  // One pass for both seats first (every checked call makes it); the message only when it fails.
  let first = board.bar[0] + board.off[0];
  let second = board.bar[1] + board.off[1];
  const points = board.points;
  for (let i = 0; i < 24; i++) {
    const n = points[i]!;
    if (n > 0) first += n;
    else second -= n;
  }
  if (first === CHECKERS_PER_SIDE && second === CHECKERS_PER_SIDE) return null;
  for (const side of [0, 1] as const) {
    const n = checkerCount(board, side);
    if (n !== CHECKERS_PER_SIDE)
      return `seat ${side} has ${n} checkers on the points, the bar and off; each seat has 15`;
  }
  return null;
}

/**
 * A board from outside with its shape checked against `BoardSchema` (24
 * integer points, bar and off pairs, nothing else; no holes). Throws
 * `InvalidInputError` (`invalid_input`) naming the first problem's path.
 */
export function readBoard(value: unknown, what = 'The board'): Board {
  return parseWith(BoardSchema, value, what, 'invalid_input');
}

/** A position to play on: the shape, then 15 checkers a seat (`InvalidInputError`, `invalid_input`). */
export function readPosition(value: unknown, what = 'The board'): Board {
  const board = readBoard(value, what);
  const problem = checkerProblem(board);
  if (problem !== null)
    throw new InvalidInputError('invalid_input', '$', `${what} is no position: ${problem}`);
  return board;
}

/** A seat given to a function: 0 or 1, or `TabulaError` (`invalid_argument`). */
export function readSide(value: unknown): Side {
  if (value !== 0 && value !== 1)
    throw new TabulaError('invalid_argument', `A seat is 0 or 1, got ${shown(value)}`);
  return value;
}

function readWhole(value: unknown, min: number, max: number, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new TabulaError(
      'invalid_argument',
      `${what} is a whole number from ${min} to ${max}, got ${shown(value)}`,
    );
  return value;
}

/**
 * The Board namespace, in the PHP library's shape (`Board.start()`,
 * `Board.key(b)`, ...). Each function checks what it is given: a board's
 * shape (`InvalidInputError`, `invalid_input`), a seat 0 or 1, a pip 1..24
 * and an index 0..23 (`TabulaError`, `invalid_argument`).
 *
 * `toPositionId(board, onRoll)` writes gnubg's Position ID, the player not on
 * roll first (the board must hold 15 checkers a seat: borne-off checkers are
 * not written); `fromPositionId(id, onRoll = 0)` reads one back as the board
 * with `onRoll` on roll (a Position ID does not say who that is), or throws
 * `NotationError` (`invalid_notation`) naming what is wrong.
 */
export const Board = {
  start,
  key: (board: Board): string => key(readBoard(board)),
  clone: (board: Board): Board => clone(readBoard(board)),
  pipCount: (board: Board, side: Side): number => pipCount(readBoard(board), readSide(side)),
  positionKind: (board: Board, loser: Side): PositionKind => positionKind(readBoard(board), readSide(loser)),
  checkerCount: (board: Board, side: Side): number => checkerCount(readBoard(board), readSide(side)),
  checkersAt: (board: Board, side: Side, index: number): number =>
    checkersAt(readBoard(board), readSide(side), readWhole(index, 0, 23, 'A point index')),
  indexOfPip: (side: Side, pip: number): number => indexOfPip(readSide(side), readWhole(pip, 1, 24, 'A pip')),
  pipOfIndex: (side: Side, index: number): number =>
    pipOfIndex(readSide(side), readWhole(index, 0, 23, 'A point index')),
  toPositionId: (board: Board, onRoll: Side): string => positionIdOf(readPosition(board), readSide(onRoll)),
  fromPositionId: (id: string, onRoll: Side = 0): Board => boardOfPositionId(id, readSide(onRoll)),
} as const;
