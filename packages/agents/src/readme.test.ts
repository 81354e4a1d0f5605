import { checkReadmeExamples } from '@tabula/core/testing';
import { expect, it } from 'vitest';

it('runs the README examples, each shown verbatim', async () => {
  expect(await checkReadmeExamples(new URL('../README.md', import.meta.url).pathname)).toEqual([
    'examples/heuristic-vs-random.ts',
    'examples/my-agent.ts',
    'examples/neural-bot.ts',
    'examples/analyse.ts',
  ]);
});
