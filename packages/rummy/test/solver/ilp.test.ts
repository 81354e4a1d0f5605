import { describe, expect, it } from 'vitest';
import { solve } from '../../src/index.js';
import { playOut } from './check.js';
import { ilp, ilpWeighted, loadHighs } from './ilp.js';
import { positionsFromRounds } from './positions.js';

describe('the solver against integer programming', () => {
  it('finds the best objective on 150 positions from seeded random rounds', async () => {
    const highs = await loadHighs();
    const positions = positionsFromRounds(150, 1000, { playChance: 40 });
    let plays = 0;
    let rearranged = 0;
    let big = 0;
    for (const [i, p] of positions.entries()) {
      const got = playOut(p, solve(p));
      const expected = ilpWeighted(highs, p.table, p.hand, p.opened, p.rules);
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        throw new Error(
          `position ${i} ${JSON.stringify(p)}: solver ${JSON.stringify(got)}, ILP ${JSON.stringify(expected)}`,
        );
      }
      if (got !== null) plays++;
      if (got !== null && got.kept < p.table.length) rearranged++;
      if (p.table.reduce((n, m) => n + m.cards.length, 0) >= 40) big++;
    }
    expect(plays).toBeGreaterThan(45);
    expect(rearranged).toBeGreaterThan(15);
    expect(big).toBeGreaterThan(15);
  });

  it('the weighted program agrees with the one solved objective by objective', async () => {
    const highs = await loadHighs();
    for (const p of positionsFromRounds(15, 5000, { playChance: 40 })) {
      expect(ilpWeighted(highs, p.table, p.hand, p.opened, p.rules)).toEqual(
        ilp(highs, p.table, p.hand, p.opened, p.rules),
      );
    }
  });
});
