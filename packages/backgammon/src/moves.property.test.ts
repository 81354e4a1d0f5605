import { readFileSync } from 'node:fs';
import { createRng, type Rng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { publicCases } from '../test/public-fixture.js';
import { type Board, checkerCount, clone, key, start } from './board.js';
import { legalPlays, type Roll } from './moves.js';
import type { Side, Step } from './schemas.js';

/**
 * An independent, deliberately plain statement of the rules: try every order
 * of the dice and every checker, keep the sequences that play the most dice
 * (bearing off the last checker plays them all), then the higher die when only
 * one die of a non-double plays. It shares no code with the generator.
 */
function referenceKeys(board: Board, side: Side, roll: Roll): string[] {
  const sign = side === 0 ? 1 : -1;
  const mine = (b: Board, i: number) => b.points[i]! * sign;
  const pip = (i: number) => (side === 0 ? i + 1 : 24 - i);
  const index = (p: number) => (side === 0 ? p - 1 : 24 - p);
  const results: { used: number[]; board: Board }[] = [];

  const single = (b: Board, fromPip: number, die: number): Board | null => {
    const onBar = b.bar[side] > 0;
    if (onBar !== (fromPip === 25)) return null;
    if (fromPip !== 25 && mine(b, index(fromPip)) <= 0) return null;
    const toPip = fromPip - die;
    const next = clone(b);
    if (fromPip === 25) next.bar[side] -= 1;
    else next.points[index(fromPip)]! -= sign;
    if (toPip >= 1) {
      const t = index(toPip);
      const theirs = -mine(next, t);
      if (theirs >= 2) return null;
      if (theirs === 1) {
        next.points[t] = 0;
        next.bar[side === 0 ? 1 : 0] += 1;
      }
      next.points[t]! += sign;
      return next;
    }
    for (let i = 0; i < 24; i++) if (mine(b, i) > 0 && pip(i) > 6) return null;
    if (toPip < 0) for (let p = fromPip + 1; p <= 6; p++) if (mine(b, index(p)) > 0) return null;
    next.off[side] += 1;
    return next;
  };

  const explore = (b: Board, dice: number[], used: number[]) => {
    let any = false;
    if (b.off[side] < 15) {
      for (let d = 0; d < dice.length; d++) {
        if (dice.indexOf(dice[d]!) !== d) continue; // equal dice lead to the same positions
        for (let p = 25; p >= 1; p--) {
          const next = single(b, p, dice[d]!);
          if (!next) continue;
          any = true;
          explore(
            next,
            dice.filter((_, i) => i !== d),
            [...used, dice[d]!],
          );
        }
      }
    }
    if (!any) results.push({ used, board: b });
  };

  const dice = roll[0] === roll[1] ? [roll[0], roll[0], roll[0], roll[0]] : [roll[0], roll[1]];
  explore(board, dice, []);
  const length = (r: (typeof results)[number]) => (r.board.off[side] === 15 ? dice.length : r.used.length);
  const most = results.reduce((m, r) => Math.max(m, length(r)), 0);
  if (most === 0) return [];
  let kept = results.filter((r) => length(r) === most);
  if (most === 1 && roll[0] !== roll[1]) {
    const high = Math.max(...roll);
    if (kept.some((r) => r.used[0] === high)) kept = kept.filter((r) => r.used[0] === high);
  }
  return [...new Set(kept.map((r) => key(r.board)))].sort();
}

function randomRoll(rng: Rng): Roll {
  return [rng.int(1, 6), rng.int(1, 6)];
}

/** Positions from random games, so that bar, hits, primes and bear-offs all turn up. */
function* randomPositions(seed: number, games: number): Generator<{ board: Board; side: Side; roll: Roll }> {
  const rng = createRng(seed);
  for (let g = 0; g < games; g++) {
    let board = start();
    let side: Side = rng.int(0, 1) as Side;
    for (let turn = 0; turn < 400 && board.off[0] < 15 && board.off[1] < 15; turn++) {
      const roll = randomRoll(rng);
      yield { board, side, roll };
      const plays = legalPlays(board, side, roll);
      if (plays.length > 0) board = rng.pick(plays).board;
      side = side === 0 ? 1 : 0;
    }
  }
}

describe('legalPlays against an independent reference', () => {
  it('gives the same set of boards on thousands of positions from random games', () => {
    let positions = 0;
    for (const { board, side, roll } of randomPositions(20261129, 60)) {
      const got = legalPlays(board, side, roll)
        .map((p) => key(p.board))
        .sort();
      expect(got, `${key(board)} seat ${side} dice ${roll}`).toEqual(referenceKeys(board, side, roll));
      positions++;
    }
    expect(positions).toBeGreaterThan(3000);
  });

  it('agrees with the reference on every gnubg fixture position too', () => {
    const cases = publicCases;
    for (const c of cases) {
      expect(
        legalPlays(c.board, c.seat, c.dice)
          .map((p) => key(p.board))
          .sort(),
      ).toEqual(referenceKeys(c.board, c.seat, c.dice));
    }
  });

  it('keeps 15 checkers a side and one board per play along random games', () => {
    const problems: string[] = [];
    let plays = 0;
    for (const { board, side, roll } of randomPositions(7, 40)) {
      const found = legalPlays(board, side, roll);
      const keys = found.map((p) => key(p.board));
      if (new Set(keys).size !== keys.length) problems.push(`duplicate boards from ${key(board)}`);
      for (const p of found) {
        plays++;
        if (checkerCount(p.board, 0) !== 15 || checkerCount(p.board, 1) !== 15) {
          problems.push(`checkers lost: ${key(p.board)}`);
        }
        if (p.steps.some((s: Step) => s.from !== 'bar' && (s.from < 0 || s.from > 23))) {
          problems.push(`bad step in ${JSON.stringify(p.steps)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(plays).toBeGreaterThan(10_000);
  });
});

describe('traversal order (our own fixture)', () => {
  const cases: { board: Board; seat: Side; dice: [number, number]; plays: Step[][] }[] = readFileSync(
    new URL('../test/fixtures/traversal-order.jsonl', import.meta.url),
    'utf8',
  )
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

  it('returns the pinned step lists in the pinned order', () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const c of cases) {
      expect(legalPlays(c.board, c.seat, c.dice).map((p) => p.steps)).toEqual(c.plays);
    }
  });

  it('walks the dice as rolled, sources from the top down, first found per board', () => {
    // 6-1 from the start: the 6 first from pip 24 (24/18), then the 1 from the top (24/23); next
    // the 1 from lower sources: 18/17 and 13/12 are blocked, so 8/7.
    const sixOne = legalPlays(start(), 0, [6, 1]).map((p) => p.steps);
    expect(sixOne[0]).toEqual([
      { from: 23, to: 17 },
      { from: 23, to: 22 },
    ]);
    expect(sixOne[1]).toEqual([
      { from: 23, to: 17 },
      { from: 7, to: 6 },
    ]);
    // 1-6 rolls the other way round: the 1 is tried first.
    expect(legalPlays(start(), 0, [1, 6])[0]?.steps).toEqual([
      { from: 23, to: 22 },
      { from: 23, to: 17 },
    ]);
    // Doubles never revisit a higher source: the first 3-3 play moves from 24, 24, then 21 twice.
    expect(legalPlays(start(), 0, [3, 3])[0]?.steps).toEqual([
      { from: 23, to: 20 },
      { from: 23, to: 20 },
      { from: 20, to: 17 },
      { from: 20, to: 17 },
    ]);
  });
});
