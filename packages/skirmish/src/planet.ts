/**
 * `Planet` and `PlanetAbility`, the planet objects of the PHP library's API:
 * the compatibility layer. They carry the fields of the plain planet
 * (`SkirmishPlanet`), checked and frozen; `toJSON` writes the PHP
 * `Planet::toArray` shape.
 */
import { type DeepReadonly, InvalidInputError, parseWith } from '@tabula/core';
import {
  abilityFromPhp,
  abilityToPhp,
  type PhpAbility,
  type PhpPlanet,
  planetFromPhp,
  planetToPhp,
} from './php-array.js';
import {
  type ClassSetBonusRule,
  classSetBonusRule,
  defaultDeck,
  jsonCopy,
  pullsOnClaim,
  zeroed,
} from './rules.js';
import {
  type AbilityParams,
  AbilitySchema,
  PlanetAbilityType,
  type PlanetClass,
  type PlanetInput,
  PlanetInputSchema,
  type SkirmishPlanet,
} from './schemas.js';

function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Something a planet does. `DoubleNextPlanetNoCombat` resolves when the
 * planet is claimed; `ClassSetBonus` at scoring, with params
 * `{ setSize, bonus }` (defaults 3 and 3). Params of other shapes (later PHP
 * versions write `{ class, thresholds }`) are kept unchanged; the fields they
 * lack take the defaults.
 */
export class PlanetAbility {
  readonly type: PlanetAbilityType;
  readonly params: DeepReadonly<AbilityParams>;

  /** @throws InvalidInputError `invalid_input` for an unknown type or params of the wrong kind. */
  constructor(type: PlanetAbilityType, params: DeepReadonly<AbilityParams> = {}) {
    parseWith(AbilitySchema, { type, params }, 'A planet ability', 'invalid_input');
    this.type = type;
    this.params = frozen(jsonCopy(params));
    Object.freeze(this);
  }

  /** `DoubleNextPlanetNoCombat`: on claim, the next planet of the deck goes to the same player. */
  static doubleNextPlanetNoCombat(): PlanetAbility {
    return new PlanetAbility(PlanetAbilityType.DoubleNextPlanetNoCombat);
  }

  /** `ClassSetBonus`: `bonus` VP per complete set of `setSize` planets of this planet's class. */
  static classSetBonus(rule: Partial<ClassSetBonusRule> = {}): PlanetAbility {
    const params: AbilityParams = {};
    if (rule.setSize !== undefined) params.setSize = rule.setSize;
    if (rule.bonus !== undefined) params.bonus = rule.bonus;
    return new PlanetAbility(PlanetAbilityType.ClassSetBonus, params);
  }

  /** The set rule this ability scores with (the defaults fill what params lack). */
  classSetBonusRule(): ClassSetBonusRule {
    return classSetBonusRule(this.params);
  }

  /** The PHP form: empty params written `[]`. */
  toJSON(): PhpAbility {
    return abilityToPhp(this);
  }

  /** An ability from its PHP form (`params` may be `[]`, `{}` or missing). */
  static fromJSON(value: unknown): PlanetAbility {
    const { type, params } = abilityFromPhp(value);
    return new PlanetAbility(type, params);
  }
}

/** What `new Planet(...)` takes: the plain planet's fields, `PlanetAbility` objects for the abilities. */
export type PlanetOptions = Omit<PlanetInput, 'abilities'> & {
  readonly abilities?: readonly PlanetAbility[];
};

/** A planet card: immutable, shared freely between states. */
export class Planet {
  readonly id: string;
  readonly victoryPoints: number;
  readonly name: string | null;
  readonly planetClass: PlanetClass | null;
  readonly abilities: readonly PlanetAbility[];

  /** @throws InvalidInputError `invalid_input` naming the first bad field, such as `$.victoryPoints`. */
  constructor(options: PlanetOptions) {
    const {
      id,
      victoryPoints,
      name = null,
      planetClass = null,
    } = parseWith(PlanetInputSchema, options, 'A planet', 'invalid_input');
    const abilities = options.abilities ?? [];
    const odd = abilities.findIndex((ability) => !(ability instanceof PlanetAbility));
    if (odd >= 0)
      throw new InvalidInputError('invalid_input', `$.abilities[${odd}]`, 'expected a PlanetAbility');
    this.id = id;
    this.victoryPoints = zeroed(victoryPoints);
    this.name = name;
    this.planetClass = planetClass;
    this.abilities = Object.freeze(abilities.slice());
    Object.freeze(this);
  }

  /** How many `DoubleNextPlanetNoCombat` entries this planet carries (each pulls one planet). */
  pullsOnClaim(): number {
    return pullsOnClaim(this);
  }

  /** The PHP `Planet::toArray` shape. */
  toJSON(): PhpPlanet {
    return planetToPhp(this);
  }

  /**
   * A planet from its PHP form. `name`, `class` and `abilities` may be
   * missing (as PHP allows); keys of later PHP versions (such as
   * `description`) are ignored.
   *
   * @throws InvalidInputError `invalid_input` with the path of the first problem.
   */
  static fromJSON(value: unknown): Planet {
    return planetObject(planetFromPhp(value));
  }

  /**
   * The 15-planet deck of the README, in the order P1..P15: P1-P5 worth
   * 1 VP, P6-P10 2 VP, P11-P15 3 VP; named "Planet 1".."Planet 15"; classes
   * cycle trade post, research, mining by id; no abilities.
   */
  static defaultDeck(): Planet[] {
    DEFAULT_DECK ??= defaultDeck().map(planetObject);
    return [...DEFAULT_DECK];
  }
}

/** The default deck's planets: immutable, so every deck may share them. */
let DEFAULT_DECK: readonly Planet[] | undefined;

/** The `Planet` for a plain planet. */
export function planetObject(planet: SkirmishPlanet): Planet {
  return new Planet({
    ...planet,
    abilities: planet.abilities.map(({ type, params }) => new PlanetAbility(type, params)),
  });
}

/** The plain planet of a `Planet`. */
export function planetData(planet: Planet): SkirmishPlanet {
  const { id, victoryPoints, name, planetClass, abilities } = planet;
  return {
    id,
    victoryPoints,
    name,
    planetClass,
    abilities: abilities.map(({ type, params }) => ({ type, params })),
  };
}
