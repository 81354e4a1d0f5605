import { type Agent, type Rng, TabulaError } from '@tabula/core';
import {
  type MixedStrategy,
  positionFromView,
  type SkirmishAction,
  SkirmishSolver,
  type SkirmishView,
  type SolverPosition,
  solveMatrixGame,
} from '@tabula/skirmish';
import type { AgentEntry } from './agent-entry.js';
import { bidderAgent, bidderFit, bidderModelAt, chooseBid, opponentCards } from './skirmish-bid.js';
import { battlePayoffs } from './skirmish-rollout.js';

export { bidderAgent, chooseBid, opponentCards } from './skirmish-bid.js';

/** Hands of at most this many ships are played by the exact solver (win objective, the real lead and deck). */
export const EXACT_SHIPS = 5;
/** How many bidder rollouts value each pair of ships in a battle before that. */
export const ROLLOUTS = 8;
/** How far the mix leans from the equilibrium to the best answer to the bidder model, while it fits. */
export const EXPLOIT = 0.5;

/** A ship drawn from a mixed strategy with the agent's generator (to a millionth). */
function sample(strategy: MixedStrategy, rng: Rng): number {
  const last = strategy[strategy.length - 1];
  if (last === undefined) throw new TabulaError('no_legal_action', 'The strategy has no ship');
  let draw = rng.int(0, 999_999) / 1_000_000;
  for (const { ship, probability } of strategy) {
    draw -= probability;
    if (draw < 0) return ship;
  }
  return last.ship;
}

/**
 * The solver of the `optimal` agent, shared by every agent made (positions
 * recur from game to game and from rollout to rollout); its answers do not
 * depend on what it holds, so sharing changes no choice. Replaced when it
 * grows past `MEMO_LIMIT` positions.
 */
const MEMO_LIMIT = 400_000;
let exactSolver = new SkirmishSolver('win');

/** How the `optimal` agent plays; the defaults are the registered agent's. */
export interface OptimalOptions {
  /** Hands of at most this many ships are played by the exact solver (default `EXACT_SHIPS`). */
  readonly exactShips?: number;
  /** Bidder rollouts per pair of ships in the battles before (default `ROLLOUTS`). */
  readonly rollouts?: number;
  /**
   * The weight of the best answer to the bidder model in the mix, while the
   * opponent plays like a bidder (default `EXPLOIT`; 0 plays the equilibrium
   * of the estimated battle always).
   */
  readonly exploit?: number;
}

/**
 * The mixed strategy of the battle at a large position: the equilibrium of
 * the battle's matrix game (`battlePayoffs`), leaned by `exploit` toward the
 * best answer to what a bidder in the opponent's seat would play (`model`,
 * its chance of each ship), when there is a model.
 */
export function battleStrategy(
  payoff: readonly (readonly number[])[],
  ships: readonly number[],
  theirShips: readonly number[],
  model: ReadonlyMap<number, number> | null,
  exploit: number,
): MixedStrategy {
  const { row } = solveMatrixGame(payoff);
  const mix = row.slice();
  if (model !== null && exploit > 0) {
    let best = 0;
    let bestValue = -Infinity;
    payoff.forEach((line, i) => {
      let value = 0;
      theirShips.forEach((ship, j) => {
        value += (model.get(ship) ?? 0) * (line[j] as number);
      });
      if (value > bestValue) {
        bestValue = value;
        best = i;
      }
    });
    for (let i = 0; i < mix.length; i++) mix[i] = (1 - exploit) * (mix[i] as number);
    mix[best] = (mix[best] as number) + exploit;
  }
  return ships.map((ship, i) => ({ ship, probability: mix[i] as number }));
}

/**
 * The ship to play: the exact solver's optimal mixed strategy of the real
 * position (win objective, the real lead and deck) once hands hold at most
 * `exactShips` ships; before that the strategy of `battleStrategy` over
 * payoffs estimated by bidder rollouts, leaning toward the best answer to
 * the bidder while the opponent's revealed cards fit the bidder
 * (`bidderFit`). Sampled with `rng`. Null when the solver's model does not
 * fit (not two seats, planets with abilities, a history that does not add
 * up).
 */
export function chooseOptimal(
  view: SkirmishView,
  seat: number,
  rng: Rng,
  options: OptimalOptions = {},
): number | null {
  if (view.playerCount !== 2 || view.viewer !== seat) return null;
  const theirs = opponentCards(view, seat);
  if (theirs === null) return null;
  let position: SolverPosition;
  try {
    position = positionFromView(view, theirs);
  } catch {
    return null;
  }
  const [mine, opponent] = position.hands;
  if (mine.length !== opponent.length || mine.length === 0) return null;
  if (exactSolver.states > MEMO_LIMIT) exactSolver = new SkirmishSolver('win');
  const exactShips = options.exactShips ?? EXACT_SHIPS;
  if (mine.length <= exactShips) return sample(exactSolver.solve(position).strategies[0], rng);
  const payoff = battlePayoffs(exactSolver, position, {
    exactShips,
    rollouts: options.rollouts ?? ROLLOUTS,
    rng: rng.fork(),
  });
  const other = 1 - seat;
  const model = bidderFit(view, other) ? bidderModelAt(view, other, view.battles.length) : null;
  return sample(battleStrategy(payoff, mine, opponent, model, options.exploit ?? EXPLOIT), rng);
}

/**
 * The solver's agent (see `chooseOptimal`), sampled with `ctx.rng`; the
 * bidder's choice where the solver's model does not fit.
 */
export function optimalAgent(options: OptimalOptions = {}): Agent<SkirmishView, SkirmishAction> {
  return {
    name: 'optimal',
    act(view, legal, ctx) {
      if (legal.length === 0) {
        throw new TabulaError('no_legal_action', 'The optimal agent was asked to act with no legal action');
      }
      const cards = legal.map((action) => action.card);
      const chosen = chooseOptimal(view, ctx.seat, ctx.rng, options);
      const card =
        chosen !== null && cards.includes(chosen) ? chosen : chooseBid(view, ctx.seat, cards, ctx.rng);
      return legal.find((action) => action.card === card) as SkirmishAction;
    },
  };
}

/** The sensible Stellar Skirmish agents, for the registry. */
export const skirmishAgents: AgentEntry[] = [
  {
    name: 'bidder',
    summary:
      "bids the ship whose rank in the hand matches the pot's among the prizes to come, " +
      'then the weakest ship that does as well against the cards the others still hold',
    create: () => bidderAgent() as Agent<unknown, unknown>,
  },
  {
    name: 'optimal',
    summary:
      "plays the exact solver's optimal mixed strategy (win objective) once five ships are left; " +
      'before, each battle as a matrix game valued by bidder rollouts to the exact endgame, its ' +
      'equilibrium leaning toward the best answer to the bidder while the opponent plays like one',
    create: () => optimalAgent() as Agent<unknown, unknown>,
  },
];
