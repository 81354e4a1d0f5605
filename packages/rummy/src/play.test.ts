import { IllegalActionError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { deckFrom, melds, setUp } from '../test/game-helpers.js';
import { Card } from './card.js';
import { InvalidMeldError, NotYourTurnError } from './errors.js';
import { Run } from './meld.js';
import type { Player } from './player.js';
import { Rules } from './rules.js';
import { Table } from './table.js';

describe('playing', () => {
  it('checks the layout in the spec order, leaving the game as it was', () => {
    // Alice: Kh,Kd,Ks,3h,4h - Bob: 5h,6h,7h,8h,3c - stock: 9h, wb, ...
    const rules = new Rules({ decks: 1, jokers: 1, handSize: 5 });
    const { game, players } = setUp(rules, ['Alice', 'Bob']);
    const [alice, bob] = players as [Player, Player];
    game.deal(deckFrom('Kh,Kd,Ks,3h,4h,5h,6h,7h,8h,3c,9h,wb', rules));
    expect(game.getHand(alice).toString()).toBe('Kh,Kd,Ks,3h,4h');
    expect(game.getHand(bob).toString()).toBe('5h,6h,7h,8h,3c');
    expect(game.getStockCount()).toBe(43);
    expect(thrownBy(() => game.play(bob, melds('5h,6h,7h')))).toBeInstanceOf(NotYourTurnError);

    game.play(alice, melds('Kh,Kd,Ks'));
    expect(game.getHand(alice).toString()).toBe('3h,4h');
    expect(game.hasOpened(alice)).toBe(true);
    expect(game.getTable().toString()).toBe('Kh,Kd,Ks');
    expect(game.getCurrentPlayer()).toBe(bob);

    expect(thrownBy(() => game.play(bob, melds('Kh,Kd,Ks;5h,6h,7h,8h')))).toMatchObject({
      code: 'opening_too_low',
      message: 'Opening melds are worth 26 points, 30 needed.',
    });
    expect(game.draw(bob).toString()).toBe('9h');
    expect(game.hasOpened(bob)).toBe(false);

    const illegal: [string, string, string][] = [
      ['Kh,Kd,Ks', 'no_card_played', 'At least one card from the hand must be played, otherwise draw.'],
      ['', 'cards_left_table', 'Cards cannot leave the table: Kh,Kd,Ks.'],
      ['Kh,Kd,Ks;Ah,2h,3h', 'card_not_held', 'Cards not in hand: Ah,2h.'],
      ['Kh,Kd,Ks,wb', 'card_not_held', 'Cards not in hand: wb.'],
      // several problems at once: the first check in order is the one reported
      ['Kh,Kd,wb;2h,3h,4h', 'cards_left_table', 'Cards cannot leave the table: Ks.'],
      ['Kh,Kd,Ks;2h,3h,4h', 'card_not_held', 'Cards not in hand: 2h.'],
    ];
    const before = game.toJSON();
    for (const [layout, code, message] of illegal) {
      const error = thrownBy(() => game.play(alice, melds(layout)));
      expect(error).toBeInstanceOf(IllegalActionError);
      expect(error).toMatchObject({ code, message });
      expect(game.toJSON()).toEqual(before);
    }
    expect(game.draw(alice).toString()).toBe('wb');

    game.play(bob, melds('Kh,Kd,Ks;5h,6h,7h,8h,9h'));
    expect(game.hasOpened(bob)).toBe(true);
    expect(game.getHand(bob).toString()).toBe('3c');
    expect(game.getCurrentPlayer()).toBe(alice);

    // Alice rearranges the table and goes out
    game.play(alice, melds('Kh,Kd,Ks,wb;3h,4h,5h,6h,7h,8h,9h'));
    expect(game.getHand(alice).isEmpty()).toBe(true);
    expect(game.isOver()).toBe(true);
    expect(game.getWinner()).toBe(alice);
    expect(game.getScore(alice)).toBe(3);
    expect(game.getScore(bob)).toBe(-3);
    expect(thrownBy(() => game.draw(bob))).toBeInstanceOf(IllegalActionError);
  });

  it('reports the first failing check when several fail', () => {
    const rules = new Rules({ decks: 1, jokers: 0, handSize: 5 });
    const { game, players } = setUp(rules, ['Alice', 'Bob'], 'Tc,Jc,Qc,Kc,2h,9c,Qh,Qd,5s,3c,9d');
    const [alice, bob] = players as [Player, Player];
    game.play(alice, melds('Tc,Jc,Qc,Kc'));
    const before = game.toJSON();
    // Kc left, Ah..3h not in hand, and Bob has not opened: "cannot leave" comes first
    expect(thrownBy(() => game.play(bob, melds('Tc,Jc,Qc;Ah,2h,3h')))).toMatchObject({
      code: 'cards_left_table',
      message: 'Cards cannot leave the table: Kc.',
    });
    // not in hand, and the run was extended before opening: "not in hand" comes before the opening check
    expect(thrownBy(() => game.play(bob, melds('9c,Tc,Jc,Qc,Kc;Ah,2h,3h')))).toMatchObject({
      code: 'card_not_held',
      message: 'Cards not in hand: Ah,2h,3h.',
    });
    // rearranged and worth too little: the rearrangement is reported
    expect(thrownBy(() => game.play(bob, melds('9c,Tc,Jc,Qc,Kc')))).toMatchObject({
      code: 'table_rearranged',
    });
    // nothing added and nothing left: check 2
    expect(thrownBy(() => game.play(bob, melds('Tc,Jc,Qc,Kc')))).toMatchObject({ code: 'no_card_played' });
    expect(game.toJSON()).toEqual(before);
  });

  it('counts jokers at the value they stand for when opening', () => {
    const rules = new Rules({ decks: 1, jokers: 2, handSize: 4 });
    const { game, players } = setUp(rules, ['Alice', 'Bob']);
    const [alice, bob] = players as [Player, Player];
    game.deal(deckFrom('Tc,wb,Qc,2d,9c,wr,9d,3s', rules));
    // Tc, wb (= Jc), Qc: 33 points; a joker counted at 0 would give 22
    game.play(alice, melds('Tc,wb,Qc'));
    expect(game.hasOpened(alice)).toBe(true);
    // a group of nines with a joker: 27 points, not enough
    expect(thrownBy(() => game.play(bob, melds('Tc,wb,Qc;9c,wr,9d')))).toMatchObject({
      message: 'Opening melds are worth 27 points, 30 needed.',
    });
    expect(game.hasOpened(bob)).toBe(false);
  });

  it('honours the kind of an explicit Run when counting the opening', () => {
    const rules = new Rules({ decks: 1, jokers: 2, handSize: 4, openingPoints: 18 });
    const { game, players } = setUp(rules, ['Alice', 'Bob']);
    const [alice] = players as [Player, Player];
    game.deal(deckFrom('5d,wb,wr,2c', rules));
    // guessed as a group of fives: 15
    expect(thrownBy(() => game.play(alice, melds('5d,wb,wr')))).toMatchObject({ code: 'opening_too_low' });
    // as a run it is 5, 6, 7: 18
    game.play(alice, [new Run(Card.listFromString('5d,wb,wr'))]);
    expect(game.getTable().getMelds()[0]).toBeInstanceOf(Run);
    expect(game.getTable().getMelds()[0]!.getPoints()).toBe(18);
  });

  it('accepts a Table as the layout and tells the decks apart', () => {
    // Alice: Khr,Khb,Ksr,Kdb - Bob: Kdr,2cr,3cr,4cr
    const rules = new Rules({ decks: 2, jokers: 0, handSize: 4 });
    const { game, players } = setUp(rules, ['Alice', 'Bob']);
    const [alice] = players as [Player, Player];
    game.deal(deckFrom('Khr,Khb,Ksr,Kdb,Kdr,2cr,3cr,4cr', rules));
    expect(thrownBy(() => game.play(alice, Table.fromString('Khr,Kdr,Ksr')))).toMatchObject({
      message: 'Cards not in hand: Kdr.',
    });
    game.play(alice, Table.fromString('Khr,Kdb,Ksr'));
    expect(game.getTable().toString({ withBack: true })).toBe('Khr,Kdb,Ksr');
    expect(game.getHand(alice).toString({ withBack: true })).toBe('Khb');
  });

  it('refuses invalid melds on construction', () => {
    expect(() => melds('Kh,Kd,Qs')).toThrow(InvalidMeldError);
  });
});

describe('scoring', () => {
  it('gives the winner who goes out the sum of the losers, jokers at the penalty', () => {
    // Alice: Kh,Kd,Ks - Bob: wb,2c,3c
    const rules = new Rules({ decks: 1, jokers: 1, handSize: 3 });
    const { game, players } = setUp(rules, ['Alice', 'Bob']);
    const [alice, bob] = players as [Player, Player];
    game.deal(deckFrom('Kh,Kd,Ks,wb,2c,3c', rules));
    expect(game.getScore(alice)).toBe(0);
    game.play(alice, melds('Kh,Kd,Ks'));
    expect(game.getWinner()).toBe(alice);
    expect(game.getScore(alice)).toBe(35);
    expect(game.getScore(bob)).toBe(-35);
  });

  it('uses the rules joker penalty', () => {
    const rules = new Rules({ decks: 1, jokers: 1, handSize: 3, jokerPenalty: 50 });
    const { game, players } = setUp(rules, ['Alice', 'Bob']);
    const [alice, bob] = players as [Player, Player];
    game.deal(deckFrom('Kh,Kd,Ks,wb,2c,3c', rules));
    game.play(alice, melds('Kh,Kd,Ks'));
    expect([game.getScore(alice), game.getScore(bob)]).toEqual([55, -55]);
  });
});

describe('scripted rounds', () => {
  it('a round where a player rearranges the table, moves a joker and goes out', () => {
    const rules = new Rules({ decks: 1, jokers: 2, handSize: 8 });
    const { game, players } = setUp(rules, ['Alice', 'Bob']);
    const [alice, bob] = players as [Player, Player];
    // Alice: Tc,Jc,Qc,Kc,5h,7h,wb,2s - Bob: 9h,9d,9s,2d,3d,Ks,Kd,Ad - stock: 6h,9c,wr,2c,...
    game.deal(deckFrom('Tc,Jc,Qc,Kc,5h,7h,wb,2s,9h,9d,9s,2d,3d,Ks,Kd,Ad,6h,9c,wr', rules));

    game.play(alice, melds('Tc,Jc,Qc,Kc'));
    expect(game.getHand(alice).toString()).toBe('5h,7h,wb,2s');
    expect(thrownBy(() => game.play(bob, melds('Tc,Jc,Qc,Kc;9h,9d,9s')))).toMatchObject({
      message: 'Opening melds are worth 27 points, 30 needed.',
    });
    expect(thrownBy(() => game.play(bob, melds('Tc,Jc,Qc;9h,9d,9s;Kc,Kd,Ks')))).toMatchObject({
      code: 'table_rearranged',
    });
    expect(game.draw(bob).key).toBe('6h');

    game.play(alice, melds('Tc,Jc,Qc,Kc;5h,wb,7h'));
    expect(game.getHand(alice).toString()).toBe('2s');
    expect(game.draw(bob).key).toBe('9c');
    expect(game.draw(alice).key).toBe('wr');

    game.play(bob, melds('Tc,Jc,Qc,Kc;5h,wb,7h;9h,9d,9s,9c'));
    expect(game.hasOpened(bob)).toBe(true);
    expect(game.getHand(bob).toString()).toBe('2d,3d,Ks,Kd,Ad,6h');
    expect(game.draw(alice).key).toBe('2c');

    // Bob takes Kc off the run, swaps the joker for his 6h and puts it with his diamonds
    const before = game.toJSON();
    expect(
      thrownBy(() => game.play(bob, melds('Tc,Jc,Qc;5h,6h,7h;9h,9d,9s,9c;Ks,Kd,Kc;Ad,2d,3d'))),
    ).toMatchObject({
      code: 'cards_left_table',
      message: 'Cards cannot leave the table: wb.',
    });
    expect(game.toJSON()).toEqual(before);
    game.play(bob, melds('Tc,Jc,Qc;5h,6h,7h;9h,9d,9s,9c;Ks,Kd,Kc;Ad,2d,3d,wb'));
    expect(game.isOver()).toBe(true);
    expect(game.getWinner()).toBe(bob);
    expect(game.getHand(alice).toString()).toBe('2s,wr,2c');
    expect(game.getScore(alice)).toBe(-34);
    expect(game.getScore(bob)).toBe(34);
    expect(game.getTable().getCards()).toHaveLength(17);
  });

  it('a three-player round that ends with everyone passing', () => {
    const rules = new Rules({ decks: 1, jokers: 1, handSize: 5 });
    const { game, players } = setUp(
      rules,
      ['Alice', 'Bob', 'Carol'],
      'Tc,Jc,Qc,Kc,9d,Ts,Js,Qs,Ks,Ad,5h,5d,Th,wb,2s,Td',
    );
    const [alice, bob, carol] = players as [Player, Player, Player];
    game.play(alice, melds('Tc,Jc,Qc,Kc'));
    game.play(bob, melds('Tc,Jc,Qc,Kc;Ts,Js,Qs,Ks'));
    expect(thrownBy(() => game.play(carol, melds('Tc,Jc,Qc,Kc;Ts,Js,Qs,Ks;5h,5d,wb')))).toMatchObject({
      message: 'Opening melds are worth 15 points, 30 needed.',
    });
    expect(game.draw(carol).key).toBe('Td');
    expect(game.getStockCount()).toBe(0);
    game.pass(alice);
    game.pass(bob);
    game.play(carol, melds('Tc,Jc,Qc,Kc;Ts,Js,Qs,Ks;Th,Td,wb'));
    expect(game.getPassCount()).toBe(0);
    game.pass(alice);
    game.pass(bob);
    expect(game.isOver()).toBe(false);
    expect(game.getCurrentPlayer()).toBe(carol);
    game.pass(carol);
    expect(game.isOver()).toBe(true);
    // Alice 9, Bob 1, Carol 5 + 5 + 2 = 12: Bob wins
    expect(game.getWinner()).toBe(bob);
    expect([alice, bob, carol].map((p) => game.getScore(p))).toEqual([-8, 19, -11]);
  });
});
