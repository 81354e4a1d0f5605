import assert from 'node:assert/strict';
import { createRng, InvalidInputError } from '@tabula/core';
import { fromPhpArray, GameEngine, GameState, skirmishGame, toPhpArray } from '@tabula/skirmish';

const engine = new GameEngine();

// A state the PHP library saved between two battles: its pot is empty because
// PHP reveals the next planet only on the next play. It loads with that planet
// face up, so both players can see the stake before they choose.
const fromPhp = {
  player_count: 2,
  hands: { '1': [1, 2], '2': [2, 3] },
  planet_deck: [
    { id: 'P1', victory_points: 1, name: 'Rigel', class: 'station', abilities: [] },
    { id: 'P2', victory_points: 2, name: null, class: null, abilities: [] },
  ],
  current_planet_index: 1,
  planet_pot: [],
  claimed_planets: {
    '1': [{ id: 'P1', victory_points: 1, name: 'Rigel', class: 'station', abilities: [] }],
    '2': [],
  },
  current_plays: { '1': null, '2': null },
  game_over: false,
  end_reason: null,
};
let state = GameState.fromJSON(fromPhp);
assert.deepEqual(engine.potSummary(state), {
  planets: [{ id: 'P2', victory_points: 2, name: null, class: null, abilities: [] }],
  total_vp: 2,
  count: 1,
});

state = engine.playCard(state, 1, 1);
state = engine.playCard(state, 2, 3);
console.log(state.scores()); // { '1': 1, '2': 2 }

// The same save as the plain state (lists by seat, camelCase), to play on under the contract.
let plain = fromPhpArray(fromPhp);
assert.deepEqual(plain.hands, [
  [1, 2],
  [2, 3],
]);
plain = skirmishGame.apply(plain, 0, { type: 'play', card: 1 }, createRng(1));
assert.deepEqual(toPhpArray(plain).current_plays, { '1': 1, '2': null });

// Bad input is refused with the path of the first problem.
try {
  GameState.fromJSON({ ...fromPhp, hands: { '1': [1, 2], '2': [2, 'three'] } });
} catch (error) {
  assert.ok(error instanceof InvalidInputError);
  assert.equal(error.code, 'invalid_state');
  assert.equal(error.path, '$.hands["2"][1]');
  console.log(error.message); // $.hands["2"][1]: Expected integer
}
