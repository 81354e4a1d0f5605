import { readmeExamples, runExample } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';

const examples = readmeExamples(new URL('../README.md', import.meta.url).pathname);

describe('README examples', () => {
  it('shows at least one example', () => expect(examples.length).toBeGreaterThan(0));
  it.each(examples.map((e) => [e.file, e] as const))(
    '%s is shown verbatim and runs',
    async (_file, example) => {
      expect(example.shown).toBe(example.actual);
      await runExample(example);
    },
  );
});
