/**
 * `GameEngine`, the engine object of the PHP library's API: the
 * compatibility layer. Each method takes a `GameState` and player ids
 * `1..playerCount`, as the PHP library does, and hands the work to the pure
 * functions of `rules.ts`.
 */
import { shown } from '@tabula/core';
import { GameOverError, InvalidMoveError } from './errors.js';
import type { GameConfig } from './game-config.js';
import { type BattleResult, GameState, ofPlayer, seatOf } from './game-state.js';
import { type PhpPlanet, planetToPhp } from './php-array.js';
import { planetData } from './planet.js';
import { newGame, playCard, victoryPointsOf } from './rules.js';

/** What `potSummary` returns (the PHP library's keys). */
export interface PotSummary {
  readonly planets: PhpPlanet[];
  readonly total_vp: number;
  readonly count: number;
}

/**
 * The rules as transitions: every method takes a state and returns a new one
 * (or a value), never changing the one it was given, not even when it throws.
 */
export class GameEngine {
  /** Deals every player the fleet and turns the first planet face up into the pot. */
  startNewGame(config: GameConfig): GameState {
    const deck = config.planets.map(planetData);
    return new GameState(newGame(config.playerCount, config.fleetValues, deck), config.planets);
  }

  /**
   * Commits a player's card to the current battle. When every player has
   * played, the battle resolves: a single highest card takes the pot; a tie
   * for the highest card adds the next planet to the pot (if any) and the
   * stakes carry over. The card is spent either way. The new state's
   * `resolvedBattle()` is that battle, in player ids, or null while it waits.
   *
   * @throws GameOverError once the game has ended.
   * @throws InvalidMoveError `unknown_seat`, `already_played` (one card per battle) or `card_not_held`.
   */
  playCard(state: GameState, playerId: number, cardValue: number): GameState {
    if (state.gameOver) {
      throw new GameOverError(
        `The game is over (${state.endReason}); player ${shown(playerId)} cannot play a card`,
      );
    }
    const seat = seatOf(playerId, state.playerCount);
    try {
      return new GameState(playCard(state.toState(), seat, cardValue), state);
    } catch (error) {
      // The rules name seats; a player of this API is told in player ids.
      if (!(error instanceof InvalidMoveError) || error.code === 'unknown_seat') throw error;
      const hand = state.hand(playerId);
      throw error.code === 'already_played'
        ? new InvalidMoveError(
            'already_played',
            { playerId },
            `Player ${playerId} has already played a card in this battle`,
          )
        : new InvalidMoveError(
            'card_not_held',
            { playerId },
            `Player ${playerId} does not hold card ${shown(cardValue)} (holds ${hand.length ? hand.join(', ') : 'none'})`,
          );
    }
  }

  /** The battle the play that made `state` resolved, in player ids; null when it waited for other cards (`state.resolvedBattle()`). */
  resolvedBattle(state: GameState): BattleResult | null {
    return state.resolvedBattle();
  }

  isGameOver(state: GameState): boolean {
    return state.gameOver;
  }

  /** Total VP of the planets in the pot. */
  potTotalVictoryPoints(state: GameState): number {
    return victoryPointsOf(state.planetPot);
  }

  /** The pot for display: `{ planets, total_vp, count }`, planets in their PHP form. */
  potSummary(state: GameState): PotSummary {
    return {
      planets: state.planetPot.map(planetToPhp),
      total_vp: this.potTotalVictoryPoints(state),
      count: state.planetPot.length,
    };
  }

  /**
   * The cards a player may play now: their hand, or none once they have
   * played in this battle or the game is over.
   *
   * @throws InvalidMoveError `unknown_seat`.
   */
  legalCardsForPlayer(state: GameState, playerId: number): number[] {
    const hand = ofPlayer(state.hands, playerId);
    if (state.gameOver || ofPlayer(state.currentPlays, playerId) !== null) return [];
    return [...hand];
  }
}
