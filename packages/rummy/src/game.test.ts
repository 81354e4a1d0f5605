import { IllegalActionError, InvalidInputError, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { deckFrom, melds, setUp } from '../test/game-helpers.js';
import { Card } from './card.js';
import { DuplicatePlayerError, NotYourTurnError, UnknownPlayerError } from './errors.js';
import { Game } from './game.js';
import { Player } from './player.js';
import { createDeck, Rules } from './rules.js';

describe('joining and dealing', () => {
  it('lets players join before the deal', () => {
    const game = new Game();
    const alice = new Player('Alice');
    expect(game.hasPlayer(alice)).toBe(false);
    game.join(alice);
    expect(game.hasPlayer(alice)).toBe(true);
    expect(game.hasPlayer(new Player('Bob'))).toBe(false);
    expect(alice.isPlaying(game)).toBe(true);
    expect(new Player('Bob').isPlaying(game)).toBe(false);
    expect(game.getPlayers()).toEqual([alice]);
    expect(game.getStatus()).toBe('waiting');
    expect(game.hasOpened(alice)).toBe(false);
    expect(game.getRules().handSize).toBe(14);
    expect(game.getStockCount()).toBe(0);
    expect(game.getTable().isEmpty()).toBe(true);
  });

  it('refuses a duplicate join (same id) and a join after the deal', () => {
    const game = new Game();
    game.join(new Player('Alice'));
    const dup = thrownBy(() => game.join(new Player('Alice')));
    expect(dup).toBeInstanceOf(DuplicatePlayerError);
    expect(dup).toBeInstanceOf(IllegalActionError);
    expect(dup).toMatchObject({ code: 'duplicate_player', message: 'Player Alice already joined.' });
    game.join(new Player('Bob'));
    game.deal(undefined, { seed: 1 });
    const late = thrownBy(() => game.join(new Player('Carol')));
    expect(late).toBeInstanceOf(IllegalActionError);
    expect(late).toMatchObject({ code: 'wrong_phase' });
    expect(game.getPlayers()).toHaveLength(2);
  });

  it('needs two players, enough cards, cards of the deck, and deals once', () => {
    const one = new Game();
    one.join(new Player('Alice'));
    expect(thrownBy(() => one.deal(), InvalidInputError)).toMatchObject({
      code: 'invalid_config',
      path: '$.players',
      message: '$.players: At least two players are needed, got 1.',
    });
    expect(one.getStatus()).toBe('waiting');

    const rules = new Rules({ decks: 1, jokers: 0, handSize: 4 });
    const { game } = setUp(rules, ['Alice', 'Bob']);
    const short = thrownBy(() => game.deal(Card.listFromString('Ah,2h,3h,4h,5h,6h,7h')));
    expect(short).toBeInstanceOf(InvalidInputError);
    expect(short).toMatchObject({
      code: 'invalid_input',
      message: '$.deck: Not enough cards to deal 4 cards to 2 players: 8 needed, 7 given.',
    });
    expect(thrownBy(() => game.deal('Ah,2h,3h,4h,5h,6h,7h,wb'.split(',')), InvalidInputError)).toMatchObject({
      code: 'invalid_input',
      path: '$.deck[7]',
    });
    expect(thrownBy(() => game.deal('Ah,2h,3h,4h,5h,6h,7h,7h'.split(',')))).toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('7h'),
    });
    expect(thrownBy(() => game.deal('Ah,2h,3h,4h,5h,6h,7h,Kb'.split(',')))).toMatchObject({
      code: 'invalid_card',
    });
    expect(game.getStatus()).toBe('waiting');
    game.deal('Ah,2h,3h,4h,5h,6h,7h,8h'.split(','));
    expect(thrownBy(() => game.deal())).toMatchObject({
      code: 'wrong_phase',
      message: 'Cards already dealt.',
    });
  });

  it('tells a deck without backs in a two-deck game what is missing', () => {
    const { game } = setUp(new Rules({ handSize: 1 }), ['Alice', 'Bob']);
    expect(thrownBy(() => game.deal(['Kh', 'Kd']))).toMatchObject({
      message: expect.stringContaining('e.g. Khr'),
    });
  });

  it('deals blocks of handSize from the start of a given deck; the rest is the stock', () => {
    const rules = new Rules({ decks: 1, jokers: 0, handSize: 3 });
    const { game, players } = setUp(rules, ['Alice', 'Bob', 'Carol'], 'Ah,2h,3h,4h,5h,6h,7h,8h,9h,Th,Jh');
    const [alice, bob, carol] = players as [Player, Player, Player];
    expect(game.getHand(alice).toString()).toBe('Ah,2h,3h');
    expect(game.getHand(bob).toString()).toBe('4h,5h,6h');
    expect(game.getHand(carol).toString()).toBe('7h,8h,9h');
    expect(game.getStockCount()).toBe(2);
    expect(game.draw(alice).key).toBe('Th');
  });

  it('shuffles the rules deck, reproducibly with a seed', () => {
    const deal = (seed: number) => {
      const { game, players } = setUp(new Rules(), ['Alice', 'Bob', 'Carol']);
      game.deal(undefined, { seed });
      return { game, players };
    };
    const { game, players } = deal(7);
    const [alice, bob, carol] = players as [Player, Player, Player];
    expect(game.getStatus()).toBe('playing');
    for (const p of players) expect(game.getHand(p).size).toBe(14);
    expect(game.getStockCount()).toBe(106 - 42);
    expect(game.getTable().isEmpty()).toBe(true);
    expect(game.getCurrentPlayer()).toBe(alice);
    expect(game.getWinner()).toBeNull();
    expect(game.isOver()).toBe(false);
    const all = [alice, bob, carol].flatMap((p) => game.getHand(p).keys);
    const stock = game.getState()!.stock;
    expect([...all, ...stock].sort()).toEqual(createDeck(new Rules()).sort());
    expect(all.slice(0, 14)).not.toEqual(createDeck(new Rules()).slice(0, 14));
    expect(deal(7).game.toJSON()).toEqual(game.toJSON());
    expect(deal(8).game.toJSON()).not.toEqual(game.toJSON());
  });

  it('has no current player and no hands before the deal; unknown players are refused', () => {
    const game = new Game();
    const alice = new Player('Alice');
    game.join(alice);
    expect(thrownBy(() => game.getCurrentPlayer())).toMatchObject({ code: 'wrong_phase' });
    expect(thrownBy(() => game.getHand(alice))).toBeInstanceOf(IllegalActionError);
    const unknown = thrownBy(() => game.getHand(new Player('Carol')));
    expect(unknown).toBeInstanceOf(UnknownPlayerError);
    expect(unknown).toBeInstanceOf(TabulaError);
    expect(unknown).toMatchObject({ code: 'unknown_seat', message: 'Player Carol is not in this game.' });
    expect(thrownBy(() => game.getScore(new Player('Carol')))).toBeInstanceOf(UnknownPlayerError);
    expect(thrownBy(() => game.hasOpened(new Player('Carol')))).toBeInstanceOf(UnknownPlayerError);
  });
});

