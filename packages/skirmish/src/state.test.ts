import { Value } from '@sinclair/typebox/value';
import { createRng, InvalidInputError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { play, playOut } from '../test/helpers.js';
import { skirmishGame as game } from './definition.js';
import { GameEngine } from './engine.js';
import { GameConfig } from './game-config.js';
import { fromPhpArray } from './php-array.js';
import type { SkirmishPlanet, SkirmishState } from './schemas.js';
import { fromJSON } from './state.js';

const ids = (planets: readonly SkirmishPlanet[]) => planets.map((p) => p.id);

function loadError(json: unknown): InvalidInputError {
  const error = thrownBy(() => fromJSON(json), InvalidInputError);
  expect(error.code).toBe('invalid_state');
  return error;
}

describe('the schemas', () => {
  it('reject malformed actions, configs and states', () => {
    const { action, config, state: stateSchema } = game.schemas;
    expect(Value.Check(action, play(3))).toBe(true);
    expect(Value.Check(action, { type: 'play', card: 1.5 })).toBe(false);
    expect(Value.Check(action, { type: 'play', card: 1, extra: 0 })).toBe(false);
    expect(Value.Check(config, { players: 2 })).toBe(true);
    expect(Value.Check(config, { players: 2.5 })).toBe(false);
    expect(Value.Check(config, { players: 101 })).toBe(false);
    const state = game.setup({ players: 2 }, createRng(1));
    expect(Value.Check(stateSchema, state)).toBe(true);
    expect(Value.Check(stateSchema, { ...state, battles: undefined })).toBe(false);
    expect(Value.Check(stateSchema, { ...state, hands: { ...state.hands } })).toBe(false);
    expect(Value.Check(stateSchema, { ...state, seed: 5 })).toBe(false);
  });
});

describe('fromJSON', () => {
  const state = playOut(game.setup({ players: 3 }, createRng(2)), createRng(8), 20);
  const [battle] = state.battles;

  it('takes back a saved state as it was', () => {
    expect(state.battles.length).toBeGreaterThan(3);
    expect(fromJSON(JSON.parse(JSON.stringify(state)))).toEqual(state);
  });

  it('names the first problem of a bad state with its path', () => {
    const over: SkirmishState = { ...state, endReason: 'normal' };
    const bad: [unknown, string, RegExp][] = [
      ['nonsense', '$', /Expected object/],
      [{ ...state, hands: [state.hands[0], [1, 'x'], state.hands[2]] }, '$.hands[1][1]', /Expected integer/],
      [{ ...state, plays: [null, null] }, '$.plays', /one entry per seat \(3\), got 2/],
      [{ ...state, claimed: state.claimed.slice(1) }, '$.claimed', /one entry per seat/],
      [{ ...state, revealed: 99 }, '$.revealed', /between 0 and 15/],
      [
        { ...state, deck: [...state.deck.slice(0, 1), ...state.deck.slice(0, -1)] },
        '$.deck[1].id',
        /appears twice/,
      ],
      [{ ...over, pot: state.pot.concat(state.pot) }, `$.pot[${state.pot.length}]`, /in two places/],
      [
        { ...over, pot: state.deck.slice(0, 1).map((p) => ({ ...p, id: 'X' })) },
        '$.pot[0]',
        /"X" is not in the deck/,
      ],
      [{ ...over, pot: state.deck.slice(state.revealed) }, '$.pot[0]', /not been revealed/],
      [{ ...state, pot: [] }, '$.deck', /neither in the pot nor claimed/],
      [{ ...state, battles: [{ ...battle, cards: [1] }] }, '$.battles[0].cards', /one card per seat/],
      [{ ...state, battles: [{ ...battle, pot: 'P1' }] }, '$.battles[0].pot', /Expected array/],
      [{ ...state, battles: [{ ...battle, winner: 3 }] }, '$.battles[0].winner', /no seat 3/],
    ];
    for (const [value, path, message] of bad) {
      const error = loadError(value);
      expect(error.path.startsWith(path), `${error.path} for ${path}`).toBe(true);
      expect(error.message).toMatch(message);
    }
  });

  it('refuses a live state no one could play on', () => {
    const fresh = game.setup({ players: 2, shuffle: false }, createRng(1));
    const stuck: [SkirmishState, string, RegExp][] = [
      // Every card is in, but the battle never resolved.
      [{ ...fresh, plays: [3, 5], hands: [fresh.hands[0] ?? [], []] }, '$.plays', /not resolved/],
      [{ ...fresh, hands: [[], fresh.hands[1] ?? []] }, '$.hands[0]', /seat 0 must play but holds no ship/],
      [{ ...fresh, pot: [], revealed: 0 }, '$.pot', /pot is empty/],
    ];
    for (const [value, path, message] of stuck) {
      const error = loadError(value);
      expect(error.path).toBe(path);
      expect(error.message).toMatch(message);
    }
  });

  it('refuses at once a state with more seats than a game seats', () => {
    const hands = Array.from({ length: 1000 }, () => [1]);
    const error = loadError({ ...state, hands });
    expect(error.path).toBe('$.hands');
    expect(error.message).toMatch(/less or equal to 100/);
  });
});

describe('a state the PHP library saved', () => {
  it('loads through fromPhpArray with the next planet revealed and an empty history', () => {
    const php = JSON.parse(JSON.stringify(new GameEngine().startNewGame(new GameConfig())));
    const loaded = fromPhpArray({ ...php, planet_pot: [], current_planet_index: 0 });
    expect(ids(loaded.pot)).toEqual(['P1']);
    expect(loaded.revealed).toBe(1);
    expect(loaded.battles).toEqual([]);
    expect(fromJSON(JSON.parse(JSON.stringify(loaded)))).toEqual(loaded);
    expect(game.toAct(loaded)).toEqual([0, 1]);
  });
});
