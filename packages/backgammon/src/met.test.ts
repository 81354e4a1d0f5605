import { readFileSync } from 'node:fs';
import { TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { readMetXml } from '../test/met-xml.js';
import { MET_LENGTH, MET_NAME, matchEquity, postCrawfordEquity, takePoint } from './met.js';
import { KAZAROSS_XG2 } from './met-data.js';

const xml = readMetXml();

describe('the match equity table', () => {
  it('is Kazaross-XG2 as gnubg 1.07 ships it: src/met-data.ts holds every entry of the XML file', () => {
    expect(MET_NAME).toBe('Kazaross XG2 25 point MET');
    expect(MET_LENGTH).toBe(25);
    expect(KAZAROSS_XG2.preCrawford).toEqual(xml.preCrawford);
    expect(KAZAROSS_XG2.postCrawford).toEqual(xml.postCrawford);
    for (let a = 1; a <= 25; a++) {
      expect(postCrawfordEquity(a)).toBe(xml.postCrawford[a - 1]);
      for (let b = 1; b <= 25; b++) expect(matchEquity(a, b)).toBe(xml.preCrawford[a - 1]?.[b - 1]);
    }
    // The file's notice travels with the data, as its licence asks.
    expect(readFileSync(new URL('./met-data.ts', import.meta.url), 'utf8')).toContain(
      'Copying and distribution of this file, with or without modification,',
    );
  });

  it('gives the published entries', () => {
    // The leader at 1-away against 2-away, in the Crawford game.
    expect(matchEquity(1, 2)).toBe(0.67736);
    expect(matchEquity(2, 1)).toBe(0.32264);
    // The trailer at 2-away against a leader 1-away, after the Crawford game.
    expect(postCrawfordEquity(2)).toBe(0.48803);
    expect(matchEquity(1, 1)).toBe(0.5);
    expect(postCrawfordEquity(1)).toBe(0.5);
    expect(matchEquity(3, 5)).toBe(0.64795);
    expect(matchEquity(7, 7)).toBe(0.5);
    expect(matchEquity(25, 1)).toBeCloseTo(1 - 0.99905, 12);
    expect(postCrawfordEquity(25)).toBe(0.00123);
    // A player 0 away has won.
    expect(matchEquity(0, 3)).toBe(1);
    expect(matchEquity(3, 0)).toBe(0);
  });

  it("equals, to gnubg's four decimals, the table gnubg 1.07 prints (test/fixtures/gnubg-met.txt), but for one entry", () => {
    const text = readFileSync(new URL('../test/fixtures/gnubg-met.txt', import.meta.url), 'utf8');
    const [pre, post0, post1] = text.split(/Post-Crawford table for player \d \(\w+\):/);
    expect(pre).toContain('Kazaross XG2 25 point MET');
    const rows = (part: string | undefined) =>
      (part ?? '')
        .split('\n')
        .map((line) => /^\s*(\d+)-away((?:\s+[\d.]+)+)\s*$/.exec(line))
        .filter((m) => m !== null)
        .map((m) => ({ away: Number(m[1]), values: (m[2] ?? '').trim().split(/\s+/).map(Number) }));
    const preRows = rows(pre);
    expect(preRows).toHaveLength(25);
    for (const { away, values } of preRows) {
      expect(values).toHaveLength(25);
      expect(values.map((_, j) => Math.round(matchEquity(away, j + 1) * 1e6) / 1e4)).toEqual(values);
    }
    for (const part of [post0, post1]) {
      const [row] = rows(part);
      expect(row?.values).toHaveLength(25);
      const differ = (row?.values ?? [])
        .map((value, j) => ({
          away: j + 1,
          gnubg: value,
          file: Math.round(postCrawfordEquity(j + 1) * 1e6) / 1e4,
        }))
        .filter(({ gnubg, file }) => gnubg !== file);
      // gnubg copies the file's post-Crawford entries up to 24-away (the deepest post-Crawford score of a
      // 25-point match) and extrapolates from there on, with a gammon rate of 0.25: 25-away becomes
      // 0.125 x 0.336% + 0.375 x 0.203% = 0.1181%, where the file has 0.123%. We keep the file's.
      expect(differ).toEqual([{ away: 25, gnubg: 0.1181, file: 0.123 }]);
    }
  });

  it('is consistent: the two sides of a score add up to 1, and more points to go is worse', () => {
    for (let a = 1; a <= 25; a++) {
      for (let b = 1; b <= 25; b++) {
        expect(matchEquity(a, b) + matchEquity(b, a)).toBeCloseTo(1, 9);
        if (a < 25) expect(matchEquity(a + 1, b)).toBeLessThan(matchEquity(a, b));
      }
      if (a < 25) expect(postCrawfordEquity(a + 1)).toBeLessThanOrEqual(postCrawfordEquity(a));
    }
  });

  it('refuses a score outside the table as a programming mistake', () => {
    for (const run of [
      () => matchEquity(26, 1),
      () => matchEquity(1, -1),
      () => matchEquity(1.5, 2),
      () => matchEquity(0, 0),
      () => matchEquity('3' as never, 2),
      () => postCrawfordEquity(0),
      () => postCrawfordEquity(26),
      () => takePoint(0, 3),
      () => takePoint(3, 26),
      () => takePoint(3, 3, 3),
      () => takePoint(3, 3, 4096),
      () => takePoint(3, 3, 0),
    ]) {
      expect(thrownBy(run, TabulaError).code).toBe('invalid_argument');
    }
  });
});

describe('take points from the table', () => {
  it('at 2-away 2-away the taker needs what the Crawford game gives the trailer', () => {
    // Drop: 2-away against 1-away in the Crawford game (32.264%); take: the game decides the match.
    expect(takePoint(2, 2)).toBeCloseTo(0.32264, 12);
  });

  it('is (drop - lose) / (win - lose) from the table, before the Crawford game', () => {
    const tp = (drop: number, win: number, lose: number) => (drop - lose) / (win - lose);
    // 4-away taker, 2-away doubler, cube 1 to 2: drop leaves 4 against 1 (Crawford); win 2 against 2; lose ends the match.
    expect(takePoint(4, 2)).toBeCloseTo(tp(matchEquity(4, 1), matchEquity(2, 2), 0), 12);
    // 5-away against 5-away, cube 2 to 4.
    expect(takePoint(5, 5, 2)).toBeCloseTo(tp(matchEquity(5, 3), matchEquity(1, 5), matchEquity(5, 1)), 12);
    // 7-away against 7-away, cube 1: close to the money take point of 25%.
    expect(takePoint(7, 7)).toBeGreaterThan(0.2);
    expect(takePoint(7, 7)).toBeLessThan(0.3);
  });

  it('uses the post-Crawford table when one player is 1 away', () => {
    // The trailer 3-away doubles the leader: a drop leaves the trailer 2-away post-Crawford, a lost take
    // leaves both 1-away.
    expect(takePoint(1, 3)).toBeCloseTo((1 - postCrawfordEquity(2) - 0.5) / (1 - 0.5), 12);
    // The leader doubling the trailer: a drop loses the match, a take is a free game for the trailer.
    expect(takePoint(3, 1)).toBe(0);
  });
});
