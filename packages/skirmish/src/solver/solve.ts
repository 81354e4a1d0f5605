import { InvalidInputError } from '@tabula/core';
import { defaultDeck } from '../rules.js';
import { solveMatrixGame } from './lp.js';

/**
 * The exact solver of two-player Stellar Skirmish: backward induction over
 * the positions at the start of a battle, with the simultaneous choice of
 * each battle solved as a zero-sum matrix game by linear programming
 * (`lp.ts`), and the planet draws as chance nodes (expectations).
 *
 * Everything public at the start of a battle decides the rest of the game:
 * both hands (played ships are public, and both fleets are the same), the
 * VP of the planets still face down (which ones is public, their order is a
 * uniformly random secret), the VP in the pot and, for the win objective,
 * the score lead. Planets are known by their VP only: the default deck has
 * no abilities, so its classes never score.
 *
 * Two reductions keep the memo small, both exact:
 * - only the order of the ships matters (the highest card wins, equal cards
 *   tie), so two hands are written as their ranks in the union of both:
 *   a "code" of one digit per distinct ship value, 1 when only seat 0 holds
 *   it, 2 only seat 1, 3 both;
 * - swapping the seats swaps 1 and 2 in the code and negates the lead; the
 *   value becomes 1 − v (win) or −v (VP), and the strategies trade places.
 */

/** What the solver maximizes for seat 0 (seat 1 minimizes it). */
export type Objective = 'win' | 'vp';

/**
 * A two-player position at the start of a battle (no card committed yet),
 * in public terms only.
 */
export interface SolverPosition {
  /** The ships of seat 0 and seat 1. */
  readonly hands: readonly [readonly number[], readonly number[]];
  /** The VP of each planet still face down (a multiset: the order is unknown). */
  readonly deck: readonly number[];
  /** The VP in the pot. */
  readonly pot: number;
  /** Seat 0's VP minus seat 1's. */
  readonly lead: number;
}

/** A mixed strategy: each ship of the hand with its probability, ships ascending. */
export type MixedStrategy = { readonly ship: number; readonly probability: number }[];

/** The solution at one position. */
export interface PositionSolution {
  /**
   * Win: the probability that seat 0 wins, a shared win counting half.
   * VP: the expected VP of seat 0 minus those of seat 1 at the end (the lead included).
   */
  readonly value: number;
  /** An optimal mixed strategy of each seat. */
  readonly strategies: readonly [MixedStrategy, MixedStrategy];
}

/** The memo's entry: the value and the strategies over the ranks of the canonical code. */
interface Node {
  readonly value: number;
  /** By the canonical seat 0's cards, ascending. */
  readonly first: Float64Array;
  readonly second: Float64Array;
}

/** A deck of N ships: what it is, from the default deck (see the README). */
export interface DeckOfShips {
  readonly ships: number[];
  /** The VP of the planets P1..PN of the default deck. */
  readonly planets: number[];
}

/**
 * "A deck of N ships": both seats hold ships 1..N and the planet deck is
 * P1..PN of the default deck, shuffled (N ≤ 5 has only 1-VP planets; P6-P10
 * are worth 2 VP, P11-P15 3).
 */
export function deckOfShips(ships: number): DeckOfShips {
  const all = defaultDeck();
  if (!Number.isInteger(ships) || ships < 1 || ships > all.length) {
    throw new InvalidInputError(
      'invalid_input',
      '$.ships',
      `must be an integer from 1 to ${all.length}, got ${ships}`,
    );
  }
  return {
    ships: Array.from({ length: ships }, (_, i) => i + 1),
    planets: all.slice(0, ships).map((p) => p.victoryPoints),
  };
}

/** The code of two hands: one digit per distinct ship value, ascending (1: seat 0 only, 2: seat 1 only, 3: both). */
export function handCode(first: readonly number[], second: readonly number[]): string {
  const digits = new Map<number, number>();
  for (const ship of first) digits.set(ship, (digits.get(ship) ?? 0) | 1);
  for (const ship of second) digits.set(ship, (digits.get(ship) ?? 0) | 2);
  return [...digits.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, d]) => d)
    .join('');
}

const SWAP: Record<string, string> = { '1': '2', '2': '1', '3': '3' };
function swapCode(code: string): string {
  let out = '';
  for (const d of code) out += SWAP[d];
  return out;
}

/** The ranks (positions in the code) of seat 0's and seat 1's cards, ascending. */
function ranks(code: string): [number[], number[]] {
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < code.length; i++) {
    const d = code.charCodeAt(i) - 48;
    if (d & 1) first.push(i);
    if (d & 2) second.push(i);
  }
  return [first, second];
}

/** The code once seat 0 has spent the card of rank `a` and seat 1 the card of rank `b`. */
function spent(code: string, a: number, b: number): string {
  let out = '';
  for (let i = 0; i < code.length; i++) {
    let d = code.charCodeAt(i) - 48;
    if (i === a) d &= 2;
    if (i === b) d &= 1;
    if (d !== 0) out += d;
  }
  return out;
}

