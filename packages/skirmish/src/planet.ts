import { isPlanetAbilityType, isPlanetClass, PlanetAbilityType, PlanetClass } from './enums.js';
import { child, describe, isPlainObject, type JsonValue, Reader, setOwn } from './json.js';

/** An ability's parameters: a JSON object (foreign shapes are kept as they are). */
export type AbilityParams = { readonly [key: string]: JsonValue };

/** A planet ability as saved: an empty `params` is written `[]`, as PHP writes it. */
export interface PlanetAbilityJSON {
  readonly type: PlanetAbilityType;
  readonly params: AbilityParams | readonly never[];
}

/** A planet as saved (the PHP library's `Planet::toArray` shape). */
export interface PlanetJSON {
  readonly id: string;
  readonly victory_points: number;
  readonly name: string | null;
  readonly class: PlanetClass | null;
  readonly abilities: readonly PlanetAbilityJSON[];
}

/** The rule a `ClassSetBonus` ability scores with. */
export interface ClassSetBonusRule {
  /** How many planets of the class make one complete set. */
  readonly setSize: number;
  /** VP gained for each complete set. */
  readonly bonus: number;
}

export const DEFAULT_CLASS_SET_BONUS: ClassSetBonusRule = Object.freeze({ setSize: 3, bonus: 3 });

/**
 * Something a planet does. `DoubleNextPlanetNoCombat` resolves when the
 * planet is claimed; `ClassSetBonus` at scoring, with params
 * `{ setSize, bonus }` (defaults 3 and 3). Params of other shapes (later PHP
 * versions write `{ class, thresholds }`) are kept unchanged; the fields they
 * lack take the defaults.
 */
export class PlanetAbility {
  readonly type: PlanetAbilityType;
  readonly params: AbilityParams;

  constructor(type: PlanetAbilityType, params: AbilityParams = {}) {
    this.type = type;
    this.params = checked ? params : checkAbility(type, params, 'ability', new Reader('invalid_ability'));
    Object.freeze(this);
  }

  /** `DoubleNextPlanetNoCombat`: on claim, the next planet of the deck goes to the same player. */
  static doubleNextPlanetNoCombat(): PlanetAbility {
    return new PlanetAbility(PlanetAbilityType.DoubleNextPlanetNoCombat);
  }

  /** `ClassSetBonus`: `bonus` VP per complete set of `setSize` planets of this planet's class. */
  static classSetBonus(rule: Partial<ClassSetBonusRule> = {}): PlanetAbility {
    const params: Record<string, number> = {};
    if (rule.setSize !== undefined) params.setSize = rule.setSize;
    if (rule.bonus !== undefined) params.bonus = rule.bonus;
    return new PlanetAbility(PlanetAbilityType.ClassSetBonus, params);
  }

  /** The set rule this ability scores with (the defaults fill what params lack). */
  classSetBonusRule(): ClassSetBonusRule {
    const { setSize, bonus } = this.params;
    return {
      setSize: typeof setSize === 'number' ? setSize : DEFAULT_CLASS_SET_BONUS.setSize,
      bonus: typeof bonus === 'number' ? bonus : DEFAULT_CLASS_SET_BONUS.bonus,
    };
  }

  toJSON(): PlanetAbilityJSON {
    const params = Object.keys(this.params).length === 0 ? [] : (copyJson(this.params) as AbilityParams);
    return { type: this.type, params };
  }

  static fromJSON(value: unknown, path = '$', code = 'invalid_ability'): PlanetAbility {
    const reader: Reader = new Reader(code);
    const o = reader.object(value, path);
    let params: unknown = o.params ?? {};
    // PHP writes an empty associative array as `[]`.
    if (Array.isArray(params) && params.length === 0) params = {};
    const copy = checkAbility(o.type, params, path, reader);
    return trusted(() => new PlanetAbility(o.type as PlanetAbilityType, copy));
  }
}

/** A mutable deep copy of a JSON value. */
function copyJson(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copyJson);
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(value)) setOwn(out, key, copyJson((value as AbilityParams)[key]));
  return out;
}

/**
 * True while `fromJSON` builds a value it has already checked (with its own
 * paths and code), so the constructor does not check it a second time.
 */
let checked = false;

function trusted<T>(make: () => T): T {
  const outer = checked;
  checked = true;
  try {
    return make();
  } finally {
    checked = outer;
  }
}

/** Checks an ability's type and params and returns a frozen copy of the params. */
function checkAbility(type: unknown, params: unknown, path: string, reader: Reader): AbilityParams {
  if (!isPlanetAbilityType(type)) reader.fail(child(path, 'type'), `unknown ability type ${describe(type)}`);
  const paramsPath = child(path, 'params');
  if (!isPlainObject(params)) {
    reader.fail(paramsPath, `expected an object (or [] when empty), got ${describe(params)}`);
  }
  const copy = reader.json(params, paramsPath) as AbilityParams;
  if (type === PlanetAbilityType.ClassSetBonus) checkClassSetBonusParams(copy, paramsPath, reader);
  return copy;
}

function checkClassSetBonusParams(params: AbilityParams, path: string, reader: Reader): void {
  const { setSize, bonus } = params;
  if (
    setSize !== undefined &&
    !(typeof setSize === 'number' && Number.isSafeInteger(setSize) && setSize >= 1)
  ) {
    reader.fail(
      child(path, 'setSize'),
      `a set size must be an integer of at least 1, got ${describe(setSize)}`,
    );
  }
  if (bonus !== undefined && !(typeof bonus === 'number' && Number.isSafeInteger(bonus))) {
    reader.fail(child(path, 'bonus'), `a bonus must be an integer, got ${describe(bonus)}`);
  }
}

