import { parseArgs } from 'node:util';
import { UsageError } from './errors.js';

export type Flags = Record<string, string | boolean | undefined>;

/** Parses `argv` against the flags a command takes; an unknown flag is a usage error naming it. */
export function parseCommand(
  argv: readonly string[],
  flags: Record<string, { type: 'string' | 'boolean'; short?: string }>,
): { positionals: string[]; values: Flags } {
  try {
    const { positionals, values } = parseArgs({
      args: [...argv],
      options: flags,
      allowPositionals: true,
      strict: true,
    });
    return { positionals, values: values as Flags };
  } catch (error) {
    const [firstLine = ''] = (error instanceof Error ? error.message : String(error)).split('\n');
    throw new UsageError(firstLine);
  }
}

/** A whole number flag, with a default; anything else is a usage error. */
export function intFlag(
  values: Flags,
  name: string,
  fallback: number,
  min = Number.MIN_SAFE_INTEGER,
): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(
      `--${name} must be a whole number${min > Number.MIN_SAFE_INTEGER ? ` of at least ${min}` : ''}, got "${String(raw)}"`,
    );
  }
  return n;
}

/** A comma-separated list flag. */
export function listFlag(values: Flags, name: string): string[] | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new UsageError(`--${name} needs a value`);
  const items = raw.split(',').map((s) => s.trim());
  if (items.some((s) => s === ''))
    throw new UsageError(`--${name} is a comma-separated list without empty names, got "${raw}"`);
  return items;
}
