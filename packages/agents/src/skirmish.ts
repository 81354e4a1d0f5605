import { type Agent, type Rng, TabulaError } from '@tabula/core';
import {
  type MixedStrategy,
  positionFromView,
  type SkirmishAction,
  type SkirmishPlanet,
  SkirmishSolver,
  type SkirmishView,
  type SolverPosition,
  solveMatrixGame,
} from '@tabula/skirmish';
import type { AgentEntry } from './agent-entry.js';

/**
 * What a planet is worth to whoever takes it: its VP, plus, for each
 * `DoubleNextPlanetNoCombat` entry, an average planet still in the deck
 * (it pulls the next one along), plus its share of a `ClassSetBonus`.
 */
function worth(planet: SkirmishPlanet, averageVp: number): number {
  let value = planet.victoryPoints;
  for (const ability of planet.abilities) {
    if (ability.type === 'double_next_planet_no_combat') value += averageVp;
    if (ability.type === 'class_set_bonus' && planet.planetClass !== null) {
      const { setSize = 3, bonus = 3 } = ability.params;
      value += bonus / setSize;
    }
  }
  return value;
}

/** How far (in ships) a bid's rank may be blurred, in general and right after a tie. */
const SPREAD = 1;
const TIE_SPREAD = 3;

/** Removes one copy of each card of `spent` from `cards`; false when one is missing. */
function spend(cards: number[], spent: readonly number[]): boolean {
  for (const card of spent) {
    const at = cards.indexOf(card);
    if (at < 0) return false;
    cards.splice(at, 1);
  }
  return true;
}

/**
 * Every card the other players may still hold (a card pending in this
 * battle included), from the revealed history: everyone starts with the same
 * fleet, which is the viewer's own hand plus what the viewer has revealed.
 * Null when the history cannot account for the cards (uneven fleets, or a
 * history that does not fit). A game loaded from a save without its history
 * looks like one whose fleet was the hand left; the guess is then off, but
 * the bid stays legal.
 */
export function opponentCards(view: SkirmishView, seat: number): number[] | null {
  // A battle without a card of a seat does not fit; skipping the card puts the counts below out.
  const revealed = (by: number) => view.battles.flatMap((b) => b.cards[by] ?? []);
  const fleet = [...(view.hand ?? []), ...revealed(seat)];
  if (view.ownPlay !== null) fleet.push(view.ownPlay);
  const cards: number[] = [];
  for (const [other, player] of view.players.entries()) {
    if (other === seat) continue;
    const left = fleet.slice();
    if (!spend(left, revealed(other))) return null;
    if (left.length !== player.cardsInHand + (player.hasPlayed ? 1 : 0)) return null;
    cards.push(...left);
  }
  return cards;
}

/**
 * The ship to bid, GOPS fashion: rank the pot's worth among the prizes still
 * to come (the planets face down, and nothing for the battles the deck cannot
 * fill) and play the ship of the same rank in the hand. Then, knowing what
 * the others may still hold, step down to the weakest ship that wins and
 * loses against exactly the same cards: the strength saved is free for later.
 * With a generator the rank is blurred a little at random; without one the
 * bid is the nearest rank's.
 */
export function chooseBid(
  view: SkirmishView,
  seat: number,
  hand: readonly number[],
  rng: Rng | null = null,
): number {
  const ships = hand.slice().sort((a, b) => a - b);
  const [weakest] = ships;
  if (weakest === undefined) throw new TabulaError('no_legal_action', 'The bidder has no ship to play');
  // A battle over an empty pot (the deck has run out) wins nothing.
  if (view.pot.length === 0) return weakest;

  let total = 0;
  for (const planet of view.deck) total += planet.victoryPoints;
  const averageVp = view.deck.length > 0 ? total / view.deck.length : 0;
  let pot = 0;
  for (const planet of view.pot) pot += worth(planet, averageVp);
  const prizes = view.deck.map((planet) => worth(planet, averageVp));
  while (prizes.length < ships.length - 1) prizes.push(0);

  let below = 0;
  let equal = 0;
  for (const prize of prizes) {
    if (prize < pot) below++;
    else if (prize === pot) equal++;
  }
  const rank = prizes.length === 0 ? 1 : (below + equal / 2) / prizes.length;
  // With a generator the rank is blurred by up to half a ship (a ship and a
  // half right after a tie): the bid keeps its average but is harder to read,
  // and two bidders do not mirror each other into one tie after another.
  let position = rank * (ships.length - 1);
  if (rng !== null) {
    const last = view.battles[view.battles.length - 1];
    const spread = last !== undefined && last.winner === null ? TIE_SPREAD : SPREAD;
    position += (rng.int(0, 999) / 1000 - 0.5) * spread;
  }
  const bid = ships[Math.min(ships.length - 1, Math.max(0, Math.round(position)))] ?? weakest;

  const others = opponentCards(view, seat);
  if (others === null) return bid;
  // The weakest ship above every card of theirs below the bid wins and loses against the same cards.
  const beaten = others.reduce((most, card) => (card < bid && card > most ? card : most), -Infinity);
  return ships.find((ship) => ship > beaten) ?? bid;
}

