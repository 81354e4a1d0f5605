import { generateMoves, MoveList, ROLLS } from './movegen.js';
import { newPosition, type Position } from './position.js';

/*
 * The one-sided bear-off database: for every position of up to 15 checkers
 * on the six home points (C(21, 6) = 54,264 of them), the chance of bearing
 * everything off in exactly n rolls, n = 0..31 (15 checkers on the 6-point
 * need at most 30 rolls), with the play each roll takes chosen to need the
 * fewest rolls on average. It is "one-sided": the other player is ignored,
 * which is exact once the two sides have no contact and nobody can be
 * gammoned; two distributions then give the chance of winning a race of
 * bear-offs.
 *
 * A position is ranked by its counts on points 1..6 (`rankOf`): among the
 * ways to put at most 15 checkers on six points, the lexicographic order.
 */

export const HOME_POSITIONS = 54264;
export const MAX_ROLLS = 32;

// C(n, k) for n up to 21.
const CHOOSE: number[][] = (() => {
  const c: number[][] = [];
  for (let n = 0; n <= 21; n++) {
    const row: number[] = [];
    for (let k = 0; k <= n; k++) row.push(k === 0 || k === n ? 1 : c[n - 1]![k - 1]! + c[n - 1]![k]!);
    c.push(row);
  }
  return c;
})();

/** The ways to put at most `r` checkers on `k` points: C(r + k, k). */
function ways(r: number, k: number): number {
  return CHOOSE[r + k]![k]!;
}

/** The rank of a home board: `counts[i]` checkers on pip i + 1 (i 0..5, at most 15 in all). */
export function rankOf(counts: ArrayLike<number>, offset = 0): number {
  let rank = 0;
  let left = 15;
  for (let j = 0; j < 6; j++) {
    const n = counts[offset + j]!;
    for (let v = 0; v < n; v++) rank += ways(left - v, 5 - j);
    left -= n;
  }
  return rank;
}

/** The home board of a rank, into `out[0..5]`. */
export function countsOf(rank: number, out: Int8Array = new Int8Array(6)): Int8Array {
  let left = 15;
  let r = rank;
  for (let j = 0; j < 6; j++) {
    let n = 0;
    while (r >= ways(left - n, 5 - j)) {
      r -= ways(left - n, 5 - j);
      n++;
    }
    out[j] = n;
    left -= n;
  }
  return out;
}

/** The database: `dist[rank * MAX_ROLLS + n]` is the chance of needing exactly n rolls; `mean[rank]` the expected rolls. */
export interface BearoffDatabase {
  readonly dist: Float32Array;
  readonly mean: Float32Array;
}

/**
 * Builds the database (a few seconds): positions in order of pip count, so
 * that every position a roll leads to is done before it. Each roll plays
 * the move leaving the fewest expected rolls.
 */
export function buildBearoff(): BearoffDatabase {
  const dist = new Float64Array(HOME_POSITIONS * MAX_ROLLS);
  const mean = new Float64Array(HOME_POSITIONS);
  const order: number[] = [];
  const pips = new Int32Array(HOME_POSITIONS);
  const counts = new Int8Array(6);
  for (let r = 0; r < HOME_POSITIONS; r++) {
    countsOf(r, counts);
    let p = 0;
    for (let j = 0; j < 6; j++) p += counts[j]! * (j + 1);
    pips[r] = p;
    order.push(r);
  }
  order.sort((a, b) => pips[a]! - pips[b]! || a - b);
  const pos = newPosition();
  const list = new MoveList();
  for (const r of order) {
    const o = r * MAX_ROLLS;
    if (r === 0) {
      dist[o] = 1;
      continue;
    }
    pos.fill(0);
    countsOf(r, counts);
    for (let j = 0; j < 6; j++) pos[j] = counts[j]!;
    let m = 1;
    for (const [a, b, weight] of ROLLS) {
      const n = generateMoves(pos, a, b, list);
      let best = -1;
      let bestMean = Number.POSITIVE_INFINITY;
      for (let k = 0; k < n; k++) {
        const child = rankOf(list.positions, k * 50);
        if (mean[child]! < bestMean) {
          bestMean = mean[child]!;
          best = child;
        }
      }
      const p = weight / 36;
      m += p * bestMean;
      const c = best * MAX_ROLLS;
      for (let t = 0; t < MAX_ROLLS - 1; t++) dist[o + t + 1]! += p * dist[c + t]!;
    }
    mean[r] = m;
  }
  return { dist: Float32Array.from(dist), mean: Float32Array.from(mean) };
}

/**
 * The chance that the player on roll, needing the rolls of `mine`, finishes
 * first against the rolls of `theirs`: it wins when the other needs at
 * least as many rolls (it rolls first).
 */
export function raceWinChance(db: BearoffDatabase, mine: number, theirs: number): number {
  const a = mine * MAX_ROLLS;
  const b = theirs * MAX_ROLLS;
  let tail = 1; // the chance that theirs needs at least n rolls
  let win = 0;
  for (let n = 0; n < MAX_ROLLS; n++) {
    win += db.dist[a + n]! * tail;
    tail -= db.dist[b + n]!;
  }
  return Math.min(1, Math.max(0, win));
}

/** The rank of a side's home board in a position (`side` 0 the roller, 25 the opponent). */
export function homeRank(pos: Position, side: 0 | 25): number {
  return rankOf(pos, side);
}
