import { IllegalActionError, InvalidInputError, parseWith } from '@tabula/core';
import { type Board, indexOfPip, pipOfIndex, readPosition, readSide } from './board.js';
import { CHECKERS_PER_SIDE, DicePairSchema, type Side, type Step } from './schemas.js';

/*
 * The functions of this module trust their arguments: the table calls them
 * with its own boards and rolls, on the hot path. `Moves`, at the end, is what
 * the package exports, and checks them first.
 */

/** One legal play: the steps in the engine's traversal order and the board they lead to. */
export interface Play {
  steps: Step[];
  board: Board;
}

/** The two dice of a roll, as rolled. */
export type Roll = readonly [number, number];

/** The dice to play: doubles are played four times. */
export function expandDice(roll: Roll): number[] {
  const [a, b] = roll;
  return a === b ? [a, a, a, a] : [a, b];
}

// The search runs in the mover's own pips: 25 is the bar, 1..24 the points,
// 0 borne off. It works in place on typed arrays and bit masks (and undoes on
// the way back), and allocates nothing until the plays are built.
const BAR = 25;
const OFF = 0;
const HOME = 0x7e; // bits of pips 1..6

const own = new Int8Array(26); // the mover's checkers by pip; own[0] is borne off
let ownMask = 0; // bit p set when own[p] > 0
let blocked = 0; // bit p set when the opponent holds pip p (two or more checkers): fixed during a search
let blots = 0; // bit p set when a single opposing checker stood on pip p at the start
let hits = 0; // bit p set once that checker is hit
let outsideHome = 0; // the mover's checkers on pips 7..25: bearing off waits for 0
// The mover's counts packed four bits a pip, eight pips a word (pips 24 and 25 in the low byte of the last).
// With the blots hit they say exactly which board a search reached: the opponent's checkers move only when hit.
const packed = new Int32Array(4);

const dice = new Int8Array(4);
let diceCount = 0;
let isDouble = false;
let depth = 0;
const pathFrom = new Int8Array(4);
const pathTo = new Int8Array(4);
const pathHit = new Uint8Array(4);
const pathDie = new Int8Array(4);

// Leaves that survive "keep longest" so far, one per board, in traversal order. A leaf is found
// again by its key (five words: the packed counts, the last word with the hits above bit 7, and
// the first die when a non-double plays one die, for the higher-die rule) in an open-addressing
// table reused from call to call: a slot belongs to the current search when its stamp is `stamp`.
const KEY = 5;
let leafCapacity = 256;
let leafCount = 0;
let bestLength = -1;
let leafKeys = new Int32Array(leafCapacity * KEY);
let leafSteps = new Int8Array(leafCapacity * 8); // from, to pairs
let leafLength = new Int8Array(leafCapacity);
let leafFirstDie = new Int8Array(leafCapacity);
let slotMask = leafCapacity * 4 - 1;
let slots = new Int32Array(slotMask + 1);
let slotStamps = new Int32Array(slotMask + 1);
let stamp = 0;

function newGeneration(): void {
  stamp++;
  if (stamp === 0x7fffffff) {
    slotStamps.fill(0);
    stamp = 1;
  }
}

function hashOf(k0: number, k1: number, k2: number, k3: number, k4: number): number {
  let h = Math.imul(k0 ^ k4, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15) ^ k1, 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15) ^ k2, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 15) ^ k3, 0x27d4eb2f);
  return h ^ (h >>> 16);
}

/** Twice the room for leaves; the leaves found so far keep their places and go into a new table. */
function grow(): void {
  const keys = leafKeys;
  const steps = leafSteps;
  const lengths = leafLength;
  const firstDice = leafFirstDie;
  leafCapacity *= 2;
  leafKeys = new Int32Array(leafCapacity * KEY);
  leafKeys.set(keys);
  leafSteps = new Int8Array(leafCapacity * 8);
  leafSteps.set(steps);
  leafLength = new Int8Array(leafCapacity);
  leafLength.set(lengths);
  leafFirstDie = new Int8Array(leafCapacity);
  leafFirstDie.set(firstDice);
  slotMask = leafCapacity * 4 - 1;
  slots = new Int32Array(slotMask + 1);
  slotStamps = new Int32Array(slotMask + 1);
  for (let l = 0; l < leafCount; l++) {
    const o = l * KEY;
    let s = hashOf(keys[o]!, keys[o + 1]!, keys[o + 2]!, keys[o + 3]!, keys[o + 4]!) & slotMask;
    while (slotStamps[s] === stamp) s = (s + 1) & slotMask;
    slotStamps[s] = stamp;
    slots[s] = l;
  }
}

