import { describe, expect, it } from 'vitest';
import { GameEngine } from './engine.js';
import { InvalidMoveError } from './errors.js';
import { GameConfig } from './game-config.js';
import type { GameState } from './game-state.js';
import { planetData } from './planet.js';
import { viewFor as viewOfState } from './view.js';

/** The view of a seat (player id - 1) of an engine state. */
const viewFor = (state: GameState, seat: number | null) => viewOfState(state.toState(), seat);

const engine = new GameEngine();
const SEED = 4242;

/** Three players, a battle won by player 3 (seat 2), then player 1 commits 11 and player 2 commits 14. */
function midBattle(): GameState {
  let state = engine.startNewGame(
    new GameConfig({ playerCount: 3, seed: SEED, fleetValues: [9, 10, 11, 12, 13, 14] }),
  );
  state = engine.playCard(state, 1, 9);
  state = engine.playCard(state, 2, 10);
  state = engine.playCard(state, 3, 13);
  state = engine.playCard(state, 1, 11);
  return engine.playCard(state, 2, 14);
}

/** Every number and string anywhere inside a JSON value. */
function leaves(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(leaves);
  if (value && typeof value === 'object') return Object.values(value).flatMap(leaves);
  return [value];
}

describe('viewFor', () => {
  it('shows the pot, claimed planets, counts and scores to everyone', () => {
    const state = midBattle();
    const view = viewFor(state, null);
    expect(view.viewer).toBeNull();
    expect(view.pot).toEqual(state.planetPot.map(planetData));
    expect(view.potTotalVp).toBe(engine.potTotalVictoryPoints(state));
    expect(view.planetsLeftInDeck).toBe(state.planetDeck.length - 2);
    expect(view.players.map((p) => p.cardsInHand)).toEqual([4, 4, 5]);
    expect(view.players.map((p) => p.hasPlayed)).toEqual([true, true, false]);
    const [first] = state.planetDeck;
    expect(view.players[2]?.claimedPlanets).toEqual([first && planetData(first)]);
    expect(view.players.map((p) => p.score)).toEqual([0, 0, first?.victoryPoints]);
    expect(view.deck.map((p) => p.id)).toEqual(
      state.planetDeck
        .slice(state.currentPlanetIndex)
        .map((p) => p.id)
        .sort(),
    );
    expect(view.hand).toBeNull();
    expect(view.ownPlay).toBeNull();
    expect(view.legalCards).toEqual([]);
  });

  it("shows a player their own hand and pending card, never another's", () => {
    const state = midBattle();
    const mine = viewFor(state, 0);
    expect(mine.hand).toEqual([10, 12, 13, 14]);
    expect(mine.ownPlay).toBe(11);
    expect(mine.legalCards).toEqual([]);
    expect(leaves(mine.players)).not.toContain(14);
    const third = viewFor(state, 2);
    expect(third.ownPlay).toBeNull();
    expect(third.legalCards).toEqual([9, 10, 11, 12, 14]);
    // Player 2 committed 14 and holds no 14 any more; nothing in player 3's view says 14 except its own hand.
    expect(leaves({ ...third, hand: null, legalCards: null })).not.toContain(14);
  });

  it('never holds the deck order or the seed', () => {
    const state = midBattle();
    const hidden = state.planetDeck.slice(state.currentPlanetIndex).map((p) => p.id);
    expect(hidden.length).toBeGreaterThan(1);
    for (const viewer of [null, 0, 1, 2]) {
      const view = viewFor(state, viewer);
      expect(view.deck.map((p) => p.id)).toEqual(hidden.slice().sort());
      const values = leaves({ ...view, deck: null });
      for (const id of hidden) expect(values).not.toContain(id);
      expect(values).not.toContain(SEED);
    }
  });

  it('is plain JSON', () => {
    const view = viewFor(midBattle(), 1);
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
  });

  it('names the winners once the game is over', () => {
    let state = engine.startNewGame(new GameConfig({ fleetValues: [1] }));
    expect(viewFor(state, 0).winners).toEqual([]);
    state = engine.playCard(engine.playCard(state, 1, 1), 2, 1);
    const view = viewFor(state, 1);
    expect(view.gameOver).toBe(true);
    expect(view.endReason).toBe('ships_exhausted_planets_remaining');
    expect(view.winners).toEqual([0, 1]);
    expect(view.legalCards).toEqual([]);
  });

  it('refuses an unknown viewer', () => {
    for (const seat of [3, -1, 1.5]) expect(() => viewFor(midBattle(), seat)).toThrow(InvalidMoveError);
  });
});
