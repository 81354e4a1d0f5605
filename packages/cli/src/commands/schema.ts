import { parseCommand } from '../args.js';
import { UsageError } from '../errors.js';
import { gameById } from '../registry.js';

export const SCHEMA_USAGE = 'tabula schema <game> [--part config|action|state|view]';

const PARTS = ['config', 'action', 'state', 'view'] as const;

/** The game's JSON Schemas: TypeBox schemas are JSON Schema already. */
export function schema(argv: readonly string[], out: (line: string) => void): void {
  const { positionals, values } = parseCommand(argv, { part: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError(`Usage: ${SCHEMA_USAGE}`);
  const game = gameById(positionals[0]);
  const part = values.part;
  if (part !== undefined && !PARTS.includes(part as (typeof PARTS)[number])) {
    throw new UsageError(`--part is one of ${PARTS.join(', ')}, got "${String(part)}"`);
  }
  const wanted = part === undefined ? PARTS : [part as (typeof PARTS)[number]];
  const document = Object.fromEntries(
    wanted.map((p) => [p, { $schema: 'https://json-schema.org/draft/2020-12/schema', ...game.schemas[p] }]),
  );
  out(
    JSON.stringify(
      part === undefined ? { game: game.id, version: game.version, ...document } : document[part as string],
      null,
      2,
    ),
  );
}
