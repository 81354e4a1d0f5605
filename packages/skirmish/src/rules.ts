import { type DeepReadonly, type Seat, shown } from '@tabula/core';
import { checkSeat, GameOverError, InvalidMoveError, noSuchSeat } from './errors.js';
import {
  type AbilityParams,
  type Battle,
  GameEndReason,
  PlanetAbilityType,
  PlanetClass,
  type SkirmishPlanet,
  type SkirmishState,
} from './schemas.js';

/**
 * The rules as pure functions over the plain state: a transition returns a
 * new state that shares what did not change and never touches the one it
 * was given, not even when it throws.
 */

/** The ships 1..15 every player holds in the standard game. */
export function standardFleet(): number[] {
  return Array.from({ length: 15 }, (_, i) => i + 1);
}

/**
 * The 15-planet deck of the PHP library's README, in the order P1..P15: P1-P5
 * worth 1 VP, P6-P10 2 VP, P11-P15 3 VP; named "Planet 1".."Planet 15";
 * classes cycle trade post, research, mining by id; no abilities. (The PHP
 * code's default deck differs from its README; we follow the README.)
 */
export function defaultDeck(): SkirmishPlanet[] {
  const cycle = [PlanetClass.TradePostColony, PlanetClass.ResearchColony, PlanetClass.MiningColony];
  return Array.from({ length: 15 }, (_, i) => ({
    id: `P${i + 1}`,
    victoryPoints: Math.floor(i / 5) + 1,
    name: `Planet ${i + 1}`,
    planetClass: cycle[i % 3] ?? null,
    abilities: [],
  }));
}

/** A new game: every seat holds the fleet, and the first planet of the deck (in play order) is face up in the pot. */
export function newGame(players: number, fleet: readonly number[], deck: SkirmishPlanet[]): SkirmishState {
  // Lists are never changed in place, so every seat may start from the same ones.
  const bySeat = <T>(value: T): T[] => new Array<T>(players).fill(value);
  return {
    hands: bySeat(fleet.map(zeroed)),
    plays: bySeat(null),
    deck,
    revealed: Math.min(1, deck.length),
    pot: deck.slice(0, 1),
    claimed: bySeat([]),
    endReason: null,
    battles: [],
  };
}

/**
 * Commits a seat's card to the current battle. When every seat has played,
 * the battle resolves: a single highest card takes the pot; a tie for the
 * highest card adds the next planet to the pot (if any) and the stakes carry
 * over. The card is spent either way.
 *
 * @throws GameOverError once the game has ended.
 * @throws InvalidMoveError `unknown_seat`, `already_played` (one card per battle) or `card_not_held`.
 */
export function playCard(state: SkirmishState, seat: Seat, card: number): SkirmishState {
  if (state.endReason !== null) {
    throw new GameOverError(`The game is over (${state.endReason}); seat ${shown(seat)} cannot play a card`);
  }
  checkSeat(seat, state.hands.length);
  const hand = state.hands[seat];
  if (hand === undefined) throw noSuchSeat(seat, state.hands.length);
  if (state.plays[seat] !== null) {
    throw new InvalidMoveError(
      'already_played',
      { seat },
      `Seat ${seat} has already played a card in this battle`,
    );
  }
  const at = hand.indexOf(card);
  if (at < 0) {
    throw new InvalidMoveError(
      'card_not_held',
      { seat },
      `Seat ${seat} does not hold card ${shown(card)} (holds ${hand.length ? hand.join(', ') : 'none'})`,
    );
  }
  // Copies by spreading: the engine's frozen arrays copy slowly with slice().
  const rest = [...hand];
  rest.splice(at, 1);
  const hands = [...state.hands];
  hands[seat] = rest;
  const plays = [...state.plays];
  // The ship held, not the number given: a -0 for ship 0 is written 0, so the state survives JSON.
  plays[seat] = hand[at] ?? card;
  const cards: number[] = [];
  for (const c of plays) {
    if (c === null) return { ...state, hands, plays };
    cards.push(c);
  }
  return resolveBattle(state, hands, cards);
}

/**
 * The battle a play resolved: `after` is `playCard(before, ...)`, and its
 * last battle is the result (the card of each seat, the winning seat or null
 * for a tie, the ids of the planets at stake and of those the winner claimed)
 * when the play was the last card in; null when the play waits for other
 * seats' cards. The whole history is `state.battles`.
 */
export function resolvedBattle(before: SkirmishState, after: SkirmishState): Battle | null {
  return after.battles.length > before.battles.length ? (after.battles.at(-1) ?? null) : null;
}

/** A number as JSON writes it back: -0 is 0. */
export function zeroed(n: number): number {
  return n === 0 ? 0 : n;
}

/** A copy of checked JSON (ability params, say) as a save and a load give it back: a -0 comes back 0. */
export function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}

/** The seat with the single highest card, or null when the highest cards tie (lower cards do not matter). */
function singleHighest(cards: readonly number[]): Seat | null {
  let best = Number.NEGATIVE_INFINITY;
  let winner: Seat | null = null;
  let seat = 0;
  for (const card of cards) {
    if (card > best) {
      best = card;
      winner = seat;
    } else if (card === best) {
      winner = null;
    }
    seat++;
  }
  return winner;
}

