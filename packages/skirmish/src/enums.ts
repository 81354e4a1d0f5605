/**
 * The classes a planet may belong to. The values are the PHP library's enum
 * values, so saved states stay interchangeable.
 */
export const PlanetClass = {
  TradePostColony: 'trade_post_colony',
  ResearchColony: 'research_colony',
  MiningColony: 'mining_colony',
  TribalWorld: 'tribal_world',
  IndustrialWorld: 'industrial_world',
  SpaceFaringWorld: 'space_faring_world',
  Station: 'station',
} as const;
export type PlanetClass = (typeof PlanetClass)[keyof typeof PlanetClass];

/** What a planet does when it is claimed (or at scoring). */
export const PlanetAbilityType = {
  /** When claimed, the next planet of the deck goes to the same player without a battle. */
  DoubleNextPlanetNoCombat: 'double_next_planet_no_combat',
  /** At scoring, a bonus for each complete set of this planet's class. */
  ClassSetBonus: 'class_set_bonus',
} as const;
export type PlanetAbilityType = (typeof PlanetAbilityType)[keyof typeof PlanetAbilityType];

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
export type GameEndReason = (typeof GameEndReason)[keyof typeof GameEndReason];

const planetClasses: ReadonlySet<string> = new Set(Object.values(PlanetClass));
const abilityTypes: ReadonlySet<string> = new Set(Object.values(PlanetAbilityType));
const endReasons: ReadonlySet<string> = new Set(Object.values(GameEndReason));

export function isPlanetClass(value: unknown): value is PlanetClass {
  return typeof value === 'string' && planetClasses.has(value);
}

export function isPlanetAbilityType(value: unknown): value is PlanetAbilityType {
  return typeof value === 'string' && abilityTypes.has(value);
}

export function isGameEndReason(value: unknown): value is GameEndReason {
  return typeof value === 'string' && endReasons.has(value);
}
