/**
 * `GameState`, the state object of the PHP library's API: the compatibility
 * layer. It wraps a plain `SkirmishState` and shows it the way the PHP
 * library does (player ids `1..playerCount`, `Planet` objects, `toJSON` in
 * the PHP `toArray` shape); the rules are the pure functions of `rules.ts`.
 */
import { noSuchPlayer } from './errors.js';
import { fromPhpArray, type PhpState, toPhpArray } from './php-array.js';
import { type Planet, planetObject } from './planet.js';
import { leaders, scores } from './rules.js';
import type { Battle, GameEndReason, SkirmishPlanet, SkirmishState } from './schemas.js';

/** The seat of a player id (`1..players`), or an `unknown_seat` error naming the id. */
export function seatOf(playerId: unknown, players: number): number {
  if (typeof playerId !== 'number' || !Number.isInteger(playerId) || playerId < 1 || playerId > players)
    throw noSuchPlayer(playerId, players);
  return playerId - 1;
}

/** The value of a player id (`1..n`) in a list by seat, or an `unknown_seat` error. */
export function ofPlayer<T>(list: readonly T[], playerId: number): T {
  const value = list[seatOf(playerId, list.length)];
  if (value === undefined) throw noSuchPlayer(playerId, list.length);
  return value;
}

/**
 * A resolved battle in the PHP library's terms (player ids `1..n`): the card
 * each player revealed, keyed by id; the id that took the pot, or null for a
 * tie; the planets at stake; and the planets the winner claimed (pulls of
 * `DoubleNextPlanetNoCombat` included; none on a tie).
 */
export interface BattleResult {
  readonly cards: Readonly<Record<number, number>>;
  readonly winner: number | null;
  readonly pot: readonly Planet[];
  readonly claimed: readonly Planet[];
}

/**
 * An immutable snapshot of a game. Per-player lists are indexed by seat, that
 * is `playerId - 1`. The engine never changes a state; every transition
 * returns a new one that shares what did not change.
 */
export class GameState {
  readonly playerCount: number;
  /** The ships each player still holds, by seat. */
  readonly hands: readonly (readonly number[])[];
  /** The full deck in reveal order, including planets already revealed. */
  readonly planetDeck: readonly Planet[];
  /** How many planets of the deck have left it (into the pot or a player's hands). */
  readonly currentPlanetIndex: number;
  /** The planets at stake in the current battle, face up. */
  readonly planetPot: readonly Planet[];
  /** The planets each player has claimed, in claim order, by seat. */
  readonly claimedPlanets: readonly (readonly Planet[])[];
  /** The card each player has committed to the current battle (secret), or null, by seat. */
  readonly currentPlays: readonly (number | null)[];
  readonly gameOver: boolean;
  readonly endReason: GameEndReason | null;
  readonly #state: SkirmishState;
  /** How many battles the state this one was played from had (so whether the play resolved one); null when not played. */
  readonly #battlesBefore: number | null;
  /** The `Planet` of each plain planet of the deck, the same object from state to state. */
  readonly #planets: ReadonlyMap<SkirmishPlanet, Planet>;

