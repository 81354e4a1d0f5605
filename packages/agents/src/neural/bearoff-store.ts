import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { type BearoffDatabase, buildBearoff, HOME_POSITIONS, MAX_ROLLS } from './bearoff.js';

/*
 * Where the bear-off database lives between runs: built on first use (about
 * ten seconds) and cached as a 7 MB file of float32s, too big to commit and
 * quick to rebuild. `TABULA_CACHE` names the folder; else
 * `$XDG_CACHE_HOME/tabula` or `~/.cache/tabula`.
 */

const FILE = 'bearoff-one-sided-v1.bin';
const BYTES = HOME_POSITIONS * (MAX_ROLLS + 1) * 4;

export function bearoffCachePath(): string {
  const root =
    process.env.TABULA_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'tabula');
  return join(root, FILE);
}

let memo: BearoffDatabase | null = null;

/** The database: from memory, else from the cache file, else built (and the file written; a write that fails is ignored). */
export function bearoffDatabase(): BearoffDatabase {
  if (memo !== null) return memo;
  const path = bearoffCachePath();
  if (existsSync(path)) {
    const bytes = readFileSync(path);
    if (bytes.length === BYTES) {
      const all = new Float32Array(new Uint8Array(bytes).buffer);
      memo = {
        dist: all.slice(0, HOME_POSITIONS * MAX_ROLLS),
        mean: all.slice(HOME_POSITIONS * MAX_ROLLS),
      };
      return memo;
    }
  }
  memo = buildBearoff();
  try {
    mkdirSync(dirname(path), { recursive: true });
    const all = new Float32Array(HOME_POSITIONS * (MAX_ROLLS + 1));
    all.set(memo.dist);
    all.set(memo.mean, HOME_POSITIONS * MAX_ROLLS);
    // Written aside and renamed, so a reader never sees half a file.
    const temp = `${path}.${process.pid}.tmp`;
    writeFileSync(temp, new Uint8Array(all.buffer));
    renameSync(temp, path);
  } catch {
    // A read-only home: the database stays in memory for this process.
  }
  return memo;
}
