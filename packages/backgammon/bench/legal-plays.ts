import { readFileSync } from 'node:fs';
import type { Bench } from 'tinybench';
import type { Board } from '../src/board.js';
import { legalPlays } from '../src/moves.js';

interface FixtureCase {
  board: Board;
  seat: 0 | 1;
  dice: [number, number];
}

export const fixtureCases: FixtureCase[] = readFileSync(
  new URL('../test/fixtures/legal-public.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

/** One task runs `legalPlays` on all 300 public fixture positions: positions/s = 300 x ops/s. */
export function addLegalPlaysBench(bench: Bench): void {
  bench.add(`legalPlays x ${fixtureCases.length} fixture positions`, () => {
    for (const c of fixtureCases) legalPlays(c.board, c.seat, c.dice);
  });
}
