import assert from 'node:assert/strict';
import { createRng } from '@tabula/core';
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { GameEngine } from './engine.js';
import { GameConfig } from './game-config.js';
import { GameState } from './game-state.js';
import { Planet, PlanetAbility, planetData } from './planet.js';
import { newGame, playCard } from './rules.js';
import type { SkirmishState } from './schemas.js';

/**
 * `GameEngine` plays through the compact core (`core.ts`) and builds its
 * plain state only when asked. Here every state it returns is checked
 * against the plain rules of `rules.ts` played alongside, field by field,
 * with refused plays, plays from older states (a new line of play) and
 * states wrapped from plain ones mixed in.
 */
const engine = new GameEngine();

const setupArb = fc.record({
  playerCount: fc.integer({ min: 2, max: 4 }),
  planets: fc.array(
    fc.record({ vp: fc.integer({ min: 0, max: 3 }), pulls: fc.constantFrom(0, 0, 0, 1, 2) }),
    {
      minLength: 1,
      maxLength: 12,
    },
  ),
  // Equal ships, -0 and a narrow range: ties, escalating pots and the first of equal ships.
  fleet: fc.array(fc.constantFrom(1, 2, 3, 4, 0, -0), { minLength: 1, maxLength: 8 }),
  seed: fc.integer(),
  playSeed: fc.integer(),
});

/** What a state shows, in plain terms, to compare with the plain rules' state. */
function shown(state: GameState) {
  return {
    hands: state.hands.map((hand) => [...hand]),
    plays: [...state.currentPlays],
    revealed: state.currentPlanetIndex,
    pot: state.planetPot.map((p) => p.id),
    claimed: state.claimedPlanets.map((planets) => planets.map((p) => p.id)),
    endReason: state.endReason,
    gameOver: state.gameOver,
  };
}

function plainShown(state: SkirmishState) {
  return {
    hands: state.hands.map((hand) => [...hand]),
    plays: [...state.plays],
    revealed: state.revealed,
    pot: state.pot.map((p) => p.id),
    claimed: state.claimed.map((planets) => planets.map((p) => p.id)),
    endReason: state.endReason,
    gameOver: state.endReason !== null,
  };
}

describe('the compact core', () => {
  it('plays exactly as the plain rules, from new and from older states, and refuses what they refuse', () => {
    fc.assert(
      fc.property(setupArb, (setup) => {
        const config = new GameConfig({
          playerCount: setup.playerCount,
          planets: setup.planets.map(
            (p, i) =>
              new Planet({
                id: `P${i + 1}`,
                victoryPoints: p.vp,
                abilities: Array.from({ length: p.pulls }, () => PlanetAbility.doubleNextPlanetNoCombat()),
              }),
          ),
          fleetValues: setup.fleet,
          seed: setup.seed,
        });
        const rng = createRng(setup.playSeed);
        const start = engine.startNewGame(config);
        const plainStart = newGame(config.playerCount, config.fleetValues, config.planets.map(planetData));
        // Positions seen so far: the engine's state (read only later, at random) and the plain state beside it.
        const seen: [GameState, SkirmishState][] = [[start, plainStart]];
        for (let step = 0; step < 120; step++) {
          const [state, plain] = rng.pick(seen);
          if (rng.int(0, 9) === 0) {
            // Sometimes a state wrapped from its plain form plays on from there.
            seen.push([new GameState(structuredClone(plain)), plain]);
            continue;
          }
          const id = rng.int(1, config.playerCount);
          const legal = state.gameOver ? [] : engine.legalCardsForPlayer(state, id);
          const card =
            rng.int(0, 3) === 0 || legal.length === 0 ? rng.pick([...setup.fleet, 7]) : rng.pick(legal);
          let expected: SkirmishState | Error;
          try {
            expected = playCard(plain, id - 1, card);
          } catch (error) {
            expected = error as Error;
          }
          let actual: GameState | Error;
          try {
            actual = engine.playCard(state, id, card);
          } catch (error) {
            actual = error as Error;
          }
          if (expected instanceof Error) {
            assert.ok(actual instanceof Error, `refused by the rules: ${expected.message}`);
            assert.equal((actual as { code?: string }).code, (expected as { code?: string }).code);
            continue;
          }
          assert.ok(!(actual instanceof Error), `accepted by the rules: ${String(actual)}`);
          assert.deepEqual(plainShown(actual.toState()), plainShown(expected));
          assert.deepEqual(actual.toState().battles, expected.battles);
          seen.push([actual, expected]);
        }
        // Every state still shows its own position, however it was played on afterwards.
        for (const [state, plain] of seen) {
          assert.deepEqual(shown(state), plainShown(plain));
          for (let id = 1; id <= config.playerCount; id++) {
            const waiting = !state.gameOver && plain.plays[id - 1] === null;
            assert.deepEqual(engine.legalCardsForPlayer(state, id), waiting ? plain.hands[id - 1] : []);
          }
          assert.equal(
            state.allHandsEmpty(),
            plain.hands.every((hand) => hand.length === 0),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
