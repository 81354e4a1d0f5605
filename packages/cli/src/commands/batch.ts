import { intFlag, listFlag, parseCommand } from '../args.js';
import { UsageError } from '../errors.js';
import { workerThreads } from '../pool.js';
import { createAgent, gameById } from '../registry.js';

/**
 * The command line of a command that plays many games between named agents
 * (simulate, tournament): `<game> --agents a,b --games N --seed S --workers W --budget MS`
 * plus the command's own string flags, whose values come back in `values`.
 * Each agent must be one the game offers. `--workers` is capped at the
 * machine's cores, and `workersText` says so.
 */
export function parseBatch(
  argv: readonly string[],
  usage: string,
  defaults: { readonly agents: readonly string[]; readonly games: number },
  own: readonly string[] = [],
) {
  const flags = ['agents', 'games', 'seed', 'workers', 'budget', ...own].map((name) => [
    name,
    { type: 'string' as const },
  ]);
  const { positionals, values } = parseCommand(argv, Object.fromEntries(flags));
  if (positionals.length !== 1) throw new UsageError(`Usage: ${usage}`);
  const game = gameById(positionals[0]);
  const agents = listFlag(values, 'agents') ?? defaults.agents;
  const games = intFlag(values, 'games', defaults.games, 1);
  const seed = intFlag(values, 'seed', 1);
  const asked = intFlag(values, 'workers', 1, 0);
  const workers = workerThreads(asked);
  // Said in the command's first line of output: more threads than cores would only run slower.
  const workersText =
    workers === asked
      ? `${workers} worker${workers === 1 ? '' : 's'}`
      : `${workers} workers (--workers ${asked} capped at the ${workers} cores of this machine)`;
  for (const name of agents) createAgent(game.id, name);
  // A soft budget a decision, told to every agent; an external program (cmd:) that answers later forfeits.
  const budgetMs = values.budget === undefined ? undefined : intFlag(values, 'budget', 0, 1);
  return { game, agents, games, seed, workers, workersText, values, budgetMs };
}
