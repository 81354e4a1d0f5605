import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadHighs } from '../../test/solver/exhaustive.js';
import { guarantees, maximize, solveMatrixGame } from './lp.js';

/** The value of a matrix game by HiGHS: max v subject to pᵀA >= v for every column, Σp = 1. */
async function highsValue(payoff: number[][]): Promise<number> {
  const rows = payoff.length;
  const cols = payoff[0]?.length ?? 0;
  const lines = Array.from({ length: cols }, (_, j) => {
    const terms = payoff.map((row, i) => `${(row[j] ?? 0) >= 0 ? '+' : '-'} ${Math.abs(row[j] ?? 0)} p${i}`);
    return ` c${j}: ${terms.join(' ')} - v >= 0`;
  });
  const lp = [
    'Maximize',
    ' obj: v',
    'Subject To',
    ...lines,
    ` sum: ${Array.from({ length: rows }, (_, i) => `+ p${i}`).join(' ')} = 1`,
    'Bounds',
    ' v free',
    'End',
  ].join('\n');
  const highs = await loadHighs();
  const result = highs.solve(lp, { output_flag: false });
  if (result.Status !== 'Optimal') throw new Error(result.Status);
  return result.ObjectiveValue;
}

describe('maximize', () => {
  it('solves a textbook LP and its dual', () => {
    // max 3x + 5y, x <= 4, 2y <= 12, 3x + 2y <= 18: optimum 36 at (2, 6), duals (0, 3/2, 1).
    const s = maximize(
      [3, 5],
      [
        [1, 0],
        [0, 2],
        [3, 2],
      ],
      [4, 12, 18],
    );
    expect(s.value).toBeCloseTo(36, 12);
    expect(s.x[0]).toBeCloseTo(2, 12);
    expect(s.x[1]).toBeCloseTo(6, 12);
    expect(s.duals.map((d) => Number(d.toFixed(12)))).toEqual([0, 1.5, 1]);
  });

  it('survives a degenerate LP (a zero bound, redundant rows) without cycling', () => {
    // Beale's classic cycling example for Dantzig's rule, in <= form.
    const s = maximize(
      [0.75, -150, 0.02, -6],
      [
        [0.25, -60, -0.04, 9],
        [0.5, -90, -0.02, 3],
        [0, 0, 1, 0],
      ],
      [0, 0, 1],
    );
    expect(s.value).toBeCloseTo(0.05, 12);
  });

  it('refuses an unbounded LP and a negative bound', () => {
    expect(() => maximize([1, 1], [[1, -1]], [1])).toThrow(/unbounded/);
    expect(() => maximize([1], [[1]], [-1])).toThrow(/>= 0/);
  });
});

describe('solveMatrixGame', () => {
  it('matching pennies: value 0, both mix half and half', () => {
    const g = solveMatrixGame([
      [1, -1],
      [-1, 1],
    ]);
    expect(g.value).toBeCloseTo(0, 14);
    expect(g.row[0]).toBeCloseTo(0.5, 14);
    expect(g.column[0]).toBeCloseTo(0.5, 14);
  });

  it('rock-paper-scissors: value 0, a third each; a weighted variant too', () => {
    const g = solveMatrixGame([
      [0, -1, 1],
      [1, 0, -1],
      [-1, 1, 0],
    ]);
    expect(g.value).toBeCloseTo(0, 14);
    for (const p of [...g.row, ...g.column]) expect(p).toBeCloseTo(1 / 3, 14);
    // Rock beats scissors by 2 (and loses 2 to it): by hand, (1/4, 1/2, 1/4) makes every column 0.
    const w = solveMatrixGame([
      [0, -1, 2],
      [1, 0, -1],
      [-2, 1, 0],
    ]);
    expect(w.value).toBeCloseTo(0, 14);
    expect(w.row.map((p) => p * 4)).toEqual([1, 2, 1].map((x) => expect.closeTo(x, 12)));
  });

  it('a saddle point and a constant game', () => {
    const s = solveMatrixGame([
      [3, 5],
      [1, 4],
    ]);
    expect(s.value).toBeCloseTo(3, 14);
    expect(s.row).toEqual([1, 0]);
    expect(
      solveMatrixGame([
        [2, 2],
        [2, 2],
      ]).value,
    ).toBe(2);
  });

  it('equals HiGHS on random matrices, and its strategies guarantee the value', async () => {
    const matrix = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 })).chain(([r, c]) =>
      fc.array(fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: c, maxLength: c }), {
        minLength: r,
        maxLength: r,
      }),
    );
    await fc.assert(
      fc.asyncProperty(matrix, async (payoff) => {
        const g = solveMatrixGame(payoff);
        expect(g.value).toBeCloseTo(await highsValue(payoff), 7);
        const { row, column } = guarantees(payoff, g.row, g.column);
        expect(Math.abs(row - g.value)).toBeLessThan(1e-9);
        expect(Math.abs(column - g.value)).toBeLessThan(1e-9);
        expect(g.row.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
        expect(g.column.every((p) => p >= 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('handles degenerate games: repeated rows and columns, integer ties', async () => {
    const small = fc.array(fc.array(fc.integer({ min: -1, max: 1 }), { minLength: 6, maxLength: 6 }), {
      minLength: 6,
      maxLength: 6,
    });
    await fc.assert(
      fc.asyncProperty(small, async (payoff) => {
        const doubled = [...payoff, ...payoff].map((row) => [...row, ...row]);
        const g = solveMatrixGame(doubled);
        expect(g.value).toBeCloseTo(await highsValue(doubled), 9);
        const { row, column } = guarantees(doubled, g.row, g.column);
        expect(column - row).toBeLessThan(1e-12);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses an empty or ragged game and a payoff that is not finite', () => {
    expect(() => solveMatrixGame([])).toThrow(/no strategies/);
    expect(() => solveMatrixGame([[1, 2], [3]])).toThrow(/differ/);
    expect(() => solveMatrixGame([[Number.NaN]])).toThrow(/not finite/);
  });
});
