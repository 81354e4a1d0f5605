import { accessSync, constants, type Stats, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from './errors.js';

/** What is at a path, or undefined when nothing is (also when a parent is a file). */
function statOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Checks, before any work, that the file a flag names (`--out`, `--save`)
 * can be written: an existing file that is writable, or a new one in a
 * directory that exists and is writable. Otherwise a usage error names the flag.
 */
export function checkWritable(path: string, flag: string): void {
  const full = resolve(path);
  const where = `--${flag} ${path}`;
  const stat = statOf(full);
  if (stat?.isDirectory()) throw new UsageError(`${where}: that is a directory, not a file`);
  const dir = dirname(full);
  const dirStat = statOf(dir);
  if (dirStat === undefined) throw new UsageError(`${where}: there is no directory ${dirname(path)}`);
  if (!dirStat.isDirectory()) throw new UsageError(`${where}: ${dirname(path)} is not a directory`);
  try {
    accessSync(stat === undefined ? dir : full, constants.W_OK);
  } catch {
    throw new UsageError(
      `${where}: ${stat === undefined ? `cannot write in ${dirname(path)}` : 'the file cannot be written'}`,
    );
  }
}

/** Writes a file a flag named; a failure (a full disk, a path removed meanwhile) is one line naming the flag. */
export function writeOut(path: string, flag: string, text: string): void {
  try {
    writeFileSync(path, text);
  } catch (error) {
    throw new UsageError(`--${flag} ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
