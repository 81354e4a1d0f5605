import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { UnknownPlayerError } from './errors.js';
import { Game } from './game.js';
import { Meld } from './meld.js';
import { Player } from './player.js';
import { Rules } from './rules.js';
import type { RummyState } from './schemas.js';
import { viewFor } from './view.js';

function dealt(seed: number) {
  const game = new Game(new Rules());
  const players = ['Alice', 'Bob', 'Carol'].map((n) => new Player(n));
  for (const p of players) game.join(p);
  game.deal(undefined, { seed });
  return { game, players: players as [Player, Player, Player] };
}

describe('viewFor', () => {
  it('shows the own hand and counts, never other hands nor the stock', () => {
    const { game, players } = dealt(11);
    const [alice, bob, carol] = players;
    const view = game.viewFor(alice);
    expect(view.seat).toBe(0);
    expect(view.hand).toEqual(game.getHand(alice).keys);
    expect(view.handSizes).toEqual([14, 14, 14]);
    expect(view.stockCount).toBe(64);
    expect(view.current).toBe(0);
    expect(view.status).toBe('playing');
    expect(view.opened).toEqual([false, false, false]);
    expect(view.scores).toBeNull();
    expect(view.players.map((p) => p.name)).toEqual(['Alice', 'Bob', 'Carol']);
    const text = JSON.stringify(view);
    // with two decks every card string is unique, so none of these may show up
    const hidden = [...game.getHand(bob).keys, ...game.getHand(carol).keys, ...game.getState()!.stock];
    for (const card of hidden) expect(text).not.toContain(`"${card}"`);
    for (const card of view.hand!) expect(text).toContain(`"${card}"`);
  });

  it('shows a spectator no hand at all', () => {
    const { game } = dealt(12);
    const view = game.viewFor(null);
    expect(view.seat).toBeNull();
    expect(view.hand).toBeNull();
    expect(view.handSizes).toEqual([14, 14, 14]);
  });

  it('refuses a player who is not in the game', () => {
    expect(() => dealt(1).game.viewFor(new Player('Mallory'))).toThrow(UnknownPlayerError);
  });

  it('works before the deal and after the end', () => {
    const game = new Game(new Rules({ decks: 1, jokers: 1, handSize: 3 }));
    const alice = new Player('Alice');
    const bob = new Player('Bob');
    game.join(alice);
    game.join(bob);
    expect(game.viewFor(alice)).toMatchObject({
      status: 'waiting',
      hand: null,
      handSizes: [0, 0],
      current: null,
    });
    game.deal('Kh,Kd,Ks,wb,2c,3c,4c'.split(','));
    game.play(alice, [Meld.fromString('Kh,Kd,Ks')]);
    const view = game.viewFor(bob);
    expect(view).toMatchObject({
      status: 'over',
      winner: 0,
      scores: [35, -35],
      current: null,
      hand: ['wb', '2c', '3c'],
      handSizes: [0, 3],
      table: [{ kind: 'group', cards: ['Kh', 'Kd', 'Ks'] }],
      stockCount: 1,
    });
  });

  it('does not change when other hands and the stock are dealt differently', () => {
    for (let seed = 0; seed < 50; seed++) {
      const state = dealt(seed).game.getState()!;
      // swap cards between the hidden places: other hands and the stock, keeping their sizes
      const rng = createRng(seed);
      const hidden = rng.shuffle([...state.hands[1]!, ...state.hands[2]!, ...state.stock]);
      const other: RummyState = {
        ...state,
        hands: [state.hands[0]!, hidden.slice(0, 14), hidden.slice(14, 28)],
        stock: hidden.slice(28),
      };
      expect(viewFor(other, 0)).toEqual(viewFor(state, 0));
      expect(viewFor(other, 1)).not.toEqual(viewFor(state, 1));
    }
  });

  it('gives fresh arrays', () => {
    const { game, players } = dealt(2);
    const view = game.viewFor(players[0]);
    (view.hand as string[]).length = 0;
    expect(game.getHand(players[0]).size).toBe(14);
  });
});
