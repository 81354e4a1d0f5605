import { fileURLToPath } from 'node:url';
import { readmeExamples, runExample } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const examples = readmeExamples(readme);

describe('README examples', () => {
  it('shows the five examples', () => {
    expect(examples.map((e) => e.file)).toEqual([
      'examples/quickstart.ts',
      'examples/melds.ts',
      'examples/pure.ts',
      'examples/save-and-view.ts',
      'examples/contract.ts',
    ]);
  });

  it.each(examples.map((e) => [e.file, e] as const))('%s is shown verbatim and runs', async (_, example) => {
    expect(example.shown).toBe(example.actual);
    await runExample(example);
  });
});
