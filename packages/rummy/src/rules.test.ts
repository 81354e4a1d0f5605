import { createRng, IllegalActionError, InvalidInputError, replay } from '@tabula/core';
import { guarded } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { RANKS, SUITS } from './card.js';
import { rummyGame } from './definition.js';
import { InvalidRulesError } from './errors.js';
import { Game } from './game.js';
import { Player } from './player.js';
import * as Round from './round.js';
import { copiesInDeck, createDeck, DEFAULT_RULES, Rules } from './rules.js';
import { MAX_CARDS, MAX_DECKS, MAX_HAND_SIZE, MAX_PLAYERS } from './schemas.js';
import { solve } from './solver/solve.js';

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

describe('the deck counted without building it', () => {
  it('gives every card as many copies as the built deck holds, for every rules within the bounds', () => {
    const faces = [...RANKS.flatMap((r) => SUITS.map((s) => r + s)), 'wb', 'wr'];
    const strings = faces.flatMap((face) => [face, `${face}r`, `${face}b`]);
    for (let decks = 1; decks <= MAX_DECKS; decks++) {
      for (let jokers = 0; jokers <= 2 * decks; jokers++) {
        const rules = { ...DEFAULT_RULES, decks, jokers };
        const counted = new Map<string, number>();
        for (const card of createDeck(rules)) counted.set(card, (counted.get(card) ?? 0) + 1);
        for (const card of strings) expect(copiesInDeck(rules, card), card).toBe(counted.get(card) ?? 0);
      }
    }
    expect(copiesInDeck(DEFAULT_RULES, 'Kx')).toBe(0);
  });
});

