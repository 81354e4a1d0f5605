import assert from 'node:assert/strict';
import { InvalidInputError } from '@tabula/core';
import { Game, Player } from '@tabula/rummy';

const game = new Game();
const alice = new Player('Alice', 'u1');
const bob = new Player('Bob', 'u2');
game.join(alice);
game.join(bob);
game.deal(undefined, { seed: 2024 });
game.draw(alice);

// The whole round as plain JSON, for a server to store
const saved = JSON.stringify(game);
const restored = Game.fromJSON(saved);
assert.deepEqual(restored.toJSON(), game.toJSON());
assert.equal(restored.draw(bob).key, game.draw(bob).key); // same stock, same future

// What Bob may know: his own hand, the table, counts; never Alice's cards nor the stock order
const view = game.viewFor(bob);
console.log(view.handSizes, view.stockCount, view.current); // [ 15, 15 ] 76 0
assert.equal(view.hand?.length, 15);
assert.ok(!JSON.stringify(view).includes(`"${game.getHand(alice).keys[0]}"`));

// A corrupted save is refused with the path of the first problem
const forged = JSON.parse(saved);
forged.round.hands[1][3] = 'Kb';
try {
  Game.fromJSON(forged);
} catch (error) {
  assert.ok(error instanceof InvalidInputError);
  assert.equal(error.path, '$.round.hands[1][3]');
  console.log(error.code, error.path); // invalid_state $.round.hands[1][3]
}
