import { createRng, type Rng } from '@tabula/core';
import { GameConfig, GameEngine, type GameState, GameState as State, viewFor } from '@tabula/skirmish';
import { Bench } from 'tinybench';

const engine = new GameEngine();
const rng: Rng = createRng(1);

/** A complete game: every player spends a random ship each battle, in a random order. */
function randomGame(config: GameConfig): GameState {
  let state = engine.startNewGame(config);
  while (!state.gameOver) {
    const waiting = state.playerIds().filter((id) => state.playOf(id) === null);
    const id = rng.pick(waiting);
    state = engine.playCard(state, id, rng.pick(engine.legalCardsForPlayer(state, id)));
  }
  return state;
}

const standard = GameConfig.standardTwoPlayer(7);
const fourPlayers = new GameConfig({ playerCount: 4, seed: 7 });
const midGame = (() => {
  let state = engine.startNewGame(standard);
  for (let card = 1; card <= 7; card++) {
    state = engine.playCard(state, 1, card);
    state = engine.playCard(state, 2, 16 - card);
  }
  return state;
})();
const saved = JSON.stringify(midGame);

const bench = new Bench({ time: 1000 });
bench
  .add('random game, 2 players x 15 ships (30 plays)', () => randomGame(standard))
  .add('random game, 4 players x 15 ships (60 plays)', () => randomGame(fourPlayers))
  .add('setup: standardTwoPlayer(seed) + startNewGame', () =>
    engine.startNewGame(GameConfig.standardTwoPlayer(9)),
  )
  .add('JSON.stringify(state) mid-game', () => JSON.stringify(midGame))
  .add('GameState.fromJSON(JSON.parse(saved)) mid-game', () => State.fromJSON(JSON.parse(saved)))
  .add('viewFor(state, 1) mid-game', () => viewFor(midGame, 1));
await bench.run();
console.table(bench.table());
