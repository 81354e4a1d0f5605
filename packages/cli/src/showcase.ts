import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { agentsFor } from '@tabula/agents';
import { roundRobin, standingsTable } from './commands/tournament.js';
import { openPool } from './pool.js';
import { GAMES } from './registry.js';

/** Games per pairing: enough to separate the agents, few enough to finish in well under a minute. */
export const SHOWCASE_GAMES: Readonly<Record<string, number>> = { backgammon: 40, rummy: 20, skirmish: 200 };

/** A short round robin of the shipped agents in every game (all but those marked `showcase: false`): the project's main job (`npm start`). */
export async function showcase(
  out: (line: string) => void,
  { workers = 2, seed = 2026, games: perGame = SHOWCASE_GAMES } = {},
): Promise<void> {
  out('Tabula: a round robin of the shipped agents in each game (tabula tournament <game> --agents ...).');
  // One pool for the three games: its workers start once.
  const pool = openPool(workers);
  try {
    for (const id of Object.keys(GAMES)) {
      // Variants and the look-ahead agents (seconds a game) sit this one out.
      const agents = [...agentsFor(id).values()].filter((e) => e.showcase !== false).map((e) => e.name);
      const games = perGame[id] ?? 20;
      const started = performance.now();
      const standings = await roundRobin(id, agents, games, seed, pool);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      out('');
      out(`${id}: ${agents.join(' vs ')}, ${games} games a pairing, seed ${seed} (${seconds} s)`);
      out(standingsTable(standings));
    }
  } finally {
    await pool.close();
  }
}

const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  await showcase((line) => console.log(line));
}
