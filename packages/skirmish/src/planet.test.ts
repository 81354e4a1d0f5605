import { InvalidInputError, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { Planet, PlanetAbility } from './planet.js';
import { PlanetAbilityType, PlanetClass } from './schemas.js';

function caught(fn: () => unknown): InvalidInputError {
  const error = thrownBy(fn, InvalidInputError);
  expect(error).toBeInstanceOf(TabulaError);
  return error;
}

describe('Planet.defaultDeck', () => {
  const deck = Planet.defaultDeck();

  it('has 15 planets P1..P15 in order, named Planet 1..Planet 15', () => {
    expect(deck.map((p) => p.id)).toEqual(Array.from({ length: 15 }, (_, i) => `P${i + 1}`));
    expect(deck.map((p) => p.name)).toEqual(Array.from({ length: 15 }, (_, i) => `Planet ${i + 1}`));
  });

  it('is 5 x 1 VP, 5 x 2 VP, 5 x 3 VP as the README says', () => {
    expect(deck.map((p) => p.victoryPoints)).toEqual([1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3]);
  });

  it('cycles trade post, research, mining by id and has no abilities', () => {
    const cycle = ['trade_post_colony', 'research_colony', 'mining_colony'];
    expect(deck.map((p) => p.planetClass)).toEqual(deck.map((_, i) => cycle[i % 3]));
    expect(deck[3]?.planetClass).toBe(PlanetClass.TradePostColony);
    expect(deck.every((p) => p.abilities.length === 0)).toBe(true);
  });

  it('gives a fresh deck each call', () => {
    expect(Planet.defaultDeck()).not.toBe(Planet.defaultDeck());
  });
});

describe('Planet', () => {
  it('builds the README planets', () => {
    const rigel = new Planet({ id: 'P1', victoryPoints: 2, name: 'Rigel' });
    expect(rigel).toMatchObject({
      id: 'P1',
      victoryPoints: 2,
      name: 'Rigel',
      planetClass: null,
      abilities: [],
    });
    const trigger = new Planet({
      id: 'P1',
      victoryPoints: 1,
      name: 'Trigger World',
      planetClass: PlanetClass.Station,
      abilities: [new PlanetAbility(PlanetAbilityType.DoubleNextPlanetNoCombat, {})],
    });
    expect(trigger.pullsOnClaim()).toBe(1);
    expect(trigger.toJSON()).toEqual({
      id: 'P1',
      victory_points: 1,
      name: 'Trigger World',
      class: 'station',
      abilities: [{ type: 'double_next_planet_no_combat', params: [] }],
    });
  });

  it('is frozen', () => {
    const planet = new Planet({ id: 'P1', victoryPoints: 1 });
    expect(Object.isFrozen(planet)).toBe(true);
    expect(Object.isFrozen(planet.abilities)).toBe(true);
  });

  it('refuses a bad id, VP, name, class or ability, naming the field', () => {
    const bad = [
      [{ id: '', victoryPoints: 1 }, '$.id'],
      [{ id: 7, victoryPoints: 1 }, '$.id'],
      [{ id: 'P1', victoryPoints: 1.5 }, '$.victoryPoints'],
      [{ id: 'P1', victoryPoints: '2' }, '$.victoryPoints'],
      [{ id: 'P1', victoryPoints: 1, name: 3 }, '$.name'],
      [{ id: 'P1', victoryPoints: 1, planetClass: 'moon' }, '$.planetClass'],
      [
        { id: 'P1', victoryPoints: 1, abilities: [{ type: 'class_set_bonus', params: {} }] },
        '$.abilities[0]',
      ],
    ] as const;
    for (const [options, path] of bad) {
      const error = caught(() => new Planet(options as never));
      expect(error.code).toBe('invalid_input');
      expect(error.path).toBe(path);
    }
  });

  it('round-trips through JSON, abilities and params included', () => {
    const planet = new Planet({
      id: 'X',
      victoryPoints: -1,
      name: null,
      planetClass: PlanetClass.MiningColony,
      abilities: [
        PlanetAbility.classSetBonus({ setSize: 2, bonus: 5 }),
        PlanetAbility.doubleNextPlanetNoCombat(),
      ],
    });
    const back = Planet.fromJSON(JSON.parse(JSON.stringify(planet)));
    expect(back).toEqual(planet);
    expect(back.abilities[0]?.classSetBonusRule()).toEqual({ setSize: 2, bonus: 5 });
  });

  it('loads PHP planets with missing optional keys and extra keys of later versions', () => {
    const planet = Planet.fromJSON({ id: 'P9', victory_points: 3, description: 'ignored', image_link: 'x' });
    expect(planet).toMatchObject({
      id: 'P9',
      victoryPoints: 3,
      name: null,
      planetClass: null,
      abilities: [],
    });
  });

  it('names the first problem of a bad saved planet with its path', () => {
    const cases: [unknown, string][] = [
      [[], '$'],
      [{ victory_points: 1 }, '$.id'],
      [{ id: 'P1', victory_points: '1' }, '$.victory_points'],
      [{ id: 'P1', victory_points: 1, class: 'moon' }, '$.class'],
      [{ id: 'P1', victory_points: 1, abilities: {} }, '$.abilities'],
      [
        { id: 'P1', victory_points: 1, abilities: [{ type: 'choose_class', params: [] }] },
        '$.abilities[0].type',
      ],
      [
        { id: 'P1', victory_points: 1, abilities: [{ type: 'class_set_bonus', params: [1] }] },
        '$.abilities[0].params',
      ],
    ];
    for (const [json, path] of cases) {
      const error = caught(() => Planet.fromJSON(json));
      expect(error.code).toBe('invalid_input');
      expect(error.path).toBe(path);
      expect(error.message.startsWith(`${path}: `)).toBe(true);
    }
  });
});

describe('PlanetAbility', () => {
  it('takes the defaults 3 and 3 for ClassSetBonus, and params when given', () => {
    expect(PlanetAbility.classSetBonus().classSetBonusRule()).toEqual({ setSize: 3, bonus: 3 });
    expect(PlanetAbility.classSetBonus({ bonus: 7 }).classSetBonusRule()).toEqual({ setSize: 3, bonus: 7 });
    expect(PlanetAbility.classSetBonus({ setSize: 2 }).classSetBonusRule()).toEqual({ setSize: 2, bonus: 3 });
    expect(PlanetAbility.classSetBonus({ setSize: undefined }).params).toEqual({});
  });

  it('loads foreign ClassSetBonus params unchanged, filling the defaults', () => {
    const foreign = { class: 'mining_colony', thresholds: { '2': 1, '3': 3 } };
    const ability = PlanetAbility.fromJSON({ type: 'class_set_bonus', params: foreign });
    expect(ability.params).toEqual(foreign);
    expect(ability.classSetBonusRule()).toEqual({ setSize: 3, bonus: 3 });
    expect(JSON.parse(JSON.stringify(ability))).toEqual({ type: 'class_set_bonus', params: foreign });
  });

  it('accepts empty params as [] or {} or missing, and writes [] like PHP', () => {
    for (const params of [[], {}, undefined]) {
      const ability = PlanetAbility.fromJSON({ type: 'double_next_planet_no_combat', params });
      expect(ability.params).toEqual({});
      expect(ability.toJSON().params).toEqual([]);
    }
  });

  it('refuses a set size or bonus of the wrong kind', () => {
    expect(caught(() => PlanetAbility.classSetBonus({ setSize: 0 })).path).toBe('$.params.setSize');
    expect(caught(() => PlanetAbility.classSetBonus({ bonus: 1.5 })).path).toBe('$.params.bonus');
    const error = caught(() => PlanetAbility.fromJSON({ type: 'class_set_bonus', params: { setSize: '3' } }));
    expect(error.path).toBe('$.params.setSize');
    expect(error.code).toBe('invalid_input');
  });

  it('keeps a "__proto__" key of saved params as plain data', () => {
    const ability = PlanetAbility.fromJSON(
      JSON.parse('{"type":"class_set_bonus","params":{"__proto__":{"x":1}}}'),
    );
    expect(Object.getPrototypeOf(ability.params)).toBe(Object.prototype);
    expect(Object.keys(ability.params)).toEqual(['__proto__']);
    expect(JSON.stringify(ability)).toBe('{"type":"class_set_bonus","params":{"__proto__":{"x":1}}}');
  });

  it('keeps its params frozen and its own copy', () => {
    const params = { class: 'station', thresholds: { '1': 1 } };
    const ability = new PlanetAbility(PlanetAbilityType.ClassSetBonus, params);
    params.thresholds['1'] = 99;
    expect(ability.params).toEqual({ class: 'station', thresholds: { '1': 1 } });
    expect(Object.isFrozen(ability.params.thresholds)).toBe(true);
  });
});
