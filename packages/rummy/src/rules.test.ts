import { InvalidInputError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { InvalidRulesError } from './errors.js';
import { createDeck, DEFAULT_RULES, Rules } from './rules.js';

describe('Rules', () => {
  it('defaults to 2 decks, 2 jokers, 14 cards, 30 to open, 30 per joker', () => {
    const rules = new Rules();
    expect(rules.toJSON()).toEqual({
      decks: 2,
      jokers: 2,
      handSize: 14,
      openingPoints: 30,
      jokerPenalty: 30,
    });
    expect(new Rules({ handSize: 7 }).toJSON()).toEqual({ ...DEFAULT_RULES, handSize: 7 });
  });

  it.each([
    [{ decks: 0 }, 'decks', 'Expected integer to be greater or equal to 1, got 0.'],
    [{ decks: 1.5 }, 'decks', 'Expected integer, got 1.5.'],
    [{ jokers: -1 }, 'jokers', 'Expected integer to be greater or equal to 0, got -1.'],
    [{ decks: 1, jokers: 3 }, 'jokers', 'Expected at most 2 jokers per deck (2), got 3.'],
    [{ handSize: 0 }, 'handSize', 'Expected integer to be greater or equal to 1, got 0.'],
    [{ openingPoints: -1 }, 'openingPoints', 'Expected integer to be greater or equal to 0, got -1.'],
    [{ jokerPenalty: -5 }, 'jokerPenalty', 'Expected integer to be greater or equal to 0, got -5.'],
    [{ jokerPenalty: Number.NaN }, 'jokerPenalty', 'Expected integer, got NaN.'],
  ])('refuses %j naming %s', (options, field, message) => {
    let error: unknown;
    try {
      new Rules(options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InvalidRulesError);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({
      code: 'invalid_config',
      field,
      path: `$.${field}`,
      message: `$.${field}: Invalid rules: ${message}`,
    });
  });

  it('accepts the edges', () => {
    expect(
      () => new Rules({ decks: 1, jokers: 2, handSize: 1, openingPoints: 0, jokerPenalty: 0 }),
    ).not.toThrow();
    expect(() => new Rules({ decks: 3, jokers: 6 })).not.toThrow();
  });
});

describe('the deck', () => {
  it('has 106 cards in copy order, backs r then b, jokers wbr and wrr', () => {
    const deck = createDeck(DEFAULT_RULES);
    expect(deck).toHaveLength(106);
    const suitOrder = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
    const copy = (back: string) => ['c', 'd', 'h', 's'].flatMap((s) => suitOrder.map((r) => r + s + back));
    expect(deck).toEqual([...copy('r'), 'wbr', 'wrr', ...copy('b')]);
    expect(new Set(deck).size).toBe(106);
  });

  it('has no backs with one deck and keeps only the first jokers', () => {
    const one = createDeck({ ...DEFAULT_RULES, decks: 1, jokers: 1 });
    expect(one).toHaveLength(53);
    expect(one.slice(0, 3)).toEqual(['2c', '3c', '4c']);
    expect(one.slice(11, 14)).toEqual(['Kc', 'Ac', '2d']);
    expect(one.at(-1)).toBe('wb');
    expect(createDeck({ ...DEFAULT_RULES, jokers: 0 })).toHaveLength(104);
    expect(createDeck({ ...DEFAULT_RULES, jokers: 3 }).filter((c) => c[0] === 'w')).toEqual([
      'wbr',
      'wrr',
      'wbb',
    ]);
  });

  it('cycles the backs by copy with more decks', () => {
    const deck = createDeck({ ...DEFAULT_RULES, decks: 3, jokers: 0 });
    expect([deck[0], deck[52], deck[104]]).toEqual(['2cr', '2cb', '2cr']);
  });

  it('is given as Card objects by Rules', () => {
    const cards = new Rules({ decks: 1, jokers: 2 }).createDeck();
    expect(cards.map((c) => c.key)).toEqual(createDeck({ ...DEFAULT_RULES, decks: 1 }));
    expect(cards.at(-2)!.isJoker()).toBe(true);
  });
});
