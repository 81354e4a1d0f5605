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

// Backgammon's `random` leaves the cube alone: doubling at random ends most games on a dropped double
// (and a redouble war once scored 8,192 points), which says nothing about the other agent. `random-cube` is
// the old one, for whoever wants it.
const RANDOM_FOR: Record<string, AgentEntry> = {
  backgammon: {
    name: 'random',
    summary: 'a uniformly random legal play; never doubles (random-cube does)',
    create: () => randomAgent({ avoid: ['double', 'beaver'] }),
  },
};

const EXTRA_FOR: Record<string, readonly AgentEntry[]> = {
  backgammon: [
    {
      name: 'random-cube',
      showcase: false,
      summary: 'a uniformly random legal action, doubles and beavers included',
      create: () => randomAgent(),
    },
  ],
};

const BY_GAME: Record<string, readonly AgentEntry[]> = {
  backgammon: backgammonAgents,
  rummy: rummyAgents,
  skirmish: skirmishAgents,
};

/** The agents for a game, by name: `random` for every game, then the game's own. */
export function agentsFor(gameId: string): Map<string, AgentEntry> {
  const entries = [RANDOM_FOR[gameId] ?? RANDOM, ...(EXTRA_FOR[gameId] ?? []), ...(BY_GAME[gameId] ?? [])];
  return new Map(entries.map((e) => [e.name, e]));
}

/** The strongest shipped agent of a game (the opponent `tabula play` picks). */
export function defaultAgentFor(gameId: string): string {
  return BY_GAME[gameId]?.at(-1)?.name ?? RANDOM.name;
}
