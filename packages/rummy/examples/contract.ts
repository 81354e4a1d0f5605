import assert from 'node:assert/strict';
import { type Agent, createRng, playGame } from '@tabula/core';
import { type RummyAction, type RummyView, rummyGame } from '@tabula/rummy';

// setup shuffles the rules' deck with the given generator, then deals; seats are join order, seat 0 starts
const state = rummyGame.setup({ players: 2 }, createRng(15));
assert.deepEqual(rummyGame.toAct(state), [0]);

// draw (or pass), then the solver's best play, then the other plays the search finds; describe writes them for people
const legal = rummyGame.legalActions(state, 0);
console.log(legal.map((action) => rummyGame.describe!(action, state)));
// [ 'draw', 'lay Ad,Ah,As;Tc,Jc,Qc', 'lay Tc,Jc,Qc' ]

// a person types a play (backs, case and suit symbols are forgiven); apply checks it as any other
const typed = rummyGame.parseAction!('lay A♦ A♥ A♠ | tc jc qc', rummyGame.view(state, 0), legal);
assert.deepEqual(typed, legal[1]);
const next = rummyGame.apply(state, 0, typed, createRng(0));
console.log(rummyGame.render!(rummyGame.view(next, 1)));
// seat 1 (you) to play. Stock: 78 cards.
// Table:
//    1. A♦ A♥ A♠
//    2. T♣ J♣ Q♣
// Players: seat 0: 8 cards, opened; seat 1 (you): 14 cards, not opened
// Your hand: 2♣ 5♣ 7♣ 3♦ 5♦ 8♦ Q♦ 6♥ 8♥ 3♠ 4♠ 5♠ 7♠ 7♠
// Key: a card is its rank (A, 2-9, T for ten, J, Q, K) and suit (♣ ♦ ♥ ♠); wb and wr are the black and red jokers.
// Key: the 2 decks have red and blue backs; where you hold both copies of a card, an action names one by ...

// agents see only their own seat's view and the legal actions
const firstPlay: Agent<RummyView, RummyAction> = {
  name: 'first-play',
  act: (_view, actions) => actions.find((action) => action.type === 'play') ?? actions[0]!,
};
const agents = [firstPlay, firstPlay] as Agent<unknown, unknown>[];
const { outcome } = await playGame(rummyGame, { players: 2 }, agents, 42);
console.log(outcome); // { scores: [ -30, 30 ], winners: [ 1 ], reason: 'out' }
