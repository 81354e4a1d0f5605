import { describe, expect, it } from 'vitest';
import { position } from '../test/helpers.js';
import { publicCases } from '../test/public-fixture.js';
import { key, start } from './board.js';
import { legalPlays } from './moves.js';
import { formatDice, formatPlay } from './notation.js';

const fixture = publicCases;

describe('formatPlay', () => {
  it('writes the opening plays as gnubg does', () => {
    const text = (roll: [number, number]) =>
      legalPlays(start(), 0, roll).map((p) => formatPlay(start(), 0, p.steps));
    expect(text([6, 1])).toContain('13/7 8/7');
    expect(text([6, 5])).toContain('24/13');
    expect(text([2, 2])).toContain('13/11(2) 6/4(2)');
    expect(
      formatPlay(start(), 1, [
        { from: 0, to: 6 },
        { from: 16, to: 17 },
      ]),
    ).toBe('24/18 8/7');
  });

  it('marks hits, keeps the point of a hit on the way, and writes bar and off', () => {
    const b = position({ 13: 2, 25: 1, 3: 12 }, { 18: 1, 19: 14 });
    // Bob's blot on his 18 is Ann's 7.
    expect(
      formatPlay(b, 0, [
        { from: 'bar', to: 19 },
        { from: 12, to: 6 },
        { from: 6, to: 4 },
      ]),
    ).toBe('bar/20 13/7*/5');
    expect(
      formatPlay(b, 0, [
        { from: 12, to: 8 },
        { from: 8, to: 6 },
      ]),
    ).toBe('13/7*');
    const home = position({ 1: 2, 2: 1 }, { 6: 15 });
    expect(
      formatPlay(home, 0, [
        { from: 0, to: 'off' },
        { from: 0, to: 'off' },
      ]),
    ).toBe('1/off(2)');
    expect(formatPlay(home, 0, [])).toBe('');
  });

  it('gives gnubg\u2019s text for every legal play of the 300 public positions', () => {
    let checked = 0;
    for (const c of fixture) {
      const gnubg = new Map(c.expected.keys.map((k, i) => [k, c.expected.moves[i]]));
      for (const play of legalPlays(c.board, c.seat, c.dice)) {
        expect([c.id, formatPlay(c.board, c.seat, play.steps)]).toEqual([c.id, gnubg.get(key(play.board))]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4000);
  });
});

describe('formatDice', () => {
  it('writes the larger die first', () => {
    expect(formatDice([1, 6])).toBe('6-1');
    expect(formatDice([5, 3])).toBe('5-3');
    expect(formatDice([4, 4])).toBe('4-4');
  });
});
