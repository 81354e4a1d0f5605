import assert from 'node:assert/strict';
import { GameConfig, GameEngine, Planet, viewFor } from '@tabula/skirmish';

const planets = [1, 2, 3, 2, 1].map((vp, i) => new Planet({ id: `P${i + 1}`, victoryPoints: vp }));
const engine = new GameEngine();
let state = engine.startNewGame(new GameConfig({ playerCount: 3, planets, fleetValues: [1, 2, 3, 4, 5] }));

/** One battle; the engine takes the secret choices one by one, in any order. */
function battle(cards: Record<number, number>): void {
  for (const [player, card] of Object.entries(cards)) state = engine.playCard(state, Number(player), card);
}

battle({ 3: 5, 1: 5, 2: 1 }); // players 1 and 3 tie for the highest: P2 joins P1 in the pot
assert.equal(engine.potTotalVictoryPoints(state), 3);

state = engine.playCard(state, 2, 4);
// What player 1 (seat 0) may see now: player 2 has played, but not which card.
const view = viewFor(state.toState(), 0);
assert.deepEqual(
  view.players.map((p) => p.hasPlayed),
  [false, true, false],
);
assert.equal(JSON.stringify(view).includes('"ownPlay":4'), false);

battle({ 1: 2, 3: 3 }); // player 2's 4 is the single highest: P1 and P2 are theirs
assert.deepEqual(state.scores(), { 1: 0, 2: 3, 3: 0 });

battle({ 1: 4, 2: 5, 3: 4 }); // a tie among the lower cards does not matter: player 2 takes P3
battle({ 1: 3, 2: 3, 3: 2 }); // another tie: P5 joins P4 in the pot
battle({ 1: 1, 2: 2, 3: 1 });

assert.equal(engine.isGameOver(state), true);
assert.deepEqual(state.scores(), { 1: 0, 2: 9, 3: 0 });
console.log(state.scores(), state.winners(), state.endReason);
