import { IllegalActionError, InvalidInputError, parseWith } from '@tabula/core';
import { type Board, indexOfPip, pipOfIndex, readPosition, readSide, sameBoard } from './board.js';
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
// 0 borne off. Working in place on typed arrays (and undoing on the way back)
// keeps the generator allocation-free until the plays are built.
const BAR = 25;
const OFF = 0;
const NONE = -1;

const own = new Int8Array(26); // the mover's checkers by pip; own[0] is borne off
const opp = new Int8Array(26); // the opponent's checkers by the mover's pip; opp[0] is their bar
let outsideHome = 0; // the mover's checkers on pips 7..25: bearing off waits for 0

// Zobrist keys in two 26-bit halves give each position a 52-bit number, exact
// in a double, so duplicate boards are found without building key strings.
// A hash match is still confirmed on the boards themselves. Entry p * 16 + c is
// the change of the key when pip p's count goes from c to c + 1, so a checker
// that comes or goes changes the key by one entry.
const zOwnHi = new Int32Array(26 * 16);
const zOwnLo = new Int32Array(26 * 16);
const zOppHi = new Int32Array(26 * 16);
const zOppLo = new Int32Array(26 * 16);
{
  let s = 0x9e3779b9 | 0;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s & 0x3ffffff;
  };
  for (let i = 0; i < 26 * 16; i++) {
    zOwnHi[i] = next();
    zOwnLo[i] = next();
    zOppHi[i] = next();
    zOppLo[i] = next();
  }
}
let hashHi = 0;
let hashLo = 0;

const dice = [0, 0, 0, 0];
let diceCount = 0;
let isDouble = false;
let depth = 0;
const pathFrom = [0, 0, 0, 0];
const pathTo = [0, 0, 0, 0];
const pathHit = [false, false, false, false];
const pathDie = [0, 0, 0, 0];

// Leaves that survive "keep longest" so far, in traversal order.
let bestLength = -1;
let leafCount = 0;
const leafLength: number[] = [];
const leafFirstDie: number[] = [];
const leafHash: number[] = [];
const leafSteps: number[] = []; // 8 numbers a leaf: from, to pairs

// One checker comes to (delta 1) or leaves (delta -1) `pip` in `counts`, with the key's tables for them.
// The counts are never undefined: the pips are 0..25 and the arrays have 26 entries.
function add(counts: Int8Array, hi: Int32Array, lo: Int32Array, pip: number, delta: 1 | -1): void {
  const count = counts[pip]!;
  const z = pip * 16 + (delta === 1 ? count : count - 1);
  hashHi ^= hi[z]!;
  hashLo ^= lo[z]!;
  counts[pip] = count + delta;
}

const addOwn = (pip: number, delta: 1 | -1) => add(own, zOwnHi, zOwnLo, pip, delta);
const addOpp = (pip: number, delta: 1 | -1) => add(opp, zOppHi, zOppLo, pip, delta);

/** Where a checker on `from` lands with `die`, or NONE when the rules forbid it. */
function target(from: number, die: number): number {
  const to = from - die;
  if (to >= 1) return opp[to]! >= 2 ? NONE : to;
  if (outsideHome > 0) return NONE;
  if (to === 0) return OFF;
  // A higher die bears off only from the highest occupied point.
  for (let p = from + 1; p <= 6; p++) if (own[p] !== 0) return NONE;
  return OFF;
}

function move(from: number, to: number, die: number): void {
  addOwn(from, -1);
  addOwn(to, 1);
  if (from >= 7 && to < 7) outsideHome--;
  let hit = false;
  if (to !== OFF && opp[to] === 1) {
    addOpp(to, -1);
    addOpp(0, 1);
    hit = true;
  }
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
  if (pathHit[depth]) {
    addOpp(0, -1);
    addOpp(to, 1);
  }
  addOwn(to, -1);
  addOwn(from, 1);
  if (from >= 7 && to < 7) outsideHome++;
}

function recordLeaf(): void {
  // Bearing off the last checker ends the game: it counts as using every die.
  const length = own[OFF] === CHECKERS_PER_SIDE ? diceCount : depth;
  if (length < bestLength) return;
  if (length > bestLength) {
    bestLength = length;
    leafCount = 0;
  }
  leafLength[leafCount] = depth;
  leafFirstDie[leafCount] = pathDie[0]!;
  leafHash[leafCount] = hashHi * 0x4000000 + hashLo;
  const o = leafCount * 8;
  for (let i = 0; i < depth; i++) {
    leafSteps[o + 2 * i] = pathFrom[i]!;
    leafSteps[o + 2 * i + 1] = pathTo[i]!;
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
    const onBar = own[BAR] !== 0;
    const top = onBar ? BAR : Math.min(ceiling, 24);
    const bottom = onBar ? BAR : 1;
    for (let from = top; from >= bottom; from--) {
      if (own[from] === 0) continue;
      const to = target(from, die);
      if (to === NONE) continue;
      moved = true;
      move(from, to, die);
      // With doubles the source pips never rise, so one set of moves is reached in one order only.
      walk(used | (1 << i), isDouble ? from : BAR);
      undo();
    }
  }
  if (!moved) recordLeaf();
}

function loadBoard(board: Board, side: Side): void {
  hashHi = 0;
  hashLo = 0;
  own.fill(0);
  opp.fill(0);
  outsideHome = board.bar[side];
  board.points.forEach((n, i) => {
    const pip = pipOfIndex(side, i);
    const mine = side === 0 ? n : -n;
    if (mine > 0) {
      own[pip] = mine;
      if (pip >= 7) outsideHome += mine;
    } else if (mine < 0) opp[pip] = -mine;
  });
  own[BAR] = board.bar[side];
  own[OFF] = board.off[side];
  opp[0] = board.bar[side === 0 ? 1 : 0];
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
  const bar: [number, number] = [board.bar[0], board.bar[1]];
  const off: [number, number] = [board.off[0], board.off[1]];
  const steps: Step[] = [];
  const o = leaf * 8;
  for (let i = 0; i < leafLength[leaf]!; i++) {
    const from = leafSteps[o + 2 * i]!;
    const to = leafSteps[o + 2 * i + 1]!;
    applyPip(points, bar, off, side, from, to);
    steps.push({
      from: from === BAR ? 'bar' : indexOfPip(side, from),
      to: to === OFF ? 'off' : indexOfPip(side, to),
    });
  }
  return { steps, board: { points, bar, off } };
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
  const expanded = expandDice(roll);
  diceCount = expanded.length;
  for (const [i, die] of expanded.entries()) dice[i] = die;
  isDouble = roll[0] === roll[1];
  loadBoard(board, side);
  depth = 0;
  bestLength = -1;
  leafCount = 0;
  walk(0, BAR);
  if (bestLength === 0) return [];

  let keepDie = 0;
  if (!isDouble && bestLength === 1) {
    const higher = Math.max(roll[0], roll[1]);
    for (let l = 0; l < leafCount; l++) if (leafFirstDie[l] === higher) keepDie = higher;
  }

  const plays: Play[] = [];
  const byHash = new Map<number, Play[]>();
  for (let l = 0; l < leafCount; l++) {
    if (keepDie !== 0 && leafFirstDie[l] !== keepDie) continue;
    const hash = leafHash[l]!;
    const play = buildPlay(board, side, l);
    const sameHash = byHash.get(hash);
    if (sameHash === undefined) byHash.set(hash, [play]);
    else if (sameHash.some((earlier) => sameBoard(earlier.board, play.board))) continue;
    else sameHash.push(play);
    plays.push(play);
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
