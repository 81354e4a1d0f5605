import { IllegalActionError, InvalidInputError, NotationError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { position, refusal } from '../test/helpers.js';
import { publicCases } from '../test/public-fixture.js';
import { key, start } from './board.js';
import { drawBoard } from './diagram.js';
import { applySteps, legalPlays } from './moves.js';
import {
  boardAfterText,
  formatDice,
  formatPlay,
  MAX_NOTATION_LENGTH,
  parsePlay,
  readPlayText,
} from './notation.js';
import { cachedPlays, playCacheStats, resetPlayCache } from './play-cache.js';

const fixture = publicCases;

describe('readPlayText', () => {
  it('reads paths, hits, the bar, off and counts', () => {
    expect(readPlayText('24/18 13/11')).toEqual([
      { from: 24, via: [], to: 18, count: 1 },
      { from: 13, via: [], to: 11, count: 1 },
    ]);
    expect(readPlayText(' Bar/22*, 13/7*/5 6/OFF(2) ')).toEqual([
      { from: 25, via: [], to: 22, count: 1 },
      { from: 13, via: [7], to: 5, count: 1 },
      { from: 6, via: [], to: 0, count: 2 },
    ]);
    expect(readPlayText('25/20 3/0')).toEqual([
      { from: 25, via: [], to: 20, count: 1 },
      { from: 3, via: [], to: 0, count: 1 },
    ]);
  });

  it('names the token it cannot read', () => {
    expect(refusal(() => readPlayText(''))).toBeInstanceOf(NotationError);
    expect(refusal(() => readPlayText('')).code).toBe('invalid_notation');
    expect(refusal(() => readPlayText('24/18 13-11')).message).toContain('"13-11"');
    expect(refusal(() => readPlayText('18/24')).message).toContain('18 to 24');
    expect(refusal(() => readPlayText('off/3')).code).toBe('invalid_notation');
    expect(refusal(() => readPlayText('30/24')).message).toContain('30 is not a point');
    expect(refusal(() => readPlayText('8/5(5)')).message).toContain('1 to 4 times');
  });
});

describe('boardAfterText', () => {
  it('moves checkers and hits lone opposing checkers where they land', () => {
    // Seat 1's blot on its 18 is seat 0's 7.
    const b = position({ 13: 2, 25: 1, 3: 12 }, { 18: 1, 19: 14 });
    const after = boardAfterText(b, 0, readPlayText('bar/20 13/7*/5'));
    expect(after).toEqual(
      applySteps(b, 0, [
        { from: 'bar', to: 19 },
        { from: 12, to: 6 },
        { from: 6, to: 4 },
      ]),
    );
    expect(after.bar).toEqual([0, 1]);
    // A merged move lands nowhere on the way: 13/5 passes the blot on 7.
    expect(boardAfterText(b, 0, readPlayText('bar/20 13/5')).bar).toEqual([0, 0]);
  });

  it('refuses moves the board cannot make', () => {
    expect(refusal(() => boardAfterText(start(), 0, readPlayText('bar/22'))).message).toContain(
      'no checker on the bar',
    );
    expect(refusal(() => boardAfterText(start(), 0, readPlayText('10/4'))).message).toContain(
      'your 10 point',
    );
    expect(refusal(() => boardAfterText(start(), 0, readPlayText('8/7(4)'))).code).toBe('illegal_move');
    expect(refusal(() => boardAfterText(start(), 0, readPlayText('24/19'))).message).toContain(
      'held by the opponent',
    );
  });
});

describe('parsePlay', () => {
  it('reads back every legal play of the 300 public positions from formatPlay, to its steps', () => {
    let checked = 0;
    for (const c of fixture) {
      for (const play of legalPlays(c.board, c.seat, c.dice)) {
        const text = formatPlay(c.board, c.seat, play.steps);
        expect([c.id, text, parsePlay(text, c.board, c.seat, c.dice)]).toEqual([c.id, text, play.steps]);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(4000);
  });

  it('accepts other ways of writing the same play', () => {
    const point = (text: string) => key(applySteps(start(), 0, parsePlay(text, start(), 0, [6, 1])));
    const made = key(
      applySteps(start(), 0, [
        { from: 12, to: 6 },
        { from: 7, to: 6 },
      ]),
    );
    expect(point('13/7 8/7')).toBe(made);
    expect(point('8/7 13/7')).toBe(made);
    expect(point('8/7,13/7*')).toBe(made);
    const run = key(
      applySteps(start(), 0, [
        { from: 23, to: 17 },
        { from: 17, to: 12 },
      ]),
    );
    const run65 = (text: string) => key(applySteps(start(), 0, parsePlay(text, start(), 0, [6, 5])));
    expect(run65('24/13')).toBe(run);
    expect(run65('24/18/13')).toBe(run);
    expect(run65('24/18 18/13')).toBe(run);
    const four = parsePlay('13/11(2) 6/4(2)', start(), 0, [2, 2]);
    expect(four).toHaveLength(4);
  });

  it('says which plays exist when the text matches none', () => {
    expect(refusal(() => parsePlay('13/7 13/12', start(), 0, [6, 2])).code).toBe('illegal_move');
    const wrongDice = refusal(() => parsePlay('13/9 13/11', start(), 0, [6, 1]));
    expect(wrongDice).toBeInstanceOf(IllegalActionError);
    expect(wrongDice.code).toBe('illegal_move');
    expect(wrongDice.message).toContain('13/7 8/7');
    // Seat 0 has a checker on the bar against a closed board: no roll plays.
    const stuck = position(
      { 25: 1, 13: 2, 14: 2, 15: 2, 16: 2, 17: 2, 18: 2, 1: 2 },
      { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 },
    );
    expect(refusal(() => parsePlay('13/8', stuck, 0, [5, 3])).message).toContain('no move is possible');
  });

  it('reads the legal plays from the play cache, computing none again', () => {
    resetPlayCache();
    const plays = cachedPlays(start(), 0, [6, 1]).plays;
    parsePlay('13/7 8/7', start(), 0, [6, 1]);
    parsePlay('24/23 13/7', start(), 0, [6, 1]);
    expect(playCacheStats()).toMatchObject({ misses: 1, hits: 2 });
    expect(cachedPlays(start(), 0, [6, 1]).plays).toBe(plays);
  });
});

describe('the exported readers check what they are given (issue 11, item 7)', () => {
  it('bound the text: a string of at most MAX_NOTATION_LENGTH characters', () => {
    const long = `${'24/23 '.repeat(MAX_NOTATION_LENGTH)}`;
    for (const run of [
      () => readPlayText(long),
      () => parsePlay(long, start(), 0, [1, 1]),
      () => readPlayText(42 as never),
    ]) {
      expect(refusal(run)).toBeInstanceOf(NotationError);
      expect(refusal(run).code).toBe('invalid_notation');
    }
    expect(readPlayText(` ${'24/23'.padEnd(MAX_NOTATION_LENGTH - 2)} `)).toHaveLength(1);
  });

  it('refuse a board, a seat or a roll that is no position, seat or roll', () => {
    const holed = { ...start(), points: Object.assign(start().points, { 0: undefined }) };
    expect(refusal(() => parsePlay('24/18', holed, 0, [6, 1]))).toMatchObject({
      code: 'invalid_input',
      path: '$.points[0]',
    });
    expect(refusal(() => parsePlay('24/18', start(), 0, [6, 0]))).toMatchObject({ path: '$[1]' });
    expect(refusal(() => parsePlay('24/18', start(), 3 as never, [6, 1])).code).toBe('invalid_argument');
    expect(refusal(() => formatPlay(holed, 0, []))).toBeInstanceOf(InvalidInputError);
    expect(refusal(() => formatPlay(start(), 0, [{ from: 24, to: 0 }] as never))).toMatchObject({
      path: '$[0].from',
    });
    expect(refusal(() => formatDice([7, 1]))).toMatchObject({ code: 'invalid_input', path: '$[0]' });
    expect(refusal(() => formatDice(new Array(2) as never))).toBeInstanceOf(InvalidInputError);
    expect(refusal(() => drawBoard(holed))).toMatchObject({ path: '$.points[0]' });
  });

  it('refuse written moves the text reader could never give', () => {
    const move = { from: 24, via: [], to: 18, count: 1 };
    expect(key(boardAfterText(start(), 0, [move]))).toBe(key(applySteps(start(), 0, [{ from: 23, to: 17 }])));
    // A count of a billion was a billion turns of the loop; a path up the board wrote a 25th point.
    for (const [moves, path] of [
      [[{ ...move, count: 1e9 }], '$[0].count'],
      [[{ ...move, to: 25 }], '$[0].to'],
      [[{ ...move, via: [20, 21] }], '$[0].via[1]'],
      [[{ ...move, via: undefined }], '$[0].via'],
      [new Array(1), '$[0]'],
    ] as const) {
      expect(refusal(() => boardAfterText(start(), 0, moves as never))).toMatchObject({
        code: 'invalid_input',
        path,
      });
    }
  });
});