describe('turns', () => {
  it('rotate in join order', () => {
    const rules = new Rules({ decks: 1, jokers: 0, handSize: 2 });
    const { game, players } = setUp(rules, ['Alice', 'Bob', 'Carol']);
    const [alice, bob, carol] = players as [Player, Player, Player];
    game.deal(deckFrom('2c,3c,4c,5c,6c,7c,8c,9c,Tc', rules));
    expect(game.getCurrentPlayer()).toBe(alice);
    expect(game.draw(alice).toString()).toBe('8c');
    expect(game.getCurrentPlayer()).toBe(bob);
    expect(game.draw(bob).toString()).toBe('9c');
    expect(game.getCurrentPlayer()).toBe(carol);
    expect(game.draw(carol).toString()).toBe('Tc');
    expect(game.getCurrentPlayer()).toBe(alice);
    expect(game.getHand(alice).toString()).toBe('2c,3c,8c');
    expect(game.getStockCount()).toBe(52 - 9);
  });

  it('refuse a player out of turn with NotYourTurnError', () => {
    const rules = new Rules({ decks: 1, jokers: 0, handSize: 3 });
    const { game, players } = setUp(rules, ['Alice', 'Bob'], 'Kh,Kd,Ks,Qh,Qd,Qs,2c');
    const [, bob] = players as [Player, Player];
    const before = game.toJSON();
    for (const act of [() => game.draw(bob), () => game.pass(bob), () => game.play(bob, melds('Qh,Qd,Qs'))]) {
      const error = thrownBy(act);
      expect(error).toBeInstanceOf(NotYourTurnError);
      expect(error).toBeInstanceOf(IllegalActionError);
      expect(error).toMatchObject({ code: 'not_your_turn', message: "It is Alice's turn, not Bob's." });
    }
    expect(game.toJSON()).toEqual(before);
  });

  it('check the round first, then the player, then the turn', () => {
    const rules = new Rules({ decks: 1, jokers: 0, handSize: 3 });
    const { game, players } = setUp(rules, ['Alice', 'Bob']);
    const [alice, bob] = players as [Player, Player];
    const stranger = new Player('Carol');
    expect(thrownBy(() => game.draw(stranger))).toMatchObject({ code: 'wrong_phase' });
    game.deal('Kh,Kd,Ks,Qh,Qd,Qs,2c'.split(','));
    expect(thrownBy(() => game.draw(stranger))).toBeInstanceOf(UnknownPlayerError);
    expect(thrownBy(() => game.draw(bob))).toBeInstanceOf(NotYourTurnError);
    game.play(alice, melds('Kh,Kd,Ks'));
    expect(game.isOver()).toBe(true);
    expect(thrownBy(() => game.draw(stranger))).toMatchObject({ code: 'game_over' });
    expect(thrownBy(() => game.draw(bob))).toMatchObject({
      code: 'game_over',
      message: 'The round is over.',
    });
    expect(thrownBy(() => game.getCurrentPlayer())).toMatchObject({ code: 'game_over' });
  });

  it('draw only from a stock with cards; pass only with an empty stock', () => {
    const rules = new Rules({ decks: 1, jokers: 0, handSize: 4 });
    const { game, players } = setUp(rules, ['Alice', 'Bob'], 'Th,Jh,Qh,Ac,7h,8h,9h,Kc,2c');
    const [alice, bob] = players as [Player, Player];
    expect(game.getStockCount()).toBe(1);
    expect(thrownBy(() => game.pass(alice))).toMatchObject({
      code: 'stock_not_empty',
      message: 'Cannot pass while the stock is not empty: play or draw.',
    });
    game.play(alice, melds('Th,Jh,Qh'));
    // Bob cannot rearrange before opening, even if the result is worth enough
    expect(thrownBy(() => game.play(bob, melds('7h,8h,9h,Th,Jh,Qh')))).toMatchObject({
      code: 'table_rearranged',
      message: 'The table cannot be rearranged before opening.',
    });
    expect(game.draw(bob).toString()).toBe('2c');
    expect(game.getStockCount()).toBe(0);
    expect(thrownBy(() => game.draw(alice))).toMatchObject({
      code: 'stock_empty',
      message: 'The stock is empty: play or pass.',
    });
    game.pass(alice);
    expect(game.getPassCount()).toBe(1);
    expect(game.isOver()).toBe(false);
    game.pass(bob);
    expect(game.isOver()).toBe(true);
    // Alice holds 1 point, Bob 39: Bob loses 38, Alice wins 38
    expect(game.getWinner()).toBe(alice);
    expect(game.getScore(alice)).toBe(38);
    expect(game.getScore(bob)).toBe(-38);
  });

  it('end in a stalemate after as many passes in a row as players; a play resets the count', () => {
    // Alice: Th,Jh,Qh,Ac - Bob: 7h,8h,9h,2d - Carol: Kd,Ks,Kc,Ad - empty stock
    const rules = new Rules({ decks: 1, jokers: 0, handSize: 4 });
    const { game, players } = setUp(rules, ['Alice', 'Bob', 'Carol'], 'Th,Jh,Qh,Ac,7h,8h,9h,2d,Kd,Ks,Kc,Ad');
    const [alice, bob, carol] = players as [Player, Player, Player];
    game.pass(alice);
    game.pass(bob);
    expect(game.getPassCount()).toBe(2);
    game.play(carol, melds('Ks,Kd,Kc'));
    expect(game.getPassCount()).toBe(0);
    game.play(alice, melds('Ks,Kd,Kc;Th,Jh,Qh'));
    game.pass(bob);
    game.pass(carol);
    expect(game.isOver()).toBe(false);
    game.pass(alice);
    expect(game.isOver()).toBe(true);
    expect(game.getStatus()).toBe('over');
    // Alice 1, Bob 26, Carol 1: the earliest of the lowest wins
    expect(game.getWinner()).toBe(alice);
    expect([alice, bob, carol].map((p) => game.getScore(p))).toEqual([25, -25, 0]);
  });
});
