import { type TSchema, Type } from '@sinclair/typebox';
import { GameEndReason, PlanetAbilityType, PlanetClass } from './enums.js';

/**
 * JSON Schemas (TypeBox) of what the game definition takes and gives: the
 * config, an action, a state and a view. They describe exactly what
 * `skirmishGame` produces, so untrusted JSON can be checked against them.
 */

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** A player id as a map key: "1", "2", ... */
const PLAYER_KEY = '^[1-9][0-9]*$';

const perPlayer = <T extends TSchema>(value: T) =>
  Type.Record(Type.String({ pattern: PLAYER_KEY }), value, { additionalProperties: false });

export const PlanetClassSchema = literals(Object.values(PlanetClass));

export const PlanetAbilitySchema = Type.Object(
  {
    type: literals(Object.values(PlanetAbilityType)),
    // PHP writes empty params as `[]`.
    params: Type.Union([
      Type.Array(Type.Never(), { maxItems: 0 }),
      Type.Record(Type.String(), Type.Unknown()),
    ]),
  },
  { additionalProperties: false },
);

/** A planet as the state and the view carry it (the PHP `Planet::toArray` shape). */
export const PlanetSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    victory_points: Type.Integer(),
    name: Type.Union([Type.String(), Type.Null()]),
    class: Type.Union([PlanetClassSchema, Type.Null()]),
    abilities: Type.Array(PlanetAbilitySchema),
  },
  { additionalProperties: false },
);

/** A planet in a config: `name`, `class` and `abilities` may be left out. */
export const PlanetInputSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    victory_points: Type.Integer(),
    name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    class: Type.Optional(Type.Union([PlanetClassSchema, Type.Null()])),
    abilities: Type.Optional(Type.Array(PlanetAbilitySchema)),
  },
  { additionalProperties: false },
);

export const ConfigSchema = Type.Object(
  {
    /** How many players; seat s is player id s + 1. */
    players: Type.Integer({ minimum: 2 }),
    /** The ships every player starts with (default 1..15). */
    fleet: Type.Optional(Type.Array(Type.Integer(), { minItems: 1 })),
    /** The deck (default `Planet.defaultDeck()`). */
    planets: Type.Optional(Type.Array(PlanetInputSchema, { minItems: 1 })),
    /** Shuffle the deck at setup (default true); false keeps the given order. */
    shuffle: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const ActionSchema = Type.Object(
  { type: Type.Literal('play'), card: Type.Integer() },
  { additionalProperties: false },
);

/** One resolved battle, public once every card was revealed. */
export const BattleSchema = Type.Object(
  {
    /** The card each player revealed, by seat (player id - 1). */
    cards: Type.Array(Type.Integer()),
    /** The player id with the single highest card, or null for a tie. */
    winner: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    /** The ids of the planets at stake. */
    pot: Type.Array(Type.String()),
    /** The ids of the planets the winner claimed (abilities' pulls included); empty on a tie. */
    claimed: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);

const EndReasonSchema = Type.Union([literals(Object.values(GameEndReason)), Type.Null()]);

/** The PHP library's `toArray` shape plus the public history of battles. */
export const StateSchema = Type.Object(
  {
    player_count: Type.Integer({ minimum: 2 }),
    hands: perPlayer(Type.Array(Type.Integer())),
    planet_deck: Type.Array(PlanetSchema),
    current_planet_index: Type.Integer({ minimum: 0 }),
    planet_pot: Type.Array(PlanetSchema),
    claimed_planets: perPlayer(Type.Array(PlanetSchema)),
    current_plays: perPlayer(Type.Union([Type.Integer(), Type.Null()])),
    game_over: Type.Boolean(),
    end_reason: EndReasonSchema,
    battles: Type.Array(BattleSchema),
  },
  { additionalProperties: false },
);

const PlayerViewSchema = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    cardsInHand: Type.Integer({ minimum: 0 }),
    hasPlayed: Type.Boolean(),
    claimedPlanets: Type.Array(PlanetSchema),
    score: Type.Integer(),
  },
  { additionalProperties: false },
);

/** `viewFor`'s view plus the planets still face down (by id, not in deck order) and the battles so far. */
export const ViewSchema = Type.Object(
  {
    viewer: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    playerCount: Type.Integer({ minimum: 2 }),
    pot: Type.Array(PlanetSchema),
    potTotalVp: Type.Integer(),
    planetsLeftInDeck: Type.Integer({ minimum: 0 }),
    players: Type.Array(PlayerViewSchema),
    hand: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
    ownPlay: Type.Union([Type.Integer(), Type.Null()]),
    legalCards: Type.Array(Type.Integer()),
    gameOver: Type.Boolean(),
    endReason: EndReasonSchema,
    winners: Type.Array(Type.Integer({ minimum: 1 })),
    deck: Type.Array(PlanetSchema),
    battles: Type.Array(BattleSchema),
  },
  { additionalProperties: false },
);
