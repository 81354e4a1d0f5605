import { createRng, type Rng } from '@tabula/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkerCount, key } from './board.js';
import { SeededDice } from './dice.js';
import { applySteps } from './moves.js';
import type { BackgammonAction, BackgammonState, ResultHow, Side, Step } from './schemas.js';
import { MULTIPLIER } from './state.js';
import { Table } from './table.js';

const NAMES: [string, string] = ['Ann', 'Bob'];
/** No game between these bots comes near it; a game that does is stuck in a loop. */
const MAX_ACTIONS = 3000;

function chance(rng: Rng, percent: number): boolean {
  return rng.int(0, 99_999) < percent * 1000;
}

/**
 * The steps in a random order that can still be played one after the other
 * (a checker that moves twice, or enters from the bar, keeps its order). Any
 * such order lands on the same board and must be accepted as the same play.
 */
function reorder(state: BackgammonState, seat: Side, steps: Step[], rng: Rng): Step[] {
  const shuffled = rng.shuffle(steps);
  try {
    return key(applySteps(state.board, seat, shuffled)) === key(applySteps(state.board, seat, steps))
      ? shuffled
      : steps;
  } catch {
    return steps;
  }
}

/** A random bot: it plays random legal plays, and now and then doubles, drops, resigns or reorders its steps. */
function choose(state: BackgammonState, seat: Side, rng: Rng): BackgammonAction {
  const legal = Table.legal(state, seat);
  if (legal.canAccept) return chance(rng, 30) ? { type: 'accept' } : { type: 'decline' };
  if (legal.canTake) return chance(rng, 75) ? { type: 'take' } : { type: 'drop' };
  if (legal.canResign && chance(rng, 1))
    return { type: 'resign', kind: rng.pick(['single', 'gammon', 'backgammon']) };
  if (legal.canRoll) return legal.canDouble && chance(rng, 15) ? { type: 'double' } : { type: 'roll' };
  const steps = legal.plays.length === 0 ? [] : rng.pick(legal.plays);
  return { type: 'move', steps: chance(rng, 25) ? reorder(state, seat, steps, rng) : steps };
}

/** Deep equality of plain data; `undefined`, NaN, functions and class instances never equal what JSON gives back. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return typeof a !== 'number' || Number.isFinite(a);
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((v, i) => sameData(v, b[i]));
  if (Object.getPrototypeOf(a) !== Object.prototype || Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k, i) => k === kb[i] && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

function deepFreeze(v: unknown): void {
  if (typeof v !== 'object' || v === null || Object.isFrozen(v)) return;
  Object.freeze(v);
  for (const child of Object.values(v)) deepFreeze(child);
}

/**
 * What is new in a state: everything but the log entries that are frozen
 * already, which it shares with the states before it and which were checked then.
 */
function fresh(state: BackgammonState): BackgammonState {
  return { ...state, log: state.log.filter((entry) => !Object.isFrozen(entry)) };
}

function checkResult(state: BackgammonState): void {
  const result = state.result;
  if (result === null) throw new Error('a finished game has no result');
  expect(state.phase).toBe('complete');
  const points = result.how === 'dropped' ? state.cube.value : MULTIPLIER[result.kind] * state.cube.value;
  expect(result.points).toBe(points);
  if (result.how === 'played') expect(state.board.off[result.winner]).toBe(15);
  expect(state.log.at(-1)).toMatchObject({ type: 'result', seat: result.winner, points });
}

interface Seen {
  hows: Set<ResultHow>;
  kinds: Set<string>;
  actions: number;
}

/**
 * One seeded game between random bots (cube on in nine games of ten), with
 * checks at every step: 15 checkers a seat, the state survives JSON, `apply`
 * writes nothing into its input (it is frozen: a write would throw), the game
 * ends within MAX_ACTIONS. Every 20th step and the end also go through
 * `Table.fromJSON` whole.
 */
