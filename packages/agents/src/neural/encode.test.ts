import { Board } from '@tabula/backgammon';
import { describe, expect, it } from 'vitest';
import { encode, escapes, INPUTS, Inputs, RAW_INPUTS, shots } from './encode.js';
import { newPosition, OPP, type Position, positionOf } from './position.js';

/** A position from each side's checkers as { pip: count } in its own pips (25 the bar). */
function pos(mine: Record<number, number>, theirs: Record<number, number>): Position {
  const p = newPosition();
  for (const [pip, n] of Object.entries(mine)) p[Number(pip) - 1] = n;
  for (const [pip, n] of Object.entries(theirs)) p[OPP + Number(pip) - 1] = n;
  return p;
}

function dense(x: Inputs): number[] {
  const out = new Array<number>(INPUTS).fill(0);
  for (let k = 0; k < x.count; k++) out[x.index[k]!] = x.value[k]!;
  return out;
}

describe('encode', () => {
  it('gives the two sides of the opening position the same inputs', () => {
    const x = dense(encode(positionOf(Board.start(), 0), new Inputs()));
    expect(x.slice(0, 98)).toEqual(x.slice(98, RAW_INPUTS));
    // 2 on the 24-point: one, two; 5 on the 13: one, two, three, (5 - 3) / 2.
    expect(x.slice(4 * 23, 4 * 24)).toEqual([1, 1, 0, 0]);
    expect(x.slice(4 * 12, 4 * 13)).toEqual([1, 1, 1, 1]);
    expect(x[RAW_INPUTS]).toBeCloseTo(1.67);
  });

  it('counts the rolls that hit a blot, direct and indirect', () => {
    // The roller's blot on its 10-point is the opponent's 15; the opponent's blot on its 20 is 5 away.
    const p = pos({ 10: 1, 1: 14 }, { 20: 1, 1: 14 });
    // Any 5 (11 rolls), 4-1 and 3-2 (2 each): 15 of 36, for either side.
    expect(shots(p, OPP)).toBeCloseTo(15 / 36);
    expect(shots(p, 0)).toBeCloseTo(15 / 36);
    // A point made on the way blocks the indirect shots through it: the opponent holds the roller's 6 and 9.
    const q = pos({ 10: 1, 1: 14 }, { 20: 1, 19: 2, 16: 2, 1: 10 });
    // From the roller's side: 10 -> 5 with 4-1 goes through 9 or 6, both held; 3-2 through 7 or 8 stays.
    expect(shots(q, 0)).toBeCloseTo(13 / 36);
  });

  it('counts the rolls that jump a blockade', () => {
    expect(escapes(positionOf(Board.start(), 0), 0)).toBe(0);
    // The opponent holds the roller's 18-point only (its own 7): 18 non-doubles of 7 or more, and 4-4, 5-5.
    expect(escapes(pos({ 24: 1, 6: 14 }, { 7: 2 }), 0)).toBeCloseTo(20 / 36);
    // With its 6-point too (the roller's 19): 6-5 and 5-5 no longer get out.
    expect(escapes(pos({ 24: 1, 6: 14 }, { 7: 2, 6: 13 }), 0)).toBeCloseTo(17 / 36);
    expect(escapes(pos({ 6: 15 }, { 6: 15 }), 0)).toBe(1);
  });
});
