import type { ErrorCode } from '@tabula/core';
import { IllegalActionError, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { expect } from 'vitest';
import type { Board } from '../src/board.js';
import { type Dice, SequenceDice } from '../src/dice.js';
import type { BackgammonState, Side, Step } from '../src/schemas.js';
import { Table } from '../src/table.js';

/**
 * A board from each seat's checkers given as { pip: count } in that seat's
 * own pips (25 is the bar); the checkers not placed are borne off.
 */
export function position(x: Record<number, number>, o: Record<number, number>): Board {
  const points = new Array<number>(24).fill(0);
  const bar: [number, number] = [0, 0];
  const placed: [number, number] = [0, 0];
  for (const [seat, stacks] of [
    [0, x],
    [1, o],
  ] as const) {
    for (const [pipText, n] of Object.entries(stacks)) {
      const pip = Number(pipText);
      placed[seat] += n;
      if (pip === 25) bar[seat] += n;
      else {
        const i = seat === 0 ? pip - 1 : 24 - pip;
        points[i] = (points[i] ?? 0) + (seat === 0 ? n : -n);
      }
    }
  }
  return { points, bar, off: [15 - placed[0], 15 - placed[1]] };
}

/**
 * A state built from a fresh table (cube on, Ann and Bob) with the given
 * fields, checked by `Table.fromJSON` as any outside state would be.
 */
export function stateWith(fields: Partial<BackgammonState>): BackgammonState {
  const base = Table.create({ cube: true, length: 1, crawford: false }, ['Ann', 'Bob']);
  return Table.fromJSON(JSON.parse(JSON.stringify({ ...base, phase: 'decide', toAct: 0, ...fields })));
}

/** Dice that fail the test when the table reads them. */
export const noDice: Dice = {
  die() {
    throw new Error('the table read a die when it should not have');
  },
};

/** Counts the dice a table reads. */
export class CountingDice implements Dice {
  reads = 0;
  constructor(private readonly inner: Dice) {}
  die(): number {
    this.reads++;
    return this.inner.die();
  }
}

export const other = (seat: Side): Side => (seat === 0 ? 1 : 0);

/** The JSON text of a state, to check that a call left it unchanged. */
export const snapshot = (state: BackgammonState) => JSON.stringify(state);

export const CUBE_OFF = { cube: false, length: 1, crawford: false };
export const CUBE_ON = { cube: true, length: 1, crawford: false };
export const NAMES: [string, string] = ['Ann', 'Bob'];
/** Ann's opening 6-1: 13/7 8/7, as point indexes. */
export const ANN_61: Step[] = [
  { from: 12, to: 6 },
  { from: 7, to: 6 },
];
/** Bob's 3-1 after it: 8/5 6/5 in his pips. */
export const BOB_31: Step[] = [
  { from: 16, to: 19 },
  { from: 18, to: 19 },
];

/** Expects `run` to be refused with `code` and `state` to be left exactly as it was. */
export function expectRefused(
  state: BackgammonState,
  run: (s: BackgammonState) => unknown,
  code: ErrorCode,
): IllegalActionError {
  const before = snapshot(state);
  let thrown: unknown;
  try {
    run(state);
  } catch (e) {
    thrown = e;
  }
  expect(thrown).toBeInstanceOf(IllegalActionError);
  expect((thrown as IllegalActionError).code).toBe(code);
  expect(snapshot(state)).toBe(before);
  return thrown as IllegalActionError;
}

export function opened(config = CUBE_OFF, dice: Dice = new SequenceDice([6, 1])): BackgammonState {
  return Table.start(Table.create(config, NAMES), dice);
}

/** The `TabulaError` a call throws (the test fails when it throws none). */
export const refusal = (run: () => unknown): TabulaError => thrownBy(run, TabulaError);
