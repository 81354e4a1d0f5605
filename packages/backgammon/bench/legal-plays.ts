import type { Bench } from 'tinybench';
import { legalPlays } from '../src/moves.js';
import { publicCases as fixtureCases } from '../test/public-fixture.js';

/** One task runs `legalPlays` on all 300 public fixture positions: positions/s = 300 x ops/s. */
export function addLegalPlaysBench(bench: Bench): void {
  bench.add(`legalPlays x ${fixtureCases.length} fixture positions`, () => {
    for (const c of fixtureCases) legalPlays(c.board, c.seat, c.dice);
  });
}