/** The distinct values of a sorted multiset with their counts. */
function classes(deck: readonly number[]): [number, number][] {
  const out: [number, number][] = [];
  for (const v of deck) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0] === v) last[1]++;
    else out.push([v, 1]);
  }
  return out;
}

function without(deck: readonly number[], value: number): number[] {
  const at = deck.indexOf(value);
  return [...deck.slice(0, at), ...deck.slice(at + 1)];
}

/**
 * A memoised solver for one objective. Positions may be asked in any order;
 * each is solved once (by its canonical key) with everything below it.
 */
export class SkirmishSolver {
  readonly objective: Objective;
  private readonly memo = new Map<string, Node>();
  /** How many matrix games went to the LP (1×1 and constant games do not). */
  linearPrograms = 0;

  constructor(objective: Objective = 'win') {
    this.objective = objective;
  }

  /** How many positions are memoised (canonical keys). */
  get states(): number {
    return this.memo.size;
  }

  /** The value and optimal strategies at a position. */
  solve(position: SolverPosition): PositionSolution {
    const [first, second] = position.hands;
    checkPosition(position);
    const deck = [...position.deck].sort((a, b) => a - b);
    const vp = this.objective === 'vp';
    // The VP objective's memo counts what is still to win; the lead is added at the end.
    const lead = vp ? 0 : position.lead;
    const held = vp ? position.lead : 0;
    if (first.length === 0) {
      return { value: held + this.final(lead), strategies: [[], []] };
    }
    const code = handCode(first, second);
    const settled = this.settled(deck, position.pot, lead);
    const { node, swapped } =
      settled === null ? this.lookup(code, deck, position.pot, lead) : { node: null, swapped: false };
    const ships0 = [...first].sort((a, b) => a - b);
    const ships1 = [...second].sort((a, b) => a - b);
    if (node === null) {
      // Decided already: any ship does; say uniform.
      const uniform = (ships: number[]): MixedStrategy =>
        ships.map((ship) => ({ ship, probability: 1 / ships.length }));
      return { value: held + (settled ?? 0), strategies: [uniform(ships0), uniform(ships1)] };
    }
    const mine = swapped ? node.second : node.first;
    const theirs = swapped ? node.first : node.second;
    const mixed = (ships: number[], p: Float64Array): MixedStrategy =>
      ships.map((ship, i) => ({ ship, probability: p[i] as number }));
    return {
      value: held + this.flip(node.value, swapped),
      strategies: [mixed(ships0, mine), mixed(ships1, theirs)],
    };
  }

  /** The value at the end of the game for a lead (the VP objective counts only what is still to come). */
  private final(lead: number): number {
    if (this.objective === 'vp') return 0;
    return lead > 0 ? 1 : lead < 0 ? 0 : 0.5;
  }

  private flip(value: number, swapped: boolean): number {
    if (!swapped) return value;
    return this.objective === 'win' ? 1 - value : -value;
  }

  /**
   * The value when nothing left can change the result (win objective): a lead
   * larger than every VP still in play, or nothing left in play. Null otherwise.
   */
  private settled(deck: readonly number[], pot: number, lead: number): number | null {
    if (this.objective === 'vp') return pot === 0 && deck.length === 0 ? 0 : null;
    let rest = pot;
    for (const v of deck) rest += v;
    if (rest === 0 || lead > rest || lead < -rest) return this.final(lead);
    return null;
  }

  /** The value of a position given by code (non-empty hands) for seat 0. */
  private value(code: string, deck: readonly number[], pot: number, lead: number): number {
    if (code.length === 0) return this.final(lead);
    const settled = this.settled(deck, pot, lead);
    if (settled !== null) return settled;
    const { node, swapped } = this.lookup(code, deck, pot, lead);
    return this.flip(node.value, swapped);
  }

  private lookup(
    code: string,
    deck: readonly number[],
    pot: number,
    lead: number,
  ): { node: Node; swapped: boolean } {
    const other = swapCode(code);
    // The key with the smaller text is canonical. Both codes have one length, so the codes decide
    // unless they are equal; then the leads' texts do. Only the canonical key is built.
    const swapped = other === code ? `${-lead}` < `${lead}` : other < code;
    const canonical = swapped
      ? `${other}|${deck.join(',')}|${pot}|${-lead}`
      : `${code}|${deck.join(',')}|${pot}|${lead}`;
    let node = this.memo.get(canonical);
    if (node === undefined) {
      node = swapped ? this.compute(other, deck, pot, -lead) : this.compute(code, deck, pot, lead);
      this.memo.set(canonical, node);
    }
    return { node, swapped };
  }

