import { parseWith } from '@tabula/core';
import { type Board, pipCount, readBoard, readSide } from './board.js';
import { NamesSchema, type Side } from './schemas.js';

/** Seat 0's checkers are drawn X, seat 1's O. */
export const MARKS: readonly [string, string] = ['X', 'O'];

const STACK = 5; // rows a half-board shows; taller stacks show their count in the last row

function cell(count: number, mark: string, row: number): string {
  if (count <= row) return '   ';
  if (row === STACK - 1 && count > STACK) return String(count).padStart(2).padEnd(3);
  return ` ${mark} `;
}

function pointCell(board: Board, index: number, row: number): string {
  const n = board.points[index] ?? 0;
  return cell(Math.abs(n), n > 0 ? MARKS[0] : MARKS[1], row);
}

function numbers(pips: readonly number[]): string {
  return pips.map((pip) => String(pip).padStart(2).padEnd(3)).join('');
}

const range = (from: number, to: number) => {
  const step = from <= to ? 1 : -1;
  return Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => from + k * step);
};

/**
 * A position as text, drawn from the side of seat `from` (default seat 0):
 * the 24 points in two rows of stacks, numbered in that seat's own pips (the
 * pips its moves are written in: 13 to 24 along the top, 12 down to 1 along
 * the bottom, its home board bottom right), the bar in the middle (the other
 * seat's checkers above, its own below), and each seat's checkers off and
 * pip count, its own last. Seat 0 is X and seat 1 is O; each moves from its
 * 24 to its 1.
 */
export function drawBoard(
  given: Board,
  names: readonly [string, string] = ['seat 0', 'seat 1'],
  from: Side = 0,
): string {
  const board = readBoard(given);
  parseWith(NamesSchema, names, "The seats' names", 'invalid_input');
  const own = readSide(from);
  const other: Side = own === 0 ? 1 : 0;
  // The index of `own`'s pip in `board.points`: seat 0's pip p is index p - 1, seat 1's is 24 - p.
  const index = (pip: number) => (own === 0 ? pip - 1 : 24 - pip);
  const topLeft = range(13, 18);
  const topRight = range(19, 24);
  const bottomLeft = range(12, 7);
  const bottomRight = range(6, 1);
  const edge = ` +${'-'.repeat(18)}+-----+${'-'.repeat(18)}+`;
  const about = (side: Side) =>
    `${MARKS[side]} ${names[side]}: pips ${pipCount(board, side)}, bar ${board.bar[side]}, off ${board.off[side]}`;
  const row = (left: number[], right: number[], r: number, barSide: Side) =>
    ` |${left.map((pip) => pointCell(board, index(pip), r)).join('')}| ${cell(board.bar[barSide], MARKS[barSide], r)} |` +
    `${right.map((pip) => pointCell(board, index(pip), r)).join('')}|`;

  const lines = [`  ${numbers(topLeft)}       ${numbers(topRight)}`, `${edge}   ${about(other)}`];
  for (let r = 0; r < STACK; r++) lines.push(row(topLeft, topRight, r, other));
  lines.push(` |${' '.repeat(18)}| BAR |${' '.repeat(18)}|`);
  for (let r = STACK - 1; r >= 0; r--) lines.push(row(bottomLeft, bottomRight, r, own));
  lines.push(`${edge}   ${about(own)}`, `  ${numbers(bottomLeft)}       ${numbers(bottomRight)}`);
  return lines.map((line) => line.trimEnd()).join('\n');
}
