import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseRecord, GameAnalysisSchema } from '@tabula/agents';
import { backgammonGame } from '@tabula/backgammon';
import { type GameRecord, gameStreams, matches } from '@tabula/core';
import { describe, expect, it, vi } from 'vitest';
import { tabula, workDir } from '../../test/tabula.js';
import { main } from '../main.js';

const work = workDir();

/** Runs the command in this process: its exit code, its output lines and what it wrote to standard error. */
async function run(args: string[]): Promise<{ code: number; lines: string[]; errors: string[] }> {
  const lines: string[] = [];
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((line: unknown) => {
    errors.push(String(line));
  });
  try {
    const code = await main(args, (line) => lines.push(line));
    // A table comes as one line of several: split, as a terminal shows it.
    return { code, lines: lines.join('\n').split('\n'), errors };
  } finally {
    spy.mockRestore();
  }
}

/** Game 1 of backgammon with seat 0 opening 4-1 by 8/4 6/5 (blots on its 5 and 4 points). */
function plantedBackgammon(): GameRecord {
  const config = backgammonGame.defaultConfig();
  const { chance } = gameStreams(1, 2);
  const state = backgammonGame.setup(config, chance);
  const action = backgammonGame.parseAction(
    '8/4 6/5',
    backgammonGame.view(state, 0),
    backgammonGame.legalActions(state, 0),
  );
  return {
    game: 'backgammon',
    version: backgammonGame.version,
    config,
    seed: 1,
    actions: [{ seat: 0, action }],
  };
}

function saved(name: string, value: unknown): string {
  const path = join(work, name);
  writeFileSync(path, JSON.stringify(value));
  return path;
}

describe('tabula analyse', () => {
  it('prints each decision and a summary per seat, marking a planted blunder', async () => {
    const path = saved('planted.json', plantedBackgammon());
    const { code, lines, errors } = await run(['analyse', path]);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^backgammon 1, seed 1: neural-0 evaluator/);
    expect(lines).toContain('Values in equity; an error loses 0.020 or more, a blunder 0.080 or more.');
    expect(lines[2]).toMatch(
      /^1\. seat 0 checker play: 8\/4 6\/5 \(-0\.\d{3}\); best [\d/ ]+ \(-?0\.\d{3}\); loss 0\.\d{3} {2}BLUNDER$/,
    );
    expect(lines[3]).toMatch(/^ {5}ranked 1[0-4] of 14$/);
    const table = lines.slice(-4);
    expect(table[0]).toMatch(
      /^player +seat +decisions +errors +error rate +blunders +total loss +mean loss$/,
    );
    expect(table[2]).toMatch(/^seat 0 +0 +1 +1 +100\.0% +1 +0\.\d{3} +0\.\d{5}$/);
  });

  it('looks further ahead in backgammon with --plies', async () => {
    const { code, lines } = await run(['analyse', saved('plies.json', plantedBackgammon()), '--plies', '2']);
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^backgammon 1, seed 1: neural-2 evaluator/);
    expect(lines[2]).toMatch(/^1\. seat 0 checker play: 8\/4 6\/5 .* BLUNDER$/);
  });

  it("prints the analysis as JSON with --json: the API's analysis, valid against its schema", async () => {
    const record = plantedBackgammon();
    const { code, lines } = await run(['analyse', saved('json.json', record), '--json']);
    expect(code).toBe(0);
    const analysis: unknown = JSON.parse(lines.join('\n'));
    expect(matches(GameAnalysisSchema, analysis)).toBe(true);
    expect(analysis).toEqual(analyseRecord(record));
  });

  it('analyses a line of a results file, with --steps as rollouts and --seed for skirmish', async () => {
    const out = join(work, 'skirmish.jsonl');
    const simulated = await run([
      'simulate',
      'skirmish',
      '--agents',
      'bidder,random',
      '--games',
      '2',
      '--seed',
      '3',
      '--workers',
      '0',
      '--out',
      out,
    ]);
    expect(simulated.code).toBe(0);
    const args = ['analyse', out, '--line', '2', '--json', '--steps', '4'];
    const a = await run([...args, '--seed', '5']);
    const again = await run([...args, '--seed', '5']);
    const other = await run([...args, '--seed', '6']);
    expect(a.code).toBe(0);
    const analysis = JSON.parse(a.lines.join('\n')) as { analyser: string; unit: string };
    expect(matches(GameAnalysisSchema, analysis)).toBe(true);
    expect(analysis.analyser).toMatch(/^4 bidder rollouts a card/);
    expect(analysis.unit).toBe('VP');
    expect(again.lines).toEqual(a.lines);
    expect(other.lines).not.toEqual(a.lines);
  });

  it('analyses rummy with the solver, in points', async () => {
    const out = join(work, 'rummy.jsonl');
    await run([
      'simulate',
      'rummy',
      '--agents',
      'solver,random',
      '--games',
      '1',
      '--seed',
      '2',
      '--workers',
      '0',
      '--out',
      out,
    ]);
    const { code, lines } = await run(['analyse', out, '--steps', '20000']);
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^rummy 1, seed -?\d+: the solver \(20000 steps a turn\)/);
    expect(lines.some((l) => /^\d+\. solver \(seat 0\) turn: .*; best; loss 0$/.test(l))).toBe(true);
    expect(lines.at(-2)).toMatch(/^solver +0 +\d+ +0 +0\.0% +0 +0 +0\.00$/);
  });

  it('refuses what it cannot analyse, in one line with the exit code of its kind', async () => {
    const planted = saved('flags.json', plantedBackgammon());
    expect(await run(['analyse', planted, '--steps', '3'])).toMatchObject({
      code: 2,
      errors: ['tabula: --steps does not apply to backgammon: only rummy and skirmish take it'],
    });
    expect(await run(['analyse', planted, '--plies', '3'])).toMatchObject({
      code: 2,
      errors: ['tabula: --plies is 0, 1 or 2 (how many rolls the net looks ahead), got 3'],
    });
    expect((await run(['analyse'])).code).toBe(2);
    expect((await run(['analyse', join(work, 'missing.json')])).code).toBe(2);
    const bad = saved('bad.json', {
      ...plantedBackgammon(),
      actions: [{ seat: 1, action: { type: 'take' } }],
    });
    const refused = await run(['analyse', bad]);
    expect(refused.code).toBe(1);
    expect(refused.errors[0]).toMatch(/^tabula: \$\.actions\[0\]: seat 1 cannot play this action/);
  });

  it('runs as a command, from source', async () => {
    const result = await tabula(['analyse', saved('command.json', plantedBackgammon())]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/BLUNDER/);
  });
});