function move(from: number, to: number, die: number): void {
  const hit = ((blots & ~hits) >>> to) & 1; // blots has no bit 0: bearing off hits nothing
  // The counts are never undefined: the pips are 0..25 and the arrays have 26 entries.
  if (--own[from]! === 0) ownMask &= ~(1 << from);
  if (own[to]!++ === 0) ownMask |= 1 << to;
  packed[from >> 3]! -= 1 << ((from & 7) << 2);
  packed[to >> 3]! += 1 << ((to & 7) << 2);
  if (from >= 7 && to < 7) outsideHome--;
  if (hit) hits |= 1 << to;
  pathFrom[depth] = from;
  pathTo[depth] = to;
  pathHit[depth] = hit;
  pathDie[depth] = die;
  depth++;
}

function undo(): void {
  depth--;
  const from = pathFrom[depth]!;
  const to = pathTo[depth]!;
  if (pathHit[depth]) hits &= ~(1 << to);
  if (--own[to]! === 0) ownMask &= ~(1 << to);
  if (own[from]!++ === 0) ownMask |= 1 << from;
  packed[to >> 3]! -= 1 << ((to & 7) << 2);
  packed[from >> 3]! += 1 << ((from & 7) << 2);
  if (from >= 7 && to < 7) outsideHome++;
}

function recordLeaf(): void {
  // Bearing off the last checker ends the game: it counts as using every die.
  const length = own[OFF] === CHECKERS_PER_SIDE ? diceCount : depth;
  if (length < bestLength) return;
  if (length > bestLength) {
    bestLength = length;
    leafCount = 0;
    newGeneration();
  }
  if (leafCount === leafCapacity) grow();
  const k0 = packed[0]!;
  const k1 = packed[1]!;
  const k2 = packed[2]!;
  const k3 = packed[3]! | (hits << 7);
  // One die of a non-double: the higher-die rule, applied at the end, keeps plays by their die.
  const k4 = length === 1 && !isDouble ? pathDie[0]! : 0;
  let s = hashOf(k0, k1, k2, k3, k4) & slotMask;
  while (slotStamps[s] === stamp) {
    const o = slots[s]! * KEY;
    if (
      leafKeys[o] === k0 &&
      leafKeys[o + 1] === k1 &&
      leafKeys[o + 2] === k2 &&
      leafKeys[o + 3] === k3 &&
      leafKeys[o + 4] === k4
    )
      return; // a board found before: the first play found for it stays
    s = (s + 1) & slotMask;
  }
  slotStamps[s] = stamp;
  slots[s] = leafCount;
  const o = leafCount * KEY;
  leafKeys[o] = k0;
  leafKeys[o + 1] = k1;
  leafKeys[o + 2] = k2;
  leafKeys[o + 3] = k3;
  leafKeys[o + 4] = k4;
  leafLength[leafCount] = depth;
  leafFirstDie[leafCount] = pathDie[0]!;
  const t = leafCount * 8;
  for (let i = 0; i < depth; i++) {
    leafSteps[t + 2 * i] = pathFrom[i]!;
    leafSteps[t + 2 * i + 1] = pathTo[i]!;
  }
  leafCount++;
}

function walk(used: number, ceiling: number): void {
  if (depth === diceCount || own[OFF] === CHECKERS_PER_SIDE) {
    recordLeaf();
    return;
  }
  let moved = false;
  let triedDice = 0; // bit per die value already tried at this node
  for (let i = 0; i < diceCount; i++) {
    if (used & (1 << i)) continue;
    const die = dice[i]!;
    if (triedDice & (1 << die)) continue;
    triedDice |= 1 << die;
    // A checker on the bar enters before anything else moves.
    if (own[BAR] !== 0) {
      const to = BAR - die;
      if ((blocked >>> to) & 1) continue;
      moved = true;
      move(BAR, to, die);
      if (depth === diceCount) recordLeaf();
      else walk(used | (1 << i), BAR);
      undo();
      continue;
    }
    // Sources from the top down: the highest bit left first.
    let sources = ownMask & ((2 << Math.min(ceiling, 24)) - 2);
    while (sources !== 0) {
      const from = 31 - Math.clz32(sources);
      sources ^= 1 << from;
      let to = from - die;
      if (to > 0) {
        if ((blocked >>> to) & 1) continue;
      } else {
        // Bearing off: every checker home; a higher die than needed only from the highest point.
        if (outsideHome > 0) break;
        if (to < 0 && from !== 31 - Math.clz32(ownMask & HOME)) continue;
        to = OFF;
      }
      moved = true;
      move(from, to, die);
      // The last die or the last checker off: a leaf, without a call that would only say so.
      if (depth === diceCount || own[OFF] === CHECKERS_PER_SIDE) recordLeaf();
      // With doubles the source pips never rise, so one set of moves is reached in one order only.
      else walk(used | (1 << i), isDouble ? from : BAR);
      undo();
    }
  }
  if (!moved) recordLeaf();
}