export interface PlanetOptions {
  readonly id: string;
  readonly victoryPoints: number;
  readonly name?: string | null;
  readonly planetClass?: PlanetClass | null;
  readonly abilities?: readonly PlanetAbility[];
}

/** A planet card: immutable, shared freely between states. */
export class Planet {
  readonly id: string;
  readonly victoryPoints: number;
  readonly name: string | null;
  readonly planetClass: PlanetClass | null;
  readonly abilities: readonly PlanetAbility[];

  constructor(options: PlanetOptions) {
    if (checked) {
      this.id = options.id;
      this.victoryPoints = options.victoryPoints;
      this.name = options.name ?? null;
      this.planetClass = options.planetClass ?? null;
      this.abilities = Object.freeze(options.abilities?.slice() ?? []);
      Object.freeze(this);
      return;
    }
    const path = 'planet';
    const reader: Reader = new Reader('invalid_planet');
    if (!isPlainObject(options)) reader.fail(path, `expected planet options, got ${describe(options)}`);
    const { id, victoryPoints, name = null, planetClass = null, abilities = [] } = options;
    if (typeof id !== 'string' || id === '') {
      reader.fail(child(path, 'id'), `a planet id must be a non-empty string, got ${describe(id)}`);
    }
    reader.integer(victoryPoints, child(path, 'victoryPoints'));
    if (name !== null && typeof name !== 'string') {
      reader.fail(child(path, 'name'), `a name must be a string or null, got ${describe(name)}`);
    }
    if (planetClass !== null && !isPlanetClass(planetClass)) {
      reader.fail(child(path, 'planetClass'), `unknown planet class ${describe(planetClass)}`);
    }
    reader.array(abilities, child(path, 'abilities'));
    abilities.forEach((ability, i) => {
      if (!(ability instanceof PlanetAbility)) {
        reader.fail(child(child(path, 'abilities'), i), `expected a PlanetAbility, got ${describe(ability)}`);
      }
    });
    this.id = id;
    this.victoryPoints = victoryPoints;
    this.name = name;
    this.planetClass = planetClass;
    this.abilities = Object.freeze(abilities.slice());
    Object.freeze(this);
  }

  /** How many `DoubleNextPlanetNoCombat` entries this planet carries (each pulls one planet). */
  pullsOnClaim(): number {
    let pulls = 0;
    for (const ability of this.abilities)
      if (ability.type === PlanetAbilityType.DoubleNextPlanetNoCombat) pulls++;
    return pulls;
  }

  toJSON(): PlanetJSON {
    return {
      id: this.id,
      victory_points: this.victoryPoints,
      name: this.name,
      class: this.planetClass,
      abilities: this.abilities.map((a) => a.toJSON()),
    };
  }

  /**
   * A planet from its saved form. `name`, `class` and `abilities` may be
   * missing (as PHP allows); keys of later PHP versions (such as
   * `description`) are ignored.
   */
  static fromJSON(value: unknown, path = '$', code = 'invalid_planet'): Planet {
    const reader: Reader = new Reader(code);
    const o = reader.object(value, path);
    const id = reader.string(o.id, child(path, 'id'));
    if (id === '') reader.fail(child(path, 'id'), 'a planet id must not be empty');
    const victoryPoints = reader.integer(o.victory_points, child(path, 'victory_points'));
    const name = o.name ?? null;
    if (name !== null) reader.string(name, child(path, 'name'));
    const planetClass = o.class ?? null;
    if (planetClass !== null && !isPlanetClass(planetClass)) {
      reader.fail(child(path, 'class'), `unknown planet class ${describe(planetClass)}`);
    }
    const abilitiesPath = child(path, 'abilities');
    const abilities = reader
      .array(o.abilities ?? [], abilitiesPath)
      .map((a, i) => PlanetAbility.fromJSON(a, child(abilitiesPath, i), code));
    return trusted(
      () => new Planet({ id, victoryPoints, name: name as string | null, planetClass, abilities }),
    );
  }

  /**
   * The 15-planet deck of the README, in the order P1..P15: P1-P5 worth
   * 1 VP, P6-P10 2 VP, P11-P15 3 VP; named "Planet 1".."Planet 15"; classes
   * cycle trade post, research, mining by id; no abilities.
   */
  static defaultDeck(): Planet[] {
    const cycle = [PlanetClass.TradePostColony, PlanetClass.ResearchColony, PlanetClass.MiningColony];
    return Array.from(
      { length: 15 },
      (_, i) =>
        new Planet({
          id: `P${i + 1}`,
          victoryPoints: Math.floor(i / 5) + 1,
          name: `Planet ${i + 1}`,
          planetClass: cycle[i % 3],
        }),
    );
  }
}

/**
 * A planet from JSON this package wrote itself (inside a state that `setup`
 * or `apply` of the game definition made), without the checks of
 * `Planet.fromJSON`: the definition converts its state on every call, and
 * untrusted states are checked once, on the way in. Not for outside input.
 */
export function trustedPlanet(json: PlanetJSON): Planet {
  return trusted(
    () =>
      new Planet({
        id: json.id,
        victoryPoints: json.victory_points,
        name: json.name,
        planetClass: json.class,
        abilities: json.abilities.map(
          (a) => new PlanetAbility(a.type, Array.isArray(a.params) ? {} : (a.params as AbilityParams)),
        ),
      }),
  );
}
