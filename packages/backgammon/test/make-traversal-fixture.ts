// Writes test/fixtures/traversal-order.jsonl: the exact plays, in order, that
// legalPlays returns today. Run it only when the traversal order is meant to change.
import { writeFileSync } from 'node:fs';
import { type Board, start } from '../src/board.js';
import { legalPlays, type Roll } from '../src/moves.js';
import { publicCases } from './public-fixture.js';

const cases: { board: Board; seat: 0 | 1; dice: Roll }[] = [];
for (let a = 1; a <= 6; a++)
  for (let b = 1; b <= 6; b++) cases.push({ board: start(), seat: 0, dice: [a, b] });
for (let i = 0; i < publicCases.length; i += 3) cases.push(publicCases[i] as (typeof cases)[number]);

const lines = cases.map((c) =>
  JSON.stringify({
    board: c.board,
    seat: c.seat,
    dice: c.dice,
    plays: legalPlays(c.board, c.seat, c.dice).map((p) => p.steps),
  }),
);
writeFileSync(new URL('./fixtures/traversal-order.jsonl', import.meta.url), `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} cases`);
