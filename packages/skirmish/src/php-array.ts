import { type Static, type TSchema, Type } from '@sinclair/typebox';
import {
  type DeepReadonly,
  type ErrorCode,
  InvalidInputError,
  JsonValueSchema,
  matches,
  schemaProblem,
} from '@tabula/core';
import {
  AbilitySchema,
  GameEndReason,
  GameEndReasonSchema,
  HandSchema,
  orNull,
  PlanetAbilityTypeSchema,
  PlanetClassSchema,
  PlanetSchema,
  PlayersSchema,
  SafeInteger,
  type SkirmishAbility,
  type SkirmishPlanet,
  type SkirmishState,
  StateSchema,
} from './schemas.js';
import { checkPlayable, checkTable } from './state.js';

/**
 * The PHP library's array shape (`GameState::toArray`, `Planet::toArray`),
 * read and written only here: at import (`fromPhpArray`) and export
 * (`toPhpArray`). Per-player maps are keyed by player id, "1", "2", ...;
 * keys are snake_case; an empty ability `params` is written `[]`.
 */

const PlayerKey = Type.String({ pattern: '^[1-9][0-9]*$' });
const byPlayer = <T extends TSchema>(value: T) =>
  Type.Record(PlayerKey, value, { additionalProperties: false });

/** An ability as PHP writes it: empty params as `[]`; they may be left out. */
export const PhpAbilitySchema = Type.Object({
  type: PlanetAbilityTypeSchema,
  params: Type.Optional(
    Type.Union([Type.Array(Type.Never(), { maxItems: 0 }), Type.Record(Type.String(), JsonValueSchema(32))]),
  ),
});
export type PhpAbility = Static<typeof PhpAbilitySchema>;

/** A planet as PHP writes it. `name`, `class` and `abilities` may be missing; keys of later versions are ignored. */
export const PhpPlanetSchema = Type.Object({
  id: Type.String({ minLength: 1 }),
  victory_points: SafeInteger,
  name: Type.Optional(orNull(Type.String())),
  class: Type.Optional(orNull(PlanetClassSchema)),
  abilities: Type.Optional(Type.Array(PhpAbilitySchema)),
});
export type PhpPlanet = Static<typeof PhpPlanetSchema>;

/** A state as `GameState::toArray` writes it. */
export const PhpStateSchema = Type.Object({
  player_count: PlayersSchema,
  hands: byPlayer(HandSchema),
  planet_deck: Type.Array(PhpPlanetSchema),
  current_planet_index: Type.Integer({ minimum: 0 }),
  planet_pot: Type.Array(PhpPlanetSchema),
  claimed_planets: byPlayer(Type.Array(PhpPlanetSchema)),
  current_plays: byPlayer(orNull(SafeInteger)),
  game_over: Type.Boolean(),
  end_reason: Type.Optional(orNull(GameEndReasonSchema)),
});
export type PhpState = Static<typeof PhpStateSchema>;

/**
 * Keys later PHP versions write for features this version does not have.
 * They load only when they carry nothing, so no rule is silently dropped.
 */
const LATER_FEATURES = ['corporations', 'mercenaries', 'current_merc_plays'] as const;

/** The per-player maps, by their PHP names. */
const PER_PLAYER = ['hands', 'claimed_planets', 'current_plays'] as const;

/** The PHP names of the state's fields, where they differ. */
const PHP_NAMES = new Map([
  ['plays', 'current_plays'],
  ['claimed', 'claimed_planets'],
  ['deck', 'planet_deck'],
  ['revealed', 'current_planet_index'],
  ['pot', 'planet_pot'],
  ['endReason', 'end_reason'],
]);

/** A path into a PHP document as TypeBox writes it (`$.hands[2]`), with player keys quoted: `$.hands["2"]`. */
function keyPath(path: string): string {
  return path.replace(/^\$\.(hands|claimed_planets|current_plays)\[(\d+)\]/, '$.$1["$2"]');
}

