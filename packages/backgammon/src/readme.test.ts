import { fileURLToPath } from 'node:url';
import { readmeExamples, runExample } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';

const examples = readmeExamples(fileURLToPath(new URL('../README.md', import.meta.url)));

describe('README examples', () => {
  it('shows the examples', () => {
    expect(examples.map((e) => e.file)).toEqual([
      'examples/play-a-game.ts',
      'examples/testing-a-bot.ts',
      'examples/shared-contract.ts',
    ]);
  });

  it.each(examples.map((e) => [e.file, e] as const))(
    '%s is shown verbatim and runs',
    async (_file, example) => {
      expect(example.shown).toBe(example.actual);
      await runExample(example);
    },
  );
});
