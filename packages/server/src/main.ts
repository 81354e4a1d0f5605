import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMANDS, type Command, runCommandLine, SIMULATE_USAGE, USAGE } from '@tabula/cli';
import { play, REMOTE_PLAY_USAGE } from './commands/play.js';
import { SERVE_USAGE, serve } from './commands/serve.js';
import { DISTRIBUTED_SIMULATE_USAGE, simulate, WORKER_USAGE, worker } from './commands/worker.js';

/**
 * The full `tabula` command: the cli's commands, `serve`, `play --server` (a client of a server),
 * `simulate --redis` and `worker` (a run's games on a Redis queue).
 */
export const SERVER_COMMANDS: Readonly<Record<string, Command>> = {
  ...COMMANDS,
  play,
  serve,
  simulate,
  worker,
};

export const SERVER_USAGE = USAGE.replace(
  'Usage:\n',
  `Usage:\n  ${SERVE_USAGE}\n  ${REMOTE_PLAY_USAGE}\n  ${WORKER_USAGE}\n`,
).replace(`  ${SIMULATE_USAGE}\n`, `  ${DISTRIBUTED_SIMULATE_USAGE}\n`);

/** Runs the full command on the process's arguments (the installed bin and `npm run tabula`). */
export const runFullCommandLine = (argv: readonly string[] = process.argv.slice(2)) =>
  runCommandLine(argv, SERVER_COMMANDS, SERVER_USAGE);

const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) await runFullCommandLine();
