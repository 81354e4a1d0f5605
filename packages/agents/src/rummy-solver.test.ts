import { type Agent, playGame } from '@tabula/core';
import { rummyGame } from '@tabula/rummy';
import { describe, expect, it } from 'vitest';
import { randomAgent } from './random.js';
import { greedyRummyAgent } from './rummy.js';
import { solverRummyAgent } from './rummy-solver.js';

describe('the solver rummy agent', () => {
  it('wins at least 60% of 400 seeded two-player games against the greedy agent', async () => {
    const solver = solverRummyAgent() as unknown as Agent<unknown, unknown>;
    const greedy = greedyRummyAgent() as unknown as Agent<unknown, unknown>;
    let wins = 0;
    for (let game = 0; game < 400; game++) {
      const seat = game % 2;
      const agents = seat === 0 ? [solver, greedy] : [greedy, solver];
      const { outcome } = await playGame(rummyGame, rummyGame.defaultConfig(2), agents, 5000 + game);
      if (outcome.winners.length === 1 && outcome.winners[0] === seat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(240);
  }, 600_000);

  it('beats a random agent that is offered its own best play too, in at least 65% of 100 games', async () => {
    const solver = solverRummyAgent() as unknown as Agent<unknown, unknown>;
    const random = randomAgent();
    let wins = 0;
    for (let game = 0; game < 100; game++) {
      const seat = game % 2;
      const agents = seat === 0 ? [solver, random] : [random, solver];
      const { outcome } = await playGame(rummyGame, rummyGame.defaultConfig(2), agents, 9000 + game);
      if (outcome.winners.length === 1 && outcome.winners[0] === seat) wins++;
    }
    expect(wins).toBeGreaterThanOrEqual(65);
  }, 300_000);
});
