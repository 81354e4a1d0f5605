import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultAgentFor } from '@tabula/agents';
import { replay } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { tabula, workDir } from '../test/tabula.js';
import { roundRobin } from './commands/tournament.js';
import { main } from './main.js';
import { GAMES } from './registry.js';
import type { GameResult } from './simulation.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const example = (game: string) => `cmd:python3 ${join(root, 'packages/cli/examples/engine', `${game}.py`)}`;
const bot = (name: string) => `cmd:python3 ${join(root, 'packages/cli/test/bots', `${name}.py`)}`;
const work = workDir();

function hasPython(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const python = hasPython();
if (!python) console.warn('external.test.ts: python3 is absent here, so the Python bots are not run');

/** `tabula simulate` in this process, its printed lines and its results file. */
async function simulate(game: string, agents: string[], games: number, more: string[] = []) {
  const out = join(work, `${game}-${games}-${Math.random().toString(36).slice(2)}.jsonl`);
  const lines: string[] = [];
  const code = await main(
    [
      'simulate',
      game,
      '--agents',
      agents.join(','),
      '--games',
      String(games),
      '--seed',
      '3',
      '--out',
      out,
      ...more,
    ],
    (line) => lines.push(line),
  );
  const results: GameResult[] =
    code === 0
      ? readFileSync(out, 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
      : [];
  return { code, text: lines.join('\n'), results, out };
}

describe.skipIf(!python)('Python example bots (cmd: agents)', () => {
  it.each(Object.keys(GAMES))(
    'the %s bot plays simulate games to the end against the shipped agents, in either seat',
    async (game) => {
      const shipped = defaultAgentFor(game);
      const { code, text, results } = await simulate(game, [example(game), shipped], 4, ['--workers', '0']);
      expect(code).toBe(0);
      expect(results).toHaveLength(4);
      for (const r of results) {
        expect(r.forfeit).toBeUndefined();
        expect(r.reason).not.toBe('forfeit');
        // Every game was played to its end by the rules: the record replays to the outcome it states.
        expect(replay(GAMES[game] as never, r.record).length).toBe(r.length + 1);
      }
      expect(text).not.toMatch(/forfeits/);
      expect(text).toMatch(new RegExp(`${shipped} +4`));
    },
  );

  it('plays on worker threads too: each worker starts its own programs', async () => {
    const { code, results } = await simulate('skirmish', [example('skirmish'), 'random'], 6, [
      '--workers',
      '2',
    ]);
    expect(code).toBe(0);
    expect(results.map((r) => r.forfeit)).toEqual(results.map(() => undefined));
    const inThread = await simulate('skirmish', [example('skirmish'), 'random'], 6, ['--workers', '0']);
    expect(inThread.results.map((r) => r.record)).toEqual(results.map((r) => r.record));
  });

  it('plays in a tournament', async () => {
    const standings = await roundRobin('skirmish', [example('skirmish'), 'random'], 2, 1, 0);
    expect(standings.map((s) => s.games)).toEqual([2, 2]);
  });

  it('plays as the opponent of a person in tabula play --vs', async () => {
    const { code, stdout, stderr } = await tabula(
      ['play', 'skirmish', '--vs', example('skirmish'), '--seed', '2'],
      '#1\n'.repeat(20),
    );
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/Game over: /);
    expect(stdout).not.toMatch(/forfeited/);
  });
});

describe.skipIf(!python)('programs that fail lose by forfeit, and the run goes on', () => {
  it.each([
    ['hang', 'hangs', /answered no act request within 1300 ms/],
    ['garbage', 'prints garbage', /wrote a line that is not JSON: "I resign/],
    ['exits', 'exits mid-game', /stopped \(exit code 1\): out of ideas/],
    [
      'illegal',
      'answers an action that is not legal',
      /answered \{"type":"no such action"\}, which is no legal action/,
    ],
  ])('%s.py: a bot that %s', async (name, _what, why) => {
    const { code, text, results, out } = await simulate(
      name === 'illegal' ? 'backgammon' : 'skirmish',
      [bot(name), 'random'],
      3,
      ['--workers', name === 'exits' ? '2' : '0', '--budget', '300'],
    );
    expect(code).toBe(0);
    expect(results).toHaveLength(3);
    for (const r of results) {
      // Agent 0 sits in seat (0 + i) mod 2 in game i.
      const seat = r.index % 2;
      expect(r.forfeit?.seat).toBe(seat);
      expect(r.forfeit?.reason).toMatch(why);
      expect(r.winners).toEqual([1 - seat]);
      expect(r.record.forfeit).toEqual(r.forfeit);
      // The record replays, forfeit included, to the outcome it states.
      expect(replay(GAMES[r.record.game] as never, r.record).length).toBeGreaterThan(0);
    }
    expect(text).toMatch(/forfeits: 3/);
    // tabula replay shows the forfeit and the result it gave.
    const shown: string[] = [];
    expect(await main(['replay', out, '--line', '2'], (line) => shown.push(line))).toBe(0);
    expect(shown.join('\n')).toMatch(/seat 1 \(cmd:.*\) forfeited: .*\nResult: random \(/);
  });

  it('a program that leaves a process behind holding its pipes: the game counts, and the group is ended', async () => {
    const pidFile = join(work, 'lingering.pids');
    process.env.LINGERS_PID_FILE = pidFile;
    try {
      const { code, results } = await simulate('skirmish', [bot('lingers'), 'random'], 2, ['--workers', '0']);
      expect(code).toBe(0);
      expect(results.map((r) => r.forfeit)).toEqual([undefined, undefined]);
    } finally {
      delete process.env.LINGERS_PID_FILE;
    }
    // The processes the programs left: one a game, each gone (a SIGKILL lands asynchronously: a moment's wait).
    const pids = readFileSync(pidFile, 'utf8').trim().split('\n');
    expect(pids).toHaveLength(2);
    const alive = (pid: string) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // A zombie has ended; only its parent's wait is missing.
        return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z' ? null : stat;
      } catch {
        return null;
      }
    };
    for (let tries = 0; pids.some(alive) && tries < 50; tries++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pids.map(alive)).toEqual([null, null]);
  });

  it('a program that cannot be found forfeits, and its opponent wins', async () => {
    const { code, results } = await simulate('skirmish', ['cmd:no-such-program-here', 'random'], 2, [
      '--workers',
      '0',
    ]);
    expect(code).toBe(0);
    expect(results.map((r) => r.forfeit?.reason)).toEqual([
      expect.stringMatching(/stopped \(exit code 127\)/),
      expect.stringMatching(/stopped \(exit code 127\)/),
    ]);
  });

  it('refuses a cmd: agent without a program, as a usage mistake', async () => {
    const { code, stderr } = await tabula(['simulate', 'skirmish', '--agents', 'cmd:,random']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/names no program/);
  });
});