function playLight(seed: number, seen: Seen): void {
  const rng = createRng(seed);
  const dice = new SeededDice(rng.int(0, 0x7fffffff));
  const config = { cube: !chance(rng, 10), length: 1, crawford: false };
  let state = Table.start(Table.create(config, NAMES), dice);
  let actions = 0;
  while (Table.live(state)) {
    if (++actions > MAX_ACTIONS) throw new Error(`game ${seed} did not end in ${MAX_ACTIONS} actions`);
    if (checkerCount(state.board, 0) !== 15 || checkerCount(state.board, 1) !== 15) {
      throw new Error(`game ${seed}: a seat does not have 15 checkers at action ${actions}`);
    }
    const part = fresh(state);
    if (!sameData(part, JSON.parse(JSON.stringify(part)))) {
      throw new Error(`game ${seed}: JSON changes the state at action ${actions}`);
    }
    if (actions % 20 === 0 && !sameData(state, Table.fromJSON(JSON.parse(JSON.stringify(state))))) {
      throw new Error(`game ${seed}: fromJSON changes the state at action ${actions}`);
    }
    deepFreeze(state);
    const seat = state.toAct;
    if (chance(rng, 0.2)) {
      state = Table.forfeit(state, rng.pick([0, 1] as const));
      break;
    }
    state = Table.apply(state, seat, choose(state, seat, rng), dice);
  }
  expect(sameData(state, Table.fromJSON(JSON.parse(JSON.stringify(state))))).toBe(true);
  checkResult(state);
  seen.hows.add((state.result as { how: ResultHow }).how);
  seen.kinds.add((state.result as { kind: string }).kind);
  seen.actions += actions;
}

/**
 * One game with the heavy checks at every step: the whole state through JSON
 * and `Table.fromJSON`, its JSON text unchanged by `apply`, and every listed
 * play accepted by `Table.apply` (and listed once per board).
 */
function playHeavy(seed: number): void {
  const rng = createRng(seed);
  const dice = new SeededDice(rng.int(0, 0x7fffffff));
  let state = Table.start(Table.create({ cube: true, length: 1, crawford: false }, NAMES), dice);
  for (let actions = 0; Table.live(state); actions++) {
    expect(actions).toBeLessThan(MAX_ACTIONS);
    const text = JSON.stringify(state);
    expect(sameData(state, Table.fromJSON(JSON.parse(text)))).toBe(true);
    const seat = state.toAct;
    if (state.phase === 'move') {
      const plays = Table.legal(state, seat).plays;
      const boards = new Set<string>();
      for (const steps of plays) {
        const after = Table.apply(state, seat, { type: 'move', steps }, new SeededDice(boards.size));
        boards.add(key(after.board));
        const logged = after.log.find((e, i) => i >= state.log.length && e.type === 'move');
        if (!sameData(logged?.steps, steps))
          throw new Error(`game ${seed}: a listed play was logged as another`);
      }
      expect(boards.size).toBe(plays.length);
    }
    const next = Table.apply(state, seat, choose(state, seat, rng), dice);
    expect(JSON.stringify(state)).toBe(text);
    state = next;
  }
  checkResult(state);
}

describe('random games between random bots', () => {
  it('keep every invariant over 2000 games, and end in every way a game can end', () => {
    const seen: Seen = { hows: new Set(), kinds: new Set(), actions: 0 };
    let games = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        playLight(seed, seen);
        games++;
      }),
      { numRuns: 2000 },
    );
    expect(games).toBe(2000);
    expect(seen.actions / games).toBeGreaterThan(20);
    expect([...seen.hows].sort()).toEqual(['dropped', 'forfeit', 'played', 'resigned']);
    expect([...seen.kinds].sort()).toEqual(['backgammon', 'gammon', 'single']);
  });

  it('accept every listed play and keep the whole state through JSON at every step, over 50 more games', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => playHeavy(seed)),
      { numRuns: 50 },
    );
  });
});
