import { GameEndReason, PlanetAbilityType } from './enums.js';
import type { Planet } from './planet.js';

/**
 * VP of a player's planets. Each `ClassSetBonus` entry on a claimed planet
 * adds `bonus` for every complete group of `setSize` planets of that planet's
 * class the player holds; a planet without a class has no set to complete.
 */
export function scorePlanets(planets: readonly Planet[]): number {
  let total = 0;
  let counts: Map<string, number> | null = null;
  for (const planet of planets) {
    total += planet.victoryPoints;
    if (planet.abilities.length > 0 && counts === null) counts = new Map();
  }
  if (counts === null) return total;
  for (const planet of planets) {
    if (planet.planetClass !== null)
      counts.set(planet.planetClass, (counts.get(planet.planetClass) ?? 0) + 1);
  }
  for (const planet of planets) {
    if (planet.planetClass === null) continue;
    for (const ability of planet.abilities) {
      if (ability.type !== PlanetAbilityType.ClassSetBonus) continue;
      const { setSize, bonus } = ability.classSetBonusRule();
      total += bonus * Math.floor((counts.get(planet.planetClass) ?? 0) / setSize);
    }
  }
  return total;
}

/** The end reason once every hand is empty. */
export function exhaustedReason(
  deckLength: number,
  currentPlanetIndex: number,
  potSize: number,
): GameEndReason {
  return currentPlanetIndex < deckLength || potSize > 0
    ? GameEndReason.ShipsExhaustedPlanetsRemaining
    : GameEndReason.Normal;
}
