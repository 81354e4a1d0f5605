import { fileURLToPath } from 'node:url';
import { createRng, type Rng } from '@tabula/core';
import {
  fromPhpArray,
  GameConfig,
  GameEngine,
  type GameState,
  type SkirmishState,
  GameState as State,
  skirmishGame,
  viewFor,
} from '@tabula/skirmish';
import { Bench } from 'tinybench';
import { engineSpeed } from './engine-speed.js';

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

/** A complete game through the shared contract, as the simulator and agents drive it. */
function contractGame(players: number): SkirmishState {
  let state = skirmishGame.setup({ players }, rng);
  while (state.endReason === null) {
    const seat = rng.pick(skirmishGame.toAct(state));
    state = skirmishGame.apply(state, seat, rng.pick(skirmishGame.legalActions(state, seat)), rng);
  }
  return state;
}

const contractMid = (() => {
  let state = skirmishGame.setup({ players: 2 }, createRng(7));
  for (let card = 1; card <= 7; card++) {
    state = skirmishGame.apply(state, 0, { type: 'play', card }, rng);
    state = skirmishGame.apply(state, 1, { type: 'play', card: 16 - card }, rng);
  }
  return state;
})();
const contractSaved = JSON.stringify(contractMid);
// States fresh from JSON: each apply meets objects it has never seen.
const contractParsed: SkirmishState[] = Array.from({ length: 50_000 }, () => JSON.parse(contractSaved));
let nextParsed = 0;

const bench = new Bench({ time: 1000 });
bench
  .add('random game, 2 players x 15 ships (30 plays)', () => randomGame(standard))
  .add('random game, 4 players x 15 ships (60 plays)', () => randomGame(fourPlayers))
  .add('setup: standardTwoPlayer(seed) + startNewGame', () =>
    engine.startNewGame(GameConfig.standardTwoPlayer(9)),
  )
  .add('JSON.stringify(state) mid-game', () => JSON.stringify(midGame))
  .add('GameState.fromJSON(JSON.parse(saved)) mid-game', () => State.fromJSON(JSON.parse(saved)))
  .add('viewFor(state, seat 0) mid-game', () => viewFor(midGame.toState(), 0))
  .add('contract: random game, 2 players (setup + 30 applies)', () => contractGame(2))
  .add('contract: random game, 4 players (setup + 60 applies)', () => contractGame(4))
  .add('contract: apply one play mid-game', () =>
    skirmishGame.apply(contractMid, 0, { type: 'play', card: 8 }, rng),
  )
  .add('contract: apply one play to a state fresh from JSON', () =>
    skirmishGame.apply(
      contractParsed[nextParsed++ % contractParsed.length] ?? contractMid,
      0,
      { type: 'play', card: 8 },
      rng,
    ),
  )
  .add('contract: fromJSON mid-game (untrusted input)', () =>
    skirmishGame.fromJSON(JSON.parse(contractSaved)),
  )
  .add('fromPhpArray(JSON.parse(saved)) mid-game', () => fromPhpArray(JSON.parse(saved)))
  .add('contract: view(state, 0) mid-game', () => skirmishGame.view(contractMid, 0));
await bench.run();
console.table(bench.table());
// The scripted games of the PHP comparison, warm and cold, each in fresh processes (`bench/engine-speed.ts`).
engineSpeed([fileURLToPath(new URL('../src/index.ts', import.meta.url))]);
