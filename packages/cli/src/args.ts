import { UsageError } from './errors.js';

export type Flags = Record<string, string | boolean | undefined>;

/** The flags a command takes: each takes a value (`string`) or none (`boolean`). */
export type FlagSpec = Record<string, { type: 'string' | 'boolean' }>;

const known = (flags: FlagSpec) =>
  Object.keys(flags).length === 0
    ? 'it takes no flags'
    : `it takes ${Object.keys(flags)
        .map((name) => `--${name}`)
        .join(', ')}`;

/**
 * Parses `argv` against the flags a command takes: `--name value` or
 * `--name=value` for a flag with a value (the value may start with a dash, so
 * `--seed -1` is the seed -1), `--name` for one without; `--` ends the flags.
 * Every mistake is one `UsageError` line naming the flag: an unknown flag, a
 * missing or unwanted value, a flag given twice.
 */
export function parseCommand(
  argv: readonly string[],
  flags: FlagSpec,
): { positionals: string[]; values: Flags } {
  const positionals: string[] = [];
  const values: Flags = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-' || /^-\d/.test(arg)) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const name = flag.startsWith('--') ? flag.slice(2) : '';
    const spec = name !== '' && Object.hasOwn(flags, name) ? flags[name] : undefined;
    if (spec === undefined) throw new UsageError(`Unknown flag ${flag}: ${known(flags)}`);
    if (values[name] !== undefined) throw new UsageError(`--${name} is given twice`);
    if (spec.type === 'boolean') {
      if (eq !== -1) throw new UsageError(`--${name} takes no value, got "${arg}"`);
      values[name] = true;
      continue;
    }
    let value: string | undefined;
    if (eq !== -1) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      // A value may start with a dash (a negative number), but another flag is no value.
      if (next !== undefined && !(next.startsWith('--') && next.length > 2)) {
        value = next;
        i++;
      }
    }
    if (value === undefined || value === '') throw new UsageError(`--${name} needs a value`);
    values[name] = value;
  }
  return { positionals, values };
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
  if (typeof raw !== 'string' || !/^\s*[-+]?\d+\s*$/.test(raw) || !Number.isSafeInteger(n) || n < min) {
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
