import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMANDS, type Command, runCommandLine, USAGE } from '@tabula/cli';
import { play, REMOTE_PLAY_USAGE } from './commands/play.js';
import { SERVE_USAGE, serve } from './commands/serve.js';

/** The full `tabula` command: the cli's commands, `serve`, and `play --server` (a client of a server). */
export const SERVER_COMMANDS: Readonly<Record<string, Command>> = { ...COMMANDS, play, serve };

export const SERVER_USAGE = USAGE.replace('Usage:\n', `Usage:\n  ${SERVE_USAGE}\n  ${REMOTE_PLAY_USAGE}\n`);

/** Runs the full command on the process's arguments (the installed bin and `npm run tabula`). */
export const runFullCommandLine = (argv: readonly string[] = process.argv.slice(2)) =>
  runCommandLine(argv, SERVER_COMMANDS, SERVER_USAGE);

const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) await runFullCommandLine();
