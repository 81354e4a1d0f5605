import { child, describe, Reader } from './json.js';
import { cryptoShuffle, phpShuffle } from './mt19937.js';
import { Planet } from './planet.js';

export interface GameConfigOptions {
  /** How many players (ids `1..playerCount`); at least 2. Default 2. */
  readonly playerCount?: number;
  /** The planet deck, top first; non-empty, unique ids. Default `Planet.defaultDeck()`. */
  readonly planets?: readonly Planet[];
  /** The ship strengths every player starts with; non-empty integers. Default `1..15`. */
  readonly fleetValues?: readonly number[];
  /**
   * Shuffles the deck deterministically, in the same order as the PHP
   * library's `mt_srand(seed); shuffle(...)`. Only the low 32 bits count.
   */
  readonly seed?: number | null;
  /** Without a seed: shuffle unpredictably (true) or keep the deck's order (false, the default). */
  readonly shuffle?: boolean;
}

/** A validated game setup. The deck is already in play order (shuffled if asked). */
export class GameConfig {
  readonly playerCount: number;
  /** The deck in the order it will be revealed. */
  readonly planets: readonly Planet[];
  readonly fleetValues: readonly number[];
  readonly seed: number | null;

  constructor(options: GameConfigOptions = {}) {
    const reader: Reader = new Reader('invalid_config');
    const path = 'config';
    const o = reader.object(options, path);
    const { playerCount = 2, planets, fleetValues, seed = null, shuffle = false } = o as GameConfigOptions;

    if (typeof playerCount !== 'number' || !Number.isSafeInteger(playerCount) || playerCount < 2) {
      reader.fail(child(path, 'playerCount'), `at least 2 players are needed, got ${describe(playerCount)}`);
    }

    const fleet = fleetValues ?? Array.from({ length: 15 }, (_, i) => i + 1);
    const fleetPath = child(path, 'fleetValues');
    reader.array(fleet, fleetPath);
    if (fleet.length === 0) reader.fail(fleetPath, 'a fleet needs at least one ship');
    fleet.forEach((ship, i) => {
      if (typeof ship !== 'number' || !Number.isSafeInteger(ship)) {
        reader.fail(child(fleetPath, i), `a ship strength must be an integer, got ${describe(ship)}`);
      }
    });

    const deck = planets ?? Planet.defaultDeck();
    const deckPath = child(path, 'planets');
    reader.array(deck, deckPath);
    if (deck.length === 0) reader.fail(deckPath, 'the deck needs at least one planet');
    const ids = new Set<string>();
    deck.forEach((planet, i) => {
      if (!(planet instanceof Planet)) {
        reader.fail(child(deckPath, i), `expected a Planet, got ${describe(planet)}`);
      }
      if (ids.has(planet.id))
        reader.fail(child(deckPath, i), `planet id ${JSON.stringify(planet.id)} appears twice`);
      ids.add(planet.id);
    });

    if (seed !== null && (typeof seed !== 'number' || !Number.isSafeInteger(seed))) {
      reader.fail(child(path, 'seed'), `a seed must be an integer, got ${describe(seed)}`);
    }
    if (typeof shuffle !== 'boolean') {
      reader.fail(child(path, 'shuffle'), `expected true or false, got ${describe(shuffle)}`);
    }

    this.playerCount = playerCount;
    this.fleetValues = Object.freeze(fleet.slice());
    this.planets = Object.freeze(
      seed !== null ? phpShuffle(deck, seed) : shuffle ? cryptoShuffle(deck) : deck.slice(),
    );
    this.seed = seed;
    Object.freeze(this);
  }

  /**
   * Two players, the default deck shuffled, ships 1..15 each. With a seed the
   * shuffle is reproducible (and matches the PHP library's); without one it
   * is unpredictable.
   */
  static standardTwoPlayer(seed?: number | null): GameConfig {
    return new GameConfig({
      playerCount: 2,
      planets: Planet.defaultDeck(),
      fleetValues: Array.from({ length: 15 }, (_, i) => i + 1),
      seed: seed ?? null,
      shuffle: true,
    });
  }
}
