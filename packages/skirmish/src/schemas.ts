import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { JsonValueSchema } from '@tabula/core';

/**
 * The one source of truth for every shape of the game: the TypeBox schemas
 * of the config, an action, the state and a view, and the types derived from
 * them. Untrusted JSON is checked against these schemas; the state's
 * cross-field rules are in `state.ts`. The PHP library's array shape, read
 * and written only at import and export, is in `php-array.ts`.
 */

/** The most players a game seats. The rules set no limit; this one keeps a hostile save or config from allocating without end. */
export const MAX_PLAYERS = 100;

/**
 * The most ships a fleet holds. The rules set no limit; every seat holds the
 * fleet, so without one a config a few megabytes long made a state too big
 * to save (a million ships at 100 seats).
 */
export const MAX_FLEET = 1000;

const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** The classes a planet may belong to. The values are the PHP library's enum values. */
export const PlanetClass = {
  TradePostColony: 'trade_post_colony',
  ResearchColony: 'research_colony',
  MiningColony: 'mining_colony',
  TribalWorld: 'tribal_world',
  IndustrialWorld: 'industrial_world',
  SpaceFaringWorld: 'space_faring_world',
  Station: 'station',
} as const;
export const PlanetClassSchema = oneOf(Object.values(PlanetClass));
export type PlanetClass = Static<typeof PlanetClassSchema>;

/** What a planet does when it is claimed (or at scoring). */
export const PlanetAbilityType = {
  /** When claimed, the next planet of the deck goes to the same player without a battle. */
  DoubleNextPlanetNoCombat: 'double_next_planet_no_combat',
  /** At scoring, a bonus for each complete set of this planet's class. */
  ClassSetBonus: 'class_set_bonus',
} as const;
export const PlanetAbilityTypeSchema = oneOf(Object.values(PlanetAbilityType));
export type PlanetAbilityType = Static<typeof PlanetAbilityTypeSchema>;

/** Why a game ended. */
export const GameEndReason = {
  /** All hands empty and every planet awarded. */
  Normal: 'normal',
  /** All hands empty while planets remain in the deck or the pot. */
  ShipsExhaustedPlanetsRemaining: 'ships_exhausted_planets_remaining',
  /** Some hands are empty and others are not, so no further battle can be fought. */
  PlayerOutOfCardsEarly: 'player_out_of_cards_early',
  /**
   * Only ever read from states the PHP library saved: it discarded the pot on
   * a tie with an empty deck. This engine keeps the pot instead and never
   * ends a game this way.
   */
  FinalTiePotDiscarded: 'final_tie_pot_discarded',
} as const;
export const GameEndReasonSchema = oneOf(Object.values(GameEndReason));
export type GameEndReason = Static<typeof GameEndReasonSchema>;

/** Cards and VP: integers that arithmetic keeps exact. */
export const SafeInteger = Type.Integer({
  minimum: Number.MIN_SAFE_INTEGER,
  maximum: Number.MAX_SAFE_INTEGER,
});

/** How many players a game seats. */
export const PlayersSchema = Type.Integer({ minimum: 2, maximum: MAX_PLAYERS });

/** A seat: player id - 1. */
const SeatSchema = Type.Integer({ minimum: 0, maximum: MAX_PLAYERS - 1 });

export const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Any JSON value, nested at most 32 deep: what ability params of other shapes
 * may carry. (Checked without recursion: params nested thousands deep are
 * refused, not a stack overflow.)
 */
const JsonSchema = JsonValueSchema(32);

/**
 * An ability's params. `ClassSetBonus` reads `setSize` and `bonus` (defaults
 * 3 and 3); params of other shapes (later PHP versions write
 * `{ class, thresholds }`) are kept as they are.
 */
export const AbilityParamsSchema = Type.Object(
  {
    /** How many planets of the class make one complete set. */
    setSize: Type.Optional(Type.Integer({ minimum: 1 })),
    /** VP gained for each complete set. */
    bonus: Type.Optional(SafeInteger),
  },
  { additionalProperties: JsonSchema },
);
/** The params' type: `setSize` and `bonus`, and any other JSON the schema lets through. */
export type AbilityParams = Static<typeof AbilityParamsSchema> & { [key: string]: unknown };

export const AbilitySchema = Type.Object(
  { type: PlanetAbilityTypeSchema, params: AbilityParamsSchema },
  { additionalProperties: false },
);
export type SkirmishAbility = Static<typeof AbilitySchema>;

/** A planet card as the state, the config and the view carry it. */
export const PlanetSchema = Type.Object(
  {
    id: Type.String({ minLength: 1 }),
    victoryPoints: SafeInteger,
    name: orNull(Type.String()),
    planetClass: orNull(PlanetClassSchema),
    abilities: Type.Array(AbilitySchema),
  },
  { additionalProperties: false },
);
export type SkirmishPlanet = Static<typeof PlanetSchema>;

