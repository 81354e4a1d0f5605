import type { AgentEntry } from './agent-entry.js';
import { backgammonAgents } from './backgammon.js';
import { randomAgent } from './random.js';
import { rummyAgents } from './rummy.js';
import { skirmishAgents } from './skirmish.js';

const RANDOM: AgentEntry = {
  name: 'random',
  summary: 'a uniformly random legal action',
  create: () => randomAgent(),
};

const BY_GAME: Record<string, readonly AgentEntry[]> = {
  backgammon: backgammonAgents,
  rummy: rummyAgents,
  skirmish: skirmishAgents,
};

/** The agents for a game, by name: `random` for every game, then the game's own. */
export function agentsFor(gameId: string): Map<string, AgentEntry> {
  return new Map([RANDOM, ...(BY_GAME[gameId] ?? [])].map((e) => [e.name, e]));
}

/** The strongest shipped agent of a game (the opponent `tabula play` picks). */
export function defaultAgentFor(gameId: string): string {
  return BY_GAME[gameId]?.at(-1)?.name ?? RANDOM.name;
}
