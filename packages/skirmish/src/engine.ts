/**
 * `GameEngine`, the engine object of the PHP library's API: the
 * compatibility layer. Each method takes a `GameState` and player ids
 * `1..playerCount`, as the PHP library does; plays go through the compact
 * core (`core.ts`, by way of `game-state.ts`), the rest through the pure
 * functions of `rules.ts`.
 */
import { shown } from '@tabula/core';
import { ALREADY_PLAYED } from './core.js';
import { GameOverError, InvalidMoveError } from './errors.js';
import type { GameConfig } from './game-config.js';
import { type BattleResult, type GameState, legalCards, playOn, seatOf, startGame } from './game-state.js';
import { type PhpPlanet, planetToPhp } from './php-array.js';
import { victoryPointsOf } from './rules.js';

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
    return startGame(config);
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
    const next = playOn(state, seat, cardValue);
    if (typeof next !== 'number') return next;
    if (next === ALREADY_PLAYED) {
      throw new InvalidMoveError(
        'already_played',
        { playerId },
        `Player ${playerId} has already played a card in this battle`,
      );
    }
    const hand = state.hand(playerId);
    throw new InvalidMoveError(
      'card_not_held',
      { playerId },
      `Player ${playerId} does not hold card ${shown(cardValue)} (holds ${hand.length ? hand.join(', ') : 'none'})`,
    );
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
    const seat = seatOf(playerId, state.playerCount);
    return state.gameOver ? [] : legalCards(state, seat);
  }
}
