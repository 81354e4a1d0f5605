import { describe, expect, it } from 'vitest';
import { intFlag, parseCommand } from './args.js';
import { UsageError } from './errors.js';

const FLAGS = { games: { type: 'string' }, seed: { type: 'string' }, pause: { type: 'boolean' } } as const;

/** The one line a usage mistake gives. */
function mistake(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).code).toBe('usage');
    return (error as Error).message;
  }
  throw new Error('no usage error');
}

describe('parseCommand', () => {
  it('reads flags with values, flags without, and positionals', () => {
    expect(parseCommand(['skirmish', '--games', '5', '--seed=7', '--pause'], FLAGS)).toEqual({
      positionals: ['skirmish'],
      values: { games: '5', seed: '7', pause: true },
    });
    expect(parseCommand(['--', '--games'], FLAGS).positionals).toEqual(['--games']);
  });

  it('takes negative numbers as values, with or without "=" (the seeds results files hold)', () => {
    const { values } = parseCommand(['--seed', '-1640531536', '--games', '-5'], FLAGS);
    expect(intFlag(values, 'seed', 1)).toBe(-1640531536);
    expect(mistake(() => intFlag(values, 'games', 1, 1))).toBe(
      '--games must be a whole number of at least 1, got "-5"',
    );
    expect(intFlag(parseCommand(['--seed=-1'], FLAGS).values, 'seed', 1)).toBe(-1);
  });

  it('names each mistake in one short line', () => {
    expect(mistake(() => parseCommand(['--turbo'], FLAGS))).toBe(
      'Unknown flag --turbo: it takes --games, --seed, --pause',
    );
    expect(mistake(() => parseCommand(['-x'], FLAGS))).toMatch(/^Unknown flag -x: /);
    expect(mistake(() => parseCommand(['--turbo=1'], {}))).toBe('Unknown flag --turbo: it takes no flags');
    expect(mistake(() => parseCommand(['--games'], FLAGS))).toBe('--games needs a value');
    expect(mistake(() => parseCommand(['--games', '--seed', '1'], FLAGS))).toBe('--games needs a value');
    expect(mistake(() => parseCommand(['--games='], FLAGS))).toBe('--games needs a value');
    expect(mistake(() => parseCommand(['--pause=yes'], FLAGS))).toBe(
      '--pause takes no value, got "--pause=yes"',
    );
    expect(mistake(() => parseCommand(['--seed', '1', '--seed', '2'], FLAGS))).toBe('--seed is given twice');
    expect(mistake(() => parseCommand(['--constructor', '1'], FLAGS))).toMatch(/^Unknown flag --constructor/);
  });
});

describe('intFlag', () => {
  it('takes only whole decimal numbers in range', () => {
    for (const raw of ['1.5', '1e3', '0x10', '', ' ', 'many', '99999999999999999'])
      expect(
        mistake(() => intFlag({ games: raw }, 'games', 1)),
        raw,
      ).toMatch(/^--games must be a whole number/);
    expect(intFlag({ games: '+12' }, 'games', 1)).toBe(12);
    expect(intFlag({}, 'games', 3)).toBe(3);
  });
});
