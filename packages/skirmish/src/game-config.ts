/**
 * `GameConfig`, the setup object of the PHP library's API: the
 * compatibility layer. The contract's config is the plain `SkirmishConfig`.
 */
import { type Static, Type } from '@sinclair/typebox';
import { InvalidInputError, parseWith } from '@tabula/core';
import { cryptoShuffle, phpShuffle } from './mt19937.js';
import { Planet } from './planet.js';
import { standardFleet } from './rules.js';
import { FleetSchema, orNull, PlayersSchema, SafeInteger } from './schemas.js';
import { checkUniqueIds } from './state.js';

const GameConfigOptionsSchema = Type.Object({
  /** How many players (ids `1..playerCount`). Default 2. */
  playerCount: Type.Optional(PlayersSchema),
  /** The planet deck, top first; non-empty, unique ids. Default `Planet.defaultDeck()`. */
  planets: Type.Optional(Type.Array(Type.Unknown(), { minItems: 1 })),
  /** The ship strengths every player starts with. Default `1..15`. */
  fleetValues: Type.Optional(FleetSchema),
  /**
   * Shuffles the deck deterministically, in the same order as the PHP
   * library's `mt_srand(seed); shuffle(...)`. Only the low 32 bits count.
   */
  seed: Type.Optional(orNull(SafeInteger)),
  /** Without a seed: shuffle unpredictably (true) or keep the deck's order (false, the default). */
  shuffle: Type.Optional(Type.Boolean()),
});
export type GameConfigOptions = Omit<Static<typeof GameConfigOptionsSchema>, 'planets'> & {
  readonly planets?: readonly Planet[];
};

const isPlanet = (value: unknown): value is Planet => value instanceof Planet;

/**
 * A checked game setup. The deck is already in play order (shuffled if asked).
 * Read-only: its fields are accessors over private fields, and its lists are
 * frozen (the config itself is not: a game makes one, and `Object.freeze`
 * costs a call into V8's runtime).
 */
export class GameConfig {
  readonly #playerCount: number;
  readonly #planets: readonly Planet[];
  readonly #fleetValues: readonly number[];
  readonly #seed: number | null;

  get playerCount(): number {
    return this.#playerCount;
  }

  /** The deck in the order it will be revealed. */
  get planets(): readonly Planet[] {
    return this.#planets;
  }

  get fleetValues(): readonly number[] {
    return this.#fleetValues;
  }

  get seed(): number | null {
    return this.#seed;
  }

  /** @throws InvalidInputError `invalid_config` naming the first bad field, such as `$.fleetValues[2]`. */
  constructor(options: GameConfigOptions = {}) {
    const {
      playerCount = 2,
      planets = Planet.defaultDeck(),
      fleetValues = standardFleet(),
      seed = null,
      shuffle = false,
    } = parseWith(GameConfigOptionsSchema, options, 'A game config', 'invalid_config');
    if (!planets.every(isPlanet)) {
      const odd = planets.findIndex((planet) => !isPlanet(planet));
      throw new InvalidInputError('invalid_config', `$.planets[${odd}]`, 'expected a Planet');
    }
    checkUniqueIds(planets, '$.planets', 'invalid_config');
    this.#playerCount = playerCount;
    this.#fleetValues = Object.freeze(fleetValues.slice());
    this.#planets = Object.freeze(
      seed !== null ? phpShuffle(planets, seed) : shuffle ? cryptoShuffle(planets) : planets.slice(),
    );
    this.#seed = seed;
  }

  /**
   * Two players, the default deck shuffled, ships 1..15 each. With a seed the
   * shuffle is reproducible (and matches the PHP library's); without one it
   * is unpredictable.
   */
  static standardTwoPlayer(seed?: number | null): GameConfig {
    return new GameConfig({ playerCount: 2, seed: seed ?? null, shuffle: true });
  }
}
