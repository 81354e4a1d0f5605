import type { TableMeld } from './meld-check.js';
import type { RoundState } from './round.js';
import type { RulesConfig } from './rules.js';

/**
 * What one seat may know of a round: its own hand, the table, how many cards
 * the others hold and the stock size. Never other hands nor the stock order.
 */
export interface RoundView {
  readonly rules: RulesConfig;
  readonly status: 'waiting' | 'playing' | 'over';
  /** The viewer's seat, null for a spectator. */
  readonly seat: number | null;
  /** The viewer's own cards, null for a spectator or before the deal. */
  readonly hand: readonly string[] | null;
  /** How many cards each seat holds. */
  readonly handSizes: readonly number[];
  readonly opened: readonly boolean[];
  readonly table: readonly TableMeld[];
  readonly stockCount: number;
  /** Whose turn it is; null unless playing. */
  readonly current: number | null;
  readonly passes: number;
  readonly winner: number | null;
  /** The scores once over, null before. */
  readonly scores: readonly number[] | null;
}

/** The view of a dealt round for `seat` (null: a spectator). Fresh arrays: the caller may keep or change them. */
export function viewRound(state: RoundState, seat: number | null): RoundView {
  const over = state.status === 'over';
  return {
    rules: { ...state.rules },
    status: state.status,
    seat,
    hand: seat === null ? null : state.hands[seat]!.slice(),
    handSizes: state.hands.map((h) => h.length),
    opened: state.opened.slice(),
    table: state.table.map((m) => ({ kind: m.kind, cards: m.cards.slice() })),
    stockCount: state.stock.length,
    current: over ? null : state.current,
    passes: state.passes,
    winner: state.winner,
    scores: over ? state.scores.slice() : null,
  };
}
