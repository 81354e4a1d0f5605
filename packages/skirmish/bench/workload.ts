/**
 * The scripted games of the PHP comparison (issue 15), the same in the PHP
 * library's terms: game k has seed k; the default deck (P1..P15, 1, 2 and
 * 3 VP) is given explicitly and shuffled by the config's seed; ships 1..15;
 * in every battle players 1..n play in turn, each `legal[x % legal.length]`
 * of `legalCardsForPlayer`, with x the next output of a xorshift32
 * (13, 17, 5) seeded with the game's seed; until `isGameOver`. Only the
 * engine's public API is used, so the same script drives an older copy of
 * the library (the "before" figures).
 */
import type { GameConfig, GameEngine, GameState, Planet } from '../src/index.js';

/** What the workload needs of the library: `import('@tabula/skirmish')` or an older copy of it. */
export interface SkirmishLibrary {
  readonly GameEngine: new () => GameEngine;
  readonly GameConfig: new (options: {
    playerCount: number;
    planets: readonly Planet[];
    fleetValues: readonly number[];
    seed: number;
  }) => GameConfig;
  readonly Planet: { defaultDeck(): Planet[] };
}

/** The next state of a xorshift32 (shifts 13, 17, 5), an unsigned 32-bit integer. */
export function xorshift32(x: number): number {
  let y = x ^ (x << 13);
  y ^= y >>> 17;
  y ^= y << 5;
  return y >>> 0;
}

export const FLEET: readonly number[] = Array.from({ length: 15 }, (_, i) => i + 1);

/** One scripted game through the engine's public API; returns the final state. */
export function playGame(lib: SkirmishLibrary, engine: GameEngine, players: number, seed: number): GameState {
  const config = new lib.GameConfig({
    playerCount: players,
    planets: lib.Planet.defaultDeck(),
    fleetValues: FLEET,
    seed,
  });
  let state = engine.startNewGame(config);
  let x = seed;
  while (!engine.isGameOver(state)) {
    for (let id = 1; id <= players; id++) {
      const legal = engine.legalCardsForPlayer(state, id);
      x = xorshift32(x);
      state = engine.playCard(state, id, legal[x % legal.length] as number);
    }
  }
  return state;
}

/** Games of seeds `first..first+count-1`; returns how many planets the last one left unclaimed (so the work cannot be skipped). */
export function playGames(lib: SkirmishLibrary, players: number, first: number, count: number): number {
  const engine = new lib.GameEngine();
  let sink = 0;
  for (let seed = first; seed < first + count; seed++) {
    sink += playGame(lib, engine, players, seed).currentPlanetIndex;
  }
  return sink;
}

/**
 * A digest of the outcomes of games `1..count`: FNV-1a over each game's
 * scores, player by player, written as `a,b;` (what the PHP script prints
 * too, so that both sides are seen to play the very same games).
 */
export function outcomeDigest(lib: SkirmishLibrary, players: number, count: number): string {
  const engine = new lib.GameEngine();
  let hash = 0x811c9dc5;
  for (let seed = 1; seed <= count; seed++) {
    const scores = playGame(lib, engine, players, seed).scores();
    const text = `${Array.from({ length: players }, (_, i) => scores[i + 1]).join(',')};`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
