/**
 * Checks the solver against the integer program on a few thousand positions:
 * positions from seeded random rounds (2 to 4 players, default rules) and
 * random small deals (1 or 2 decks, 0 to 2 jokers, various opening points and
 * joker penalties). Every answer is also played through `play` and
 * `Game.play`.
 *
 *   npx tsx --conditions=@tabula/source packages/rummy/test/solver/verify.ts [rounds] [small]
 */
import { createRng } from '@tabula/core';
import { solve } from '../../src/index.js';
import { playOut } from './check.js';
import { ilpWeighted, loadHighs } from './ilp.js';
import { type Position, positionsFromRounds, smallPosition } from './positions.js';

const roundCount = Number(process.argv[2] ?? 2000);
const smallCount = Number(process.argv[3] ?? 1000);

const positions: { position: Position; from: string }[] = [];
for (const players of [2, 3, 4]) {
  const share = Math.round(roundCount / 3);
  for (const position of positionsFromRounds(share, 10_000 * players, { players, playChance: 45 })) {
    positions.push({ position, from: `round, ${players} players` });
  }
}
for (let i = 0; i < smallCount; i++) {
  positions.push({ position: smallPosition(createRng(700_000 + i), 5, 8), from: 'small deal' });
}

const highs = await loadHighs();
let agree = 0;
let plays = 0;
let rearranged = 0;
const failures: string[] = [];
const started = performance.now();
for (const [i, { position: p, from }] of positions.entries()) {
  let got: ReturnType<typeof playOut>;
  try {
    got = playOut(p, solve(p));
  } catch (error) {
    failures.push(`#${i} (${from}): the answer is refused: ${String(error)}\n  ${JSON.stringify(p)}`);
    continue;
  }
  const expected = ilpWeighted(highs, p.table, p.hand, p.opened, p.rules);
  if (JSON.stringify(got) === JSON.stringify(expected)) agree++;
  else {
    failures.push(
      `#${i} (${from}): solver ${JSON.stringify(got)}, ILP ${JSON.stringify(expected)}\n  ${JSON.stringify(p)}`,
    );
  }
  if (got !== null) plays++;
  if (got !== null && got.kept < p.table.length) rearranged++;
  if ((i + 1) % 500 === 0) console.log(`${i + 1} positions checked`);
}
const seconds = ((performance.now() - started) / 1000).toFixed(0);
console.log(
  `${agree} of ${positions.length} positions agree with the ILP (${plays} with a play, ${rearranged} of them rearranging the table) in ${seconds} s`,
);
for (const failure of failures.slice(0, 20)) console.log(failure);
if (failures.length > 0) process.exitCode = 1;