/** A path into the plain state (`$.claimed[1][0].victoryPoints`) in PHP terms: `$.claimed_planets["2"][0].victory_points`. */
function phpPath(path: string): string {
  return keyPath(
    path
      .replace(/^\$\.(\w+)/, (_, name: string) => `$.${PHP_NAMES.get(name) ?? name}`)
      .replace(
        /^\$\.(hands|claimed_planets|current_plays)\[(\d+)\]/,
        (_, name, seat) => `$.${name}[${Number(seat) + 1}]`,
      )
      .replace(/\.victoryPoints\b/g, '.victory_points')
      .replace(/\.planetClass\b/g, '.class'),
  );
}

/** `value` checked against a schema; the first problem is reported with its path in the reader's terms. */
function read<S extends TSchema>(
  schema: S,
  value: unknown,
  code: ErrorCode,
  path: (path: string) => string,
): Static<S> {
  if (matches(schema, value)) return value;
  const problem = schemaProblem(schema, value) ?? { path: '$', message: 'does not match its schema' };
  throw new InvalidInputError(code, path(problem.path), problem.message);
}

/** Runs the plain state's checks, reporting problems with PHP paths. */
function inPhpTerms(run: () => void): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    throw new InvalidInputError(error.code, phpPath(error.path), error.message.slice(error.path.length + 2));
  }
}

function fail(path: string, message: string): never {
  throw new InvalidInputError('invalid_state', path, message);
}

function abilityOf({ type, params }: PhpAbility): SkirmishAbility {
  return { type, params: params === undefined || Array.isArray(params) ? {} : params };
}

function planetOf(php: PhpPlanet): SkirmishPlanet {
  return {
    id: php.id,
    victoryPoints: php.victory_points,
    name: php.name ?? null,
    planetClass: php.class ?? null,
    abilities: (php.abilities ?? []).map(abilityOf),
  };
}

/** An ability from its PHP form, checked: throws `InvalidInputError` (code `invalid_input`) with the path of the first problem. */
export function abilityFromPhp(json: unknown): SkirmishAbility {
  const php = read(PhpAbilitySchema, json, 'invalid_input', keyPath);
  return read(AbilitySchema, abilityOf(php), 'invalid_input', phpPath);
}

/** An ability in its PHP form: empty params written `[]`. */
export function abilityToPhp({ type, params }: DeepReadonly<SkirmishAbility>): PhpAbility {
  return { type, params: Object.keys(params).length === 0 ? [] : structuredClone(params) };
}

/**
 * A planet from its PHP form, checked: throws `InvalidInputError` (code
 * `invalid_input`) with the path of the first problem.
 */
export function planetFromPhp(json: unknown): SkirmishPlanet {
  return read(
    PlanetSchema,
    planetOf(read(PhpPlanetSchema, json, 'invalid_input', keyPath)),
    'invalid_input',
    phpPath,
  );
}

/** A planet in its PHP form: every key written, empty params as `[]`. */
export function planetToPhp(planet: DeepReadonly<SkirmishPlanet>): PhpPlanet {
  return {
    id: planet.id,
    victory_points: planet.victoryPoints,
    name: planet.name,
    class: planet.planetClass,
    abilities: planet.abilities.map(abilityToPhp),
  };
}

/** Whether a value holds no data: null, or lists and maps of nothing. Without recursion: any nesting is read. */
function carriesNothing(value: unknown): boolean {
  const queue = [value];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i];
    if (node === null || node === undefined) continue;
    if (typeof node !== 'object') return false;
    for (const inner of Object.values(node)) queue.push(inner);
  }
  return true;
}

/**
 * A state the PHP library saved (`GameState::toArray`, as JSON), checked and
 * turned into the plain state, with an empty battle history. Throws
 * `InvalidInputError` (code `invalid_state`) naming the first problem and its
 * path in the PHP document, such as `$.hands["2"][3]`.
 *
 * Two situations PHP saves are settled on the way in: a pot left empty
 * between battles gets the next planet revealed (this engine reveals before
 * choices), and a game where someone must play but holds no ship ends at
 * once as `player_out_of_cards_early`.
 */
