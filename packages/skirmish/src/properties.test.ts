import assert from 'node:assert/strict';
import { createRng, type Rng } from '@tabula/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameEngine } from './engine.js';
import { InvalidMoveError } from './errors.js';
import { GameConfig } from './game-config.js';
import { GameState } from './game-state.js';
import { phpShuffle } from './mt19937.js';
import { Planet, PlanetAbility } from './planet.js';
import { GameEndReason, PlanetClass } from './schemas.js';

const engine = new GameEngine();
const GAMES = 2000;
const classes = [null, ...Object.values(PlanetClass).slice(0, 3)];

const setupArb = fc.record({
  playerCount: fc.integer({ min: 2, max: 4 }),
  planets: fc.array(
    fc.record({
      vp: fc.integer({ min: -1, max: 3 }),
      planetClass: fc.constantFrom(...classes),
      pulls: fc.constantFrom(0, 0, 0, 0, 1, 1, 2),
      setBonus: fc.boolean(),
    }),
    { minLength: 1, maxLength: 18 },
  ),
  // A narrow range of strengths makes ties (and escalating pots) common.
  fleet: fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 10 }),
  seed: fc.integer(),
  playSeed: fc.integer(),
});
type Setup = typeof setupArb extends fc.Arbitrary<infer T> ? T : never;

function configOf(setup: Setup): GameConfig {
  const planets = setup.planets.map(
    (p, i) =>
      new Planet({
        id: `P${i + 1}`,
        victoryPoints: p.vp,
        planetClass: p.planetClass,
        abilities: [
          ...Array.from({ length: p.pulls }, () => PlanetAbility.doubleNextPlanetNoCombat()),
          ...(p.setBonus ? [PlanetAbility.classSetBonus({ setSize: 2 })] : []),
        ],
      }),
  );
  return new GameConfig({
    playerCount: setup.playerCount,
    planets,
    fleetValues: setup.fleet,
    seed: setup.seed,
  });
}

const sorted = (values: readonly (string | number)[]) => values.slice().sort().join(',');

function checkInvariants(state: GameState, config: GameConfig, played: number[][]): void {
  // Planets: the deck is exactly what was claimed, what is at stake and what is still face down.
  const placed = [
    ...state.claimedPlanets.flat(),
    ...state.planetPot,
    ...state.planetDeck.slice(state.currentPlanetIndex),
  ].map((p) => p.id);
  assert.equal(sorted(placed), sorted(config.planets.map((p) => p.id)), 'planets conserved');
  // Cards: what a player holds plus what they spent is their fleet.
  for (const [seat, hand] of state.hands.entries()) {
    assert.equal(sorted([...hand, ...(played[seat] ?? [])]), sorted(config.fleetValues), 'cards conserved');
  }
  const allEmpty = state.hands.every((h) => h.length === 0);
  assert.equal(state.gameOver, allEmpty, 'the game ends exactly when every hand is empty');
  if (state.gameOver) {
    const everythingAwarded =
      state.planetPot.length === 0 && state.currentPlanetIndex === state.planetDeck.length;
    assert.equal(
      state.endReason,
      everythingAwarded ? GameEndReason.Normal : GameEndReason.ShipsExhaustedPlanetsRemaining,
    );
  } else if (state.currentPlanetIndex < state.planetDeck.length) {
    // The stake is face up before anyone chooses.
    assert.ok(state.planetPot.length > 0, 'the pot is face up before anyone chooses');
  }
}

/**
 * Everything a transition could change, cheaper to compare than the whole
 * saved form (the deck itself is checked by reference).
 */
function fingerprint(state: GameState): string {
  return JSON.stringify([
    state.hands,
    state.currentPlays,
    state.currentPlanetIndex,
    state.planetPot.map((p) => p.id),
    state.claimedPlanets.map((list) => list.map((p) => p.id)),
    state.gameOver,
    state.endReason,
  ]);
}

/** How often the situations worth checking came up, so the runs are known to reach them. */
const seen = { escalated: 0, pulled: 0, normal: 0, exhausted: 0, threePlus: 0 };

/** Plays a whole game with random choices in a random order, checking every step. Returns the saved trace. */
function playChecked(setup: Setup, rng: Rng): string[] {
  const config = configOf(setup);
  let state = engine.startNewGame(config);
  const played: number[][] = Array.from({ length: config.playerCount }, () => []);
  const trace = [JSON.stringify(state)];
  checkInvariants(state, config, played);
  while (!state.gameOver) {
    const waiting = state.playerIds().filter((id) => state.playOf(id) === null);
    const id = rng.pick(waiting);
    const before = fingerprint(state);
    const deck = state.planetDeck;

    if (rng.int(0, 9) === 0) {
      // A refused play leaves the state exactly as it was.
      const other = state.playerIds().find((p) => state.playOf(p) !== null);
      assert.throws(() => engine.playCard(state, id, 1000), InvalidMoveError);
      if (other !== undefined) assert.throws(() => engine.playCard(state, other, 1), InvalidMoveError);
      assert.equal(fingerprint(state), before, 'a refused play changes nothing');
    }

    const card = rng.pick(engine.legalCardsForPlayer(state, id));
    const next = engine.playCard(state, id, card);
    played[id - 1]?.push(card);

    assert.equal(fingerprint(state), before, 'the given state never changes');
    assert.equal(state.planetDeck, deck);
    const saved = JSON.stringify(next);
    assert.equal(JSON.stringify(GameState.fromJSON(JSON.parse(saved))), saved, 'JSON round trip');
    checkInvariants(next, config, played);
    trace.push(saved);
    if (next.planetPot.length > 1) seen.escalated++;
    if (next.currentPlanetIndex - state.currentPlanetIndex > 1 && !next.gameOver) seen.pulled++;
    state = next;
  }
  if (state.endReason === GameEndReason.Normal) seen.normal++;
  else seen.exhausted++;
  if (state.playerCount > 2) seen.threePlus++;
  assert.throws(() => engine.playCard(state, 1, config.fleetValues[0] ?? 0), /over/);
  return trace;
}

describe(`${GAMES} seeded random games`, () => {
  it('conserve planets and cards, never change a given state, and round-trip JSON at every step', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        playChecked(setup, createRng(setup.playSeed));
      }),
      { numRuns: GAMES, seed: 20251129 },
    );
    for (const [situation, count] of Object.entries(seen)) {
      expect(count, situation).toBeGreaterThan(GAMES / 20);
    }
  });

  it('give the same game for the same seeds', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const config = configOf(setup);
        expect(config.planets.map((p) => p.id)).toEqual(
          phpShuffle(
            setup.planets.map((_, i) => `P${i + 1}`),
            setup.seed,
          ),
        );
        const first = playChecked(setup, createRng(setup.playSeed));
        const second = playChecked(setup, createRng(setup.playSeed));
        expect(second).toEqual(first);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
