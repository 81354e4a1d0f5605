import { describe, expect, it } from 'vitest';
import { newPosition, OPP, type Position } from './position.js';
import { PUBEVAL_WEIGHTS, pubeval } from './pubeval.js';

function pos(mine: Record<number, number>, theirs: Record<number, number>): Position {
  const p = newPosition();
  for (const [pip, n] of Object.entries(mine)) p[Number(pip) - 1] = n;
  for (const [pip, n] of Object.entries(theirs)) p[OPP + Number(pip) - 1] = n;
  return p;
}

describe('pubeval', () => {
  it("holds Tesauro's two tables of 122 weights", () => {
    expect(PUBEVAL_WEIGHTS.race.length).toBe(122);
    expect(PUBEVAL_WEIGHTS.contact.length).toBe(122);
    // First and last entries of each published table.
    expect([PUBEVAL_WEIGHTS.race[1], PUBEVAL_WEIGHTS.race[121]]).toEqual([-0.1716, 3.4204]);
    expect([PUBEVAL_WEIGHTS.contact[0], PUBEVAL_WEIGHTS.contact[121]]).toEqual([0.25696, -2.758]);
  });

  it('scores a race by hand: 15 checkers on the 1-point', () => {
    // The 1-point is inputs 115..119 (opposing blot, blot, made, three, more): made (-7.26713)
    // and (15 - 3) / 2 = 6 times -12.32252.
    expect(pubeval(pos({ 1: 15 }, { 6: 15 }), true)).toBeCloseTo(-7.26713 + 6 * -12.32252, 4);
  });

  it('scores a contact position by hand', () => {
    // The mover: a blot on its 24-point (input 1, -0.66937), 11 on the bar (not an input), 3 off.
    // The opponent: a blot on the mover's 10-point (its own 15; input 5 * 14 = 70, -0.80789),
    // 2 on the bar (input 120: 2 / 2 times 5.62596), 12 elsewhere. Off: 3 / 15 times -2.758.
    const p = pos({ 24: 1, 25: 11 }, { 15: 1, 25: 2, 3: 12 });
    // The opponent's 12 on its 3-point are on the mover's 22-point: input 5 * 2 = 10 is for an opposing blot only.
    expect(pubeval(p, false)).toBeCloseTo(-0.66937 - 0.80789 + 5.62596 - (2.758 * 3) / 15, 4);
  });

  it('scores the last checker off as the best play there is', () => {
    expect(pubeval(pos({}, { 6: 15 }), true)).toBe(99999999);
  });
});
