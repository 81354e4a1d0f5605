import { InvalidInputError, shown } from '@tabula/core';
import { type Card, checkText, type ToStringOptions } from './card.js';
import { Meld, type MeldOptions } from './meld.js';
import type { TableMeld } from './schemas.js';

/** A key equal for melds with the same cards (backs included) in any order. */
function meldKey(cards: readonly string[]): string {
  return cards.slice().sort().join(',');
}

/**
 * The melds of `layout` that are not in `table` (same cards in any order,
 * each old meld matched at most once), or null when some meld of `table` is
 * missing from `layout`.
 */
export function newMelds<M extends { readonly cards: readonly string[] }>(
  table: readonly { readonly cards: readonly string[] }[],
  layout: readonly M[],
): M[] | null {
  const old = new Map<string, number>();
  for (const meld of table) {
    const key = meldKey(meld.cards);
    old.set(key, (old.get(key) ?? 0) + 1);
  }
  const fresh = layout.filter((meld) => {
    const key = meldKey(meld.cards);
    const left = old.get(key) ?? 0;
    if (left > 0) old.set(key, left - 1);
    return left === 0;
  });
  for (const left of old.values()) if (left > 0) return null;
  return fresh;
}

/** The melds on the table. Immutable: each play replaces the whole table. */
export class Table {
  private readonly melds: readonly Meld[];

  constructor(melds: readonly Meld[] = []) {
    this.melds = melds.slice();
  }

  /** A table from semicolon-separated melds (`Kh,Kd,Ks;5c,6c,7c`); `''` is the empty table. At most `MAX_TEXT_LENGTH` characters. */
  static fromString(text: string, options?: MeldOptions): Table {
    checkText(text, 'Table text');
    if (text === '') return new Table();
    return new Table(text.split(';').map((m) => Meld.fromString(m, options)));
  }

  /** A table of plain `{ kind, cards }` melds, each checked as `Meld.fromJSON` checks it. */
  static fromJSON(melds: readonly TableMeld[]): Table {
    if (!Array.isArray(melds))
      throw new InvalidInputError('invalid_input', '$', `a table is a list of melds, got ${shown(melds)}`);
    return new Table(Array.from(melds, (m) => Meld.fromJSON(m)));
  }

  getMelds(): Meld[] {
    return this.melds.slice();
  }

  /** Every card on the table, meld after meld. */
  getCards(): Card[] {
    return this.melds.flatMap((m) => m.getCards());
  }

  isEmpty(): boolean {
    return this.melds.length === 0;
  }

  /** Number of melds. */
  get size(): number {
    return this.melds.length;
  }

  /** Whether every meld of this table is in the layout with the same cards (order inside a meld and of melds free). */
  isPreservedIn(layout: Table | readonly Meld[]): boolean {
    return newMelds(this.toJSON(), toMelds(layout).map(asJSON)) !== null;
  }

  /** The melds of the layout that are not melds of this table (same cards in any order). */
  newMeldsIn(layout: Table | readonly Meld[]): Meld[] {
    const melds = toMelds(layout);
    const old = new Map<string, number>();
    for (const meld of this.melds) old.set(meldKey(meld.keys), (old.get(meldKey(meld.keys)) ?? 0) + 1);
    return melds.filter((meld) => {
      const key = meldKey(meld.keys);
      const left = old.get(key) ?? 0;
      if (left === 0) return true;
      old.set(key, left - 1);
      return false;
    });
  }

  toString(options?: ToStringOptions): string {
    return this.melds.map((m) => m.toString(options)).join(';');
  }

  /** Display text, melds separated by ` | `. */
  toText(): string {
    return this.melds.map((m) => m.toText()).join(' | ');
  }

  toJSON(): TableMeld[] {
    return this.melds.map(asJSON);
  }
}

function asJSON(meld: Meld): TableMeld {
  return meld.toJSON();
}

function toMelds(layout: Table | readonly Meld[]): readonly Meld[] {
  return layout instanceof Table ? layout.getMelds() : layout;
}
