import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tabula, tabulaThen, workDir } from '../test/tabula.js';

const work = workDir();

describe('tabula simulate', () => {
  it.each(['backgammon', 'rummy', 'skirmish'])(
    'writes identical results for one seed on 0, 1 and 2 workers (%s)',
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
      const here = await simulate('42', '0', 'zero');
      expect(here.code).toBe(0);
      expect(a.results.trim().split('\n')).toHaveLength(Number(games));
      expect(b.results).toBe(a.results);
      expect(here.results).toBe(a.results);
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

  it('refuses a record whose outcome is not the one its actions give, and roots config paths at the record', async () => {
    const out = join(work, 'outcome.jsonl');
    await tabula(['simulate', 'skirmish', '--games', '1', '--seed', '8', '--out', out]);
    const { record } = JSON.parse(readFileSync(out, 'utf8'));
    const forged = join(work, 'forged.json');
    writeFileSync(forged, JSON.stringify({ ...record, outcome: { ...record.outcome, scores: [99, 0] } }));
    const r = await tabula(['replay', forged]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^tabula: \$\.outcome: the record says .*, but its actions give /);
    const badConfig = join(work, 'bad-config.json');
    const game = { game: 'backgammon', version: '1', config: { cube: true }, seed: 1, actions: [] };
    writeFileSync(badConfig, JSON.stringify(game));
    const c = await tabula(['replay', badConfig]);
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/^tabula: \$\.config\.length: The backgammon config is not valid/);
  }, 60_000);

  it('--pause reads piped lines in order, stops on q, and ends quietly on Ctrl-C', async () => {
    const out = join(work, 'pause.jsonl');
    await tabula(['simulate', 'skirmish', '--games', '1', '--seed', '8', '--out', out]);
    const actions = JSON.parse(readFileSync(out, 'utf8')).record.actions.length;
    // The input that failed: two piped lines stalled the replay after two actions, with exit code 13.
    const piped = await tabula(['replay', out, '--pause'], '\n\n');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toMatch(new RegExp(`^${actions}\\. seat`, 'm'));
    expect(piped.stdout).toMatch(/^Result: /m);
    const stopped = await tabula(['replay', out, '--pause'], '\nq\n');
    expect(stopped.code).toBe(0);
    expect(stopped.stdout).toContain(`Stopped after 1 of ${actions} actions.`);
    const interrupted = await tabulaThen(['replay', out, '--pause'], '(Enter', 'ctrl-c');
    expect(interrupted.stderr).toBe('');
    expect(interrupted.code).toBe(0);
    expect(interrupted.stdout).toContain(`Stopped after 0 of ${actions} actions.`);
  }, 60_000);
});

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
      const { code, stderr, stdout } = await tabulaThen(args, '\n', 'close output');
      expect(stdout.length, args.join(' ')).toBeGreaterThan(0);
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
      ['simulate', 'skirmish', '--games', '-5'],
      ['play', 'skirmish', '--seat', '-1'],
      ['replay', 'x.json', '--pause=yes'],
      ['engine'],
      ['engine', 'chess'],
      ['engine', 'skirmish', '--fast'],
      ['dance'],
    ]) {
      const r = await tabula(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/^tabula: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stderr, args.join(' ')).not.toMatch(/ambiguous|positional argument/);
    }
    expect((await tabula(['simulate', 'chess'])).stderr).toMatch(/Unknown game "chess"/);
    expect((await tabula(['simulate', 'skirmish', '--agents', 'random,wizard'])).stderr).toMatch(
      /Unknown agent "wizard"/,
    );
    expect((await tabula(['simulate', 'skirmish', '--turbo'])).stderr).toBe(
      'tabula: Unknown flag --turbo: it takes --agents, --games, --seed, --workers, --budget, --out, --config\n',
    );
    expect((await tabula(['simulate', 'skirmish', '--games', '-5'])).stderr).toBe(
      'tabula: --games must be a whole number of at least 1, got "-5"\n',
    );
  }, 120_000);

  it('takes negative seeds as results files hold them, without "="', async () => {
    const out = join(work, 'negative.jsonl');
    const r = await tabula(['simulate', 'skirmish', '--games', '2', '--seed', '-1', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/seed -1,/);
    const seeds = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).seed as number);
    const negative = seeds.find((seed) => seed < 0) ?? -1640531536;
    const played = await tabula(['play', 'skirmish', '--seed', String(negative)], 'quit\n');
    expect(played.code).toBe(0);
    expect(played.stdout).toContain(`(seed ${negative})`);
  }, 60_000);

  it('checks the --out path before any game', async () => {
    const nowhere = join(work, 'no-such-dir', 'results.jsonl');
    const started = Date.now();
    const r = await tabula(['simulate', 'rummy', '--games', '100000', '--workers', '0', '--out', nowhere]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`tabula: --out ${nowhere}: there is no directory ${join(work, 'no-such-dir')}\n`);
    // 100,000 rummy games would take hours; the refusal comes first.
    expect(Date.now() - started).toBeLessThan(30_000);
    const dir = await tabula(['simulate', 'skirmish', '--games', '1', '--out', work]);
    expect(dir.stderr).toBe(`tabula: --out ${work}: that is a directory, not a file\n`);
  }, 60_000);
});

