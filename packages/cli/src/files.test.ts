import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from './errors.js';
import { checkWritable, writeOut } from './files.js';

const dir = mkdtempSync(join(tmpdir(), 'tabula-files-'));

const mistake = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  return null;
};

describe('checkWritable', () => {
  it('takes a new file in a directory that exists, or an existing file', () => {
    expect(mistake(() => checkWritable(join(dir, 'new.json'), 'save'))).toBeNull();
    writeFileSync(join(dir, 'old.json'), '{}');
    expect(mistake(() => checkWritable(join(dir, 'old.json'), 'save'))).toBeNull();
  });

  it('names the flag and what is wrong, before any work', () => {
    expect(mistake(() => checkWritable(join(dir, 'none', 'x.jsonl'), 'out'))).toBe(
      `--out ${join(dir, 'none', 'x.jsonl')}: there is no directory ${join(dir, 'none')}`,
    );
    expect(mistake(() => checkWritable(dir, 'out'))).toBe(`--out ${dir}: that is a directory, not a file`);
    writeFileSync(join(dir, 'file'), '');
    expect(mistake(() => checkWritable(join(dir, 'file', 'x.json'), 'save'))).toBe(
      `--save ${join(dir, 'file', 'x.json')}: ${join(dir, 'file')} is not a directory`,
    );
  });

  it.skipIf(process.getuid?.() === 0)('refuses a directory or file without write permission', () => {
    const locked = join(dir, 'locked');
    mkdirSync(locked);
    writeFileSync(join(locked, 'old.json'), '{}');
    chmodSync(join(locked, 'old.json'), 0o444);
    chmodSync(locked, 0o555);
    expect(mistake(() => checkWritable(join(locked, 'new.json'), 'save'))).toMatch(/cannot write in/);
    expect(mistake(() => checkWritable(join(locked, 'old.json'), 'save'))).toMatch(
      /the file cannot be written/,
    );
    chmodSync(locked, 0o755);
  });
});

describe('writeOut', () => {
  it('writes the file, or says in one line why not', () => {
    writeOut(join(dir, 'out.txt'), 'out', 'hello\n');
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('hello\n');
    expect(mistake(() => writeOut(join(dir, 'none', 'out.txt'), 'out', ''))).toMatch(/^--out .*: ENOENT/);
  });
});
