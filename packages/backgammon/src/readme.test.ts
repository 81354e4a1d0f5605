import { checkReadmeExamples } from '@tabula/core/testing';
import { expect, it } from 'vitest';

it('runs the README examples, each shown verbatim', async () => {
  expect(await checkReadmeExamples(new URL('../README.md', import.meta.url).pathname)).toEqual([
    'examples/play-a-game.ts',
    'examples/gnubg-ids.ts',
    'examples/match-equity.ts',
    'examples/testing-a-bot.ts',
    'examples/play-a-match.ts',
    'examples/clocks.ts',
    'examples/match-file.ts',
    'examples/shared-contract.ts',
  ]);
});
