import { takePoint } from '@tabula/backgammon';
import { describe, expect, it } from 'vitest';
import { cubeDecision, cubefulMoneyEquity, matchEquityOf } from './cube.js';

/** Chances with no gammons: only the chance of winning. */
const plain = (win: number) => [win, 0, 0, 0, 0];

describe('money cube decisions (Janowski)', () => {
  it('with a dead cube (x = 0): double from 50%, pass above 75%', () => {
    expect(cubeDecision(plain(0.45), { value: 1, owner: 'centered' }, 0).double).toBe(false);
    const d = cubeDecision(plain(0.7), { value: 1, owner: 'centered' }, 0);
    // No double: 2p - 1 = 0.4; double and take: twice that.
    expect(d.noDouble).toBeCloseTo(0.4, 12);
    expect(d.doubleTake).toBeCloseTo(0.8, 12);
    expect(d.verdict).toBe('double, take');
    expect(cubeDecision(plain(0.76), { value: 1, owner: 'centered' }, 0).verdict).toBe('double, pass');
  });

  it('with a live cube (x = 1): take point 20%, cash point 80%', () => {
    // Centered, no gammons: W = L = 1, take point 0.5 / 2.5 = 0.2, cash point 2 / 2.5 = 0.8.
    expect(cubefulMoneyEquity(plain(0.2), 'centered', 1)).toBeCloseTo(-1, 12);
    expect(cubefulMoneyEquity(plain(0.8), 'centered', 1)).toBeCloseTo(1, 12);
    expect(cubefulMoneyEquity(plain(0.5), 'centered', 1)).toBeCloseTo(0, 12);
    // Owning the cube is worth more than a centered cube; the opponent owning it, less.
    expect(cubefulMoneyEquity(plain(0.6), 'me', 1)).toBeGreaterThan(
      cubefulMoneyEquity(plain(0.6), 'centered', 1),
    );
    expect(cubefulMoneyEquity(plain(0.6), 'opponent', 1)).toBeLessThan(
      cubefulMoneyEquity(plain(0.6), 'centered', 1),
    );
    // At the cash point the take is exactly break-even.
    expect(cubeDecision(plain(0.8), { value: 1, owner: 'centered' }, 1).doubleTake).toBeCloseTo(1, 12);
    expect(cubeDecision(plain(0.85), { value: 1, owner: 'centered' }, 1).verdict).toBe('double, pass');
    expect(cubeDecision(plain(0.7), { value: 1, owner: 'centered' }, 1).verdict).toBe('no double, take');
  });

  it('plays on for the gammon when too good to double', () => {
    // 90% to win, half of them gammons: playing on is worth 1.35, the cash only 1.
    const d = cubeDecision([0.9, 0.45, 0, 0, 0], { value: 1, owner: 'centered' });
    expect(d.double).toBe(false);
    expect(d.verdict).toBe('too good, pass');
  });

  it('counts no gammons with a centered cube under the Jacoby rule', () => {
    const p = [0.6, 0.3, 0, 0, 0];
    expect(cubefulMoneyEquity(p, 'centered', 0, true)).toBeCloseTo(0.2, 12);
    expect(cubefulMoneyEquity(p, 'centered', 0, false)).toBeCloseTo(0.5, 12);
  });
});

describe('match cube decisions (the match equity table, dead cube)', () => {
  it("takes exactly down to the table's take point", () => {
    for (const [taker, doubler] of [
      [2, 2],
      [5, 3],
      [3, 7],
    ] as const) {
      const tp = takePoint(taker, doubler, 1);
      const match = { away: doubler, oppAway: taker, crawfordOrLater: false };
      // The doubler's chance of winning the game is 1 - the taker's.
      expect(cubeDecision(plain(1 - tp + 0.001), { value: 1, owner: 'centered', match }).take).toBe(false);
      expect(cubeDecision(plain(1 - tp - 0.001), { value: 1, owner: 'centered', match }).take).toBe(true);
    }
  });

  it('values a gammon by the score it reaches', () => {
    const match = { away: 3, oppAway: 3, crawfordOrLater: false };
    // Winning a gammon at 3-away with the cube on 2 wins the match.
    expect(matchEquityOf([1, 1, 0, 0, 0], match, 2)).toBe(1);
    expect(matchEquityOf([0, 0, 0, 1, 0], match, 2)).toBe(0);
  });

  it('doubles at once as the trailer after the Crawford game', () => {
    const match = { away: 4, oppAway: 1, crawfordOrLater: true };
    expect(cubeDecision(plain(0.5), { value: 1, owner: 'centered', match }).double).toBe(true);
  });
});