function loadBoard(board: Board, side: Side): void {
  const points = board.points;
  let mask = 0;
  let block = 0;
  let blot = 0;
  let outside = 0;
  let k0 = 0;
  let k1 = 0;
  let k2 = 0;
  let k3 = 0;
  // Every pip 1..24 is written: nothing is left of the last search.
  for (let pip = 1; pip <= 24; pip++) {
    const n = side === 0 ? points[pip - 1]! : -points[24 - pip]!;
    if (n > 0) {
      own[pip] = n;
      mask |= 1 << pip;
      const count = n << ((pip & 7) << 2);
      if (pip < 8) k0 += count;
      else if (pip < 16) k1 += count;
      else if (pip < 24) k2 += count;
      else k3 += count;
      if (pip >= 7) outside += n;
    } else {
      own[pip] = 0;
      if (n === -1) blot |= 1 << pip;
      else if (n < -1) block |= 1 << pip;
    }
  }
  const onBar = board.bar[side];
  const borneOff = board.off[side];
  own[BAR] = onBar;
  own[OFF] = borneOff;
  if (onBar > 0) mask |= 1 << BAR;
  if (borneOff > 0) mask |= 1 << OFF;
  packed[0] = k0 + borneOff;
  packed[1] = k1;
  packed[2] = k2;
  packed[3] = k3 + (onBar << 4);
  ownMask = mask;
  blocked = block;
  blots = blot;
  hits = 0;
  outsideHome = outside + onBar;
}

/** Moves one checker on a copy's arrays; pips are the mover's. */
function applyPip(
  points: number[],
  bar: [number, number],
  off: [number, number],
  side: Side,
  from: number,
  to: number,
) {
  const sign = side === 0 ? 1 : -1;
  if (from === BAR) bar[side]--;
  // Indexes of a pip 1..24 are 0..23: never out of range.
  else points[indexOfPip(side, from)]! -= sign;
  if (to === OFF) {
    off[side]++;
    return;
  }
  const i = indexOfPip(side, to);
  if (points[i] === -sign) {
    points[i] = 0;
    bar[side === 0 ? 1 : 0]++;
  }
  points[i]! += sign;
}

function buildPlay(board: Board, side: Side, leaf: number): Play {
  const points = board.points.slice();
  // A pip's index is base + sign * pip: pip - 1 for seat 0, 24 - pip for seat 1.
  const sign = side === 0 ? 1 : -1;
  const base = side === 0 ? -1 : 24;
  let bar = board.bar[side];
  let hit = 0;
  let off = board.off[side];
  const length = leafLength[leaf]!;
  const steps: Step[] = [];
  const o = leaf * 8;
  for (let i = 0; i < length; i++) {
    const from = leafSteps[o + 2 * i]!;
    const to = leafSteps[o + 2 * i + 1]!;
    const fromIndex = base + sign * from;
    const toIndex = base + sign * to;
    if (from === BAR) bar--;
    // Indexes of a pip 1..24 are 0..23: never out of range.
    else points[fromIndex]! -= sign;
    if (to === OFF) off++;
    else if (points[toIndex] === -sign) {
      points[toIndex] = sign;
      hit++;
    } else points[toIndex]! += sign;
    steps.push({ from: from === BAR ? 'bar' : fromIndex, to: to === OFF ? 'off' : toIndex });
  }
  return {
    steps,
    board: {
      points,
      bar: side === 0 ? [bar, board.bar[1] + hit] : [board.bar[0] + hit, bar],
      off: side === 0 ? [off, board.off[1]] : [board.off[0], off],
    },
  };
}

/**
 * Every legal play for `side` with `roll`, in the PHP library's five stages:
 * expandDice; a depth-first walk (each distinct die left, sources from the
 * top down, the bar first; with doubles the last source is the next
 * ceiling); keep the longest; when only one die of a non-double plays, the
 * higher die if it can; keep the first play found for each board. No legal
 * play gives an empty list.
 */
