import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = join(root, 'node_modules/.bin/tsx');
const main = join(root, 'packages/cli/src/main.ts');

/** A fresh directory for the files a test writes. */
export const workDir = () => mkdtempSync(join(tmpdir(), 'tabula-cli-'));

/** Runs `tabula` as a person would, from source, with `input` typed on its standard input; never throws. */
export async function tabula(
  args: string[],
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(tsx, ['--conditions=@tabula/source', main, ...args], {
    cwd: root,
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  child.child.stdin?.end(input ?? '');
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/**
 * Runs `tabula` with its standard input left open, and once its output
 * contains `waitFor`, does `then` to it: closes the output (as `| head`
 * does) or presses Ctrl-C (SIGINT). Returns the exit code and what it printed.
 */
export async function tabulaThen(
  args: string[],
  waitFor: string,
  then: 'close output' | 'ctrl-c',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(tsx, ['--conditions=@tabula/source', main, ...args], { cwd: root });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  await new Promise<void>((resolve) => {
    const onData = (chunk: unknown) => {
      stdout += String(chunk);
      if (!stdout.includes(waitFor)) return;
      child.stdout.off('data', onData);
      resolve();
    };
    child.stdout.on('data', onData);
  });
  if (then === 'close output') child.stdout.destroy();
  else {
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.kill('SIGINT');
  }
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  child.stdin.destroy();
  return { code, stdout, stderr };
}
