import { shown } from '@tabula/core';
import { cardsText, compareForDisplay } from './card.js';
import { UnknownPlayerError } from './errors.js';
import type { RummyState, RummyView } from './schemas.js';

/**
 * What `seat` (null: a spectator) may know of a round: its own hand, the
 * table, how many cards each seat holds, the stock size, whose turn, who
 * opened, the scores once over. Never other hands nor the stock order. Fresh
 * arrays: the caller may keep or change them.
 *
 * @throws UnknownPlayerError for a seat that is not in the round.
 */
export function viewFor(state: RummyState, seat: number | null): RummyView {
  // a seat is an index: anything else is no seat, and is not used as a key
  const hand = seat === null ? null : Number.isInteger(seat) ? state.hands[seat] : undefined;
  if (hand === undefined) throw new UnknownPlayerError(`There is no player at seat ${shown(seat)}.`);
  const over = state.status === 'over';
  return {
    rules: { ...state.rules },
    status: state.status,
    seat,
    hand: hand === null ? null : hand.slice(),
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

/**
 * The view as terminal text: whose turn (or the result), the stock, the
 * table melds numbered, every seat's card count and whether it opened, and
 * the viewer's hand sorted for display.
 */
export function renderView(view: RummyView): string {
  const who = (seat: number) => (seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`);
  const lines: string[] = [];
  if (view.status === 'over' && view.winner !== null) {
    lines.push(`Round over: ${who(view.winner)} won. Scores: ${(view.scores ?? []).join(', ')}.`);
  } else if (view.current !== null) {
    const passes = view.passes > 0 ? `, ${view.passes} pass${view.passes > 1 ? 'es' : ''} in a row` : '';
    lines.push(`${who(view.current)} to play. Stock: ${view.stockCount} cards${passes}.`);
  }
  lines.push(view.table.length === 0 ? 'Table: empty' : 'Table:');
  for (const [i, meld] of view.table.entries())
    lines.push(`  ${String(i + 1).padStart(2)}. ${cardsText(meld.cards)}`);
  const seats = view.handSizes.map(
    (n, seat) =>
      `${who(seat)}: ${n} card${n === 1 ? '' : 's'}, ${view.opened[seat] ? 'opened' : 'not opened'}`,
  );
  lines.push(`Players: ${seats.join('; ')}`);
  if (view.hand !== null) lines.push(`Your hand: ${cardsText(view.hand.slice().sort(compareForDisplay))}`);
  return lines.join('\n');
}
