import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bestResponse,
  normalFormValue,
  type Payoff,
  type Policy,
  type Start,
  sequenceFormValue,
} from '../../test/solver/exhaustive.js';
import { positionOf } from './position.js';
import { deckOfShips, handCode, SkirmishSolver, type SolverPosition, solveSkirmish } from './solve.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** The solver's position of a plain start. */
function positionOfStart(start: Start): SolverPosition {
  const vp = (list: number[]) => list.reduce((s, v) => s + v, 0);
  return {
    hands: start.hands,
    deck: start.faceDown,
    pot: vp(start.pot),
    lead: vp(start.claimed[0]) - vp(start.claimed[1]),
  };
}

/** The start of a deck of N ships, the first planet (P1's VP, then the rest face down) given. */
function deckStart(ships: number, first = 0): Start {
  const { planets } = deckOfShips(ships);
  const pot = planets[first] as number;
  return {
    hands: [range(ships), range(ships)],
    faceDown: planets.filter((_, i) => i !== first),
    pot: [pot],
    claimed: [[], []],
  };
}

/** The solver's strategy as a policy of the engine's states. */
function policyOf(solver: SkirmishSolver): Policy {
  return (state, seat) => solver.solve(positionOf(state)).strategies[seat].map((m) => m.probability);
}

/** Starts that are not symmetric: uneven hands, a lead, a pot carried over, unequal planets. */
const UNEVEN: Start[] = [
  {
    hands: [
      [1, 2, 5],
      [2, 3, 4],
    ],
    faceDown: [1, 1],
    pot: [1],
    claimed: [[], []],
  },
  {
    hands: [
      [1, 3, 4],
      [2, 3, 5],
    ],
    faceDown: [2, 3],
    pot: [1],
    claimed: [[1], []],
  },
  {
    hands: [
      [2, 4, 6],
      [1, 5, 6],
    ],
    faceDown: [1],
    pot: [2, 1],
    claimed: [[], [1]],
  },
  {
    hands: [
      [1, 2, 3],
      [1, 2, 3],
    ],
    faceDown: [3, 1],
    pot: [2],
    claimed: [[], []],
  },
  {
    hands: [
      [1, 2, 3, 4],
      [1, 2, 3, 5],
    ],
    faceDown: [1, 2, 1],
    pot: [1],
    claimed: [[], []],
  },
  {
    hands: [
      [1, 4, 6, 7],
      [2, 3, 5, 7],
    ],
    faceDown: [1, 1, 2],
    pot: [1],
    claimed: [[2], []],
  },
];

describe('the solver against an independent computation on the engine (HiGHS)', () => {
  for (const kind of ['win', 'vp'] as Payoff[]) {
    it(`equals the whole normal form on decks of 3 ships and uneven 3-ship starts (${kind})`, async () => {
      const solver = new SkirmishSolver(kind);
      const starts = [deckStart(3), ...UNEVEN.filter((s) => s.hands[0].length === 3)];
      for (const start of starts) {
        const { value, strategies } = await normalFormValue(start, kind);
        expect(strategies[0]).toBeGreaterThan(20);
        expect(solver.solve(positionOfStart(start)).value).toBeCloseTo(value, 8);
      }
    });

    it(`equals the sequence form on decks of 3 and 4 ships and uneven starts (${kind})`, async () => {
      const solver = new SkirmishSolver(kind);
      for (const start of [deckStart(3), deckStart(4), ...UNEVEN]) {
        const value = await sequenceFormValue(start, kind);
        expect(solver.solve(positionOfStart(start)).value).toBeCloseTo(value, 8);
      }
    });
  }

  it('is not a coincidence: the references tell the uneven starts apart', async () => {
    const values = await Promise.all(UNEVEN.map((start) => sequenceFormValue(start, 'win')));
    expect(new Set(values.map((v) => v.toFixed(6))).size).toBeGreaterThan(3);
    expect(values.some((v) => Math.abs(v - 0.5) > 0.05)).toBe(true);
  });
});

describe('the best response to the solver gains nothing', () => {
  for (const kind of ['win', 'vp'] as Payoff[]) {
    it(`on decks of 3 and 4 ships and the uneven starts, for either seat (${kind})`, () => {
      const solver = new SkirmishSolver(kind);
      const policy = policyOf(solver);
      for (const start of [deckStart(3), deckStart(4), ...UNEVEN]) {
        const value = solver.solve(positionOfStart(start)).value;
        // Seat 1 replies to seat 0's strategy (it minimizes), then seat 0 to seat 1's.
        const against0 = bestResponse(start, kind, policy, 1);
        const against1 = bestResponse(start, kind, policy, 0);
        expect(value - against0).toBeLessThan(1e-9);
        expect(against1 - value).toBeLessThan(1e-9);
        // And the replies are no better than the value either way: the strategies are not merely safe.
        expect(value - against0).toBeGreaterThan(-1e-9);
        expect(against1 - value).toBeGreaterThan(-1e-9);
      }
    });
  }

  it('and a strategy that is not optimal is caught by it', () => {
    const solver = new SkirmishSolver('win');
    const start = UNEVEN[0] as Start;
    const value = solver.solve(positionOfStart(start)).value;
    // Seat 0 always plays its strongest ship.
    const greedy: Policy = (state, seat) => {
      const mix = solver.solve(positionOf(state)).strategies[seat].map((m) => m.probability);
      return seat === 0 ? mix.map((_, i) => (i === mix.length - 1 ? 1 : 0)) : mix;
    };
    expect(value - bestResponse(start, 'win', greedy, 1)).toBeGreaterThan(0.01);
  });
});

