import { agentsFor } from '@tabula/agents';
import { backgammonGame } from '@tabula/backgammon';
import type { Agent, AnyGame } from '@tabula/core';
import { rummyGame } from '@tabula/rummy';
import { skirmishGame } from '@tabula/skirmish';
import { UsageError } from './errors.js';
import { CMD_PREFIX, ExternalAgent, isCommand } from './external.js';

/** Every game the command knows, by id. */
export const GAMES: Readonly<Record<string, AnyGame>> = {
  backgammon: backgammonGame as AnyGame,
  rummy: rummyGame as AnyGame,
  skirmish: skirmishGame as AnyGame,
};

export function gameById(id: string | undefined): AnyGame {
  if (id === undefined) throw new UsageError(`Name a game: ${Object.keys(GAMES).join(', ')}`);
  const game = GAMES[id];
  if (!game) throw new UsageError(`Unknown game "${id}". Games: ${Object.keys(GAMES).join(', ')}`);
  return game;
}

/** The agent names a game offers. */
export function agentNames(gameId: string): string[] {
  return [...agentsFor(gameId).keys()];
}

/**
 * A new agent by name: one the game offers, or `cmd:<command>`, an external
 * program spoken to on the engine protocol (started when its seat first acts;
 * `config` is the game's config, which its `hello` tells it).
 */
export function createAgent(gameId: string, name: string, config?: unknown): Agent<unknown, unknown> {
  if (isCommand(name)) {
    const command = name.slice(CMD_PREFIX.length).trim();
    if (command === '') throw new UsageError(`"${name}" names no program: write cmd:"python3 mybot.py"`);
    return new ExternalAgent(command, gameById(gameId), config);
  }
  const entry = agentsFor(gameId).get(name);
  if (!entry) {
    throw new UsageError(`Unknown agent "${name}" for ${gameId}. Agents: ${agentNames(gameId).join(', ')}`);
  }
  return entry.create();
}
