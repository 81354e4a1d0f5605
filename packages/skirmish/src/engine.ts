import { GameEndReason } from './enums.js';
import { GameOverError, InvalidMoveError } from './errors.js';
import type { GameConfig } from './game-config.js';
import { GameState, seatOf } from './game-state.js';
import type { Planet, PlanetJSON } from './planet.js';
import { exhaustedReason } from './rules.js';

/** What `potSummary` returns (the PHP library's keys). */
export interface PotSummary {
  readonly planets: PlanetJSON[];
  readonly total_vp: number;
  readonly count: number;
}

const NO_PLANETS: readonly Planet[] = Object.freeze([]);

/**
 * The rules as pure transitions: every method takes a state and returns a
 * new one (or a value), never changing the one it was given, not even when
 * it throws.
 */
export class GameEngine {
  /** Deals every player the fleet and turns the first planet face up into the pot. */
  startNewGame(config: GameConfig): GameState {
    const n = config.playerCount;
    const deck = config.planets;
    // Hands are never changed in place, so every player may start from the same array.
    const fleet = Object.freeze(config.fleetValues.slice());
    return new GameState({
      playerCount: n,
      hands: Object.freeze(Array.from({ length: n }, () => fleet)),
      planetDeck: deck,
      currentPlanetIndex: 1,
      planetPot: Object.freeze([deck[0]]),
      claimedPlanets: Object.freeze(Array.from({ length: n }, () => NO_PLANETS)),
      currentPlays: Object.freeze(new Array<number | null>(n).fill(null)),
      gameOver: false,
      endReason: null,
    });
  }

  /**
   * Commits a player's card to the current battle. When every player has
   * played, the battle resolves: a single highest card takes the pot; a tie
   * for the highest card adds the next planet to the pot (if any) and the
   * stakes carry over. The card is spent either way.
   *
   * @throws GameOverError once the game has ended.
   * @throws InvalidMoveError `unknown_player`, `already_played` (one card per battle) or `card_not_held`.
   */
  playCard(state: GameState, playerId: number, cardValue: number): GameState {
    if (state.gameOver) {
      throw new GameOverError(`The game is over (${state.endReason}); player ${playerId} cannot play a card`);
    }
    const seat = seatOf(state, playerId);
    if (state.currentPlays[seat] !== null) {
      throw new InvalidMoveError(
        'already_played',
        playerId,
        `Player ${playerId} has already played a card in this battle`,
      );
    }
    const hand = state.hands[seat];
    const at = typeof cardValue === 'number' ? hand.indexOf(cardValue) : -1;
    if (at < 0) {
      throw new InvalidMoveError(
        'card_not_held',
        playerId,
        `Player ${playerId} does not hold card ${String(cardValue)} (holds ${hand.length ? hand.join(', ') : 'none'})`,
      );
    }

    const hands = state.hands.slice();
    hands[seat] = Object.freeze(hand.slice(0, at).concat(hand.slice(at + 1)));
    const plays = state.currentPlays.slice();
    plays[seat] = cardValue;
    if (plays.includes(null)) {
      return new GameState({
        playerCount: state.playerCount,
        hands: Object.freeze(hands),
        planetDeck: state.planetDeck,
        currentPlanetIndex: state.currentPlanetIndex,
        planetPot: state.planetPot,
        claimedPlanets: state.claimedPlanets,
        currentPlays: Object.freeze(plays),
        gameOver: false,
        endReason: null,
      });
    }
    return resolveBattle(state, Object.freeze(hands), plays as readonly number[]);
  }

  isGameOver(state: GameState): boolean {
    return state.gameOver;
  }

  /** Total VP of the planets in the pot. */
  potTotalVictoryPoints(state: GameState): number {
    let total = 0;
    for (const planet of state.planetPot) total += planet.victoryPoints;
    return total;
  }

  /** The pot for display: `{ planets, total_vp, count }`, planets in their saved form. */
  potSummary(state: GameState): PotSummary {
    return {
      planets: state.planetPot.map((p) => p.toJSON()),
      total_vp: this.potTotalVictoryPoints(state),
      count: state.planetPot.length,
    };
  }

  /**
   * The cards a player may play now: their hand, or none once they have
   * played in this battle or the game is over.
   *
   * @throws InvalidMoveError `unknown_player`.
   */
  legalCardsForPlayer(state: GameState, playerId: number): number[] {
    const seat = seatOf(state, playerId);
    if (state.gameOver || state.currentPlays[seat] !== null) return [];
    return state.hands[seat].slice();
  }
}

function resolveBattle(
  state: GameState,
  hands: readonly (readonly number[])[],
  plays: readonly number[],
): GameState {
  const deck = state.planetDeck;
  const n = state.playerCount;

  let best = plays[0];
  let winner = 0;
  let tied = false;
  for (let seat = 1; seat < n; seat++) {
    const card = plays[seat];
    if (card > best) {
      best = card;
      winner = seat;
      tied = false;
    } else if (card === best) {
      tied = true;
    }
  }

  let index = state.currentPlanetIndex;
  let pot = state.planetPot;
  let claimed = state.claimedPlanets;
  if (!tied) {
    if (pot.length > 0) {
      const won = claimed[winner].slice();
      index = claimAll(pot, deck, index, won);
      const next = claimed.slice();
      next[winner] = Object.freeze(won);
      claimed = Object.freeze(next);
      pot = NO_PLANETS;
    }
  } else if (index < deck.length) {
    pot = Object.freeze(pot.concat(deck[index]));
    index++;
  }

  let empty = 0;
  for (const hand of hands) if (hand.length === 0) empty++;
  let gameOver = false;
  let endReason: GameEndReason | null = null;
  if (empty === n) {
    gameOver = true;
    endReason = exhaustedReason(deck.length, index, pot.length);
  } else if (empty > 0) {
    gameOver = true;
    endReason = GameEndReason.PlayerOutOfCardsEarly;
  } else if (pot.length === 0 && index < deck.length) {
    // The next battle's stake is face up before anyone chooses.
    pot = Object.freeze([deck[index]]);
    index++;
  }

  return new GameState({
    playerCount: n,
    hands,
    planetDeck: deck,
    currentPlanetIndex: index,
    planetPot: pot,
    claimedPlanets: claimed,
    currentPlays: Object.freeze(new Array<number | null>(n).fill(null)),
    gameOver,
    endReason,
  });
}

/**
 * Hands the pot to one player, resolving claim abilities depth first: each
 * `DoubleNextPlanetNoCombat` entry pulls the next deck planet to the same
 * player, and that planet's own entries resolve before the next entry does.
 * A stack of remaining pulls keeps long chains off the call stack.
 * Returns the new deck index.
 */
function claimAll(pot: readonly Planet[], deck: readonly Planet[], index: number, won: Planet[]): number {
  const pulls: number[] = [];
  for (const planet of pot) {
    won.push(planet);
    let owed = planet.pullsOnClaim();
    if (owed > 0) pulls.push(owed);
    while (pulls.length > 0 && index < deck.length) {
      const top = pulls.length - 1;
      if (pulls[top] === 0) {
        pulls.pop();
        continue;
      }
      pulls[top]--;
      const pulled = deck[index++];
      won.push(pulled);
      owed = pulled.pullsOnClaim();
      if (owed > 0) pulls.push(owed);
    }
    pulls.length = 0;
  }
  return index;
}