/** The bidding heuristic as an agent; its only chance, the blur of ranks, comes from `ctx.rng`. */
export function bidderAgent(): Agent<SkirmishView, SkirmishAction> {
  return {
    name: 'bidder',
    act(view, legal, ctx) {
      if (legal.length === 0) {
        throw new TabulaError('no_legal_action', 'The bidder was asked to act with no legal action');
      }
      const card = chooseBid(
        view,
        ctx.seat,
        legal.map((action) => action.card),
        ctx.rng,
      );
      return legal.find((action) => action.card === card) as SkirmishAction;
    },
  };
}

/** Hands of at most this many ships are solved exactly (win objective, the real lead and deck). */
export const EXACT_SHIPS = 6;
/** Larger hands are rank-compressed to this many ships for the solver (VP objective). */
export const ABSTRACT_SHIPS = 7;

/** `count` entries of a sorted list at evenly spaced ranks, the first and the last included. */
function quantiles(sorted: readonly number[], count: number): number[] {
  if (sorted.length <= count) return sorted.slice();
  if (count === 1) return sorted.slice(-1);
  return Array.from(
    { length: count },
    (_, i) => sorted[Math.round((i * (sorted.length - 1)) / (count - 1))] as number,
  );
}

/**
 * The small position the solver answers for a large one: each hand
 * rank-compressed to `ABSTRACT_SHIPS` ships at evenly spaced ranks (so the
 * two hands keep their order against each other), the face-down planets
 * compressed alike to one fewer, the pot as it is. The VP objective, since a
 * lead means less in the smaller game than in the real one.
 */
export function abstractPosition(position: SolverPosition, size = ABSTRACT_SHIPS): SolverPosition {
  const [mine, theirs] = position.hands;
  const ships = Math.min(size, mine.length);
  const deck = [...position.deck].sort((a, b) => a - b);
  return {
    hands: [quantiles(mine, ships), quantiles(theirs, ships)],
    deck: quantiles(deck, Math.min(deck.length, ships - 1)),
    pot: position.pot,
    lead: 0,
  };
}

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
 * The weakest ship of `hand` that does exactly what `ship` does against
 * every card the opponent may hold (no card of theirs from it up to `ship`):
 * the same battle, more strength kept.
 */
function stepDown(ship: number, hand: readonly number[], theirs: readonly number[]): number {
  let best = ship;
  for (const card of hand) {
    if (card < best && !theirs.some((x) => x >= card && x <= ship)) best = card;
  }
  return best;
}

/**
 * The solvers of the `optimal` agent, shared by every agent made (positions
 * recur from game to game); cleared when they grow past `MEMO_LIMIT` states.
 */
const MEMO_LIMIT = 400_000;
let exactSolver = new SkirmishSolver('win');
let abstractSolver = new SkirmishSolver('vp');
let abstractWinSolver = new SkirmishSolver('win');