  /** The battle's matrix game: seat 0's card by rows, seat 1's by columns; chance averaged in. */
  private compute(code: string, deck: readonly number[], pot: number, lead: number): Node {
    const [first, second] = ranks(code);
    const vp = this.objective === 'vp';
    const draws = classes(deck);
    const payoff: number[][] = [];
    for (const a of first) {
      const line: number[] = [];
      for (const b of second) {
        const rest = spent(code, a, b);
        // Who takes the pot, and what the next battle is fought over.
        const winner = a > b ? 1 : a < b ? -1 : 0;
        const reward = vp ? winner * pot : 0;
        const nextLead = vp ? 0 : lead + winner * pot;
        const kept = winner === 0 ? pot : 0;
        let expected: number;
        if (draws.length === 0) {
          expected = this.value(rest, deck, kept, nextLead);
        } else {
          expected = 0;
          for (const [v, count] of draws) {
            expected += (count / deck.length) * this.value(rest, without(deck, v), kept + v, nextLead);
          }
        }
        line.push(reward + expected);
      }
      payoff.push(line);
    }
    if (first.length === 1 && second.length === 1) {
      return { value: payoff[0]?.[0] ?? 0, first: Float64Array.of(1), second: Float64Array.of(1) };
    }
    const game = solveMatrixGame(payoff);
    this.linearPrograms++;
    return { value: game.value, first: Float64Array.from(game.row), second: Float64Array.from(game.column) };
  }
}

function checkPosition(position: SolverPosition): void {
  const [first, second] = position.hands;
  if (first.length !== second.length) {
    throw new InvalidInputError(
      'invalid_input',
      '$.hands',
      `both seats must hold as many ships (${first.length} and ${second.length})`,
    );
  }
  position.hands.forEach((hand, seat) => {
    if (new Set(hand).size !== hand.length) {
      throw new InvalidInputError('invalid_input', `$.hands[${seat}]`, 'a ship appears twice');
    }
    hand.forEach((ship, i) => {
      if (!Number.isInteger(ship))
        throw new InvalidInputError('invalid_input', `$.hands[${seat}][${i}]`, `${ship} is not an integer`);
    });
  });
  position.deck.forEach((v, i) => {
    if (!Number.isInteger(v) || v < 0)
      throw new InvalidInputError(
        'invalid_input',
        `$.deck[${i}]`,
        `a planet's VP must be a whole number >= 0, got ${v}`,
      );
  });
  if (!Number.isInteger(position.pot) || position.pot < 0)
    throw new InvalidInputError('invalid_input', '$.pot', `must be a whole number >= 0, got ${position.pot}`);
  if (!Number.isInteger(position.lead))
    throw new InvalidInputError('invalid_input', '$.lead', `must be an integer, got ${position.lead}`);
}

/** The opening of a deck of N ships: for each VP the first planet may have, its chance, value and strategy. */
export interface Opening {
  readonly planetVp: number;
  readonly probability: number;
  readonly value: number;
  /** Seat 0's optimal mixed strategy (seat 1's is the same by symmetry). */
  readonly strategy: MixedStrategy;
}

/** A solved deck size. */
export interface SkirmishSolution {
  readonly ships: number;
  readonly planets: readonly number[];
  readonly objective: Objective;
  /** The value at the start, before the first planet is drawn (1/2 or 0 by symmetry). */
  readonly value: number;
  readonly openings: readonly Opening[];
  /** Positions memoised once every reachable one is solved. */
  readonly states: number;
  /** Matrix games solved by the LP. */
  readonly linearPrograms: number;
  readonly solver: SkirmishSolver;
  /** The value of any two-player position (solved on demand if not yet). */
  valueOf(position: SolverPosition): number;
  /** The optimal mixed strategy of both seats at any position. */
  strategyAt(position: SolverPosition): PositionSolution['strategies'];
}

/**
 * Solves the game of a deck of N ships (`deckOfShips`), or of any ships and
 * planet VPs given: every position reachable from the start, with both seats
 * holding `ships` and the planets shuffled.
 */
export function solveSkirmish(options: {
  ships: number;
  planets?: readonly number[];
  objective?: Objective;
}): SkirmishSolution {
  const deck = deckOfShips(options.ships);
  const planets = [...(options.planets ?? deck.planets)].sort((a, b) => a - b);
  const objective = options.objective ?? 'win';
  const solver = new SkirmishSolver(objective);
  const openings: Opening[] = [];
  let value = 0;
  for (const [planetVp, count] of classes(planets)) {
    const probability = count / planets.length;
    const start = {
      hands: [deck.ships, deck.ships] as const,
      deck: without(planets, planetVp),
      pot: planetVp,
      lead: 0,
    };
    const solved = solver.solve(start);
    value += probability * solved.value;
    openings.push({ planetVp, probability, value: solved.value, strategy: solved.strategies[0] });
  }
  return {
    ships: options.ships,
    planets,
    objective,
    value,
    openings,
    states: solver.states,
    linearPrograms: solver.linearPrograms,
    solver,
    valueOf: (position) => solver.solve(position).value,
    strategyAt: (position) => solver.solve(position).strategies,
  };
}