describe('the rules’ bounds, on every way in (issue 11, item 2)', () => {
  // The input that failed: 2,000,000 decks hung the deck-fit check, then ran out of memory.
  const huge = 2_000_000;
  const fast = { limitMs: 200 };

  it.each([
    [{ decks: 9 }, 'decks', 'Expected integer to be less or equal to 8, got 9.'],
    [{ decks: huge }, 'decks', `Expected integer to be less or equal to 8, got ${huge}.`],
    [{ decks: 8, jokers: 17 }, 'jokers', 'Expected integer to be less or equal to 16, got 17.'],
    [{ handSize: 55 }, 'handSize', 'Expected integer to be less or equal to 54, got 55.'],
    [{ openingPoints: 1001 }, 'openingPoints', 'Expected integer to be less or equal to 1000, got 1001.'],
    [{ jokerPenalty: 1e21 }, 'jokerPenalty', 'Expected integer to be less or equal to 1000, got 1e+21.'],
  ])('new Rules(%j) is refused naming the bound of %s', (options, field, message) => {
    const result = guarded('new Rules', () => new Rules(options), fast);
    expect(result.ok === false && result.error).toMatchObject({
      code: 'invalid_config',
      path: `$.${field}`,
      message: `$.${field}: Invalid rules: ${message}`,
    });
  });

  it('takes the largest rules: 8 decks, 16 jokers, hands of 54, 1000 points', () => {
    const rules = new Rules({
      decks: MAX_DECKS,
      jokers: 16,
      handSize: MAX_HAND_SIZE,
      openingPoints: 1000,
      jokerPenalty: 1000,
    });
    expect(rules.createDeck()).toHaveLength(MAX_CARDS);
    const state = rummyGame.setup({ players: 8, rules: rules.toJSON() }, createRng(1));
    expect(rummyGame.fromJSON(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('a saved round, a saved game, a config, a record and the solver refuse 2,000,000 decks at once', () => {
    const state = rummyGame.setup({ players: 2 }, createRng(1));
    const round = { ...state, rules: { ...state.rules, decks: huge } };
    const fromRound = guarded('fromJSON', () => rummyGame.fromJSON(round), fast);
    expect(fromRound.ok === false && fromRound.error).toMatchObject({
      code: 'invalid_state',
      path: '$.rules.decks',
    });

    const game = new Game();
    game.join(new Player('Ann'));
    game.join(new Player('Bob'));
    game.deal(undefined, { seed: 1 });
    const saved = game.toJSON();
    for (const forged of [
      { ...saved, rules: { ...saved.rules, decks: huge } },
      { ...saved, round: { ...saved.round, rules: { ...saved.rules, decks: huge } } },
    ]) {
      const loaded = guarded('Game.fromJSON', () => Game.fromJSON(forged), fast);
      expect(loaded.ok === false && loaded.error.code).toBe('invalid_state');
      expect(loaded.ok === false && loaded.error.message).toMatch(/less or equal to 8, got 2000000/);
    }

    const config = { players: 2, rules: { decks: huge } };
    const calls: (() => unknown)[] = [
      () => rummyGame.setup(config, createRng(1)),
      () => rummyGame.seatCount(config),
    ];
    for (const call of calls) {
      const result = guarded('a config', call, fast);
      expect(result.ok === false && result.error).toMatchObject({
        code: 'invalid_config',
        path: '$.rules.decks',
      });
    }

    const record = { game: 'rummy', version: '1', config, seed: 1, actions: [] };
    const replayed = guarded('replay', () => replay(rummyGame, record), fast);
    expect(replayed.ok === false && replayed.error).toMatchObject({
      code: 'invalid_record',
      path: '$.config.rules.decks',
    });

    const solved = guarded('solve', () => solve({ hand: 'Khr', opened: true, rules: { decks: huge } }), fast);
    expect(solved.ok === false && solved.error).toMatchObject({ code: 'invalid_config', path: '$.decks' });
  });

  it('the PHP-compatible Game, createDeck and the shuffle check the rules before building a deck', () => {
    const rules = { ...DEFAULT_RULES, decks: huge };
    const calls: [string, () => unknown][] = [
      ['new Game', () => new Game(rules)],
      ['createDeck', () => createDeck(rules)],
      ['Round.shuffledDeck', () => Round.shuffledDeck(rules, createRng(1))],
      ['Round.deal', () => Round.deal(rules, 2, [])],
    ];
    for (const [what, call] of calls) {
      const result = guarded(what, call, fast);
      expect(result.ok === false && result.error.code, what).toBe('invalid_config');
    }
    // plain options are taken as new Rules takes them
    expect(new Game({ decks: 1 }).getRules().toJSON()).toEqual({ ...DEFAULT_RULES, decks: 1 });
  });

  it('seats 2 to 16 players, and no more than the deck deals a hand', () => {
    const refused = (players: number, rules?: object) => {
      const result = guarded(
        'setup',
        () => rummyGame.setup({ players, ...(rules ? { rules } : {}) }, createRng(1)),
        fast,
      );
      return result.ok === false && result.error;
    };
    expect(refused(17)).toMatchObject({
      code: 'invalid_config',
      path: '$.players',
      message: expect.stringMatching(/less or equal to 16, got 17/),
    });
    expect(refused(200_000_000)).toMatchObject({ code: 'invalid_config', path: '$.players' });
    expect(refused(8, { decks: 1, jokers: 0, handSize: 7 })).toMatchObject({
      code: 'invalid_config',
      path: '$.players',
      message: '$.players: 8 players of 7 cards need 56 cards, the deck has 52',
    });
    expect(refused(MAX_PLAYERS, { decks: 5 })).toBe(false);

    const deck = createDeck(DEFAULT_RULES);
    expect(() => Round.deal({ ...DEFAULT_RULES, handSize: 1 }, 17, deck)).toThrow(
      /At most 16 players can play a round, got 17/,
    );
    const game = new Game(new Rules({ handSize: 1 }));
    for (let i = 0; i < MAX_PLAYERS; i++) game.join(new Player(`p${i}`));
    expect(() => game.join(new Player('one too many'))).toThrow(IllegalActionError);
    expect(game.getPlayers()).toHaveLength(MAX_PLAYERS);
    game.deal(undefined, { seed: 1 });
    expect(Game.fromJSON(JSON.parse(JSON.stringify(game))).getPlayers()).toHaveLength(MAX_PLAYERS);
  });
});