/** A planet in a config (or `new Planet(...)`): `name`, `planetClass` and `abilities` may be left out. */
export const PlanetInputSchema = Type.Composite(
  [
    Type.Pick(PlanetSchema, ['id', 'victoryPoints']),
    Type.Partial(Type.Omit(PlanetSchema, ['id', 'victoryPoints'])),
  ],
  { additionalProperties: false },
);
export type PlanetInput = Static<typeof PlanetInputSchema>;

/** The ships every player starts with. */
export const FleetSchema = Type.Array(SafeInteger, { minItems: 1, maxItems: MAX_FLEET });

/** The ships a seat still holds: some of its fleet. */
export const HandSchema = Type.Array(SafeInteger, { maxItems: MAX_FLEET });

/**
 * A game's setup. Seat s is player id s + 1. Left-out fields take the
 * standard game's: ships 1..15, the default deck, shuffled.
 */
export const ConfigSchema = Type.Object(
  {
    players: PlayersSchema,
    fleet: Type.Optional(FleetSchema),
    /** The deck, top first (before the shuffle). */
    planets: Type.Optional(Type.Array(PlanetInputSchema, { minItems: 1 })),
    /** Shuffle the deck at setup (default true); false keeps the given order. */
    shuffle: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SkirmishConfig = Static<typeof ConfigSchema>;

/** The one action of the game: commit a ship (by its strength) to the current battle. */
export const ActionSchema = Type.Object(
  { type: Type.Literal('play'), card: SafeInteger },
  { additionalProperties: false },
);
export type SkirmishAction = Static<typeof ActionSchema>;

/** One resolved battle: public once every card is revealed. */
export const BattleSchema = Type.Object(
  {
    /** The card each seat revealed. */
    cards: Type.Array(SafeInteger),
    /** The seat with the single highest card, or null when the highest cards tied. */
    winner: orNull(SeatSchema),
    /** The ids of the planets at stake. */
    pot: Type.Array(Type.String()),
    /** The ids of the planets the winner claimed, abilities' pulls included; empty on a tie. */
    claimed: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type Battle = Static<typeof BattleSchema>;

/**
 * A game: plain JSON, every per-player list indexed by seat. It holds
 * secrets (the deck order, the cards committed to the current battle): show
 * players `viewFor`.
 */
export const StateSchema = Type.Object(
  {
    /** The ships each seat still holds. */
    hands: Type.Array(HandSchema, { minItems: 2, maxItems: MAX_PLAYERS }),
    /** The card each seat has committed to the current battle, or null. */
    plays: Type.Array(orNull(SafeInteger)),
    /** The whole deck in reveal order, the planets that have left it included. */
    deck: Type.Array(PlanetSchema),
    /** How many planets have left the deck (into the pot or a player's hands). */
    revealed: Type.Integer({ minimum: 0 }),
    /** The planets at stake in the current battle, face up. */
    pot: Type.Array(PlanetSchema),
    /** The planets each seat has claimed, in claim order. */
    claimed: Type.Array(Type.Array(PlanetSchema)),
    /** Why the game ended; null while it is under way. */
    endReason: orNull(GameEndReasonSchema),
    /** The battles fought so far, with every revealed card. */
    battles: Type.Array(BattleSchema),
  },
  { additionalProperties: false },
);
export type SkirmishState = Static<typeof StateSchema>;

/** What everyone may know about one seat. */
export const PlayerViewSchema = Type.Object(
  {
    /** How many ships the seat still holds (not which). */
    cardsInHand: Type.Integer({ minimum: 0 }),
    /** Whether the seat has committed a card to the current battle (not which). */
    hasPlayed: Type.Boolean(),
    claimedPlanets: Type.Array(PlanetSchema),
    score: SafeInteger,
  },
  { additionalProperties: false },
);
export type PlayerView = Static<typeof PlayerViewSchema>;

/** What one seat (or a spectator) may see: never the deck order or another seat's pending card. */
export const ViewSchema = Type.Object(
  {
    /** The seat this view is for, or null for a spectator. */
    viewer: orNull(SeatSchema),
    playerCount: PlayersSchema,
    /** The planets at stake, face up. */
    pot: Type.Array(PlanetSchema),
    potTotalVp: SafeInteger,
    planetsLeftInDeck: Type.Integer({ minimum: 0 }),
    /** The planets still face down, sorted by id: which ones is public, their order is not. */
    deck: Type.Array(PlanetSchema),
    /** By seat. */
    players: Type.Array(PlayerViewSchema),
    /** The viewer's own ships; null for a spectator. */
    hand: orNull(Type.Array(SafeInteger)),
    /** The card the viewer has committed to this battle, if any. */
    ownPlay: orNull(SafeInteger),
    /** The cards the viewer may play now (empty for a spectator). */
    legalCards: Type.Array(SafeInteger),
    gameOver: Type.Boolean(),
    endReason: orNull(GameEndReasonSchema),
    /** The winning seats once the game is over; empty before. */
    winners: Type.Array(SeatSchema),
    battles: Type.Array(BattleSchema),
  },
  { additionalProperties: false },
);
export type SkirmishView = Static<typeof ViewSchema>;