export function legalPlays(board: Board, side: Side, roll: Roll): Play[] {
  if (board.off[side] === CHECKERS_PER_SIDE) return [];
  const [a, b] = roll;
  isDouble = a === b;
  dice[0] = a;
  dice[1] = b;
  if (isDouble) {
    dice[2] = a;
    dice[3] = a;
  }
  diceCount = isDouble ? 4 : 2;
  loadBoard(board, side);
  depth = 0;
  bestLength = -1;
  leafCount = 0;
  newGeneration();
  walk(0, BAR);
  if (bestLength === 0) return [];

  // The leaves are one per board already; one per board and die when a non-double plays one die.
  let keepDie = 0;
  if (!isDouble && bestLength === 1) {
    const higher = Math.max(a, b);
    for (let l = 0; l < leafCount; l++) if (leafFirstDie[l] === higher) keepDie = higher;
  }
  const plays: Play[] = [];
  for (let l = 0; l < leafCount; l++) {
    if (keepDie !== 0 && leafFirstDie[l] !== keepDie) continue;
    plays.push(buildPlay(board, side, l));
  }
  return plays;
}

function stepText(side: Side, step: Step): string {
  const from = step.from === 'bar' ? 'bar' : String(pipOfIndex(side, step.from));
  const to = step.to === 'off' ? 'off' : String(pipOfIndex(side, step.to));
  return `${from}/${to}`;
}

function refuse(side: Side, n: number, step: Step, why: string): never {
  throw new IllegalActionError('illegal_move', `Step ${n + 1} (${stepText(side, step)}): ${why}`);
}

function isIndex(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 23;
}

/**
 * Plays the steps one checker at a time on a copy of the board: each must be
 * a move the board allows (a checker of the mover there, forward by 1 to 6
 * pips, not onto two or more opposing checkers, the bar first, bearing off
 * only with every checker home). Dice are not checked here: a table compares
 * the result with the legal plays. Throws `IllegalActionError` (`illegal_move`).
 */
export function applySteps(board: Board, side: Side, steps: readonly Step[]): Board {
  const points = board.points.slice();
  const bar: [number, number] = [board.bar[0], board.bar[1]];
  const off: [number, number] = [board.off[0], board.off[1]];
  const sign = side === 0 ? 1 : -1;
  const mine = (count = 0) => count * sign;
  // By index, not forEach: a hole in the list is a step that is no step, not one to skip.
  for (let n = 0; n < steps.length; n++) {
    const step = steps[n];
    const { from, to } = typeof step === 'object' && step !== null ? step : { from: null, to: null };
    if (step === undefined || !(from === 'bar' || isIndex(from)) || !(to === 'off' || isIndex(to))) {
      throw new IllegalActionError(
        'illegal_move',
        `Step ${n + 1}: from must be a point index 0..23 or 'bar', to a point index 0..23 or 'off'`,
      );
    }
    const fromPip = from === 'bar' ? BAR : pipOfIndex(side, from);
    const toPip = to === 'off' ? OFF : pipOfIndex(side, to);
    if (from === 'bar') {
      if (bar[side] === 0) refuse(side, n, step, 'no checker of yours is on the bar');
    } else {
      if (bar[side] > 0) refuse(side, n, step, 'a checker on the bar must enter first');
      if (mine(points[from]) <= 0) refuse(side, n, step, `no checker of yours on point ${fromPip}`);
    }
    if (to === 'off') {
      let outside = bar[side];
      points.forEach((count, i) => {
        if (pipOfIndex(side, i) > 6 && mine(count) > 0) outside += mine(count);
      });
      if (outside > 0) refuse(side, n, step, 'bearing off needs all 15 checkers in the home board');
    } else {
      const distance = fromPip - toPip;
      if (distance < 1 || distance > 6)
        refuse(side, n, step, `a checker moves forward 1 to 6 pips, not ${distance}`);
      if (mine(points[to]) <= -2) refuse(side, n, step, `point ${toPip} is blocked`);
    }
    applyPip(points, bar, off, side, fromPip, toPip);
  }
  return { points, bar, off };
}

/** A roll given to a function: two dice 1 to 6 (`InvalidInputError`, `invalid_input`, naming the die). */
export function readRoll(value: unknown): Roll {
  return parseWith(DicePairSchema, value, 'The roll', 'invalid_input');
}

/**
 * Move generation as the package exports it. Each function checks what it
 * is given first: a position (`BoardSchema` and 15 checkers a seat) and a
 * roll (two dice 1 to 6) or a list of steps, as `InvalidInputError`
 * (`invalid_input`); a seat 0 or 1 (`TabulaError`, `invalid_argument`).
 */
export const Moves = {
  expandDice: (roll: Roll): number[] => expandDice(readRoll(roll)),
  legalPlays: (board: Board, side: Side, roll: Roll): Play[] =>
    legalPlays(readPosition(board), readSide(side), readRoll(roll)),
  applySteps(board: Board, side: Side, steps: readonly Step[]): Board {
    const position = readPosition(board);
    readSide(side);
    if (!Array.isArray(steps))
      throw new InvalidInputError('invalid_input', '$', 'The steps are a list of { from, to }');
    return applySteps(position, side, steps);
  },
} as const;
