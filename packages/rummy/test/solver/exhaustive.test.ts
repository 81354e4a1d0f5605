import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { solve } from '../../src/index.js';
import { playOut } from './check.js';
import { exhaustive } from './exhaustive.js';
import { smallPosition } from './positions.js';

describe('the solver against exhaustive search', () => {
  it('finds the best objective on 3000 random small positions, and its plays are legal', () => {
    let plays = 0;
    let openings = 0;
    let rearranged = 0;
    let jokers = 0;
    for (let i = 0; i < 3000; i++) {
      const p = smallPosition(createRng(20_250_000 + i), 4, 6);
      const solution = solve(p);
      const got = playOut(p, solution);
      const expected = exhaustive(p.table, p.hand, p.opened, p.rules);
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        throw new Error(
          `position ${i} ${JSON.stringify(p)}: solver ${JSON.stringify(got)}, reference ${JSON.stringify(expected)}`,
        );
      }
      if (got !== null) {
        plays++;
        if (!p.opened) openings++;
        if (got.kept < p.table.length) rearranged++;
        if (solution.kind === 'play' && solution.laid.some((c) => c[0] === 'w')) jokers++;
      }
    }
    // the positions reach every kind of answer, or the comparison proves little
    expect(plays).toBeGreaterThan(500);
    expect(openings).toBeGreaterThan(50);
    expect(rearranged).toBeGreaterThan(200);
    expect(jokers).toBeGreaterThan(50);
  });

  it('with three decks (cards three times over, two of them alike) and up to six jokers (300 positions)', () => {
    let plays = 0;
    let threeCopies = 0;
    for (let i = 0; i < 300; i++) {
      const rng = createRng(40_250_000 + i);
      const p = smallPosition(rng, 4, 6, { decks: 3, jokers: rng.int(0, 6) });
      const got = playOut(p, solve(p));
      const expected = exhaustive(p.table, p.hand, p.opened, p.rules);
      if (JSON.stringify(got) !== JSON.stringify(expected)) {
        throw new Error(
          `position ${i} ${JSON.stringify(p)}: solver ${JSON.stringify(got)}, reference ${JSON.stringify(expected)}`,
        );
      }
      if (got !== null) plays++;
      const faces = [...p.hand, ...p.table.flatMap((m) => m.cards)].map((c) => c.slice(0, 2));
      if (faces.some((f) => f[0] !== 'w' && faces.filter((g) => g === f).length === 3)) threeCopies++;
    }
    expect(plays).toBeGreaterThan(100);
    expect(threeCopies).toBeGreaterThan(5);
  });

  it('the exhaustive search itself finds known answers', () => {
    const rules = { decks: 2, jokers: 2, handSize: 14, openingPoints: 30, jokerPenalty: 30 };
    const table = [{ kind: 'run' as const, cards: ['3hr', '4hr', '5hr', '6hr', '7hr', '8hr', '9hr'] }];
    expect(exhaustive(table, ['6hb', 'Kcr'], true, rules)).toEqual({ cards: 1, points: 6, kept: 0 });
    expect(exhaustive(table, ['Kcr'], true, rules)).toBeNull();
    expect(exhaustive([], ['Thr', 'Jhr', 'wbr'], false, rules)).toEqual({ cards: 3, points: 51, kept: 0 });
    expect(exhaustive([], ['8hr', '9hr', 'wbr'], false, rules)).toBeNull();
  });
});
