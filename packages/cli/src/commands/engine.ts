import { parseCommand } from '../args.js';
import { EngineSession, serveEngine } from '../engine.js';
import { UsageError } from '../errors.js';
import { gameById } from '../registry.js';

export const ENGINE_USAGE =
  'tabula engine <game>   (JSON lines on standard input and output: see docs/protocol.md)';

/**
 * `tabula engine <game>`: the game as a process that any program can drive,
 * one JSON request a line on standard input, one JSON response a line on
 * standard output (docs/protocol.md). It ends after `quit` or at the end of its input.
 */
export async function engine(
  argv: readonly string[],
  out: (line: string) => void,
  input: NodeJS.ReadableStream = process.stdin,
): Promise<void> {
  const { positionals } = parseCommand(argv, {});
  if (positionals.length !== 1) throw new UsageError(`Usage: ${ENGINE_USAGE}`);
  const session = new EngineSession(gameById(positionals[0]).id);
  await serveEngine(session, input, out);
}
