import { fileURLToPath } from 'node:url';
import { readmeExamples, runExample } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';

const readme = fileURLToPath(new URL('../README.md', import.meta.url));
const examples = readmeExamples(readme);

describe('README examples', () => {
  it('shows every example file', () => {
    expect(examples.map((e) => e.file).sort()).toEqual([
      'examples/abilities.ts',
      'examples/contract.ts',
      'examples/quickstart.ts',
      'examples/save-and-restore.ts',
      'examples/three-players.ts',
    ]);
  });

  for (const example of examples) {
    it(`${example.file} is shown verbatim and runs`, async () => {
      expect(example.shown).toBe(example.actual);
      await runExample(example);
    });
  }
});