  /**
   * Wraps a plain state (trusted: untrusted JSON goes through
   * `GameState.fromJSON` or `fromJSON`). `planets` gives the `Planet`
   * objects to reuse: those of an earlier `GameState` of the same game, or
   * the deck's own, in the state's deck order.
   */
  constructor(state: SkirmishState, planets: GameState | readonly Planet[] = []) {
    let previous: { state: SkirmishState; shown: GameState } | null = null;
    let objects: ReadonlyMap<SkirmishPlanet, Planet>;
    if (planets instanceof GameState) {
      previous = { state: planets.#state, shown: planets };
      objects = planets.#planets;
    } else {
      objects = new Map(state.deck.map((planet, i) => [planet, planets[i] ?? planetObject(planet)]));
    }
    // A list the play left as it was keeps its Planet objects.
    const list = (now: SkirmishPlanet[], before?: SkirmishPlanet[], shown?: readonly Planet[]) =>
      shown !== undefined && now === before
        ? shown
        : Object.freeze(now.map((planet) => objects.get(planet) ?? planetObject(planet)));
    this.#state = state;
    this.#planets = objects;
    this.playerCount = state.hands.length;
    for (const hand of state.hands) Object.freeze(hand);
    this.hands = Object.freeze(state.hands);
    this.planetDeck = list(state.deck, previous?.state.deck, previous?.shown.planetDeck);
    this.currentPlanetIndex = state.revealed;
    this.planetPot = list(state.pot, previous?.state.pot, previous?.shown.planetPot);
    this.claimedPlanets = Object.freeze(
      state.claimed.map((now, seat) =>
        list(now, previous?.state.claimed[seat], previous?.shown.claimedPlanets[seat]),
      ),
    );
    this.currentPlays = Object.freeze(state.plays);
    this.gameOver = state.endReason !== null;
    this.endReason = state.endReason;
    this.#battlesBefore = previous === null ? null : previous.state.battles.length;
    Object.freeze(this);
  }

  /**
   * The battle that the play which made this state resolved, in player ids
   * (`GameEngine.playCard` returns the state; this is its battle): null when
   * that play waits for other players' cards, and for a state that was
   * started or loaded rather than played.
   */
  resolvedBattle(): BattleResult | null {
    const battle = this.#state.battles.at(-1);
    if (this.#battlesBefore === null || battle === undefined) return null;
    // As the plain `resolvedBattle(before, after)`, from the count the state before had.
    return this.#state.battles.length > this.#battlesBefore ? this.#inPlayerTerms(battle) : null;
  }

  /** A battle of the plain state (by seat, planet ids) with player ids and `Planet` objects. */
  #inPlayerTerms(battle: Battle): BattleResult {
    const byId = new Map(this.planetDeck.map((planet) => [planet.id, planet]));
    const planets = (ids: readonly string[]) => Object.freeze(ids.flatMap((id) => byId.get(id) ?? []));
    return Object.freeze({
      cards: Object.freeze(Object.fromEntries(battle.cards.map((card, seat) => [seat + 1, card]))),
      winner: battle.winner === null ? null : battle.winner + 1,
      pot: planets(battle.pot),
      claimed: planets(battle.claimed),
    });
  }

  /** Every battle fought so far, oldest first, in player ids (a state loaded from the PHP shape has none: PHP keeps no history). */
  battles(): BattleResult[] {
    return this.#state.battles.map((battle) => this.#inPlayerTerms(battle));
  }

  /** The plain state this object shows, for the pure functions (`viewFor`, `skirmishGame`). */
  toState(): SkirmishState {
    return this.#state;
  }

  /** The player ids, `1..playerCount`. */
  playerIds(): number[] {
    return Array.from({ length: this.playerCount }, (_, i) => i + 1);
  }

  /** The ships a player still holds. */
  hand(playerId: number): readonly number[] {
    return ofPlayer(this.hands, playerId);
  }

  /** The planets a player has claimed. */
  claimedBy(playerId: number): readonly Planet[] {
    return ofPlayer(this.claimedPlanets, playerId);
  }

  /** The card a player has committed to the current battle, or null. A secret: see `viewFor`. */
  playOf(playerId: number): number | null {
    return ofPlayer(this.currentPlays, playerId);
  }

  /** How many planets are still face down in the deck. */
  planetsLeftInDeck(): number {
    return this.planetDeck.length - this.currentPlanetIndex;
  }

  allHandsEmpty(): boolean {
    return this.hands.every((hand) => hand.length === 0);
  }

  /** Each player's VP, `{ 1: vp, 2: vp, ... }`: claimed planets plus `ClassSetBonus` bonuses. */
  scores(): Record<number, number> {
    return Object.fromEntries(scores(this.#state).map((vp, seat) => [seat + 1, vp]));
  }

  /** The ids with the most VP (more than one when they share it); the winners once the game is over. */
  winners(): number[] {
    return leaders(this.#state).map((seat) => seat + 1);
  }

  /** The PHP library's `toArray` shape, ready for `JSON.stringify`. */
  toJSON(): PhpState {
    return toPhpArray(this.#state);
  }

  /**
   * A state from its saved form (ours or the PHP library's), checked: it
   * throws `InvalidInputError` (code `invalid_state`) naming the first
   * problem and its path, such as `$.hands["2"][3]`.
   */
  static fromJSON(value: unknown): GameState {
    return new GameState(fromPhpArray(value));
  }
}
