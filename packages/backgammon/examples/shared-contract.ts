import assert from 'node:assert/strict';
import { backgammonGame as game } from '@tabula/backgammon';
import { type Agent, createRng, playGame } from '@tabula/core';

// All chance comes from one seeded stream: the same seed and actions replay the same game.
const chance = createRng(42);
let state = game.setup(game.defaultConfig(), chance);

// The opening roll is played at once; every legal play is one move action.
const [seat] = game.toAct(state);
assert(seat !== undefined, 'after the opening roll a seat is to move');
const legal = game.legalActions(state, seat);
console.log(game.render(game.view(state, seat)));
console.log(legal.map((action) => game.describe(action, state)).join(', '));

// A person types a move in gnubg's notation; it is matched to the legal play that reaches the same board.
const [play] = legal;
assert(play !== undefined, 'the opening roll always has a legal play');
const typed = game.describe(play, state);
const action = game.parseAction(typed, game.view(state, seat), legal);
assert.deepEqual(action, play);
state = game.apply(state, seat, action, chance);
console.log(state.log.at(-1)?.text);

// Agents see only their view and the legal actions. This one always takes the first.
const first: Agent<unknown, unknown> = { name: 'first', act: (_view, options) => options[0] };
const { outcome } = await playGame(game, game.defaultConfig(), [first, first], 7);
console.log(`seat ${outcome.winners[0]} wins: ${outcome.reason}, scores ${outcome.scores.join(' / ')}`);
