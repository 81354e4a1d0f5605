import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { expectSameError } from '../test/refusals.js';
import { InvalidMeldError } from './errors.js';
import { Meld, Run } from './meld.js';
import { newMelds, Table } from './table.js';

describe('Table', () => {
  it('is empty for the empty string', () => {
    const table = Table.fromString('');
    expect(table.isEmpty()).toBe(true);
    expect(table.size).toBe(0);
    expect(table.getCards()).toEqual([]);
    expect(table.toString()).toBe('');
  });

  it('parses semicolon-separated melds and writes them with or without backs', () => {
    const table = Table.fromString('Kh,Kd,Ks;Ahr,2hb,3h');
    expect(table.size).toBe(2);
    expect(table.getCards().map(String).join(',')).toBe('Kh,Kd,Ks,Ah,2h,3h');
    expect(table.toString()).toBe('Kh,Kd,Ks;Ah,2h,3h');
    expect(table.toString({ withBack: true })).toBe('Kh,Kd,Ks;Ahr,2hb,3h');
    expect(table.getMelds()[1]).toBeInstanceOf(Run);
    expect(Table.fromString('Khr,Kdb,Ksr;5cr,6cr,7cb').toString({ withBack: true })).toBe(
      'Khr,Kdb,Ksr;5cr,6cr,7cb',
    );
    expect(table.toText()).toBe('K♥ K♦ K♠ | A♥ 2♥ 3♥');
  });

  it('refuses an invalid meld, and sorts runs with anyOrder', () => {
    expect(() => Table.fromString('Kh,Kd,Ks;5c,7c,8c')).toThrow(InvalidMeldError);
    expect(Table.fromString('Kh,Kd,Ks;3h,Ah,2h', { anyOrder: true }).toString()).toBe('Kh,Kd,Ks;Ah,2h,3h');
  });

  it('knows whether it is preserved in a layout', () => {
    const table = Table.fromString('Kh,Kd,Ks;Ah,2h,3h');
    expect(table.isPreservedIn(Table.fromString('Ah,2h,3h;Ks,Kd,Kh;5c,6c,7c'))).toBe(true);
    expect(table.isPreservedIn(Table.fromString('Kh,Kd,Ks;Ah,2h,3h,4h'))).toBe(false);
    expect(table.isPreservedIn(Table.fromString('Kh,Kd,Ks'))).toBe(false);
    expect(new Table().isPreservedIn(table)).toBe(true);
    expect(Table.fromString('Khr,Kd,Ks').isPreservedIn([Meld.fromString('Khb,Kd,Ks')])).toBe(false);
  });

  it('matches each old meld once', () => {
    const twice = Table.fromString('Kh,Kd,Ks;Kh,Kd,Ks');
    expect(twice.isPreservedIn(Table.fromString('Kh,Kd,Ks'))).toBe(false);
    expect(twice.isPreservedIn(Table.fromString('Ks,Kd,Kh;Kd,Kh,Ks'))).toBe(true);
    expect(newMelds([{ cards: ['Kh', 'Kd', 'Ks'] }], [{ cards: ['Ks', 'Kh', 'Kd'] }])).toEqual([]);
    expect(
      newMelds(
        [{ cards: ['Kh', 'Kd', 'Ks'] }],
        [{ cards: ['Ks', 'Kh', 'Kd'] }, { cards: ['2c', '3c', '4c'] }],
      ),
    ).toEqual([{ cards: ['2c', '3c', '4c'] }]);
    expect(newMelds([{ cards: ['Kh', 'Kd', 'Ks'] }], [{ cards: ['Kh', 'Kd', 'Kc'] }])).toBeNull();
  });

  it('lists the new melds of a layout', () => {
    const table = Table.fromString('Kh,Kd,Ks;Ah,2h,3h');
    const fresh = table.newMeldsIn(Table.fromString('Ah,2h,3h;5c,6c,7c;Ks,Kd,Kh;9d,9s,9c'));
    expect(fresh.map(String)).toEqual(['5c,6c,7c', '9d,9s,9c']);
    expect(table.newMeldsIn(table)).toEqual([]);
    expect(table.newMeldsIn(Table.fromString('Kh,Kd,Ks,Kc;Ah,2h,3h')).map(String)).toEqual(['Kh,Kd,Ks,Kc']);
  });

  it('round-trips through JSON keeping explicit kinds', () => {
    const table = new Table([new Run(['5d', 'wb', 'wr']), Meld.fromString('Kh,Kd,Ks')]);
    const back = Table.fromJSON(JSON.parse(JSON.stringify(table)));
    expect(back.getMelds()[0]).toBeInstanceOf(Run);
    expect(back.toString({ withBack: true })).toBe(table.toString({ withBack: true }));
  });
});

describe('Table.tryFromString', () => {
  it('gives the table fromString gives, or the refusal of its first bad meld', () => {
    const read = Table.tryFromString('Kh,Kd,Ks;Ahr,2hb,3h');
    expect(read.ok && read.table.toString({ withBack: true })).toBe('Kh,Kd,Ks;Ahr,2hb,3h');
    expect(Table.tryFromString('')).toMatchObject({ ok: true });
    for (const text of ['Kh,Kd,Ks;5c,7c,8c;Qh,Kh,wb', 'Kh,Kd,Ks;', 'Kh,Kd,Ks;5c,6x,7c', ';Kh,Kd,Ks']) {
      const refusal = Table.tryFromString(text);
      if (refusal.ok) throw new Error(`${text} should be refused`);
      expectSameError(
        refusal,
        thrownBy(() => Table.fromString(text)),
      );
    }
    expect(Table.tryFromString('Kh,Kd,Ks;5c,7c,8c')).toMatchObject({ rule: 'run_consecutive', card: '7c' });
    expect(Table.tryFromString('Kh,Kd,Ks;3h,Ah,2h', { anyOrder: true })).toMatchObject({ ok: true });
  });

  it('compares melds by their cards with backs, copies counted', () => {
    const table = Table.fromString('Khr,Kdr,Ksr;Khr,Kdr,Ksr;wbr,wbr,5h');
    expect(table.isPreservedIn(Table.fromString('Ksr,Kdr,Khr;5h,wbr,wbr;Kdr,Khr,Ksr'))).toBe(true);
    expect(table.isPreservedIn(Table.fromString('Ksr,Kdr,Khr;5h,wbr,wbr;Kdr,Khb,Ksr'))).toBe(false);
    expect(table.isPreservedIn(Table.fromString('Ksr,Kdr,Khr;wbr,wbr,5h'))).toBe(false);
    const layout = Table.fromString('Khr,Kdr,Ksr;wbr,wbr,5h;Kdr,Khr,Ksr,Kcb;7c,8c,9c');
    expect(table.newMeldsIn(layout).map(String)).toEqual(['Kd,Kh,Ks,Kc', '7c,8c,9c']);
    expect(newMelds(table.toJSON(), layout.toJSON())).toBeNull();
  });
});
