import { IllegalActionError, InvalidInputError, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { naiveLegalPlays } from '../test/naive-moves.js';
import { publicCases } from '../test/public-fixture.js';
import { type Board, key, start } from './board.js';
import { applySteps, expandDice, legalPlays, Moves, type Roll } from './moves.js';
import type { Step } from './schemas.js';

const fixture = publicCases;

/** A board from seat 0's and seat 1's checkers given as { pip: count } in each seat's own pips. */
function board(
  white: Record<number, number>,
  black: Record<number, number>,
  extra: Partial<Board> = {},
): Board {
  const points = new Array<number>(24).fill(0);
  const add = (i: number, n: number) => {
    points[i] = (points[i] ?? 0) + n;
  };
  for (const [pip, n] of Object.entries(white)) add(Number(pip) - 1, n);
  for (const [pip, n] of Object.entries(black)) add(24 - Number(pip), -n);
  const b: Board = { points, bar: [0, 0], off: [0, 0], ...extra };
  const count = (side: 0 | 1) =>
    b.bar[side] +
    b.off[side] +
    points.reduce((s, n) => s + (side === 0 ? Math.max(n, 0) : Math.max(-n, 0)), 0);
  b.off = [b.off[0] + 15 - count(0), b.off[1] + 15 - count(1)];
  return b;
}

/** Plays as gnubg-like text in seat 0's pips, for readable expectations. */
function text(b: Board, roll: Roll, side: 0 | 1 = 0): string[] {
  return legalPlays(b, side, roll).map((p) =>
    p.steps
      .map((s) => {
        const from = s.from === 'bar' ? 'bar' : side === 0 ? s.from + 1 : 24 - s.from;
        const to = s.to === 'off' ? 'off' : side === 0 ? s.to + 1 : 24 - s.to;
        return `${from}/${to}`;
      })
      .join(' '),
  );
}

describe('expandDice', () => {
  it('plays doubles four times and other rolls as rolled', () => {
    expect(expandDice([3, 3])).toEqual([3, 3, 3, 3]);
    expect(expandDice([6, 1])).toEqual([6, 1]);
    expect(expandDice([1, 6])).toEqual([1, 6]);
  });
});

describe('legalPlays on the public fixture (gnubg)', () => {
  it('has 300 cases', () => expect(fixture).toHaveLength(300));

  it.each(fixture.map((c) => [c.id, c] as const))('%s gives exactly the expected boards', (_id, c) => {
    const plays = legalPlays(c.board, c.seat, c.dice);
    const keys = plays.map((p) => key(p.board)).sort();
    if (c.expected.noPlay) {
      expect(plays).toEqual([]);
      expect(c.expected.keys).toEqual([key(c.board)]);
    } else {
      expect(keys).toEqual([...c.expected.keys].sort());
      for (const p of plays) expect(p.steps).toHaveLength(c.expected.diceUsed);
    }
  });

  it('builds each play board from its steps', () => {
    for (const c of fixture) {
      for (const p of legalPlays(c.board, c.seat, c.dice)) {
        expect(key(applySteps(c.board, c.seat, p.steps))).toBe(key(p.board));
      }
    }
  });

  it('never changes the board it is given', () => {
    for (const c of fixture.slice(0, 50)) {
      const before = JSON.stringify(c.board);
      legalPlays(c.board, c.seat, c.dice);
      expect(JSON.stringify(c.board)).toBe(before);
    }
  });
});

describe('legalPlays rules', () => {
  it('opens 6-1 from the start with 13/7 8/7 among the plays', () => {
    const plays = text(start(), [6, 1]);
    expect(plays).toContain('13/7 8/7');
    expect(new Set(plays.map((p) => p)).size).toBe(plays.length);
  });

  it('plays both dice when that is possible, even if one die alone looks better', () => {
    // Only the 24 checker can play the 6 (24/18); then a 1 must be played too.
    const b = board({ 24: 1, 6: 14 }, { 19: 2, 17: 2, 13: 2, 12: 2, 11: 2, 10: 2, 9: 3 });
    for (const p of legalPlays(b, 0, [6, 1])) expect(p.steps).toHaveLength(2);
  });

  it('plays the higher die when only one of them can be played', () => {
    // The 6 lands on 18, then 17 is blocked for the 1; the 1 lands on 23, then 17 is blocked for the 6.
    // Seat 1's own pip 8 is seat 0's 17: either die alone, never both.
    const b = board({ 24: 1 }, { 8: 2 }, { off: [14, 0] });
    expect(text(b, [6, 1])).toEqual(['24/18']);
    expect(text(b, [1, 6])).toEqual(['24/18']);
  });

  it('plays the lower die when the higher cannot be played at all', () => {
    // Seat 1's own pips 7 and 8 (seat 0's 18 and 17) are made, so the 6 cannot move.
    const b = board({ 24: 1 }, { 7: 2, 8: 2 }, { off: [14, 0] });
    expect(text(b, [6, 1])).toEqual(['24/23']);
  });

  it('enters from the bar before anything else moves', () => {
    const b = board({ 13: 14 }, { 19: 15 }, { bar: [1, 0] });
    const plays = text(b, [3, 5]);
    expect(plays.length).toBeGreaterThan(0);
    for (const p of plays) expect(p.startsWith('bar/')).toBe(true);
    expect(plays).toContain('bar/22 22/17');
  });

  it('passes when the bar checker cannot enter', () => {
    // A closed board: seat 1 holds its own pips 1..6, where seat 0 enters.
    const b = board({ 13: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }, { bar: [1, 0] });
    expect(legalPlays(b, 0, [4, 2])).toEqual([]);
  });

  it('enters only the checkers it can when two wait on the bar', () => {
    const b = board({ 13: 13 }, { 3: 2, 13: 13 }, { bar: [2, 0] });
    // The 3 is blocked (seat 0's 22 is seat 1's 3): one checker enters with the 5; nothing else may move.
    expect(text(b, [5, 3])).toEqual(['bar/20']);
  });

  it('bears off only with every checker home', () => {
    const b = board({ 7: 1, 6: 4, 5: 10 }, { 1: 15 });
    for (const p of text(b, [6, 5])) expect(p.split(' ')[0]?.endsWith('/off')).toBe(false);
    expect(text(b, [6, 5])).toContain('7/1 6/1');
    expect(text(b, [1, 6])).toContain('7/6 6/off');
  });

  it('bears off with a higher die only from the highest occupied point', () => {
    const b = board({ 4: 1, 2: 2 }, { 1: 15 }, { off: [12, 0] });
    const plays = text(b, [6, 5]);
    expect(plays).toContain('4/off 2/off');
    // The 6 may not take a checker from 2 while one stands on 4.
    for (const p of plays) expect(p.startsWith('2/off')).toBe(false);
  });

  it('counts bearing off the last checker as using every die', () => {
    const b = board({ 2: 1 }, { 1: 15 }, { off: [14, 0] });
    expect(text(b, [6, 5])).toEqual(['2/off']);
    expect(text(b, [3, 3])).toEqual(['2/off']);
  });

  it('plays doubles up to four times, each set of moves once', () => {
    const plays = legalPlays(start(), 0, [6, 6]);
    const keys = plays.map((p) => key(p.board));
    expect(new Set(keys).size).toBe(keys.length);
    expect(text(start(), [6, 6])).toContain('24/18 24/18 13/7 13/7');
    for (const p of plays) expect(p.steps).toHaveLength(4);
  });

  it('hits a blot and sends it to the bar', () => {
    const b = board({ 13: 15 }, { 11: 1, 1: 14 });
    // Seat 1's pip 11 is seat 0's pip 14: a blot at index 13? Seat 1 pip 11 is index 13, seat 0's 14.
    const hit = legalPlays(b, 0, [2, 1]).find((p) => p.board.bar[1] === 1);
    expect(hit).toBeUndefined();
    const b2 = board({ 13: 15 }, { 14: 1, 1: 14 });
    // Seat 1's pip 14 is index 10, which is seat 0's pip 11.
    const hits = legalPlays(b2, 0, [2, 1]).filter((p) => p.board.bar[1] === 1);
    expect(hits.length).toBeGreaterThan(0);
    expect(text(b2, [2, 1])).toContain('13/11 11/10');
    expect(hits.some((p) => p.board.points[10] === 1)).toBe(true);
  });

  it('moves seat 1 toward index 23, mirroring seat 0', () => {
    const mirror = (b: Board): Board => ({
      points: b.points.map((_, i) => -(b.points[23 - i] as number)),
      bar: [b.bar[1], b.bar[0]],
      off: [b.off[1], b.off[0]],
    });
    for (const c of fixture.slice(0, 100)) {
      const other = (1 - c.seat) as 0 | 1;
      const a = legalPlays(c.board, c.seat, c.dice).map((p) => key(mirror(p.board)));
      const b = legalPlays(mirror(c.board), other, c.dice).map((p) => key(p.board));
      expect(b).toEqual(a);
    }
  });

  it('has nothing to play once every checker is off', () => {
    expect(legalPlays(board({}, { 1: 15 }), 0, [6, 5])).toEqual([]);
  });

  it('refuses dice that are not 1 to 6 (Moves, the exported face, checks what it is given)', () => {
    expect(() => Moves.legalPlays(start(), 0, [0, 3])).toThrow(/^\$\[0\]: The roll is not valid/);
    expect(() => Moves.legalPlays(start(), 0, [7, 3])).toThrow(InvalidInputError);
  });
});

describe("legalPlays' search (boards found by exact keys in a table reused from call to call)", () => {
  it('keeps two plays that move the same checkers but hit different blots', () => {
    // 8/6*/5 and 8/7*/5 end with the same checkers of seat 0; the blot hit differs. 24 is shut in.
    const b = board({ 24: 14, 8: 1 }, { 2: 2, 3: 2, 18: 1, 19: 1, 24: 9 });
    expect(text(b, [2, 1])).toEqual(['8/6 6/5', '8/7 7/5']);
    // Pips 6 and 7 (indexes 5 and 6) and seat 1's bar after each.
    expect(
      legalPlays(b, 0, [2, 1]).map((p) => [p.board.points[5], p.board.points[6], p.board.bar[1]]),
    ).toEqual([
      [0, -1, 1],
      [-1, 0, 1],
    ]);
  });

  it('finds every board of a position with hundreds of plays, more than its first tables hold', () => {
    // 15 checkers one a point on pips 1 to 15: 847 plays with 1-1.
    const spread = board(Object.fromEntries(Array.from({ length: 15 }, (_, i) => [i + 1, 1])), { 24: 15 });
    const found = legalPlays(spread, 0, [1, 1]);
    expect(found).toHaveLength(847);
    const keys = found.map((p) => key(p.board));
    expect(new Set(keys).size).toBe(847);
    for (const p of found) expect(applySteps(spread, 0, p.steps)).toEqual(p.board);
    expect(keys.toSorted()).toEqual(
      naiveLegalPlays(spread, 0, [1, 1])
        .map((p) => key(p.board))
        .toSorted(),
    );
  });

  it('gives the same plays whatever came before it', () => {
    const first = fixture.map((c) => legalPlays(c.board, c.seat, c.dice));
    const again = fixture.toReversed().map((c) => legalPlays(c.board, c.seat, c.dice));
    expect(again.toReversed()).toEqual(first);
  });
});

describe('applySteps', () => {
  it('plays steps on a copy and leaves the board alone', () => {
    const b = start();
    const after = applySteps(b, 0, [
      { from: 12, to: 6 },
      { from: 7, to: 6 },
    ]);
    expect(after.points[6]).toBe(2);
    expect(after.points[12]).toBe(4);
    expect(key(b)).toBe(key(start()));
  });

  it('sends a hit checker to the bar', () => {
    const b = board({ 13: 15 }, { 14: 1, 1: 14 });
    const after = applySteps(b, 0, [{ from: 12, to: 10 }]);
    expect(after.bar[1]).toBe(1);
    expect(after.points[10]).toBe(1);
  });

  it('names what is wrong with a step', () => {
    expect(() => applySteps(start(), 0, [{ from: 2, to: 0 }])).toThrow(/no checker of yours on point 3/);
    expect(() => applySteps(start(), 0, [{ from: 12, to: 11 }])).toThrow(/point 12 is blocked/);
    expect(() => applySteps(start(), 0, [{ from: 5, to: 'off' }])).toThrow(/all 15 checkers/);
    expect(() => applySteps(start(), 0, [{ from: 5, to: 7 }])).toThrow(/forward 1 to 6/);
    expect(() => applySteps(start(), 0, [{ from: 'bar', to: 20 }])).toThrow(/bar/);
    const onBar = board({ 13: 14 }, { 19: 15 }, { bar: [1, 0] });
    expect(() => applySteps(onBar, 0, [{ from: 12, to: 8 }])).toThrow(/must enter first/);
    expect(() => applySteps(start(), 0, [{ from: 24 as number, to: 0 }])).toThrow(/point index/);
  });
});

describe('Moves (the exported namespace) checks what it is given', () => {
  it.each([
    [
      'a hole in the points',
      { ...start(), points: Object.assign(start().points, { 5: undefined }) },
      '$.points[5]',
    ],
    ['16 checkers for a seat', { ...start(), bar: [1, 0] }, '$'],
    ['a count above 15 on a point', { ...start(), points: [16, ...start().points.slice(1)] }, '$.points[0]'],
  ])('refuses a board with %s (InvalidInputError, invalid_input)', (_what, board, path) => {
    for (const run of [
      () => Moves.legalPlays(board as Board, 0, [6, 1]),
      () => Moves.applySteps(board as Board, 0, []),
    ]) {
      const e = thrownBy(run, InvalidInputError);
      expect([e.code, e.path]).toEqual(['invalid_input', path]);
    }
  });

  it('refuses a roll with a hole, a seat that is no seat and steps that are no list', () => {
    expect(thrownBy(() => Moves.legalPlays(start(), 0, new Array(2) as never), InvalidInputError).path).toBe(
      '$[0]',
    );
    expect(thrownBy(() => Moves.expandDice([6] as never), InvalidInputError).path).toBe('$');
    expect(thrownBy(() => Moves.legalPlays(start(), 2 as never, [6, 1]), TabulaError).code).toBe(
      'invalid_argument',
    );
    expect(thrownBy(() => Moves.applySteps(start(), 0, 'none' as never), InvalidInputError).path).toBe('$');
  });

  it('refuses a hole in the steps as a step that is no step, not one to skip', () => {
    const steps = [{ from: 12, to: 6 }, undefined, { from: 7, to: 6 }];
    expect(() => applySteps(start(), 0, steps as Step[])).toThrow(/Step 2: from must be a point index/);
    expect(() => Moves.applySteps(start(), 0, [null] as never)).toThrow(IllegalActionError);
  });

  it('gives the same plays as the engine for a sound position', () => {
    for (const c of fixture.slice(0, 20)) {
      expect(Moves.legalPlays(c.board, c.seat, c.dice)).toEqual(legalPlays(c.board, c.seat, c.dice));
    }
  });
});
