import { guessMeldKind } from '../src/meld.js';
import { createDeck, DEFAULT_RULES } from '../src/rules.js';
import type { RummyState } from '../src/schemas.js';

/** Seat 0 to play with `hand` and this table; the other cards go to seat 1 (14) and the stock. */
export function position(hand: string, table: string[], opened = true): RummyState {
  const cards = hand.split(',');
  const melds = table.map((m) => m.split(','));
  const used = new Set([...cards, ...melds.flat()]);
  const rest = createDeck(DEFAULT_RULES).filter((c) => !used.has(c));
  return {
    rules: { ...DEFAULT_RULES },
    status: 'playing',
    hands: [cards, rest.slice(0, 14)],
    stock: rest.slice(14),
    table: melds.map((m) => ({ kind: guessMeldKind(m), cards: m })),
    opened: [opened, true],
    current: 0,
    passes: 0,
    winner: null,
    scores: [0, 0],
  };
}
