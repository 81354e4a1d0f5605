import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TabulaError } from '@tabula/core';
import { ANALYSE_USAGE, analyse } from './commands/analyse.js';
import { ENGINE_USAGE, engine } from './commands/engine.js';
import { PLAY_USAGE, play } from './commands/play.js';
import { REPLAY_USAGE, replay } from './commands/replay.js';
import { SCHEMA_USAGE, schema } from './commands/schema.js';
import { SIMULATE_USAGE, simulate } from './commands/simulate.js';
import { SOLVE_USAGE, solve } from './commands/solve.js';
import { TOURNAMENT_USAGE, tournament } from './commands/tournament.js';
import { UsageError } from './errors.js';
import { agentNames, GAMES } from './registry.js';

export const USAGE = `Usage:
  ${PLAY_USAGE}
  ${SIMULATE_USAGE}
  ${TOURNAMENT_USAGE}
  ${REPLAY_USAGE}
  ${ANALYSE_USAGE}
  ${SCHEMA_USAGE}
  ${ENGINE_USAGE}
  ${SOLVE_USAGE}
Games and agents:
${Object.keys(GAMES)
  .map((id) => `  ${id}: ${agentNames(id).join(', ')}`)
  .join('\n')}`;

/** A command of the `tabula` binary: its arguments (after its name) and where its lines go. */
export type Command = (argv: readonly string[], out: (line: string) => void) => Promise<void> | void;

/**
 * The commands, by name. A package above the cli (the server) runs `main`
 * with this table extended by its own commands (`serve`, `play --server`),
 * so the cli never imports what stands above it.
 */
export const COMMANDS: Readonly<Record<string, Command>> = {
  play,
  simulate,
  tournament,
  replay,
  analyse,
  schema,
  engine,
  solve,
};

/** Runs the command line and returns the exit code: 0 done, 1 refused input, 2 a usage mistake. */
export async function main(
  argv: readonly string[],
  out = (line: string) => console.log(line),
  commands: Readonly<Record<string, Command>> = COMMANDS,
  usage = USAGE,
): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    out(usage);
    return command === undefined ? 2 : 0;
  }
  const run = Object.hasOwn(commands, command) ? commands[command] : undefined;
  try {
    if (!run)
      throw new UsageError(`Unknown command "${command}". Commands: ${Object.keys(commands).join(', ')}`);
    await run(rest, out);
    return 0;
  } catch (error) {
    // People get one clear line, never a stack trace, for anything the project refuses on purpose.
    if (error instanceof TabulaError) {
      console.error(`tabula: ${error.message}`);
      return error instanceof UsageError ? 2 : 1;
    }
    console.error(`tabula: unexpected failure: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/**
 * A reader that went away (`tabula replay ... | head -3`) closes the pipe: the
 * next write fails with EPIPE. That ends the command quietly, with the exit
 * code so far, for every command; any other failure to write is one line.
 */
export function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && stream !== process.stderr)
      process.stderr.write(`tabula: cannot write the output: ${error.message}\n`);
    process.exit(error.code === 'EPIPE' ? Number(process.exitCode) || 0 : 1);
  });
}

/** The `tabula` command itself (the installed bin and `npm run tabula`): runs `main` on the process's arguments. */
export async function runCommandLine(
  argv: readonly string[] = process.argv.slice(2),
  commands: Readonly<Record<string, Command>> = COMMANDS,
  usage = USAGE,
): Promise<void> {
  endQuietlyOnClosedPipe(process.stdout);
  endQuietlyOnClosedPipe(process.stderr);
  process.exitCode = await main(argv, (line) => console.log(line), commands, usage);
}

const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) await runCommandLine();
