import { InvalidInputError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { GameConfig } from './game-config.js';
import { phpShuffle } from './mt19937.js';
import { Planet } from './planet.js';

const ids = (planets: readonly Planet[]) => planets.map((p) => p.id);
const three = () => [1, 2, 3].map((i) => new Planet({ id: `P${i}`, victoryPoints: i }));

function configError(options: unknown): InvalidInputError {
  try {
    new GameConfig(options as never);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return error as InvalidInputError;
  }
  throw new Error('expected the config to be refused');
}

describe('GameConfig.standardTwoPlayer', () => {
  it('has two players, ships 1..15 and the default deck', () => {
    const config = GameConfig.standardTwoPlayer(1);
    expect(config.playerCount).toBe(2);
    expect(config.fleetValues).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(ids(config.planets).sort()).toEqual(ids(Planet.defaultDeck()).sort());
    expect(config.seed).toBe(1);
  });

  it('shuffles like PHP mt_srand(12345); shuffle(): the spec vector', () => {
    const order = [8, 10, 3, 4, 13, 2, 14, 6, 11, 7, 5, 9, 12, 1, 0];
    expect(ids(GameConfig.standardTwoPlayer(12345).planets)).toEqual(order.map((i) => `P${i + 1}`));
  });

  it('gives the same deck for the same seed and another for another seed', () => {
    expect(ids(GameConfig.standardTwoPlayer(42).planets)).toEqual(
      ids(GameConfig.standardTwoPlayer(42).planets),
    );
    expect(ids(GameConfig.standardTwoPlayer(42).planets)).not.toEqual(
      ids(GameConfig.standardTwoPlayer(43).planets),
    );
  });

  it('still shuffles without a seed, unpredictably', () => {
    const orders = new Set(
      Array.from({ length: 4 }, () => ids(GameConfig.standardTwoPlayer().planets).join()),
    );
    expect(orders.size).toBeGreaterThan(1);
    expect(orders.has(ids(Planet.defaultDeck()).join())).toBe(false);
  });
});

describe('new GameConfig', () => {
  it('keeps a custom deck in order without a seed', () => {
    const config = new GameConfig({ playerCount: 3, planets: three(), fleetValues: [1, 2, 3, 4] });
    expect(config.playerCount).toBe(3);
    expect(ids(config.planets)).toEqual(['P1', 'P2', 'P3']);
    expect(config.fleetValues).toEqual([1, 2, 3, 4]);
  });

  it('shuffles a custom deck with a seed like PHP ([P1,P2,P3] with seed 7 gives [P2,P3,P1])', () => {
    expect(ids(new GameConfig({ planets: three(), seed: 7 }).planets)).toEqual(['P2', 'P3', 'P1']);
    expect(ids(new GameConfig({ planets: Planet.defaultDeck(), seed: 99 }).planets)).toEqual(
      phpShuffle(ids(Planet.defaultDeck()), 99),
    );
  });

  it('takes the defaults for what is left out', () => {
    const config = new GameConfig();
    expect(config.playerCount).toBe(2);
    expect(ids(config.planets)).toEqual(ids(Planet.defaultDeck()));
    expect(config.fleetValues).toHaveLength(15);
  });

  it('does not keep a reference to the caller arrays', () => {
    const planets = three();
    const fleet = [1, 2];
    const config = new GameConfig({ planets, fleetValues: fleet });
    planets.pop();
    fleet.push(9);
    expect(config.planets).toHaveLength(3);
    expect(config.fleetValues).toEqual([1, 2]);
  });

  it('refuses bad configs with a clear error naming the field', () => {
    const planet = new Planet({ id: 'A', victoryPoints: 1 });
    const cases: [unknown, string, RegExp][] = [
      [{ playerCount: 1 }, '$.playerCount', /greater or equal to 2/],
      [{ playerCount: 2.5 }, '$.playerCount', /Expected integer/],
      [{ playerCount: 200_000_000 }, '$.playerCount', /less or equal to 100/],
      [{ fleetValues: [] }, '$.fleetValues', /array length to be greater or equal to 1/],
      [{ fleetValues: [1, 'x'] }, '$.fleetValues[1]', /Expected integer/],
      [{ fleetValues: Array.from({ length: 1001 }, (_, i) => i) }, '$.fleetValues', /less or equal to 1000/],
      [{ fleetValues: [1, 2.5] }, '$.fleetValues[1]', /Expected integer/],
      [{ planets: [] }, '$.planets', /array length to be greater or equal to 1/],
      [{ planets: [planet, { id: 'B', victoryPoints: 1 }] }, '$.planets[1]', /expected a Planet/],
      [
        { planets: [planet, new Planet({ id: 'A', victoryPoints: 2 })] },
        '$.planets[1].id',
        /"A" appears twice/,
      ],
      [{ seed: 1.5 }, '$.seed', /Expected union value/],
      [{ shuffle: 'yes' }, '$.shuffle', /Expected boolean/],
      [null, '$', /Expected object/],
    ];
    for (const [options, path, message] of cases) {
      const error = configError(options);
      expect(error.code).toBe('invalid_config');
      expect(error.path).toBe(path);
      expect(error.message).toMatch(message);
    }
  });

  it('refuses planets with bad victory points when they are made', () => {
    expect(() => new Planet({ id: 'A', victoryPoints: 1.5 })).toThrow(/victoryPoints/);
    expect(() => new Planet({ id: 'A', victoryPoints: 1.5 })).toThrow(InvalidInputError);
  });
});
