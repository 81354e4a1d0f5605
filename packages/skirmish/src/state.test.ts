import { Value } from '@sinclair/typebox/value';
import { createRng, InvalidInputError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { play, playOut } from '../test/helpers.js';
import { skirmishGame as game } from './definition.js';
import { parseSkirmishState } from './definition-state.js';
import { GameEngine } from './engine.js';
import { GameConfig } from './game-config.js';
import { GameState } from './game-state.js';
import type { PlanetJSON } from './planet.js';

const ids = (planets: readonly PlanetJSON[]) => planets.map((p) => p.id);

describe('schemas and untrusted states', () => {
  it('reject malformed actions, configs and states', () => {
    const { action, config, state: stateSchema } = game.schemas;
    expect(Value.Check(action, play(3))).toBe(true);
    expect(Value.Check(action, { type: 'play', card: 1.5 })).toBe(false);
    expect(Value.Check(action, { type: 'play', card: 1, extra: 0 })).toBe(false);
    expect(Value.Check(config, { players: 2 })).toBe(true);
    expect(Value.Check(config, { players: 2.5 })).toBe(false);
    const state = game.setup({ players: 2 }, createRng(1));
    expect(Value.Check(stateSchema, state)).toBe(true);
    expect(Value.Check(stateSchema, { ...state, battles: undefined })).toBe(false);
    expect(Value.Check(stateSchema, { ...state, hands: { ...state.hands, x: [] } })).toBe(false);
    expect(Value.Check(stateSchema, { ...state, seed: 5 })).toBe(false);
  });

  it('parseSkirmishState takes a saved state back and names the first problem of a bad one', () => {
    const state = playOut(game.setup({ players: 3 }, createRng(2)), createRng(8), 20);
    expect(parseSkirmishState(JSON.parse(JSON.stringify(state)))).toEqual(state);
    const bad: [unknown, string][] = [
      [{ ...state, hands: { ...state.hands, 2: [1, 'x'] } }, '$.hands["2"][1]'],
      [{ ...state, current_planet_index: 99 }, '$.current_planet_index'],
      [{ ...state, battles: [{ ...state.battles[0], cards: [1] }] }, '$.battles[0].cards'],
      [{ ...state, battles: [{ ...state.battles[0], pot: 'P1' }] }, '$.battles[0].pot'],
      [{ ...state, battles: [{ ...state.battles[0], winner: 4 }] }, '$.battles[0].winner'],
    ];
    for (const [value, path] of bad) {
      const error = thrownBy(() => parseSkirmishState(value));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).path).toBe(path);
    }
  });

  it('reads a state the PHP library saved, revealing the next planet', () => {
    const php = JSON.parse(JSON.stringify(new GameEngine().startNewGame(new GameConfig()))) as Record<
      string,
      unknown
    >;
    const loaded = parseSkirmishState({ ...php, planet_pot: [], current_planet_index: 0 });
    expect(ids(loaded.planet_pot)).toEqual(['P1']);
    expect(loaded.battles).toEqual([]);
    expect(GameState.fromJSON(loaded).currentPlanetIndex).toBe(1);
  });
});
