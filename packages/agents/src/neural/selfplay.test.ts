import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import {
  type Chooser,
  compare,
  fastGame,
  gameTurns,
  pairSeeds,
  playFastGame,
  playPair,
  pubevalChooser,
  summarisePairs,
} from './selfplay.js';

/** Always the first play the move generator lists: a weak but deterministic player. */
const firstPlay: Chooser = () => 0;

describe('pairSeeds', () => {
  it('gives the same seeds for the same seed, and others for another', () => {
    expect(pairSeeds(7, 20)).toEqual(pairSeeds(7, 20));
    expect(pairSeeds(7, 5)).toEqual(pairSeeds(7, 20).slice(0, 5));
    expect(pairSeeds(8, 20)).not.toEqual(pairSeeds(7, 20));
    expect(new Set(pairSeeds(7, 20)).size).toBe(20);
  });
});

describe('gameTurns and fastGame', () => {
  it('yields only real decisions, opens with a non-double and ends with 1 to 3 points', () => {
    const game = gameTurns(createRng(3));
    let step = game.next();
    let first = true;
    let turns = 0;
    while (!step.done) {
      const t = step.value;
      expect(t.n).toBeGreaterThan(1);
      if (first) expect(t.dice[0]).not.toBe(t.dice[1]);
      first = false;
      turns++;
      step = game.next(pubevalChooser(t.pos, t.list, t.n));
    }
    expect(turns).toBeGreaterThan(10);
    expect([1, 2, 3]).toContain(Math.abs(step.value));
    // Driving the generator by hand plays the game fastGame plays.
    expect(step.value).toBe(fastGame([pubevalChooser, pubevalChooser], 3));
  });

  it('refuses a play index that is not one of the plays', () => {
    const game = gameTurns(createRng(3));
    const t = game.next();
    expect(t.done).toBe(false);
    const n = t.done ? 0 : t.value.n;
    expect(() => game.next(n)).toThrow(RangeError);
  });

  it('plays the same game for the same seed', () => {
    const results = pairSeeds(11, 6).map((s) => fastGame([pubevalChooser, firstPlay], s));
    expect(pairSeeds(11, 6).map((s) => playFastGame([pubevalChooser, firstPlay], createRng(s)))).toEqual(
      results,
    );
  });
});

describe('pairs of games', () => {
  it('cancels the dice: a player against itself scores exactly 0 on every pair', () => {
    for (const s of pairSeeds(5, 10)) {
      const [first, second] = playPair(pubevalChooser, pubevalChooser, s);
      expect(first + second).toBe(0);
    }
    const r = compare(pubevalChooser, pubevalChooser, 10, 5);
    expect(r).toMatchObject({ games: 20, pointsPerGame: 0, interval: 0 });
  });

  it('credits the points to the right player', () => {
    const r = compare(pubevalChooser, firstPlay, 15, 1);
    expect(r.games).toBe(30);
    expect(r.pointsPerGame - r.interval).toBeGreaterThan(0);
    expect(compare(firstPlay, pubevalChooser, 15, 1).pointsPerGame).toBeCloseTo(-r.pointsPerGame, 12);
  });
});

describe('summarisePairs', () => {
  it('gives the mean, the 95% interval of the pair means and the shares of each result', () => {
    // Pair means 0, 1.5 and -1: mean 1/6, sample variance 1.58333.
    const s = summarisePairs([
      [1, -1],
      [2, 1],
      [-3, 1],
    ]);
    expect(s.games).toBe(6);
    expect(s.pointsPerGame).toBeCloseTo(1 / 6, 12);
    expect(s.interval).toBeCloseTo(1.96 * Math.sqrt(1.583333333 / 3), 6);
    expect(s.wins).toBeCloseTo(4 / 6, 12);
    expect(s.gammons).toBeCloseTo(1 / 6, 12);
    expect(s.backgammons).toBe(0);
    expect(s.gammonsLost).toBeCloseTo(1 / 6, 12);
    expect(s.backgammonsLost).toBeCloseTo(1 / 6, 12);
  });

  it('has no interval from fewer than two pairs', () => {
    expect(summarisePairs([]).games).toBe(0);
    expect(summarisePairs([[1, 1]]).interval).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses a result no game can have', () => {
    expect(() => summarisePairs([[4, 1]])).toThrow(/1 to 3 points/);
    expect(() => summarisePairs([[0.5, 1]])).toThrow(RangeError);
  });
});
