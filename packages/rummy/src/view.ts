import { shown } from '@tabula/core';
import { cardsText, cardText, compareForDisplay } from './card.js';
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
 * The card the seat drew since `previous`, its own earlier view: the hand
 * is the earlier one with one card more at its end (only the seat's own
 * actions change its hand, and a draw adds the card last). Null otherwise,
 * and for a spectator.
 */
export function drawnSince(view: RummyView, previous: RummyView): string | null {
  const { hand } = view;
  const before = previous.hand;
  if (hand === null || before === null || view.seat !== previous.seat) return null;
  if (hand.length !== before.length + 1 || before.some((card, i) => card !== hand[i])) return null;
  return hand.at(-1) ?? null;
}

/**
 * What the card marks mean, for the first look: `T` is a ten, `wb` and `wr`
 * the jokers (with jokers in play), and with several decks the back letter
 * that actions add to tell two copies of a card apart.
 */
function keyLines(view: RummyView): string[] {
  const lines = [
    `Key: a card is its rank (A, 2-9, T for ten, J, Q, K) and suit (♣ ♦ ♥ ♠)${
      view.rules.jokers > 0 ? '; wb and wr are the black and red jokers' : ''
    }.`,
  ];
  if (view.rules.decks > 1) {
    lines.push(
      `Key: the ${view.rules.decks} decks have red and blue backs; where you hold both copies of a card, ` +
        'an action names one by a last letter: Khr is the K♥ with the red back, Khb the blue (wbr: the black joker, red back).',
    );
  }
  return lines;
}

/**
 * The view as terminal text: whose turn (or the result), the stock, the
 * table melds numbered, every seat's card count and whether it opened, and
 * the viewer's hand sorted for display. With `previous`, the same seat's
 * view when it last looked, it says which card the seat drew since; without
 * it (the first look) it ends with a key to the card marks.
 */
export function renderView(view: RummyView, previous?: RummyView): string {
  const who = (seat: number) => (seat === view.seat ? `seat ${seat} (you)` : `seat ${seat}`);
  const lines: string[] = [];
  const drawn = previous === undefined ? null : drawnSince(view, previous);
  if (drawn !== null) lines.push(`You drew ${cardText(drawn)}.`);
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
  if (previous === undefined) lines.push(...keyLines(view));
  return lines.join('\n');
}
