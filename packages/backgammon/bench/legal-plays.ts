import type { Bench } from 'tinybench';
import { legalPlays, Moves } from '../src/moves.js';
import { publicCases as fixtureCases } from '../test/public-fixture.js';

/** One task runs `legalPlays` on all 300 public fixture positions: positions/s = 300 x ops/s. */
export function addLegalPlaysBench(bench: Bench): void {
  bench.add(`legalPlays x ${fixtureCases.length} fixture positions`, () => {
    for (const c of fixtureCases) legalPlays(c.board, c.seat, c.dice);
  });
  // The exported face checks the board, seat and roll first: the difference is the cost of the checks.
  bench.add(`Moves.legalPlays (checked) x ${fixtureCases.length} fixture positions`, () => {
    for (const c of fixtureCases) Moves.legalPlays(c.board, c.seat, c.dice);
  });
}