describe('solveSkirmish', () => {
  it('values the start of every deck at 1/2 (win) and 0 (VP), by symmetry', () => {
    for (let ships = 1; ships <= 6; ships++) {
      expect(solveSkirmish({ ships }).value).toBeCloseTo(0.5, 12);
      expect(solveSkirmish({ ships, objective: 'vp' }).value).toBeCloseTo(0, 12);
    }
  });

  it('gives an opening strategy for each first planet, a distribution over the ships', () => {
    const solved = solveSkirmish({ ships: 7 });
    expect(solved.openings.map((o) => o.planetVp)).toEqual([1, 2]);
    expect(solved.openings.map((o) => o.probability)).toEqual([5 / 7, 2 / 7]);
    for (const { strategy } of solved.openings) {
      expect(strategy.map((m) => m.ship)).toEqual(range(7));
      expect(strategy.reduce((s, m) => s + m.probability, 0)).toBeCloseTo(1, 12);
      expect(strategy.every((m) => m.probability >= 0)).toBe(true);
    }
    expect(solved.states).toBeGreaterThan(1000);
  });

  it('deals a deck of N ships from the default deck: 1-VP planets up to 5, then 2-VP ones', () => {
    expect(deckOfShips(3)).toEqual({ ships: [1, 2, 3], planets: [1, 1, 1] });
    expect(deckOfShips(8).planets).toEqual([1, 1, 1, 1, 1, 2, 2, 2]);
    expect(() => deckOfShips(0)).toThrow(/from 1 to 15/);
    expect(() => deckOfShips(2.5)).toThrow(/integer/);
  });

  it('writes hands by rank only, so shifted ships are the same position', () => {
    expect(handCode([1, 2, 5], [2, 3, 4])).toBe('13221');
    expect(handCode([10, 20, 50], [20, 30, 40])).toBe('13221');
    const solver = new SkirmishSolver('win');
    const base = { deck: [1, 2], pot: 1, lead: 1 };
    expect(
      solver.solve({
        ...base,
        hands: [
          [1, 2, 5],
          [2, 3, 4],
        ],
      }).value,
    ).toBe(
      solver.solve({
        ...base,
        hands: [
          [10, 20, 50],
          [20, 30, 40],
        ],
      }).value,
    );
  });

  it('swapping the seats gives 1 − v (win) and −v (VP), and swaps the strategies', () => {
    const position = fc.record({
      ships: fc.shuffledSubarray(range(9), { minLength: 8, maxLength: 8 }),
      deck: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
      pot: fc.integer({ min: 1, max: 4 }),
      lead: fc.integer({ min: -4, max: 4 }),
    });
    const win = new SkirmishSolver('win');
    const vp = new SkirmishSolver('vp');
    fc.assert(
      fc.property(position, ({ ships, deck, pot, lead }) => {
        const a = ships.slice(0, 4);
        const b = ships.slice(4);
        const here = win.solve({ hands: [a, b], deck, pot, lead });
        const there = win.solve({ hands: [b, a], deck, pot, lead: -lead });
        expect(here.value + there.value).toBeCloseTo(1, 12);
        expect(here.strategies[0]).toEqual(there.strategies[1]);
        const gain = vp.solve({ hands: [a, b], deck, pot, lead }).value;
        expect(gain + vp.solve({ hands: [b, a], deck, pot, lead: -lead }).value).toBeCloseTo(0, 12);
      }),
      { numRuns: 60 },
    );
  });

  it('knows a decided game: a lead above every VP still in play wins for sure', () => {
    const solver = new SkirmishSolver('win');
    expect(
      solver.solve({
        hands: [
          [1, 2],
          [3, 4],
        ],
        deck: [1],
        pot: 1,
        lead: 3,
      }).value,
    ).toBe(1);
    expect(
      solver.solve({
        hands: [
          [1, 2],
          [3, 4],
        ],
        deck: [1],
        pot: 1,
        lead: 2,
      }).value,
    ).toBe(0.5);
    expect(
      solver.solve({
        hands: [
          [3, 4],
          [1, 2],
        ],
        deck: [1],
        pot: 1,
        lead: -2,
      }).value,
    ).toBe(0.5);
  });

  it('refuses a position that is no game, naming the problem', () => {
    const solver = new SkirmishSolver();
    expect(() => solver.solve({ hands: [[1, 2], [1]], deck: [], pot: 1, lead: 0 })).toThrow(/as many ships/);
    expect(() =>
      solver.solve({
        hands: [
          [1, 1],
          [1, 2],
        ],
        deck: [],
        pot: 1,
        lead: 0,
      }),
    ).toThrow(/twice/);
    expect(() => solver.solve({ hands: [[1], [2]], deck: [-1], pot: 1, lead: 0 })).toThrow(/\$\.deck\[0\]/);
    expect(() => solver.solve({ hands: [[1], [2]], deck: [], pot: 0.5, lead: 0 })).toThrow(/\$\.pot/);
  });
});
