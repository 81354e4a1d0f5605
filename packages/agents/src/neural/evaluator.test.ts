import { Board, Moves, type Side } from '@tabula/backgammon';
import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { bearoffDatabase } from './bearoff-store.js';
import { shippedEvaluator } from './bot.js';
import { evaluateAfterMove, evaluateOnRoll, invert, moneyEquity, newEvaluator } from './evaluator.js';
import { LOSE_BACKGAMMON, LOSE_GAMMON, OUTPUTS, WIN, WIN_BACKGAMMON, WIN_GAMMON } from './net.js';
import { newPosition, positionOf, swapSides } from './position.js';

/** Boards met in random games, with the seat to roll next. */
function randomBoards(seed: number, count: number): [Board, Side][] {
  const rng = createRng(seed);
  const out: [Board, Side][] = [];
  let board = Board.start();
  let seat: Side = 0;
  while (out.length < count) {
    const plays = Moves.legalPlays(board, seat, [rng.int(1, 6), rng.int(1, 6)]);
    if (plays.length > 0) board = rng.pick(plays).board;
    seat = seat === 0 ? 1 : 0;
    if (board.off[0] === 15 || board.off[1] === 15) {
      board = Board.start();
      continue;
    }
    out.push([board, seat]);
  }
  return out;
}

/** The same position with the colours swapped: seat 0's checkers become seat 1's on the mirrored points. */
function mirrored(board: Board): Board {
  return {
    points: board.points.map((_, i) => -board.points[23 - i]!),
    bar: [board.bar[1], board.bar[0]],
    off: [board.off[1], board.off[0]],
  };
}

const untrained = newEvaluator(16, 8, bearoffDatabase());
untrained.contact.randomize(createRng(3), 1);
untrained.race.randomize(createRng(4), 1);

describe('the evaluator', () => {
  const boards = randomBoards(14, 400);

  for (const [label, ev] of [
    ['shipped', shippedEvaluator()],
    ['random weights', untrained],
  ] as const) {
    it(`gives chances that add up (${label})`, () => {
      const p = new Float64Array(OUTPUTS);
      for (const [board, seat] of boards) {
        evaluateOnRoll(ev, positionOf(board, seat), p);
        for (const v of p) expect(v >= 0 && v <= 1).toBe(true);
        expect(p[WIN_GAMMON]).toBeLessThanOrEqual(p[WIN]!);
        expect(p[WIN_BACKGAMMON]).toBeLessThanOrEqual(p[WIN_GAMMON]!);
        expect(p[LOSE_GAMMON]).toBeLessThanOrEqual(1 - p[WIN]! + 1e-12);
        expect(p[LOSE_BACKGAMMON]).toBeLessThanOrEqual(p[LOSE_GAMMON]!);
        if (board.off[seat] > 0) expect(p[LOSE_GAMMON]).toBe(0);
        if (board.off[seat === 0 ? 1 : 0] > 0) expect(p[WIN_GAMMON]).toBe(0);
        expect(Math.abs(moneyEquity(p))).toBeLessThanOrEqual(3);
      }
    });

    it(`is colour-symmetric (${label})`, () => {
      const a = new Float64Array(OUTPUTS);
      const b = new Float64Array(OUTPUTS);
      for (const [board, seat] of boards.slice(0, 100)) {
        // The same position with the colours swapped, the other seat on roll.
        evaluateOnRoll(ev, positionOf(board, seat), a);
        evaluateOnRoll(ev, positionOf(mirrored(board), seat === 0 ? 1 : 0), b);
        expect(Array.from(b)).toEqual(Array.from(a));
        // Seen from the side that has just moved: the mirror image of the roller's chances.
        evaluateAfterMove(ev, positionOf(board, seat === 0 ? 1 : 0), b);
        invert(a, a);
        for (let k = 0; k < OUTPUTS; k++) expect(b[k]).toBeCloseTo(a[k]!, 12);
      }
    });
  }

  it('knows a won bear-off exactly', () => {
    // The roller has one checker on its 1-point; the opponent has 14 off and one on its 6-point.
    const pos = newPosition();
    pos[0] = 1;
    pos[25 + 5] = 1;
    const p = evaluateOnRoll(shippedEvaluator(), pos, new Float64Array(OUTPUTS));
    expect(Array.from(p)).toEqual([1, 0, 0, 0, 0]);
    const q = evaluateOnRoll(shippedEvaluator(), swapSides(pos, newPosition()), new Float64Array(OUTPUTS));
    expect(q[WIN]).toBeCloseTo(27 / 36, 6);
  });
});