describe('tabula simulate --workers and --config', () => {
  it('caps --workers at the cores of the machine and says so', async () => {
    const r = await tabula(['simulate', 'skirmish', '--games', '4', '--workers', '4096']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^skirmish: 4 games, seed 1, \d+ workers? \(--workers 4096 capped at the \d+ cores of this machine\)$/m,
    );
  }, 60_000);

  it('completes a partial config from the default of every game alike, then checks it', async () => {
    const out = join(work, 'partial.jsonl');
    const r = await tabula([
      'simulate',
      'backgammon',
      '--games',
      '1',
      '--config',
      '{"cube":false}',
      '--out',
      out,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).record.config).toEqual({
      cube: false,
      length: 1,
      crawford: false,
    });
    const bad = await tabula(['simulate', 'backgammon', '--games', '1', '--config', '{"cube":"no"}']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^tabula: \$\.cube: The backgammon config is not valid/);
  }, 60_000);
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
    const { code, stdout } = await tabula(['play', 'skirmish', '--seed', '3'], '#99\nplay banana\nquit\n');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Not accepted: There is no #99 in the list: choose #1 to #15/);
    expect(stdout).toMatch(/Not accepted: "play banana" is not a play/);
    expect(stdout).toMatch(/Bye\./);
  }, 60_000);

  it('plays a whole game from typed input and saves a record that replays', async () => {
    const saved = join(work, 'played.json');
    const input = `${Array.from({ length: 15 }, () => '#1').join('\n')}\n`;
    const { code, stdout } = await tabula(['play', 'skirmish', '--seed', '4', '--save', saved], input);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Game over/);
    const replayed = await tabula(['replay', saved]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toMatch(/Result: /);
  }, 60_000);

  it('reads a bare number in skirmish as a ship, #N as a place in the list', async () => {
    // The input that failed: with ship 1 spent, "7" was the seventh in the list, ship 8.
    const saved = join(work, 'ships.json');
    const { code } = await tabula(['play', 'skirmish', '--seed', '4', '--save', saved], '1\n7\n#7\nquit\n');
    expect(code).toBe(0);
    const record = JSON.parse(readFileSync(saved, 'utf8'));
    const mine = record.actions
      .filter((a: { seat: number }) => a.seat === 0)
      .map((a: { action: unknown }) => a.action);
    expect(mine).toEqual([
      { type: 'play', card: 1 },
      { type: 'play', card: 7 },
      { type: 'play', card: 9 },
    ]);
  }, 60_000);

  it('checks the --save path before the game, and saves a game the person quits', async () => {
    const nowhere = join(work, 'no-such-dir', 'game.json');
    const bad = await tabula(['play', 'skirmish', '--seed', '3', '--save', nowhere], '#1\n');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toBe(
      `tabula: --save ${nowhere}: there is no directory ${join(work, 'no-such-dir')}\n`,
    );

    const saved = join(work, 'quit.json');
    const quit = await tabula(['play', 'skirmish', '--seed', '3', '--save', saved], '#1\n#1\nquit\n');
    expect(quit.code).toBe(0);
    expect(quit.stdout).toContain('You left the game after 4 actions. Bye.');
    expect(quit.stdout).toContain(
      `Saved the unfinished game to ${saved} (replay it with: tabula replay ${saved}).`,
    );
    const record = JSON.parse(readFileSync(saved, 'utf8'));
    expect(record.actions).toHaveLength(4);
    expect(record.outcome).toBeNull();
    const replayed = await tabula(['replay', saved]);
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).toContain('The record stops before the end (4 actions).');
  }, 60_000);

  it('ends the game on Ctrl-C as on "quit", and saves it', async () => {
    const saved = join(work, 'ctrl-c.json');
    const r = await tabulaThen(['play', 'skirmish', '--seed', '3', '--save', saved], '> ', 'ctrl-c');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('You left the game after 0 actions. Bye.');
    expect(JSON.parse(readFileSync(saved, 'utf8')).actions).toEqual([]);
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

  it('plays backgammon matches with --config, and refuses a bad config before any game', async () => {
    const args = [
      'tournament',
      'backgammon',
      '--agents',
      'random,heuristic',
      '--games',
      '4',
      '--workers',
      '0',
    ];
    const matches = await tabula([...args, '--config', '{"length":3,"crawford":true}']);
    expect(matches.stderr).toBe('');
    expect(matches.code).toBe(0);
    expect(matches.stdout).toMatch(/^heuristic\s+4\s/m);
    const bad = await tabula([...args, '--config', '{"length":3,"money":{}}']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^tabula: \$\.length: The backgammon config is not valid: a money session/);
  }, 60_000);
});