/** How the `optimal` agent plays; the defaults are the registered agent's. */
export interface OptimalOptions {
  /** Hands of at most this many ships are solved exactly (default `EXACT_SHIPS`). */
  readonly exactShips?: number;
  /** Larger hands are compressed to this many ships (default `ABSTRACT_SHIPS`). */
  readonly abstractShips?: number;
  /** The objective of the compressed positions (default VP; the lead is kept for `win`). */
  readonly abstractObjective?: 'win' | 'vp';
  /**
   * Before hands are small: `bidder` (the default) bids as the bidder does;
   * `abstract` plays the solver's strategy of the rank-compressed position;
   * `lookahead` solves the real battle with compressed positions valuing
   * what follows. Against the bidder over 200 seeded 15-ship games the
   * default did best (see BENCHMARKS.md, issue 15): the compressions lose
   * what a spent ship is worth.
   */
  readonly early?: 'abstract' | 'lookahead' | 'bidder';
}

/**
 * The battle at a large position solved over the real ships: seat 0's
 * optimal mixed strategy in the matrix game whose payoffs are the pot won or
 * lost plus the value of each position that may follow, exact once hands are
 * small, otherwise the solver's value of its rank-compressed position (VP).
 */
function lookaheadStrategy(position: SolverPosition, exact: number, size: number): MixedStrategy {
  const [mine, theirs] = position.hands;
  const { pot, lead } = position;
  const deck = [...position.deck].sort((a, b) => a - b);
  const exactNext = mine.length - 1 <= exact;
  const draws = [...new Set(deck)];
  const payoff = mine.map((a) =>
    theirs.map((b) => {
      const winner = Math.sign(a - b);
      const hands = [mine.filter((x) => x !== a), theirs.filter((x) => x !== b)] as const;
      const kept = winner === 0 ? pot : 0;
      const nextLead = lead + winner * pot;
      const value = (next: SolverPosition) =>
        exactNext
          ? exactSolver.solve(next).value
          : abstractSolver.solve(abstractPosition({ ...next, lead: 0 }, size)).value;
      let expected = 0;
      if (draws.length === 0) expected = value({ hands, deck, pot: kept, lead: nextLead });
      for (const v of draws) {
        const at = deck.indexOf(v);
        const count = deck.filter((x) => x === v).length;
        const rest = [...deck.slice(0, at), ...deck.slice(at + 1)];
        expected += (count / deck.length) * value({ hands, deck: rest, pot: kept + v, lead: nextLead });
      }
      return exactNext ? expected : winner * pot + expected;
    }),
  );
  const { row } = solveMatrixGame(payoff);
  return mine.map((ship, i) => ({ ship, probability: row[i] as number }));
}

/**
 * The ship to play by the solver: the exact optimal mixed strategy of the
 * real position (win objective, the real lead and deck) once hands hold at
 * most `exactShips` ships; before that as `early` says. Null when the
 * solver's model does not fit (not two seats, planets with abilities, a
 * history that does not add up).
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
  if (abstractSolver.states > MEMO_LIMIT) abstractSolver = new SkirmishSolver('vp');
  if (mine.length <= (options.exactShips ?? EXACT_SHIPS)) {
    return sample(exactSolver.solve(position).strategies[0], rng);
  }
  const early = options.early ?? 'bidder';
  if (early === 'bidder') return chooseBid(view, seat, mine, rng);
  if (early === 'lookahead') {
    const size = options.abstractShips ?? ABSTRACT_SHIPS;
    return sample(lookaheadStrategy(position, options.exactShips ?? EXACT_SHIPS, size), rng);
  }
  const small = abstractPosition(position, options.abstractShips ?? ABSTRACT_SHIPS);
  if (abstractWinSolver.states > MEMO_LIMIT) abstractWinSolver = new SkirmishSolver('win');
  const solver = options.abstractObjective === 'win' ? abstractWinSolver : abstractSolver;
  const ship = sample(solver.solve({ ...small, lead: position.lead }).strategies[0], rng);
  return stepDown(ship, mine, opponent);
}

/**
 * The solver's agent: the optimal mixed strategy where hands are small, a
 * strategy derived from it before (see `chooseOptimal`), sampled with
 * `ctx.rng`; the bidder's choice where the solver's model does not fit.
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
      "plays the exact solver's optimal mixed strategy (win objective) once six ships are left, " +
      "and the bidder's bid before",
    create: () => optimalAgent() as Agent<unknown, unknown>,
  },
];
