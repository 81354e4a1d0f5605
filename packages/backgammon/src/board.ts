/** A backgammon seat: 0 plays the positive checkers, 1 the negative ones. */
export type Side = 0 | 1;

/**
 * A position as plain data. `points[i]` > 0 holds seat 0 checkers, < 0 seat 1
 * checkers. Seat 0's pip p is index p - 1 (it moves toward index 0 and bears
 * off below it); seat 1's pip p is index 24 - p (it moves toward index 23).
 */
export interface Board {
  points: number[];
  bar: [number, number];
  off: [number, number];
}

/** How a game was lost, read off the final board. */
export type PositionKind = 'single' | 'gammon' | 'backgammon';

export const CHECKERS_PER_SIDE = 15;

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
  const n = board.points[index] as number;
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

/** The Board namespace, in the seed's shape (`Board.start()`, `Board.key(b)`, ...). */
export const Board = {
  start,
  key,
  clone,
  pipCount,
  positionKind,
  checkerCount,
  checkersAt,
  indexOfPip,
  pipOfIndex,
} as const;
