import assert from 'node:assert/strict';
import { GameConfig, GameEngine, GameState } from '@tabula/skirmish';

const engine = new GameEngine();
// A seed makes the shuffle reproducible (and the same order as the PHP library's).
const config = GameConfig.standardTwoPlayer(2025);
let state = engine.startNewGame(config);
const [first, second, third] = config.planets;

// The stake is face up before anyone chooses.
console.log('At stake:', engine.potSummary(state));

// Round 1: the single highest card takes the pot.
state = engine.playCard(state, 1, 7);
assert.equal(engine.resolvedBattle(state), null); // the battle waits for player 2
state = engine.playCard(state, 2, 4);
assert.deepEqual(state.claimedBy(1), [first]);
// The battle that play resolved, in player ids: the cards, the winner, the pot and what was claimed.
assert.deepEqual(engine.resolvedBattle(state), {
  cards: { 1: 7, 2: 4 },
  winner: 1,
  pot: [first],
  claimed: [first],
});

// Round 2: a tie; nobody scores and the next planet joins the pot.
state = engine.playCard(state, 1, 3);
state = engine.playCard(state, 2, 3);
assert.equal(state.resolvedBattle()?.winner, null);
assert.deepEqual(state.planetPot, [second, third]);

// Round 3: player 1 takes everything in the pot.
state = engine.playCard(state, 1, 9);
state = engine.playCard(state, 2, 6);
assert.deepEqual(state.claimedBy(1), [first, second, third]);
console.log('Scores:', state.scores(), 'leading:', state.winners());

// Play the rest out: each player spends their weakest ship.
while (!engine.isGameOver(state)) {
  for (const player of state.playerIds()) {
    state = engine.playCard(state, player, Math.min(...engine.legalCardsForPlayer(state, player)));
  }
}
console.log('Final scores:', state.scores(), 'winners:', state.winners(), 'why:', state.endReason);

// Persist, and restore later: the saved form is the PHP library's toArray shape.
const json = JSON.stringify(state);
const restored = GameState.fromJSON(JSON.parse(json));
assert.deepEqual(restored.scores(), state.scores());
assert.deepEqual(engine.legalCardsForPlayer(restored, 2), engine.legalCardsForPlayer(state, 2));
