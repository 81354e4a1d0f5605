import { type Agent, type AnyGame, playGame } from '@tabula/core';
import type { AgentEntry } from '../src/agent-entry.js';

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

/** A new agent from the registry entry of that name (a test fails here if there is none). */
export function agentNamed(entries: readonly AgentEntry[], name: string): Agent<unknown, unknown> {
  const entry = entries.find((e) => e.name === name);
  if (entry === undefined) throw new Error(`No agent entry named ${name}`);
  return entry.create();
}
