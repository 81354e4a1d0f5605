/**
 * Playing a solver's answer for real: the layout goes through the pure `play`
 * and through `Game.play` on a round where seat 0 holds the position's hand,
 * and the objective is read off the resulting state, not off the answer.
 */
import {
  createDeck,
  Game,
  handPenalty,
  type RummyState,
  type Solution,
  type TableMeld,
} from '../../src/index.js';
import { play } from '../../src/round.js';
import type { Objective } from './exhaustive.js';
import type { Position } from './positions.js';

/** A round in progress where seat 0 holds the hand and it is seat 0's turn. */
export function roundFor(p: Position): RummyState {
  const rest = createDeck(p.rules);
  for (const card of [...p.hand, ...p.table.flatMap((m) => m.cards)]) {
    const at = rest.indexOf(card);
    if (at < 0) throw new Error(`card ${card} is not in the deck (or twice in the position)`);
    rest.splice(at, 1);
  }
  if (rest.length === 0) throw new Error('no card left for the other seat');
  return {
    rules: p.rules,
    status: 'playing',
    hands: [p.hand.slice(), rest.slice(0, 1)],
    stock: rest.slice(1),
    table: p.table.map((m) => ({ kind: m.kind, cards: m.cards.slice() })),
    opened: [p.opened, true],
    current: 0,
    passes: 0,
    winner: null,
    scores: [0, 0],
  };
}

const key = (m: TableMeld) => m.cards.slice().sort().join(',');

/** Table melds found with the same cards in the layout, each matched once. */
export function keptCount(table: readonly TableMeld[], layout: readonly TableMeld[]): number {
  const left = new Map<string, number>();
  for (const m of layout) left.set(key(m), (left.get(key(m)) ?? 0) + 1);
  let kept = 0;
  for (const m of table) {
    const n = left.get(key(m)) ?? 0;
    if (n > 0) {
      kept++;
      left.set(key(m), n - 1);
    }
  }
  return kept;
}

/**
 * Plays the answer both ways (throws if either refuses it) and returns the
 * objective of the resulting state; null for "no play". Also checks that the
 * answer describes its play truly.
 */
export function playOut(p: Position, solution: Solution): Objective | null {
  if (solution.kind === 'none') return null;
  const state = roundFor(p);
  const after = play(state, 0, solution.layout);
  const game = Game.fromJSON({
    rules: p.rules,
    players: [
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B' },
    ],
    round: state,
  });
  game.play(game.getPlayers()[0]!, solution.table);
  if (JSON.stringify(game.getState()) !== JSON.stringify(after)) {
    throw new Error('Game.play and play disagree');
  }
  const hand = after.hands[0]!;
  const objective = {
    cards: p.hand.length - hand.length,
    points: handPenalty(p.hand, p.rules.jokerPenalty) - handPenalty(hand, p.rules.jokerPenalty),
    kept: keptCount(p.table, after.table),
  };
  const told = { cards: solution.cardsLaid, points: solution.pointsLaid, kept: solution.keptMelds.length };
  if (JSON.stringify(told) !== JSON.stringify(objective)) {
    throw new Error(`the answer says ${JSON.stringify(told)}, the play does ${JSON.stringify(objective)}`);
  }
  if (solution.changedMelds.length + solution.keptMelds.length !== p.table.length) {
    throw new Error('kept and changed melds do not add up to the table');
  }
  return objective;
}
