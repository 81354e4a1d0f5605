import type { Side } from '@tabula/backgammon';

/**
 * Where things sit on the drawn board, in SVG units. The viewer's home board
 * is at the bottom right, their pips 1 to 12 along the bottom from right to
 * left and 13 to 24 along the top from left to right; a spectator sees seat
 * 0's side.
 */
export const WIDTH = 660;
export const HEIGHT = 460;
export const POINT_W = 40;
export const CHECKER_R = 18;
export const TOP = 30;
export const BOTTOM = 430;
export const MIDDLE = (TOP + BOTTOM) / 2;
export const POINT_H = 170;
/** The cube's column on the left. */
export const CUBE_X = 25;
const LEFT = 50;
export const BAR_X = LEFT + 6 * POINT_W;
export const BAR_W = 50;
const RIGHT = BAR_X + BAR_W;
export const TRAY_X = RIGHT + 6 * POINT_W + 10;
export const TRAY_W = 60;
/** Checkers drawn on one point before the stack shows a count instead. */
export const STACK = 5;

/** The left edge of the column that shows the viewer's pip `pip` (1 to 24). */
export function columnX(pip: number): number {
  if (pip <= 12) {
    const i = pip - 1;
    return i < 6 ? RIGHT + (5 - i) * POINT_W : LEFT + (11 - i) * POINT_W;
  }
  const j = pip - 13;
  return j < 6 ? LEFT + j * POINT_W : RIGHT + (j - 6) * POINT_W;
}

export function isTopRow(pip: number): boolean {
  return pip > 12;
}

/** The viewer's pip of a point index. */
export function viewerPip(viewer: Side, index: number): number {
  return viewer === 0 ? index + 1 : 24 - index;
}

/** The centre of the n-th checker (from 0) on a point, stacked from the board's edge. */
export function checkerCentre(pip: number, n: number): { x: number; y: number } {
  const x = columnX(pip) + POINT_W / 2;
  const k = Math.min(n, STACK - 1);
  return isTopRow(pip)
    ? { x, y: TOP + CHECKER_R + k * 2 * CHECKER_R }
    : { x, y: BOTTOM - CHECKER_R - k * 2 * CHECKER_R };
}
