import { InvalidInputError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { gameById } from '../registry.js';
import { configFor, withDefaults } from './config.js';

const backgammon = gameById('backgammon');
const rummy = gameById('rummy');
const skirmish = gameById('skirmish');

describe('withDefaults', () => {
  it('fills what the partial leaves out, field by field in objects; anything else given replaces', () => {
    expect(withDefaults({ a: 1, b: { c: 2, d: 3 } }, { b: { d: 4 } })).toEqual({ a: 1, b: { c: 2, d: 4 } });
    expect(withDefaults({ a: [1, 2] }, { a: [3] })).toEqual({ a: [3] });
    expect(withDefaults({ a: { b: 1 } }, { a: null })).toEqual({ a: null });
    expect(withDefaults({ a: 1 }, { z: 2 })).toEqual({ a: 1, z: 2 });
    expect(withDefaults({ a: 1 }, [1])).toEqual([1]);
    expect(withDefaults({ a: 1 }, 7)).toBe(7);
    // A key named like an Object.prototype member is data, not a lookup.
    expect(withDefaults({ a: 1 }, JSON.parse('{"__proto__": {"x": 1}}'))).toEqual(
      JSON.parse('{"a": 1, "__proto__": {"x": 1}}'),
    );
  });
});

describe('configFor', () => {
  it('completes a partial config from the default the same way in every game', () => {
    // The input that failed: backgammon refused {"cube":false} for the fields it left out.
    expect(configFor(backgammon, '{"cube":false}', 2)).toEqual({ cube: false, length: 1, crawford: false });
    expect(configFor(rummy, '{"rules":{"decks":1}}', 2)).toEqual({ players: 2, rules: { decks: 1 } });
    expect(configFor(skirmish, '{"shuffle":false}', 3)).toEqual({ players: 3, shuffle: false });
    expect(configFor(skirmish, undefined, 2)).toEqual(skirmish.defaultConfig(2));
  });

  it('checks the completed config with the game schema, and the seats against the agents', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return null;
    };
    const wrongType = refusal(() => configFor(backgammon, '{"cube":"no"}', 2));
    expect(wrongType).toBeInstanceOf(InvalidInputError);
    expect((wrongType as InvalidInputError).path).toBe('$.cube');
    expect((wrongType as InvalidInputError).code).toBe('invalid_config');
    expect((refusal(() => configFor(backgammon, '{"cubes":false}', 2)) as InvalidInputError).path).toBe(
      '$.cubes',
    );
    expect((refusal(() => configFor(rummy, '[1]', 2)) as InvalidInputError).code).toBe('invalid_config');
    expect(refusal(() => configFor(skirmish, '{"players":3}', 2))).toEqual(
      new UsageError('this skirmish config seats 3, but 2 agents were named'),
    );
    expect(refusal(() => configFor(skirmish, '{players', 2))).toEqual(
      new UsageError('--config is not JSON: {players'),
    );
    expect(refusal(() => configFor(backgammon, '{}', 3))).toEqual(
      new UsageError('backgammon cannot seat 3 players'),
    );
  });
});
