import { checkReadmeExamples } from '@tabula/core/testing';
import { expect, it } from 'vitest';

it('runs the README examples, each shown verbatim', async () => {
  expect(await checkReadmeExamples(new URL('../README.md', import.meta.url).pathname)).toEqual([
    'examples/engine.ts',
    'examples/simulate.ts',
    'examples/analyse.ts',
    'examples/pool.ts',
  ]);
});