function resolveBattle(state: SkirmishState, hands: number[][], cards: number[]): SkirmishState {
  const { deck } = state;
  const winner = singleHighest(cards);
  let { revealed, pot, claimed } = state;
  let taken: SkirmishPlanet[] = [];
  if (winner === null) {
    const next = deck[revealed];
    if (next !== undefined) {
      pot = [...pot, next];
      revealed++;
    }
  } else if (pot.length > 0) {
    ({ taken, revealed } = claimPot(pot, deck, revealed));
    claimed = claimed.map((planets, seat) => (seat === winner ? [...planets, ...taken] : planets));
    pot = [];
  }

  const endReason = endReasonOf(hands, deck.length - revealed + pot.length);
  if (endReason === null && pot.length === 0) {
    // The next battle's stake is face up before anyone chooses.
    const next = deck[revealed];
    if (next !== undefined) {
      pot = [next];
      revealed++;
    }
  }
  const battle: Battle = {
    cards,
    winner,
    pot: state.pot.map((p) => p.id),
    claimed: taken.map((p) => p.id),
  };
  return {
    hands,
    plays: new Array<number | null>(cards.length).fill(null),
    deck,
    revealed,
    pot,
    claimed,
    endReason,
    battles: [...state.battles, battle],
  };
}

/**
 * The planets a battle's winner takes: the pot, with claim abilities
 * resolved. Each `DoubleNextPlanetNoCombat` entry pulls the next planet of
 * the deck, whose own entries pull in turn (a chain). Pulls always take the
 * next planet, so a count of what is owed is all the chain needs.
 */
function claimPot(
  pot: readonly SkirmishPlanet[],
  deck: readonly SkirmishPlanet[],
  revealed: number,
): { taken: SkirmishPlanet[]; revealed: number } {
  const taken: SkirmishPlanet[] = [];
  for (const planet of pot) {
    taken.push(planet);
    let owed = pullsOnClaim(planet);
    for (let next = deck[revealed]; owed > 0 && next !== undefined; next = deck[revealed]) {
      taken.push(next);
      revealed++;
      owed += pullsOnClaim(next) - 1;
    }
  }
  return { taken, revealed };
}

/** Why the game ends with these hands and `planetsLeft` planets in the deck and the pot; null while it goes on. */
export function endReasonOf(
  hands: readonly (readonly number[])[],
  planetsLeft: number,
): GameEndReason | null {
  let empty = 0;
  for (const hand of hands) if (hand.length === 0) empty++;
  return endReasonFor(empty, hands.length, planetsLeft);
}

/** Why the game ends when `empty` of `players` hands are empty and `planetsLeft` planets are in the deck and the pot; null while it goes on. */
export function endReasonFor(empty: number, players: number, planetsLeft: number): GameEndReason | null {
  if (empty === 0) return null;
  if (empty < players) return GameEndReason.PlayerOutOfCardsEarly;
  return planetsLeft > 0 ? GameEndReason.ShipsExhaustedPlanetsRemaining : GameEndReason.Normal;
}

/** How many `DoubleNextPlanetNoCombat` entries a planet carries (each pulls one planet). */
export function pullsOnClaim(planet: DeepReadonly<SkirmishPlanet>): number {
  let pulls = 0;
  for (const ability of planet.abilities)
    if (ability.type === PlanetAbilityType.DoubleNextPlanetNoCombat) pulls++;
  return pulls;
}

/** The rule a `ClassSetBonus` ability scores with. */
export interface ClassSetBonusRule {
  /** How many planets of the class make one complete set. */
  readonly setSize: number;
  /** VP gained for each complete set. */
  readonly bonus: number;
}

export const DEFAULT_CLASS_SET_BONUS: ClassSetBonusRule = Object.freeze({ setSize: 3, bonus: 3 });

/** The set rule of a `ClassSetBonus` ability's params (the defaults fill what they lack). */
export function classSetBonusRule(params: DeepReadonly<AbilityParams>): ClassSetBonusRule {
  return {
    setSize: params.setSize ?? DEFAULT_CLASS_SET_BONUS.setSize,
    bonus: params.bonus ?? DEFAULT_CLASS_SET_BONUS.bonus,
  };
}

/**
 * VP of a player's planets. Each `ClassSetBonus` entry on a claimed planet
 * adds `bonus` for every complete group of `setSize` planets of that planet's
 * class the player holds; a planet without a class has no set to complete.
 */
export function scorePlanets(planets: readonly DeepReadonly<SkirmishPlanet>[]): number {
  let total = 0;
  let counts: Map<string, number> | null = null;
  for (const planet of planets) {
    total += planet.victoryPoints;
    if (planet.abilities.length > 0 && counts === null) counts = new Map();
  }
  if (counts === null) return total;
  for (const { planetClass } of planets) {
    if (planetClass !== null) counts.set(planetClass, (counts.get(planetClass) ?? 0) + 1);
  }
  for (const { planetClass, abilities } of planets) {
    if (planetClass === null) continue;
    for (const ability of abilities) {
      if (ability.type !== PlanetAbilityType.ClassSetBonus) continue;
      const { setSize, bonus } = classSetBonusRule(ability.params);
      total += bonus * Math.floor((counts.get(planetClass) ?? 0) / setSize);
    }
  }
  return total;
}

/** Each seat's VP: claimed planets plus `ClassSetBonus` bonuses. */
export function scores(state: SkirmishState): number[] {
  return state.claimed.map(scorePlanets);
}

/** The seats with the most VP (more than one when they share it): the winners once the game is over. */
export function leaders(state: SkirmishState): Seat[] {
  const points = scores(state);
  const best = Math.max(...points);
  const seats: Seat[] = [];
  points.forEach((p, seat) => {
    if (p === best) seats.push(seat);
  });
  return seats;
}

/** Total VP of some planets (the pot's, say), without set bonuses. */
export function victoryPointsOf(planets: readonly DeepReadonly<SkirmishPlanet>[]): number {
  let total = 0;
  for (const planet of planets) total += planet.victoryPoints;
  return total;
}
