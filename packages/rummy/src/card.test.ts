import { NotationError, TabulaError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { Card, cardText, compareForDisplay, isCardString, parseCardList } from './card.js';
import { InvalidCardError } from './errors.js';

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
