import { createRng } from '@tabula/core';
import { SkirmishSolver, solveMatrixGame } from '@tabula/skirmish';
import { describe, expect, it } from 'vitest';
import { battlePayoffs } from './skirmish-rollout.js';

const ships = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('battlePayoffs', () => {
  it("is the solver's own battle where what follows is solved exactly: its equilibrium has the solver's value", () => {
    const solver = new SkirmishSolver('win');
    const position = {
      hands: [ships(6), [2, 3, 5, 7, 8, 9]] as const,
      deck: [1, 2, 2, 3],
      pot: 3,
      lead: -1,
    };
    const payoff = battlePayoffs(solver, position, { exactShips: 5, rollouts: 8, rng: createRng(1) });
    expect(payoff).toHaveLength(6);
    expect(solveMatrixGame(payoff).value).toBeCloseTo(solver.solve(position).value, 9);
  });

  it('rolls larger hands out: chances between 0 and 1, the same from one seed, the better ship worth more', () => {
    const solver = new SkirmishSolver('win');
    const position = {
      hands: [ships(9), ships(9)] as const,
      deck: [1, 1, 2, 2, 2, 3, 3, 3],
      pot: 3,
      lead: 0,
    };
    const payoff = battlePayoffs(solver, position, { exactShips: 5, rollouts: 8, rng: createRng(4) });
    const again = battlePayoffs(solver, position, { exactShips: 5, rollouts: 8, rng: createRng(4) });
    expect(again).toEqual(payoff);
    expect(payoff).toHaveLength(9);
    for (const line of payoff) {
      expect(line).toHaveLength(9);
      for (const v of line) expect(v >= 0 && v <= 1).toBe(true);
    }
    // Taking the 3 VP pot with the 2 against their 1 beats losing it with the 1 against their 2.
    expect(payoff[1]?.[0]).toBeGreaterThan(payoff[0]?.[1] ?? 1);
    // Another seed rolls other games out.
    expect(battlePayoffs(solver, position, { exactShips: 5, rollouts: 8, rng: createRng(5) })).not.toEqual(
      payoff,
    );
  });
});
