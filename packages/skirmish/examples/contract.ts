import assert from 'node:assert/strict';
import { createRng } from '@tabula/core';
import {
  describeAction,
  skirmishGame as game,
  parseAction,
  renderView,
  resolvedBattle,
  type SkirmishState,
} from '@tabula/skirmish';

// The rules' chance (the deck shuffle) comes from one seeded stream.
const chance = createRng(2025);
let state: SkirmishState = game.setup(game.defaultConfig(2), chance);

// A battle is simultaneous: both seats are to act, each with one action per ship.
assert.deepEqual(game.toAct(state), [0, 1]);
assert.equal(game.legalActions(state, 0).length, 15);

state = game.apply(state, 1, { type: 'play', card: 9 }, chance);
// Seat 0 sees that seat 1 has played, never what.
const seen = game.view(state, 0);
assert.deepEqual(
  seen.players.map((p) => p.hasPlayed),
  [false, true],
);
assert.equal(JSON.stringify(seen).includes('"ownPlay":9'), false);

// People type plays; `describeAction` writes them the same way.
const move = parseAction('play 12', seen, game.legalActions(state, 0));
console.log(describeAction(move)); // play 12
const before = state;
state = game.apply(state, 0, move, chance);

// Once all cards are in, the battle resolves and joins the public history:
// resolvedBattle(before, after) is the battle a play resolved (null while it waits).
const battle = resolvedBattle(before, state);
assert.deepEqual(battle, {
  cards: [12, 9], // by seat
  winner: 0, // a seat, or null for a tie
  pot: [state.deck[0]?.id],
  claimed: [state.deck[0]?.id],
});
assert.deepEqual(state.battles, [battle]);
console.log(renderView(game.view(state, 0)));

// Play the rest out, each seat spending its weakest ship.
while (game.outcome(state) === null) {
  for (const seat of game.toAct(state)) {
    const [weakest] = game.legalActions(state, seat);
    if (weakest !== undefined) state = game.apply(state, seat, weakest, chance);
  }
}
const outcome = game.outcome(state);
assert.ok(outcome);
console.log(outcome); // VP by seat, the winning seats and the end reason
assert.equal(outcome.scores.length, 2);

// The state is plain JSON, every per-player list by seat; fromJSON checks a saved one.
const saved = JSON.stringify(state);
assert.deepEqual(game.fromJSON(JSON.parse(saved)), state);
assert.equal(state.battles.length, 15);
