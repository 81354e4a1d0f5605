import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = join(root, 'node_modules/.bin/tsx');
const main = join(root, 'packages/cli/src/main.ts');
const work = mkdtempSync(join(tmpdir(), 'tabula-cli-'));

/** Runs `tabula` as a person would, from source; never throws, returns the exit code and output. */
async function tabula(
  args: string[],
  input?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = run(tsx, ['--conditions=@tabula/source', main, ...args], { cwd: root, timeout: 120_000 });
  if (input !== undefined) {
    child.child.stdin?.end(input);
  } else {
    child.child.stdin?.end();
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe('tabula simulate', () => {
  it.each(['backgammon', 'rummy', 'skirmish'])(
    'writes identical results for one seed on 1 and 2 workers (%s)',
    async (game) => {
      const games = game === 'rummy' ? '6' : '10';
      /** Random against random, written to a results file named after the run. */
      const simulate = (seed: string, workers: string, name: string) => {
        const out = join(work, `${game}-${name}.jsonl`);
        const run = tabula([
          'simulate',
          game,
          '--agents',
          'random,random',
          '--games',
          games,
          '--seed',
          seed,
          '--workers',
          workers,
          '--out',
          out,
        ]);
        return run.then((result) => ({
          ...result,
          results: result.code === 0 ? readFileSync(out, 'utf8') : '',
        }));
      };
      const a = await simulate('42', '1', 'one');
      expect(a.stderr).toBe('');
      expect(a.code).toBe(0);
      const b = await simulate('42', '2', 'two');
      expect(b.code).toBe(0);
      expect(a.results.trim().split('\n')).toHaveLength(Number(games));
      expect(b.results).toBe(a.results);
      expect(a.stdout).toMatch(/points\/game/);
      expect(a.stdout).toMatch(/games\/s/);
      // Another seed gives other games.
      const other = await simulate('43', '2', 'other');
      expect(other.results).not.toBe(a.results);
    },
    180_000,
  );
});

describe('tabula replay', () => {
  it('replays a simulated game step by step to its recorded result', async () => {
    const out = join(work, 'replay.jsonl');
    await tabula([
      'simulate',
      'skirmish',
      '--agents',
      'random,random',
      '--games',
      '2',
      '--seed',
      '5',
      '--out',
      out,
    ]);
    const [, second] = readFileSync(out, 'utf8').split('\n');
    const result = JSON.parse(second ?? '');
    const { code, stdout } = await tabula(['replay', out, '--line', '2']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^1\. seat \d/m);
    expect(stdout).toContain(`scores ${result.scores.join(', ')}`);
  }, 60_000);

  it('refuses a bad record file with one line and a non-zero exit', async () => {
    const bad = join(work, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ game: 'skirmish', version: '1', config: null, seed: 'x', actions: [] }),
    );
    const r = await tabula(['replay', bad]);
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/\$\.seed/);
    const missing = await tabula(['replay', join(work, 'nope.json')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toMatch(/Cannot read/);
  }, 60_000);
});

/** Runs `tabula` with its output read only up to the first chunk, then closed, as `| head -1` does. */
async function tabulaIntoHead(
  args: string[],
): Promise<{ code: number | null; stderr: string; first: string }> {
  const child = spawn(tsx, ['--conditions=@tabula/source', main, ...args], { cwd: root });
  child.stdin.end();
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const first = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk) => resolve(String(chunk))),
  );
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  return { code, stderr, first };
}

describe('a closed pipe', () => {
  it('ends every command quietly, without a stack trace (tabula replay ... | head -3)', async () => {
    const out = join(work, 'pipe.jsonl');
    await tabula([
      'simulate',
      'backgammon',
      '--agents',
      'random,random',
      '--games',
      '1',
      '--seed',
      '2',
      '--out',
      out,
    ]);
    for (const args of [
      ['replay', out],
      ['schema', 'rummy'],
    ]) {
      const { code, stderr, first } = await tabulaIntoHead(args);
      expect(first.length, args.join(' ')).toBeGreaterThan(0);
      expect(stderr, args.join(' ')).toBe('');
      expect(code, args.join(' ')).toBe(0);
    }
  }, 60_000);
});

describe('tabula errors', () => {
  it('names an unknown game, agent or flag in one line, without a stack trace', async () => {
    for (const args of [
      ['simulate', 'chess'],
      ['simulate', 'skirmish', '--agents', 'random,wizard'],
      ['simulate', 'skirmish', '--games', 'many'],
      ['simulate', 'skirmish', '--turbo'],
      ['dance'],
    ]) {
      const r = await tabula(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/^tabula: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await tabula(['simulate', 'chess'])).stderr).toMatch(/Unknown game "chess"/);
    expect((await tabula(['simulate', 'skirmish', '--agents', 'random,wizard'])).stderr).toMatch(
      /Unknown agent "wizard"/,
    );
  }, 120_000);
});

describe('tabula schema', () => {
  it.each(['backgammon', 'rummy', 'skirmish'])(
    'prints the JSON Schemas of %s',
    async (game) => {
      const { code, stdout } = await tabula(['schema', game]);
      expect(code).toBe(0);
      const doc = JSON.parse(stdout);
      expect(doc.game).toBe(game);
      for (const part of ['config', 'action', 'state', 'view'])
        expect(doc[part].$schema).toMatch(/json-schema/);
    },
    60_000,
  );
});

describe('tabula play', () => {
  it('asks again with the reason after bad input, and quits cleanly', async () => {
    const { code, stdout } = await tabula(['play', 'skirmish', '--seed', '3'], '99\nplay banana\nquit\n');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Not accepted: Choose 1 to 15/);
    expect(stdout).toMatch(/Not accepted: /);
    expect(stdout).toMatch(/Bye\./);
  }, 60_000);

  it('plays a whole game from typed input and saves a record that replays', async () => {
    const saved = join(work, 'played.json');
    const input = `${Array.from({ length: 15 }, () => '1').join('\n')}\n`;
    const { code, stdout } = await tabula(['play', 'skirmish', '--seed', '4', '--save', saved], input);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Game over/);
    const replayed = await tabula(['replay', saved]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/Result: /);
  }, 60_000);
});

describe('tabula tournament', () => {
  it('plays a round robin and ranks the agents by rating', async () => {
    const { code, stdout } = await tabula([
      'tournament',
      'skirmish',
      '--agents',
      'random,bidder',
      '--games',
      '40',
    ]);
    expect(code).toBe(0);
    const rows = stdout.trim().split('\n');
    expect(rows[1]).toMatch(/^agent\s+games\s+won\s+drawn\s+lost\s+score %\s+rating$/);
    // The bidder wins most games, so it tops the table with the higher rating.
    expect(rows[3]).toMatch(/^bidder\s+40\s/);
    expect(rows[4]).toMatch(/^random\s+40\s/);
    const rating = (row: string | undefined) => Number(row?.trim().split(/\s+/).at(-1));
    expect(rating(rows[3])).toBeGreaterThan(rating(rows[4]));
    const needsTwo = await tabula(['tournament', 'skirmish', '--agents', 'bidder']);
    expect(needsTwo.code).toBe(2);
    expect(needsTwo.stderr).toMatch(/at least two agents/);
  }, 60_000);
});
