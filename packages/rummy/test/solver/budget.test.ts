/**
 * The solver's work budget (issue 11, item 4): `maxSteps` bounds the steps a
 * solve takes, and the steps are counted, not timed, so a budgeted answer is
 * the same on every machine. These tests count steps; no test here times
 * anything.
 */
import { createRng, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOLVE_STEPS, type Solution, type SolveOptions, solve } from '../../src/index.js';
import { solveValid } from '../../src/solver/solve.js';
import { scanRound } from '../scan-rounds.js';
import { slowPositions } from '../slow-positions.js';
import { playOut } from './check.js';
import type { Objective } from './exhaustive.js';
import { smallPosition } from './positions.js';

/** Whether objective `a` (null: no play) is lexicographically no better than `b`. */
function noBetter(a: Objective | null, b: Objective | null): boolean {
  if (a === null || b === null) return a === null;
  if (a.cards !== b.cards) return a.cards < b.cards;
  if (a.points !== b.points) return a.points < b.points;
  return a.kept <= b.kept;
}

/** What a test compares of two answers: everything but the wall time. */
function comparable(answer: Solution): unknown {
  return {
    ...answer,
    stats: { states: answer.stats.states, steps: answer.stats.steps },
    explanation: answer.explanation,
    table: null,
  };
}

const slow = slowPositions();

describe('the work budget', () => {
  it('holds on the slowest positions found: at most twice its steps, a legal play, the best cards and points', () => {
    let bestCardsAndPoints = 0;
    for (const { seed, step, exact, position } of slow) {
      // each of these needs more than the default budget to be solved exactly
      expect(exact.steps, `seed ${seed} step ${step}`).toBeGreaterThan(DEFAULT_SOLVE_STEPS);
      const answer = solve(position, { maxSteps: DEFAULT_SOLVE_STEPS });
      expect(answer.stats.steps).toBeLessThanOrEqual(2 * DEFAULT_SOLVE_STEPS);
      expect(answer.optimal).toBe(false);
      expect(answer.explanation).toContain('budget ran out');
      const got = playOut(position, answer);
      expect(noBetter(got, exact)).toBe(true);
      if (got !== null && got.cards === exact.cards && got.points === exact.points) bestCardsAndPoints++;
    }
    // all but the one whose first search alone needs more than the budget
    expect(bestCardsAndPoints).toBeGreaterThanOrEqual(slow.length - 1);
  });

  it('gives the same answer whatever ran before it (steps are counted, not timed)', () => {
    const [first, second] = slow;
    if (first === undefined || second === undefined) throw new Error('no slow positions');
    const options: SolveOptions = { maxSteps: DEFAULT_SOLVE_STEPS };
    const before = comparable(solve(first.position, options));
    // other solves fill the caches the solves share, with other rules too
    solve(second.position, options);
    solve(smallPosition(createRng(5), 6, 12, { decks: 3, jokers: 6 }), options);
    solve(first.position, { maxSteps: 1000 });
    expect(comparable(solve(first.position, options))).toEqual(before);
  });

  it('is exact with as many steps as the exact solve took, never takes more than twice its steps, and a budgeted answer is legal and no better', () => {
    let cut = 0;
    for (let i = 0; i < 200; i++) {
      const p = smallPosition(createRng(47_000 + i), 6, 10);
      const exact = solve(p);
      const best = playOut(p, exact);
      expect(exact.optimal).toBe(true);
      // the budget is the only difference: with the steps the exact solve took, the very same answer
      expect(comparable(solve(p, { maxSteps: exact.stats.steps }))).toEqual(comparable(exact));
      for (const maxSteps of [0, 1, 10, 100, 1000]) {
        const answer = solve(p, { maxSteps });
        expect(answer.stats.steps).toBeLessThanOrEqual(2 * maxSteps);
        const got = playOut(p, answer);
        if (answer.optimal) expect(got).toEqual(best);
        else {
          cut++;
          expect(noBetter(got, best)).toBe(true);
        }
      }
    }
    expect(cut).toBeGreaterThan(200);
  });

  it("answers a round's own states as solve does, without solve's checks (legalActions' solveValid)", () => {
    let solved = 0;
    for (const [seed, players] of [
      [1, 2],
      [2, 4],
      [3, 2],
    ] as const) {
      scanRound(
        seed,
        players,
        (state) => {
          const seat = state.current;
          const position = {
            table: state.table,
            hand: state.hands[seat] ?? [],
            opened: state.opened[seat] === true,
            rules: state.rules,
          };
          const options = { maxSteps: DEFAULT_SOLVE_STEPS };
          expect(comparable(solveValid(position, options))).toEqual(comparable(solve(position, options)));
          solved++;
        },
        40,
      );
    }
    expect(solved).toBe(120);
  });

  it('refuses a budget that is not a number, 0 or more', () => {
    const p = smallPosition(createRng(3), 3, 5);
    for (const options of [
      { maxSteps: -1 },
      { maxSteps: Number.NaN },
      { maxSteps: '100' },
      { budgetMs: -5 },
      { budgetMs: Number.NaN },
    ]) {
      // @ts-expect-error -- a wrong type on purpose, as from plain JavaScript
      const error = thrownBy(() => solve(p, options), TabulaError);
      expect(error.code).toBe('invalid_argument');
    }
  });
});
