import { InvalidInputError, shown } from '@tabula/core';
import type { Card, ToStringOptions } from './card.js';
import { Meld, type MeldOptions, type MeldRefusal, meldKey, meldsFromText, sortedCardsKey } from './meld.js';
import type { TableMeld } from './schemas.js';

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
    const key = sortedCardsKey(meld.cards);
    old.set(key, (old.get(key) ?? 0) + 1);
  }
  const fresh = layout.filter((meld) => {
    const key = sortedCardsKey(meld.cards);
    const left = old.get(key) ?? 0;
    if (left > 0) old.set(key, left - 1);
    return left === 0;
  });
  for (const left of old.values()) if (left > 0) return null;
  return fresh;
}

/** Counts of the melds by their cards (`meldKey`). */
function countMelds(melds: readonly Meld[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const meld of melds) {
    const key = meldKey(meld);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** A table, or the refusal of its first meld that is no meld. */
export type TableResult = { readonly ok: true; readonly table: Table } | MeldRefusal;

/** The melds on the table. Immutable: each play replaces the whole table. */
export class Table {
  private readonly melds: readonly Meld[];

  constructor(melds: readonly Meld[] = []) {
    this.melds = melds.slice();
  }

  /** A table from semicolon-separated melds (`Kh,Kd,Ks;5c,6c,7c`); `''` is the empty table. At most `MAX_TEXT_LENGTH` characters. */
  static fromString(text: string, options?: MeldOptions): Table {
    const table = Table.tryFromString(text, options);
    if (!table.ok) throw table.toError();
    return table.table;
  }

  /**
   * `Table.fromString` without throwing for a meld that is no meld: `{ ok:
   * true, table }`, or the `MeldRefusal` of the first such meld (see
   * `Meld.tryFromString`). Text that is no string or longer than
   * `MAX_TEXT_LENGTH` still throws.
   */
  static tryFromString(text: string, options?: MeldOptions): TableResult {
    const melds = meldsFromText(text, options);
    return Array.isArray(melds) ? { ok: true, table: new Table(melds) } : melds;
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
    const melds = layout instanceof Table ? layout.melds : layout;
    if (melds.length < this.melds.length) return false;
    const old = countMelds(this.melds);
    let missing = this.melds.length;
    for (const meld of melds) {
      const key = meldKey(meld);
      const left = old.get(key) ?? 0;
      if (left > 0) {
        old.set(key, left - 1);
        if (--missing === 0) return true;
      }
    }
    return missing === 0;
  }

  /** The melds of the layout that are not melds of this table (same cards in any order). */
  newMeldsIn(layout: Table | readonly Meld[]): Meld[] {
    const melds = layout instanceof Table ? layout.melds : layout;
    const old = countMelds(this.melds);
    return melds.filter((meld) => {
      const key = meldKey(meld);
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
    return this.melds.map((meld) => meld.toJSON());
  }
}
