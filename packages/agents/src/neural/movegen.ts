import { BAR, OPP, OPP_BAR, POSITION_SIZE, type Position } from './position.js';

/**
 * The positions a roll can lead to, for the search and for training: the
 * engine's `Moves.legalPlays` gives steps and boards (what an agent answers
 * with) and allocates for each play; this works in place on a `Position` and
 * keeps only the distinct resulting positions, packed in one growing
 * Int8Array. The rules are the same (the tests compare the two on random
 * positions): as many dice as can be played, the higher die when only one
 * can, the bar first, bearing off once every checker is home and with a
 * higher die only from the rearmost point.
 *
 * Each result is the position after the move from the mover's side; the
 * opponent is now to roll, so swap sides before evaluating it.
 */
export class MoveList {
  count = 0;
  positions = new Int8Array(64 * POSITION_SIZE);
  hashes = new Int32Array(64);
  /** Dice each result played; only those with the most survive. */
  used = new Int8Array(64);
  /** For a single die played of a non-double: that die. */
  die = new Int8Array(64);

  /** The result `k` copied into `out`. */
  copyTo(k: number, out: Position): Position {
    out.set(this.positions.subarray(k * POSITION_SIZE, (k + 1) * POSITION_SIZE));
    return out;
  }

  /** A view (no copy) of result `k`: valid until the list is refilled. */
  view(k: number): Position {
    return this.positions.subarray(k * POSITION_SIZE, (k + 1) * POSITION_SIZE);
  }

  grow(): void {
    const cap = this.hashes.length * 2;
    const positions = new Int8Array(cap * POSITION_SIZE);
    positions.set(this.positions);
    this.positions = positions;
    const hashes = new Int32Array(cap);
    hashes.set(this.hashes);
    this.hashes = hashes;
    const used = new Int8Array(cap);
    used.set(this.used);
    this.used = used;
    const die = new Int8Array(cap);
    die.set(this.die);
    this.die = die;
  }
}

const work = new Int8Array(POSITION_SIZE);
let target: MoveList = new MoveList();
let maxUsed = 0;
let firstDie = 0;

function hashOf(w: Int8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < POSITION_SIZE; i++) h = Math.imul(h ^ w[i]!, 0x01000193);
  return h;
}

function record(used: number): void {
  if (used < maxUsed) return;
  const list = target;
  if (used > maxUsed) {
    maxUsed = used;
    list.count = 0;
  }
  const h = hashOf(work);
  outer: for (let k = 0; k < list.count; k++) {
    if (list.hashes[k] !== h) continue;
    const o = k * POSITION_SIZE;
    for (let i = 0; i < POSITION_SIZE; i++) if (list.positions[o + i] !== work[i]) continue outer;
    // The same position by one die or the other (bearing off): it counts as played with the higher.
    if (used === 1 && firstDie > list.die[k]!) list.die[k] = firstDie;
    return;
  }
  if (list.count === list.hashes.length) list.grow();
  const k = list.count++;
  list.positions.set(work, k * POSITION_SIZE);
  list.hashes[k] = h;
  list.used[k] = used;
  list.die[k] = used === 1 ? firstDie : 0;
}

/** Whether every checker of the mover is in its home board (pips 1..6). */
function allHome(): boolean {
  for (let i = 6; i <= BAR; i++) if (work[i]! > 0) return false;
  return true;
}

/** Whether the mover may move a checker from index `i` by `d`; -1 if not, else the target index (-1 off is -2). */
function destination(i: number, d: number): number {
  const t = i - d;
  if (t >= 0) return work[OPP + 23 - t]! >= 2 ? -1 : t;
  if (!allHome()) return -1;
  if (t === -1) return -2;
  // A die higher than needed bears off only from the rearmost point.
  for (let j = i + 1; j < 6; j++) if (work[j]! > 0) return -1;
  return -2;
}

/** Moves a checker from `i` to `t` (-2 off); returns whether it hit. */
function move(i: number, t: number): boolean {
  work[i]!--;
  if (t === -2) return false;
  work[t]!++;
  const o = OPP + 23 - t;
  if (work[o] === 1) {
    work[o] = 0;
    work[OPP_BAR]!++;
    return true;
  }
  return false;
}

function undo(i: number, t: number, hit: boolean): void {
  work[i]!++;
  if (t === -2) return;
  work[t]!--;
  if (hit) {
    work[OPP + 23 - t] = 1;
    work[OPP_BAR]!--;
  }
}

/** Doubles: up to four moves of `d`, sources never rising, so each set of moves is tried once. */
function doubles(d: number, used: number, top: number): void {
  if (used === 4) {
    record(4);
    return;
  }
  let moved = false;
  const barred = work[BAR]! > 0;
  for (let i = barred ? BAR : top; i >= (barred ? BAR : 0); i--) {
    if (work[i] === 0) continue;
    const t = destination(i, d);
    if (t === -1) continue;
    moved = true;
    const hit = move(i, t);
    doubles(d, used + 1, i);
    undo(i, t, hit);
  }
  if (!moved) record(used);
}

function second(d: number): void {
  let moved = false;
  const barred = work[BAR]! > 0;
  for (let i = barred ? BAR : BAR - 1; i >= (barred ? BAR : 0); i--) {
    if (work[i] === 0) continue;
    const t = destination(i, d);
    if (t === -1) continue;
    moved = true;
    const hit = move(i, t);
    record(2);
    undo(i, t, hit);
  }
  if (!moved) record(1);
}

function first(a: number, b: number): void {
  let moved = false;
  const barred = work[BAR]! > 0;
  firstDie = a;
  for (let i = barred ? BAR : BAR - 1; i >= (barred ? BAR : 0); i--) {
    if (work[i] === 0) continue;
    const t = destination(i, a);
    if (t === -1) continue;
    moved = true;
    const hit = move(i, t);
    second(b);
    undo(i, t, hit);
  }
  if (!moved) record(0);
}

/**
 * Fills `list` with the distinct positions the roller of `pos` can reach
 * with the roll `d1`-`d2`, and returns how many. A roll with no legal move
 * gives one result: the position unchanged.
 */
export function generateMoves(pos: Position, d1: number, d2: number, list: MoveList): number {
  target = list;
  list.count = 0;
  maxUsed = 0;
  work.set(pos);
  if (d1 === d2) doubles(d1, 0, BAR);
  else {
    first(d1, d2);
    first(d2, d1);
    if (maxUsed === 1) {
      // Only one die can be played: the higher one if it can.
      const high = Math.max(d1, d2);
      let n = 0;
      for (let k = 0; k < list.count; k++) if (list.die[k] === high) n++;
      if (n > 0 && n < list.count) {
        let w = 0;
        for (let k = 0; k < list.count; k++) {
          if (list.die[k] !== high) continue;
          if (w !== k) {
            list.positions.copyWithin(w * POSITION_SIZE, k * POSITION_SIZE, (k + 1) * POSITION_SIZE);
            list.hashes[w] = list.hashes[k]!;
            list.used[w] = 1;
            list.die[w] = high;
          }
          w++;
        }
        list.count = w;
      }
    }
  }
  return list.count;
}

/** The 21 distinct rolls as [high, low, weight out of 36]. */
export const ROLLS: readonly (readonly [number, number, number])[] = (() => {
  const out: [number, number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= a; b++) out.push([a, b, a === b ? 1 : 2]);
  return out;
})();
