import {
  Card,
  type CardLike,
  cardKey,
  cardKeys,
  cardListText,
  cardPenalty,
  cardsText,
  compareForDisplay,
  parseCardList,
  type ToStringOptions,
} from './card.js';

/** Penalty of cards left in hand: card values (A = 1 .. K = 13) plus `jokerPenalty` per joker. */
export function handPenalty(cards: readonly string[], jokerPenalty = 30): number {
  let total = 0;
  for (const card of cards) total += cardPenalty(card, jokerPenalty);
  return total;
}

/** The cards a player holds, in the order received. Immutable. */
export class Hand {
  /** The card strings with backs, in order. */
  readonly keys: readonly string[];

  constructor(cards: readonly CardLike[] = []) {
    this.keys = cardKeys(cards);
  }

  /** A hand from comma-separated cards; `''` is the empty hand. */
  static fromString(text: string): Hand {
    return new Hand(parseCardList(text));
  }

  getCards(): Card[] {
    return this.keys.map((k) => Card.fromString(k));
  }

  /** Number of cards. */
  get size(): number {
    return this.keys.length;
  }

  isEmpty(): boolean {
    return this.keys.length === 0;
  }

  /** Whether the hand holds this very card (back included). */
  has(card: CardLike): boolean {
    return this.keys.includes(typeof card === 'string' ? card : card.key);
  }

  /** A new hand with the card added at the end. */
  add(card: CardLike): Hand {
    return new Hand([...this.keys, cardKey(card)]);
  }

  /** A new hand without one copy of the card; the same hand when it does not hold it. */
  remove(card: CardLike): Hand {
    const at = this.keys.indexOf(cardKey(card));
    if (at < 0) return this;
    return new Hand(this.keys.filter((_, i) => i !== at));
  }

  /** Penalty if the round ended now. */
  getPenalty(jokerPenalty = 30): number {
    return handPenalty(this.keys, jokerPenalty);
  }

  toString(options?: ToStringOptions): string {
    return cardListText(this.keys, options);
  }

  /** Sorted display (suits c, d, h, s, ace low, jokers last) with suit symbols; the hand itself keeps its order. */
  toText(): string {
    return cardsText(this.keys.slice().sort(compareForDisplay));
  }

  toJSON(): string[] {
    return this.keys.slice();
  }
}
