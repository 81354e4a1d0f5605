import { NotationError, TabulaError } from '@tabula/core';
import { guarded, LONG, thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import {
  CARD_INDEXES,
  Card,
  cardIndex,
  cardText,
  compareForDisplay,
  isCardString,
  parseCardList,
  readCardList,
} from './card.js';
import { InvalidCardError } from './errors.js';
import { Hand } from './hand.js';
import { Meld } from './meld.js';
import { solve } from './solver/solve.js';
import { Table } from './table.js';

describe('Card notation', () => {
  it('reads rank, suit, back and value', () => {
    const k = Card.fromString('Khr');
    expect([k.rank, k.suit, k.back, k.value, k.key]).toEqual(['K', 'h', 'r', 13, 'Khr']);
    expect(Card.fromString('Tc').value).toBe(10);
    expect(Card.fromString('Ad').value).toBe(1);
    expect(Card.fromString('2s').value).toBe(2);
    expect(Card.fromString('Kh').back).toBeNull();
    const joker = Card.fromString('wrb');
    expect([joker.isJoker(), joker.value, joker.suit, joker.back]).toEqual([true, null, 'r', 'b']);
    expect(Card.fromString('Kh').isJoker()).toBe(false);
  });

  it('writes the back only when asked, and suit symbols in display text', () => {
    expect(Card.fromString('Khr').toString()).toBe('Kh');
    expect(Card.fromString('Khr').toString({ withBack: true })).toBe('Khr');
    expect(Card.fromString('wbr').toString()).toBe('wb');
    expect(['2c', 'Ah', 'Kh', 'Td', 'Qs', 'wb', 'wrb'].map((s) => Card.fromString(s).toText())).toEqual([
      '2♣',
      'A♥',
      'K♥',
      'T♦',
      'Q♠',
      'wb',
      'wr',
    ]);
    expect(cardText('5dr')).toBe('5♦');
  });

  it('builds cards from parts and shares one instance per string', () => {
    expect(Card.of('Q', 's', 'b').key).toBe('Qsb');
    expect(Card.of('w', 'r').key).toBe('wr');
    expect(Card.fromString('Kh')).toBe(Card.fromString('Kh'));
  });

  it('tells the two decks apart by the back', () => {
    const red = Card.fromString('Khr');
    const blue = Card.fromString('Khb');
    expect(red.isSameFace(blue)).toBe(true);
    expect(red.equals(blue)).toBe(false);
    expect(red.equals(Card.fromString('Khr'))).toBe(true);
    expect(red.isSameFace(Card.fromString('Kd'))).toBe(false);
  });

  it('charges the value, or the joker penalty', () => {
    expect(Card.fromString('Qh').getPenalty()).toBe(12);
    expect(Card.fromString('wb').getPenalty()).toBe(30);
    expect(Card.fromString('wb').getPenalty(50)).toBe(50);
  });

  it('lists comma-separated cards; the empty string is no cards', () => {
    expect(Card.listFromString('Kh,Kd,wb').map((c) => c.key)).toEqual(['Kh', 'Kd', 'wb']);
    expect(Card.listFromString('')).toEqual([]);
    expect(parseCardList('Ahr,2hb')).toEqual(['Ahr', '2hb']);
  });

  it.each([
    ['wh', /"wh".*joker is wb .* or wr/],
    ['wc', /"wc".*joker/],
    ['Kb', /"Kb".*regular rank with a joker colour/],
    ['Kr', /"Kr".*regular rank with a joker colour/],
    ['kh', /"kh".*unknown rank "k"/],
    ['1h', /unknown rank "1"/],
    ['Kx', /"Kx".*unknown suit "x"/],
    ['Khx', /"Khx".*unknown back "x"/],
    ['KH', /unknown suit "H"/],
    ['K', /"K".*rank, a suit and an optional back/],
    ['Khrr', /"Khrr"/],
    [' Kh', /" Kh"/],
    ['', /""/],
  ])('refuses %j with an error naming it', (text, message) => {
    expect(isCardString(text)).toBe(false);
    const error = (() => {
      try {
        Card.fromString(text);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidCardError);
    expect(error).toBeInstanceOf(NotationError);
    expect(error).toBeInstanceOf(TabulaError);
    expect((error as InvalidCardError).code).toBe('invalid_card');
    expect((error as InvalidCardError).message).toMatch(message);
  });

  it('names the bad card inside a list', () => {
    expect(() => Card.listFromString('Kh,Kb,Ks')).toThrow(/Invalid card "Kb" in "Kh,Kb,Ks"/);
    expect(() => Card.listFromString('Kh,,Ks')).toThrow(/Invalid card "" in "Kh,,Ks"/);
    expect(() => Card.listFromString('Kh, Kd')).toThrow(/" Kd"/);
  });

  it('accepts every card of the notation', () => {
    for (const rank of 'A23456789TJQK') {
      for (const suit of 'cdhs') {
        for (const back of ['', 'r', 'b']) expect(isCardString(rank + suit + back)).toBe(true);
      }
    }
    expect(['wb', 'wr', 'wbr', 'wrb'].every(isCardString)).toBe(true);
  });

  it('sorts for display by suit c, d, h, s, ace low, jokers last', () => {
    expect(['wb', 'Kh', 'Ah', '2c', 'Ts', '9d', 'wr'].sort(compareForDisplay)).toEqual([
      '2c',
      '9d',
      'Ah',
      'Kh',
      'Ts',
      'wb',
      'wr',
    ]);
  });
});

describe('the readers of typed cards bound their text (issue 11, item 5)', () => {
  const long = 'Kh,'.repeat(LONG / 3);
  // each reader, and the code of a value that is no text: a misused API, or a bad position for the solver
  const readers: [string, (text: string) => unknown, string][] = [
    ['parseCardList', (text) => parseCardList(text), 'invalid_argument'],
    ['Card.listFromString', (text) => Card.listFromString(text), 'invalid_argument'],
    ['Hand.fromString', (text) => Hand.fromString(text), 'invalid_argument'],
    ['Meld.fromString', (text) => Meld.fromString(text, { anyOrder: true }), 'invalid_argument'],
    ['Table.fromString', (text) => Table.fromString(text), 'invalid_argument'],
    ['solve, the hand', (text) => solve({ hand: text, opened: true }), 'invalid_input'],
    ['solve, the table', (text) => solve({ table: text, hand: 'Khr', opened: true }), 'invalid_input'],
  ];

  it.each(readers)('%s refuses text beyond the bound at once, naming the bound', (_, read, code) => {
    const result = guarded('read', () => read(long), { limitMs: 100 });
    expect(result.ok === false && result.error).toMatchObject({
      code: 'invalid_notation',
      message: expect.stringMatching(
        new RegExp(` is too long: ${long.length} characters, at most 10000 are read\\.$`),
      ),
    });
    const other = guarded('read', () => read(42 as unknown as string), { limitMs: 100 });
    expect(other.ok === false && other.error.code).toBe(code);
  });

  it('names a long bad card in a few words', () => {
    const result = guarded('Card.fromString', () => Card.fromString('x'.repeat(LONG)), { limitMs: 100 });
    expect(result.ok === false && result.error.message).toBe(
      `Invalid card "xxxxxxxxxxxxxxxxxxxx... (${LONG} characters)": a card is a rank, a suit and an optional back, e.g. Kh, Khr or wb.`,
    );
    const inList = guarded('parseCardList', () => parseCardList(`Kh,${'Q'.repeat(5000)}`), { limitMs: 100 });
    expect(inList.ok === false && inList.error.message.length).toBeLessThan(300);
    expect(thrownBy(() => Card.fromString(null as unknown as string), InvalidCardError).message).toBe(
      'Invalid card null: a card is a string, e.g. Kh, Khr or wb.',
    );
  });
});

describe('cards read and counted without cutting text', () => {
  it('readCardList reads what parseCardList reads, one shared string a card, and null for a bad part', () => {
    for (const text of ['Kh,Khr,wb,wrb,Ac,Td,2s', '', 'Ts', 'wr,wb']) {
      expect(readCardList(text)).toEqual(parseCardList(text));
    }
    expect(readCardList('xKh,Kdy', 1, 6)).toEqual(['Kh', 'Kd']);
    for (const text of ['Kh,', ',Kh', 'Kx', 'wh', 'Kb', 'Khx', '10h', 'kh', 'Kh,,Kd', 'K♥']) {
      expect(readCardList(text)).toBeNull();
      expect(() => parseCardList(text)).toThrow(InvalidCardError);
    }
  });

  it('cardIndex numbers every card string of the notation apart, and no other string', () => {
    const all = ['wb', 'wr', 'wbr', 'wbb', 'wrr', 'wrb'];
    for (const rank of 'A23456789TJQK')
      for (const suit of 'cdhs') for (const back of ['', 'r', 'b']) all.push(rank + suit + back);
    const indexes = all.map(cardIndex);
    expect(new Set(indexes).size).toBe(all.length);
    expect(indexes.every((i) => i >= 0 && i < CARD_INDEXES)).toBe(true);
    for (const text of ['', 'K', 'Kx', 'wh', 'Kb', 'Khx', 'Khrr', '1h', 'K\u0125'])
      expect(cardIndex(text)).toBe(-1);
  });
});
