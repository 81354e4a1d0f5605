import type { GameEndReason } from './enums.js';
import { InvalidMoveError } from './errors.js';
import type { Planet, PlanetJSON } from './planet.js';
import { scorePlanets } from './rules.js';
import { parseGameState } from './state-json.js';

/**
 * A game's whole data. Per-player lists are indexed by seat, that is
 * `playerId - 1` (player ids are `1..playerCount`).
 */
export interface GameStateData {
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
}

/** The saved form: the PHP library's `GameState::toArray` shape. Per-player maps are keyed "1", "2", ... */
export interface GameStateJSON {
  readonly player_count: number;
  readonly hands: { readonly [playerId: string]: readonly number[] };
  readonly planet_deck: readonly PlanetJSON[];
  readonly current_planet_index: number;
  readonly planet_pot: readonly PlanetJSON[];
  readonly claimed_planets: { readonly [playerId: string]: readonly PlanetJSON[] };
  readonly current_plays: { readonly [playerId: string]: number | null };
  readonly game_over: boolean;
  readonly end_reason: GameEndReason | null;
}

/**
 * An immutable snapshot of a game. The engine never changes a state; every
 * transition returns a new one that shares what did not change.
 */
export class GameState implements GameStateData {
  readonly playerCount: number;
  readonly hands: readonly (readonly number[])[];
  readonly planetDeck: readonly Planet[];
  readonly currentPlanetIndex: number;
  readonly planetPot: readonly Planet[];
  readonly claimedPlanets: readonly (readonly Planet[])[];
  readonly currentPlays: readonly (number | null)[];
  readonly gameOver: boolean;
  readonly endReason: GameEndReason | null;

  /**
   * Wraps trusted data (the engine's own). Untrusted input goes through
   * `GameState.fromJSON`, which checks it first.
   */
  constructor(data: GameStateData) {
    this.playerCount = data.playerCount;
    this.hands = data.hands;
    this.planetDeck = data.planetDeck;
    this.currentPlanetIndex = data.currentPlanetIndex;
    this.planetPot = data.planetPot;
    this.claimedPlanets = data.claimedPlanets;
    this.currentPlays = data.currentPlays;
    this.gameOver = data.gameOver;
    this.endReason = data.endReason;
    Object.freeze(this);
  }

  /** The player ids, `1..playerCount`. */
  playerIds(): number[] {
    return Array.from({ length: this.playerCount }, (_, i) => i + 1);
  }

  /** The ships a player still holds. */
  hand(playerId: number): readonly number[] {
    return this.hands[seatOf(this, playerId)];
  }

  /** The planets a player has claimed. */
  claimedBy(playerId: number): readonly Planet[] {
    return this.claimedPlanets[seatOf(this, playerId)];
  }

  /** The card a player has committed to the current battle, or null. A secret: see `viewFor`. */
  playOf(playerId: number): number | null {
    return this.currentPlays[seatOf(this, playerId)];
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
    const scores: Record<number, number> = {};
    for (let seat = 0; seat < this.playerCount; seat++)
      scores[seat + 1] = scorePlanets(this.claimedPlanets[seat]);
    return scores;
  }

  /** The ids with the most VP (more than one when they share it); the winners once the game is over. */
  winners(): number[] {
    const points = this.claimedPlanets.map(scorePlanets);
    const best = Math.max(...points);
    const ids: number[] = [];
    points.forEach((p, seat) => {
      if (p === best) ids.push(seat + 1);
    });
    return ids;
  }

  /** The PHP library's `toArray` shape, ready for `JSON.stringify`. */
  toJSON(): GameStateJSON {
    const hands: Record<string, number[]> = {};
    const claimed: Record<string, PlanetJSON[]> = {};
    const plays: Record<string, number | null> = {};
    for (let seat = 0; seat < this.playerCount; seat++) {
      const key = String(seat + 1);
      hands[key] = this.hands[seat].slice();
      claimed[key] = this.claimedPlanets[seat].map((p) => p.toJSON());
      plays[key] = this.currentPlays[seat];
    }
    return {
      player_count: this.playerCount,
      hands,
      planet_deck: this.planetDeck.map((p) => p.toJSON()),
      current_planet_index: this.currentPlanetIndex,
      planet_pot: this.planetPot.map((p) => p.toJSON()),
      claimed_planets: claimed,
      current_plays: plays,
      game_over: this.gameOver,
      end_reason: this.endReason,
    };
  }

  /**
   * A state from its saved form (ours or the PHP library's), checked: it
   * throws `InvalidInputError` (code `invalid_state`) naming the first
   * problem and its path, such as `$.hands["2"][3]`.
   */
  static fromJSON(value: unknown): GameState {
    return new GameState(parseGameState(value));
  }
}

/** The seat of a player id, or an `unknown_player` error. */
export function seatOf(state: GameStateData, playerId: number): number {
  if (!Number.isInteger(playerId) || playerId < 1 || playerId > state.playerCount) {
    throw new InvalidMoveError(
      'unknown_player',
      playerId,
      `There is no player ${String(playerId)}; player ids are 1 to ${state.playerCount}`,
    );
  }
  return playerId - 1;
}
