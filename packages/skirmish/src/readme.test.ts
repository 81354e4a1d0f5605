import { checkReadmeExamples } from '@tabula/core/testing';
import { expect, it } from 'vitest';

it('runs the README examples, each shown verbatim', async () => {
  const files = await checkReadmeExamples(new URL('../README.md', import.meta.url).pathname);
  expect(files.sort()).toEqual([
    'examples/abilities.ts',
    'examples/contract.ts',
    'examples/quickstart.ts',
    'examples/save-and-restore.ts',
    'examples/solver.ts',
    'examples/three-players.ts',
  ]);
});
