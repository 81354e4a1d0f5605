import { expect, it } from 'vitest';
import { showcase } from './showcase.js';

it('runs a round robin of every shipped agent in every game (the npm start job)', async () => {
  const lines: string[] = [];
  await showcase((line) => lines.push(line), { workers: 0, games: { backgammon: 2, rummy: 2, skirmish: 4 } });
  const text = lines.join('\n');
  for (const game of [
    'backgammon: random vs heuristic',
    'rummy: random vs greedy',
    'skirmish: random vs bidder',
  ]) {
    expect(text).toContain(game);
  }
  expect(text.match(/score %\s+rating/g)).toHaveLength(3);
}, 120_000);
