import { parseWith } from '@tabula/core';
import { type Board, pipCount, readBoard } from './board.js';
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

function numbers(indexes: readonly number[]): string {
  return indexes
    .map((i) =>
      String(i + 1)
        .padStart(2)
        .padEnd(3),
    )
    .join('');
}

const range = (from: number, to: number) => {
  const step = from <= to ? 1 : -1;
  return Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => from + k * step);
};

/**
 * A position as text: the 24 points in two rows of stacks (numbered in seat
 * 0's pips: 13 to 24 along the top, 12 down to 1 along the bottom), the bar
 * in the middle (seat 1's checkers above, seat 0's below), and each seat's
 * checkers off and pip count. Seat 0 is X and moves from 24 to 1; seat 1 is O
 * and moves the other way.
 */
export function drawBoard(given: Board, names: readonly [string, string] = ['seat 0', 'seat 1']): string {
  const board = readBoard(given);
  parseWith(NamesSchema, names, "The seats' names", 'invalid_input');
  const topLeft = range(12, 17);
  const topRight = range(18, 23);
  const bottomLeft = range(11, 6);
  const bottomRight = range(5, 0);
  const edge = ` +${'-'.repeat(18)}+-----+${'-'.repeat(18)}+`;
  const about = (side: Side) =>
    `${MARKS[side]} ${names[side]}: pips ${pipCount(board, side)}, bar ${board.bar[side]}, off ${board.off[side]}`;
  const row = (left: number[], right: number[], r: number, barSide: Side) =>
    ` |${left.map((i) => pointCell(board, i, r)).join('')}| ${cell(board.bar[barSide], MARKS[barSide], r)} |` +
    `${right.map((i) => pointCell(board, i, r)).join('')}|`;

  const lines = [`  ${numbers(topLeft)}       ${numbers(topRight)}`, `${edge}   ${about(1)}`];
  for (let r = 0; r < STACK; r++) lines.push(row(topLeft, topRight, r, 1));
  lines.push(` |${' '.repeat(18)}| BAR |${' '.repeat(18)}|`);
  for (let r = STACK - 1; r >= 0; r--) lines.push(row(bottomLeft, bottomRight, r, 0));
  lines.push(`${edge}   ${about(0)}`, `  ${numbers(bottomLeft)}       ${numbers(bottomRight)}`);
  return lines.map((line) => line.trimEnd()).join('\n');
}
