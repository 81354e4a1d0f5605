import { cardText, faceOf, isJokerString } from '@tabula/rummy';

const SUIT_NAMES: Record<string, string> = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
const RANK_NAMES: Record<string, string> = { A: 'ace', T: '10', J: 'jack', Q: 'queen', K: 'king' };
const SYMBOLS: Record<string, string> = { c: '♣', d: '♦', h: '♥', s: '♠' };

/** A card's name for a screen reader: "10 of hearts", "black joker"; with several decks, its back. */
export function cardName(card: string): string {
  const back = card.length === 3 ? ` (${card[2] === 'r' ? 'red' : 'blue'} back)` : '';
  if (isJokerString(card)) return `${card[1] === 'b' ? 'black' : 'red'} joker${back}`;
  const rank = card[0] ?? '';
  return `${RANK_NAMES[rank] ?? rank} of ${SUIT_NAMES[card[1] ?? ''] ?? ''}${back}`;
}

/** Cards as short text for people: `K♥ K♦ wb`. */
export function cardsLine(cards: readonly string[]): string {
  return cards.map(cardText).join(' ');
}

/**
 * A card's face as SVG: the rank and suit in the corner and a big suit in
 * the middle; a joker a star. With several decks a stripe on the edge shows
 * the back, which tells two copies of a card apart.
 */
export function CardFace({ card }: { card: string }) {
  const joker = isJokerString(card);
  const face = faceOf(card);
  const suit = face[1] ?? '';
  const red = joker ? face[1] === 'r' : suit === 'd' || suit === 'h';
  const colour = red ? '#b3202a' : '#1d232a';
  const rank = joker ? '★' : face[0] === 'T' ? '10' : (face[0] ?? '');
  const symbol = joker ? '' : (SYMBOLS[suit] ?? '');
  const back = card.length === 3 ? card[2] : null;
  return (
    <svg viewBox="0 0 50 70" class="card-svg" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="48" height="68" rx="5" fill="#fffdf8" stroke="#8a8170" stroke-width="1.2" />
      {back !== null && (
        <rect x="44" y="8" width="3" height="54" rx="1.5" fill={back === 'r' ? '#c0392b' : '#2c5aa0'} />
      )}
      <text x="5" y="19" font-size="17" font-weight="700" fill={colour} font-family="system-ui, sans-serif">
        {rank}
      </text>
      <text x="5" y="34" font-size="14" fill={colour} font-family="system-ui, sans-serif">
        {symbol}
      </text>
      <text
        x={joker ? 25 : 27}
        y={joker ? 50 : 60}
        font-size={joker ? 9 : 26}
        text-anchor="middle"
        fill={colour}
        font-family="system-ui, sans-serif"
      >
        {joker ? 'JOKER' : symbol}
      </text>
    </svg>
  );
}

/** A card's back as SVG: the stock and the other players' hands. */
export function CardBack() {
  return (
    <svg viewBox="0 0 50 70" class="card-svg" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="48" height="68" rx="5" fill="#2f6d4f" stroke="#1f4a35" stroke-width="1.2" />
      <rect x="6" y="6" width="38" height="58" rx="3" fill="none" stroke="#d9e8dd" stroke-width="1.2" />
      <path d="M25 16 L36 35 L25 54 L14 35 Z" fill="#d9e8dd" opacity="0.6" />
    </svg>
  );
}
