import type { Agent, AnyGame } from '@tabula/core';
import { rummyGame } from '@tabula/rummy';
import { describe, expect, it } from 'vitest';
import { outrightWins } from '../test/match.js';
import { randomAgent } from './random.js';
import { greedyRummyAgent } from './rummy.js';
import { solverRummyAgent } from './rummy-solver.js';

describe('the solver rummy agent', () => {
  it('wins at least 60% of 400 seeded two-player games against the greedy agent', async () => {
    const solver = solverRummyAgent() as unknown as Agent<unknown, unknown>;
    const greedy = greedyRummyAgent() as unknown as Agent<unknown, unknown>;
    const wins = await outrightWins(
      rummyGame as AnyGame,
      rummyGame.defaultConfig(2),
      solver,
      greedy,
      400,
      5000,
    );
    expect(wins).toBeGreaterThanOrEqual(240);
  }, 600_000);

  it('beats a random agent that is offered its own best play too, in at least 65% of 100 games', async () => {
    const solver = solverRummyAgent() as unknown as Agent<unknown, unknown>;
    const random = randomAgent();
    const wins = await outrightWins(
      rummyGame as AnyGame,
      rummyGame.defaultConfig(2),
      solver,
      random,
      100,
      9000,
    );
    expect(wins).toBeGreaterThanOrEqual(65);
  }, 300_000);
});
