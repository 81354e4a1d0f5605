import type { GameEndReason } from './enums.js';
import { type GameState, seatOf } from './game-state.js';
import type { PlanetJSON } from './planet.js';
import { scorePlanets } from './rules.js';

/** What everyone may know about one player. */
export interface PlayerView {
  readonly id: number;
  /** How many ships the player still holds (not which). */
  readonly cardsInHand: number;
  /** Whether the player has committed a card to the current battle (not which). */
  readonly hasPlayed: boolean;
  readonly claimedPlanets: readonly PlanetJSON[];
  readonly score: number;
}

/** What one player (or a spectator) may see of a game: plain JSON, no secrets. */
export interface SkirmishView {
  /** The player this view is for, or null for a spectator. */
  readonly viewer: number | null;
  readonly playerCount: number;
  /** The planets at stake, face up. */
  readonly pot: readonly PlanetJSON[];
  readonly potTotalVp: number;
  /** How many planets are still face down (their order stays secret). */
  readonly planetsLeftInDeck: number;
  readonly players: readonly PlayerView[];
  /** The viewer's own ships; null for a spectator. */
  readonly hand: readonly number[] | null;
  /** The card the viewer has committed to this battle, if any. */
  readonly ownPlay: number | null;
  /** The cards the viewer may play now (empty for a spectator). */
  readonly legalCards: readonly number[];
  readonly gameOver: boolean;
  readonly endReason: GameEndReason | null;
  /** The winners once the game is over; empty before. */
  readonly winners: readonly number[];
}

/**
 * The hidden-information view of a state for one player or, with `null`, for
 * a spectator. It never holds the deck order, the seed or another player's
 * pending card.
 *
 * @throws InvalidMoveError `unknown_player` for an id that is not at the table.
 */
export function viewFor(state: GameState, playerId: number | null): SkirmishView {
  const seat = playerId === null ? -1 : seatOf(state, playerId);
  const players: PlayerView[] = [];
  for (let s = 0; s < state.playerCount; s++) {
    players.push({
      id: s + 1,
      cardsInHand: state.hands[s].length,
      hasPlayed: state.currentPlays[s] !== null,
      claimedPlanets: state.claimedPlanets[s].map((p) => p.toJSON()),
      score: scorePlanets(state.claimedPlanets[s]),
    });
  }
  const hand = seat >= 0 ? state.hands[seat].slice() : null;
  const ownPlay = seat >= 0 ? state.currentPlays[seat] : null;
  let potTotalVp = 0;
  for (const planet of state.planetPot) potTotalVp += planet.victoryPoints;
  return {
    viewer: playerId,
    playerCount: state.playerCount,
    pot: state.planetPot.map((p) => p.toJSON()),
    potTotalVp,
    planetsLeftInDeck: state.planetDeck.length - state.currentPlanetIndex,
    players,
    hand,
    ownPlay,
    legalCards: hand !== null && ownPlay === null && !state.gameOver ? hand.slice() : [],
    gameOver: state.gameOver,
    endReason: state.endReason,
    winners: state.gameOver ? state.winners() : [],
  };
}