export function fromPhpArray(json: unknown): SkirmishState {
  const php = read(PhpStateSchema, json, 'invalid_state', keyPath);
  const everything: Record<string, unknown> = php;
  const players = php.player_count;
  for (const name of PER_PLAYER) {
    for (const key of Object.keys(php[name])) {
      if (Number(key) > players) {
        fail(`$.${name}["${key}"]`, `there is no player "${key}"; player ids are 1 to ${players}`);
      }
    }
  }
  const endReason = php.end_reason ?? null;
  if (php.game_over && endReason === null) fail('$.end_reason', 'a finished game needs an end reason');
  if (!php.game_over && endReason !== null) fail('$.end_reason', 'a game still under way has no end reason');
  for (const key of LATER_FEATURES) {
    if (!carriesNothing(everything[key])) {
      fail(`$.${key}`, `${key} belong to a later version of the game and are not supported`);
    }
  }

  const bySeat = <T>(name: (typeof PER_PLAYER)[number], map: Record<string, T>): T[] =>
    Array.from({ length: players }, (_, seat) => {
      const value = map[seat + 1];
      if (value === undefined) fail(`$.${name}["${seat + 1}"]`, `player ${seat + 1} is missing`);
      return value;
    });
  const deck = php.planet_deck.map(planetOf);
  const fromDeck = deckPlanet(deck);
  const state: SkirmishState = {
    hands: bySeat('hands', php.hands),
    plays: bySeat('current_plays', php.current_plays),
    deck,
    revealed: php.current_planet_index,
    pot: php.planet_pot.map(fromDeck),
    claimed: bySeat('claimed_planets', php.claimed_planets).map((planets) => planets.map(fromDeck)),
    endReason,
    battles: [],
  };
  inPhpTerms(() => checkTable(read(StateSchema, state, 'invalid_state', (path) => path)));
  const settled = settle(state);
  inPhpTerms(() => checkPlayable(settled));
  return settled;
}

/**
 * A pot or claimed planet as the deck's own planet object when it is the
 * same planet, as in the states this engine makes (PHP may have changed one,
 * such as doubling its VP: that one stays apart).
 */
function deckPlanet(deck: readonly SkirmishPlanet[]): (php: PhpPlanet) => SkirmishPlanet {
  const byId = new Map(deck.map((planet) => [planet.id, planet]));
  return (php) => {
    const planet = planetOf(php);
    const own = byId.get(planet.id);
    const same =
      own !== undefined &&
      own.victoryPoints === planet.victoryPoints &&
      own.name === planet.name &&
      own.planetClass === planet.planetClass &&
      (own.abilities.length + planet.abilities.length === 0 ||
        JSON.stringify(own.abilities) === JSON.stringify(planet.abilities));
    return same ? own : planet;
  };
}

/** A state PHP saved between battles or with a player out of ships, in this engine's terms. */
function settle(state: SkirmishState): SkirmishState {
  if (state.endReason !== null) return state;
  const { hands, plays, deck, pot, revealed } = state;
  const pending = plays.some((card) => card !== null);
  // A battle under way over an empty pot: checkPlayable refuses it.
  if (pending && pot.length === 0 && revealed < deck.length) return state;
  if (!pending && hands.every((hand) => hand.length === 0)) {
    const left = revealed < deck.length || pot.length > 0;
    return {
      ...state,
      endReason: left ? GameEndReason.ShipsExhaustedPlanetsRemaining : GameEndReason.Normal,
    };
  }
  if (hands.some((hand, seat) => hand.length === 0 && plays[seat] === null)) {
    return { ...state, endReason: GameEndReason.PlayerOutOfCardsEarly };
  }
  const next = deck[revealed];
  if (pot.length === 0 && next !== undefined) return { ...state, pot: [next], revealed: revealed + 1 };
  return state;
}

/** A state in the PHP library's `toArray` shape: what `GameState::fromArray` reads. */
export function toPhpArray(state: DeepReadonly<SkirmishState>): PhpState {
  const byPlayerId = <T>(list: readonly T[]) =>
    Object.fromEntries(list.map((value, seat) => [String(seat + 1), value]));
  return {
    player_count: state.hands.length,
    hands: byPlayerId(state.hands.map((hand) => [...hand])),
    planet_deck: state.deck.map(planetToPhp),
    current_planet_index: state.revealed,
    planet_pot: state.pot.map(planetToPhp),
    claimed_planets: byPlayerId(state.claimed.map((planets) => planets.map(planetToPhp))),
    current_plays: byPlayerId(state.plays),
    game_over: state.endReason !== null,
    end_reason: state.endReason,
  };
}
