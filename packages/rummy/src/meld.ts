import {
  Card,
  type CardLike,
  cardKeys,
  cardText,
  faceOf,
  parseCardList,
  type Suit,
  type ToStringOptions,
} from './card.js';
import { assertMeld, type MeldKind, meldValues, settleMeld, sortRun, type TableMeld } from './meld-check.js';

/** Options of `Meld.fromString` / `Meld.fromCards`. */
export interface MeldOptions {
  /** When the cards as given are not valid, retry them as a run in run order (see `Run.sort`). */
  readonly anyOrder?: boolean;
}

/** Whether two lists hold the same card strings, whatever the order. */
export function sameCards(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const x = a.slice().sort();
  const y = b.slice().sort();
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** A valid combination of cards: a `Group` or a `Run`. Immutable, validated on construction. */
export abstract class Meld {
  abstract readonly kind: MeldKind;
  /** The card strings with backs, in order. */
  readonly keys: readonly string[];
  private readonly points: number;

  protected constructor(cards: readonly CardLike[], kind: MeldKind) {
    const keys = cardKeys(cards);
    this.points = assertMeld(keys, kind).points;
    this.keys = keys;
  }

  /** A meld from comma-separated cards (`Kh,Kd,Ks`), its kind guessed; throws `InvalidMeldError` / `InvalidCardError`. */
  static fromString(text: string, options?: MeldOptions): Meld {
    return Meld.fromCards(parseCardList(text), options);
  }

  /**
   * A meld from cards, its kind guessed: a group when the regular cards share
   * one rank and there are at most 4 cards, a run otherwise. With `anyOrder`
   * an invalid guess is retried as a run in run order; if that fails too the
   * error of the cards as given is thrown.
   */
  static fromCards(cards: readonly CardLike[], options?: MeldOptions): Meld {
    return Meld.fromJSON(settleMeld(cardKeys(cards), options));
  }

  /** The meld of a plain `{ kind, cards }`. */
  static fromJSON(meld: TableMeld): Meld {
    return meld.kind === 'group' ? new Group(meld.cards) : new Run(meld.cards);
  }

  getCards(): Card[] {
    return this.keys.map((k) => Card.fromString(k));
  }

  getRegularCards(): Card[] {
    return this.getCards().filter((c) => !c.isJoker());
  }

  hasJoker(): boolean {
    return this.keys.some((k) => k[0] === 'w');
  }

  /** Number of cards. */
  get size(): number {
    return this.keys.length;
  }

  /** Total value, jokers counted as the card they stand for. */
  getPoints(): number {
    return this.points;
  }

  /** Same cards (backs included), in any order. */
  hasSameCards(other: Meld): boolean {
    return sameCards(this.keys, other.keys);
  }

  toString(options?: ToStringOptions): string {
    return (options?.withBack ? this.keys : this.keys.map(faceOf)).join(',');
  }

  /** Display text with suit symbols: `K♥ K♦ K♠`. */
  toText(): string {
    return this.keys.map(cardText).join(' ');
  }

  toJSON(): TableMeld {
    return { kind: this.kind, cards: this.keys.slice() };
  }
}

/** Three or four cards of one rank, all of different suits (the PHP library's `Set`). */
export class Group extends Meld {
  readonly kind = 'group' as const;

  constructor(cards: readonly CardLike[]) {
    super(cards, 'group');
  }

  /** The rank value every card counts for. */
  getValue(): number {
    return meldValues(this.keys, 'group')[0]!;
  }
}

/** Three to thirteen consecutive cards of one suit, ace low, given in ascending order. */
export class Run extends Meld {
  readonly kind = 'run' as const;

  constructor(cards: readonly CardLike[]) {
    super(cards, 'run');
  }

  /** The value of each position, jokers resolved: `wb,5d,6d` is `[4, 5, 6]`. */
  getValues(): number[] {
    return meldValues(this.keys, 'run');
  }

  getSuit(): Suit {
    return this.keys.find((k) => k[0] !== 'w')![1] as Suit;
  }

  /**
   * The cards in run order: regular cards ascending, jokers filling the gaps,
   * spare jokers after the top card while it is below the king, the rest
   * before the first. Nothing is validated.
   */
  static sort(cards: readonly Card[]): Card[] {
    return sortRun(cards, (c) => c.key);
  }
}
