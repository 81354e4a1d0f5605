import { ROLLS } from './movegen.js';
import { BAR, OPP, type Position, pipsOf } from './position.js';

/*
 * The net's inputs, from the side of the player on roll. First Tesauro's raw
 * encoding, 98 inputs a side (the roller's, then the opponent's, each in its
 * own pips): four a point (at least one checker, at least two, at least
 * three, (n - 3) / 2 beyond), the bar (n / 2) and borne off (n / 15). Then six
 * made by hand, for what a raw encoding learns slowly: each side's pip count
 * / 100, the share of the 36 rolls with which each side can hit a blot of
 * the other, and the share with which each side's rearmost checker escapes
 * past the other's points in front of it.
 *
 * The inputs are sparse (a position sets about 40 of 202), so they are
 * written as (index, value) pairs and the net adds only those rows.
 */

export const RAW_INPUTS = 196;
export const INPUTS = RAW_INPUTS + 6;

/** Sparse inputs: `count` pairs of `index[k]`, `value[k]`. */
export class Inputs {
  count = 0;
  readonly index = new Int32Array(INPUTS);
  readonly value = new Float32Array(INPUTS);

  push(i: number, v: number): void {
    if (v === 0) return;
    this.index[this.count] = i;
    this.value[this.count++] = v;
  }
}

function encodeSide(pos: Position, side: 0 | 25, base: number, out: Inputs): void {
  for (let i = 0; i < 24; i++) {
    const n = pos[side + i]!;
    if (n === 0) continue;
    const o = base + 4 * i;
    out.push(o, 1);
    if (n >= 2) out.push(o + 1, 1);
    if (n >= 3) out.push(o + 2, 1);
    if (n > 3) out.push(o + 3, (n - 3) / 2);
  }
  out.push(base + 96, pos[side + BAR]! / 2);
  let off = 15;
  for (let i = 0; i < 25; i++) off -= pos[side + i]!;
  out.push(base + 97, off / 15);
}

/** The count of side `x` (0 or OPP) on the other side's pip `q` (1..24): x's own pip 25 - q. */
function facing(pos: Position, x: 0 | 25, q: number): number {
  return pos[x + 24 - q]!;
}

/**
 * The share of the 36 rolls with which `h` (0 or OPP) can hit a blot of the
 * other side: directly with one die, or with both (and with doubles up to
 * four steps) through points the other side has not made. A side on the bar
 * hits only with the checker it enters.
 */
export function shots(pos: Position, h: 0 | 25): number {
  const t: 0 | 25 = h === 0 ? OPP : 0;
  let blots = 0;
  for (let i = 0; i < 24; i++) if (pos[t + i] === 1) blots++;
  if (blots === 0) return 0;
  let hitting = 0;
  const onBar = pos[h + BAR]! > 0;
  for (const [a, b, weight] of ROLLS) {
    let hit = false;
    for (let s = 25; s >= 1 && !hit; s--) {
      if (pos[h + s - 1] === 0) continue;
      if (onBar && s !== 25) break;
      const steps = a === b ? 4 : 2;
      // a, then a + b; b, then b + a; or a double's steps one by one.
      for (let order = 0; order < (a === b ? 1 : 2) && !hit; order++) {
        let at = s;
        for (let k = 0; k < steps; k++) {
          const d = a === b ? a : (k === 0) === (order === 0) ? a : b;
          at -= d;
          if (at < 1) break;
          const there = facing(pos, t, at);
          if (there === 1) {
            hit = true;
            break;
          }
          if (there >= 2) break;
        }
      }
    }
    if (hit) hitting += weight;
  }
  return hitting / 36;
}

/**
 * The share of the 36 rolls with which side `x`'s rearmost checker can jump
 * the blockade in front of it: land, through open points, below the lowest
 * point the other side has made within 12 pips ahead of it. 1 when no such
 * point stands in its way (points further on are no blockade yet).
 */
export function escapes(pos: Position, x: 0 | 25): number {
  let back = 0;
  for (let i = 24; i >= 0; i--)
    if (pos[x + i]! > 0) {
      back = i + 1;
      break;
    }
  if (back === 0) return 1;
  const o: 0 | 25 = x === 0 ? OPP : 0;
  let wall = 0; // the lowest of x's pips within 12 below `back` that the other side holds
  for (let q = Math.max(1, back - 12); q < back && q <= 24; q++)
    if (facing(pos, o, q) >= 2) {
      wall = q;
      break;
    }
  if (wall === 0) return 1;
  let free = 0;
  for (const [a, b, weight] of ROLLS) {
    let out = false;
    const steps = a === b ? 4 : 2;
    for (let order = 0; order < (a === b ? 1 : 2) && !out; order++) {
      let at = back;
      for (let k = 0; k < steps; k++) {
        at -= a === b ? a : (k === 0) === (order === 0) ? a : b;
        if (at < 1) break;
        if (facing(pos, o, at) >= 2) break;
        if (at < wall) {
          out = true;
          break;
        }
      }
    }
    if (out) free += weight;
  }
  return free / 36;
}

/** Writes the inputs of `pos` (roller on roll) into `out`. */
export function encode(pos: Position, out: Inputs): Inputs {
  out.count = 0;
  encodeSide(pos, 0, 0, out);
  encodeSide(pos, OPP, 98, out);
  out.push(RAW_INPUTS, pipsOf(pos, 0) / 100);
  out.push(RAW_INPUTS + 1, pipsOf(pos, OPP) / 100);
  out.push(RAW_INPUTS + 2, shots(pos, 0));
  out.push(RAW_INPUTS + 3, shots(pos, OPP));
  out.push(RAW_INPUTS + 4, escapes(pos, 0));
  out.push(RAW_INPUTS + 5, escapes(pos, OPP));
  return out;
}
