import type { Board, Side } from '@tabula/backgammon';

/**
 * The position as the evaluator and the search see it: 50 counts in an
 * Int8Array, from the side of the player on roll. `pos[i]` (i 0..23) is the
 * roller's checkers on its pip i + 1, `pos[24]` its bar; `pos[25 + i]` the
 * opponent's checkers on the opponent's own pip i + 1, `pos[49]` its bar.
 * Borne-off checkers are what is missing from 15. The roller's pip p is the
 * opponent's pip 25 - p, so `pos[i]` faces `pos[25 + 23 - i]`.
 */
export type Position = Int8Array;

export const POSITION_SIZE = 50;
export const BAR = 24;
export const OPP = 25;
export const OPP_BAR = 49;
export const CHECKERS = 15;

export function newPosition(): Position {
  return new Int8Array(POSITION_SIZE);
}

/** The position of a board with `seat` on roll, written into `out`. */
export function positionOf(board: Board, seat: Side, out: Position = newPosition()): Position {
  out.fill(0);
  for (let i = 0; i < 24; i++) {
    const n = board.points[i] ?? 0;
    if (n === 0) continue;
    // Seat 0's pip p is index p - 1; seat 1's pip p is index 24 - p.
    const mine = seat === 0 ? n : -n;
    const myPip = seat === 0 ? i + 1 : 24 - i;
    if (mine > 0) out[myPip - 1] = mine;
    else out[OPP + 24 - myPip] = -mine;
  }
  out[BAR] = board.bar[seat];
  out[OPP_BAR] = board.bar[seat === 0 ? 1 : 0];
  return out;
}

/** The board of a position whose roller is `seat`. */
export function boardOf(pos: Position, seat: Side): Board {
  const points = new Array<number>(24).fill(0);
  for (let i = 0; i < 24; i++) {
    const myPip = i + 1;
    const index = seat === 0 ? myPip - 1 : 24 - myPip;
    points[index] = (seat === 0 ? 1 : -1) * (pos[i]! - pos[OPP + 24 - myPip]!);
  }
  const other: Side = seat === 0 ? 1 : 0;
  const bar: [number, number] = [0, 0];
  const off: [number, number] = [0, 0];
  bar[seat] = pos[BAR]!;
  bar[other] = pos[OPP_BAR]!;
  off[seat] = offOf(pos, 0);
  off[other] = offOf(pos, OPP);
  return { points, bar, off };
}

/** The checkers a side (0 the roller, `OPP` the opponent) has borne off. */
export function offOf(pos: Position, side: 0 | 25): number {
  let n = CHECKERS;
  for (let i = 0; i < 25; i++) n -= pos[side + i]!;
  return n;
}

/** The pips a side (0 the roller, `OPP` the opponent) has still to travel; the bar counts 25. */
export function pipsOf(pos: Position, side: 0 | 25): number {
  let total = 0;
  for (let i = 0; i < 25; i++) total += pos[side + i]! * (i + 1);
  return total;
}

/** The same position with the other player on roll, written into `out` (which must not be `pos`). */
export function swapSides(pos: Position, out: Position): Position {
  for (let i = 0; i < 25; i++) {
    out[i] = pos[OPP + i]!;
    out[OPP + i] = pos[i]!;
  }
  return out;
}

/** The highest pip (25 the bar) a side holds a checker on, 0 when all are off. */
export function backOf(pos: Position, side: 0 | 25): number {
  for (let i = 24; i >= 0; i--) if (pos[side + i]! > 0) return i + 1;
  return 0;
}

/** Whether some checkers of the two sides have still to pass each other. */
export function isContact(pos: Position): boolean {
  // The opponent's rearmost checker on its pip q is on the roller's pip 25 - q.
  return backOf(pos, 0) + backOf(pos, OPP) > 25;
}

/** Whether both sides have every checker in their home boards (a bear-off against a bear-off). */
export function isBearoff(pos: Position): boolean {
  return backOf(pos, 0) <= 6 && backOf(pos, OPP) <= 6;
}
