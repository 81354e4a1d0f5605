import { type Agent, type AnyGame, playGame, type RecordedAction } from '@tabula/core';
import type { AgentEntry } from '../src/agent-entry.js';
import { randomAgent } from '../src/random.js';

/**
 * Plays `games` seeded two-player games of `agent` against `opponent`, seats
 * alternating (`agent` sits in seat 0 in even games), game i on seed
 * `firstSeed + i`, and counts the games `agent` wins outright: a shared win
 * is no win.
 */
export async function outrightWins(
  game: AnyGame,
  config: unknown,
  agent: Agent<unknown, unknown>,
  opponent: Agent<unknown, unknown>,
  games: number,
  firstSeed: number,
): Promise<number> {
  let wins = 0;
  for (let i = 0; i < games; i++) {
    const seat = i % 2;
    const agents = seat === 0 ? [agent, opponent] : [opponent, agent];
    const { outcome } = await playGame(game, config, agents, firstSeed + i);
    if (outcome.winners.length === 1 && outcome.winners[0] === seat) wins++;
  }
  return wins;
}

type Actions = readonly RecordedAction[];

/**
 * Two games from one seed of the registry's agent `name` (seat 0, created
 * anew for each) against random: the actions of each, for a test that they
 * are the same.
 */
export async function twoGamesOf(
  game: AnyGame,
  config: unknown,
  entries: readonly AgentEntry[],
  name: string,
  seed: number,
): Promise<[Actions, Actions]> {
  const entry = entries.find((e) => e.name === name);
  if (entry === undefined) throw new Error(`No agent entry named ${name}`);
  const actions = async () =>
    (await playGame(game, config, [entry.create(), randomAgent()], seed)).record.actions;
  return [await actions(), await actions()];
}
