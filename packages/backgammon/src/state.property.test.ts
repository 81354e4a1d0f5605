import { createRng, InvalidInputError, type Rng } from '@tabula/core';
import { fuzzRuns } from '@tabula/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAMES, position } from '../test/helpers.js';
import { backgammonGame } from './definition.js';
import { SeededDice, SequenceDice } from './dice.js';
import type { BackgammonAction, BackgammonState, PositionKind, Side } from './schemas.js';
import { fromJSON } from './state.js';
import { Table } from './table.js';

/**
 * Every state the engine makes loads through `fromJSON`, and every state that
 * loads leads only to states that load: from states of seeded random games,
 * and from those states with fields changed the way a hand-edited save or a
 * match layer might change them (the ones `fromJSON` still accepts), every
 * action the rules take (each listed action, each resignation, a forfeit by
 * either seat, the start of an idle table) gives a state that loads again,
 * unchanged.
 */

const KINDS: readonly PositionKind[] = ['single', 'gammon', 'backgammon'];

/** A state of a seeded random game (random bots that now and then double, drop, resign or decline), cut at a random step. */
function gameState(seed: number, cut: number, crawfordGame: boolean, cube: boolean): BackgammonState {
  const rng = createRng(seed);
  const dice = new SeededDice(seed);
  let state: BackgammonState = { ...Table.create({ cube, length: 5, crawford: true }, NAMES), crawfordGame };
  if (cut === 0) return state;
  state = Table.start(state, dice);
  for (let step = 1; step < cut && Table.live(state); step++) {
    const seat = state.toAct;
    const moves = everyAction(state).filter(([, action]) => action !== null);
    const [, action] = rng.pick(moves);
    if (action !== null) state = Table.apply(state, seat, action, dice);
  }
  return state;
}

/** Every action of the seat to act, resignations included, labelled for failure messages. */
function everyAction(state: BackgammonState): [string, BackgammonAction | null][] {
  if (!Table.live(state)) return [];
  const seat = state.toAct;
  const out: [string, BackgammonAction | null][] = backgammonGame
    .legalActions(state, seat)
    .map((action) => [JSON.stringify(action), action]);
  if (Table.legal(state, seat).canResign) {
    for (const kind of KINDS) out.push([`resign ${kind}`, { type: 'resign', kind }]);
  }
  return out;
}

/** The states one action away, by every path the rules allow. */
function successors(state: BackgammonState, rng: Rng): [string, () => BackgammonState][] {
  const dice = () => new SeededDice(rng.int(0, 0x7fffffff));
  if (state.phase === 'idle') return [['start', () => Table.start(state, dice())]];
  if (!Table.live(state)) return [];
  const seat = state.toAct;
  const out: [string, () => BackgammonState][] = [];
  for (const [label, action] of everyAction(state)) {
    if (action !== null) out.push([label, () => Table.apply(state, seat, action, dice())]);
  }
  for (const side of [0, 1] as const) out.push([`forfeit by ${side}`, () => Table.forfeit(state, side)]);
  return out;
}

/**
 * Edits of a saved state, the way a hand-edited save or a match layer might
 * make them: each sets a few fields that belong together (a pending
 * resignation with its seat, phase and dice; a double on offer; a result).
 * A state gets one to three of them.
 */
const die = fc.integer({ min: 1, max: 6 });
const side = fc.constantFrom<Side>(0, 1);
const other = (seat: Side): Side => (seat === 0 ? 1 : 0);
const dicePair = fc.tuple(die, die);
const edit = fc.oneof(
  fc.record({ crawfordGame: fc.boolean() }),
  fc.record({
    config: fc.record({ cube: fc.boolean(), length: fc.constantFrom(1, 5), crawford: fc.boolean() }),
  }),
  fc.record({
    cube: fc.record({ value: fc.constantFrom(1, 2, 4, 2048, 4096), owner: fc.constantFrom(null, 0, 1) }),
  }),
  fc.record({ passes: fc.nat(3) }),
  fc.record({ dice: fc.option(dicePair) }),
  fc.record({
    phase: fc.constantFrom('idle', 'decide', 'move', 'cube_offered', 'resign_offered', 'complete'),
    toAct: fc.constantFrom(null, 0, 1),
  }),
  fc
    .tuple(side, fc.constantFrom(...KINDS), fc.constantFrom('decide', 'move'), dicePair)
    .map(([seat, kind, phase, dice]) => ({
      phase: 'resign_offered',
      toAct: other(seat),
      resignation: { seat, kind, phase },
      dice: phase === 'move' ? dice : null,
    })),
  side.map((seat) => ({ phase: 'cube_offered', toAct: seat, dice: null, resignation: null })),
  side.map((seat) => ({ phase: 'decide', toAct: seat, dice: null, resignation: null })),
  fc.tuple(side, dicePair).map(([seat, dice]) => ({ phase: 'move', toAct: seat, dice, resignation: null })),
  fc
    .record({
      winner: side,
      kind: fc.constantFrom(...KINDS),
      how: fc.constantFrom('played', 'dropped', 'resigned', 'forfeit'),
      points: fc.constantFrom(1, 2, 3, 4, 6, 8),
    })
    .map((result) => ({ phase: 'complete', toAct: null, dice: null, resignation: null, result })),
  fc.record({
    board: fc.constantFrom(
      position({ 1: 15 }, { 1: 15 }),
      position({ 25: 2, 6: 13 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5 }),
      position({ 2: 1 }, { 19: 15 }),
      position({}, { 6: 1 }),
      position({ 25: 15 }, { 20: 2, 21: 2, 22: 2, 23: 2, 24: 2, 19: 5 }),
    ),
  }),
);
const edits = fc.array(edit, { minLength: 1, maxLength: 3 }).map((list) => Object.assign({}, ...list));

function loads(state: unknown): BackgammonState | null {
  try {
    return fromJSON(state);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).code).toBe('invalid_state');
    return null;
  }
}

/** Each state one action away from `state` loads, and loads as itself. */
function expectSuccessorsLoad(state: BackgammonState, rng: Rng, from: string): number {
  let checked = 0;
  for (const [label, next] of successors(state, rng)) {
    const after = JSON.parse(JSON.stringify(next()));
    let loaded: BackgammonState;
    try {
      loaded = fromJSON(after);
    } catch (error) {
      throw new Error(
        `${from}, then ${label}: the state does not load: ${String(error)}\n${JSON.stringify(state)}`,
      );
    }
    expect(loaded).toEqual(after);
    checked++;
  }
  return checked;
}

const seedArb = fc.integer({ min: 0, max: 0x7fffffff });
const cutArb = fc.integer({ min: 0, max: 60 });

describe('every state that loads leads only to states that load', () => {
  it('from states of random games: every state loads, and so does every state one action on', () => {
    fc.assert(
      fc.property(seedArb, cutArb, fc.boolean(), fc.boolean(), (seed, cut, crawfordGame, cube) => {
        const state = gameState(seed, cut, crawfordGame, cube);
        const loaded = loads(JSON.parse(JSON.stringify(state)));
        expect(loaded).toEqual(state);
        expectSuccessorsLoad(state, createRng(seed), `game ${seed} at step ${cut}`);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('from edited states that still load: every state one action on loads', () => {
    let accepted = 0;
    let followed = 0;
    fc.assert(
      fc.property(seedArb, cutArb, fc.boolean(), edits, (seed, cut, cube, change) => {
        const base = gameState(seed, cut, false, cube);
        const edited = { ...JSON.parse(JSON.stringify(base)), ...change };
        const state = loads(edited);
        if (state === null) return;
        accepted++;
        followed += expectSuccessorsLoad(state, createRng(seed), `an edited state of game ${seed}`);
      }),
      { numRuns: fuzzRuns(3000) },
    );
    // Most edits break a rule; enough of them load to follow.
    expect(accepted).toBeGreaterThan(50);
    expect(followed).toBeGreaterThan(accepted);
  });
});

describe('issue 11, item 6: a resignation offered in decide during a Crawford game', () => {
  /** Ann opens 6-1; Bob, who could double, is to decide. */
  function bobToDecide(): BackgammonState {
    const opened = Table.start(
      Table.create({ cube: true, length: 5, crawford: true }, NAMES),
      new SequenceDice([6, 1]),
    );
    const plays = Table.legal(opened, 0).plays;
    return Table.apply(opened, 0, { type: 'move', steps: plays[0] ?? [] }, new SequenceDice([]));
  }

  it('is refused by fromJSON: in the Crawford game nobody may double, so nobody decides, and declining could not return there', () => {
    const decide = bobToDecide();
    expect(decide).toMatchObject({ phase: 'decide', toAct: 1 });
    const saved = {
      ...JSON.parse(JSON.stringify(decide)),
      phase: 'resign_offered',
      toAct: 0,
      crawfordGame: true,
      resignation: { seat: 1, kind: 'single', phase: 'decide' },
    };
    expect(() => fromJSON(saved)).toThrow(InvalidInputError);
    expect(() => fromJSON(saved)).toThrow(/^\$\.resignation\.phase: .*seat 1 may not double/);
    // The same offer outside the Crawford game is one the engine makes, and declining it returns to decide.
    const offered = Table.apply(decide, 1, { type: 'resign', kind: 'single' }, new SequenceDice([]));
    const declined = Table.apply(
      fromJSON(JSON.parse(JSON.stringify(offered))),
      0,
      { type: 'decline' },
      new SequenceDice([]),
    );
    expect(fromJSON(JSON.parse(JSON.stringify(declined)))).toMatchObject({ phase: 'decide', toAct: 1 });
  });

  it('is refused likewise when the seat that resigned does not own the cube or the cube is off', () => {
    const decide = JSON.parse(JSON.stringify(bobToDecide()));
    const offer = {
      phase: 'resign_offered',
      toAct: 0,
      resignation: { seat: 1, kind: 'gammon', phase: 'decide' },
    };
    expect(() => fromJSON({ ...decide, ...offer, cube: { value: 2, owner: 0 } })).toThrow(
      /\$\.resignation\.phase/,
    );
    expect(() =>
      fromJSON({ ...decide, ...offer, config: { cube: false, length: 5, crawford: true } }),
    ).toThrow(/\$\.resignation\.phase/);
    expect(fromJSON({ ...decide, ...offer })).toMatchObject({ phase: 'resign_offered' });
  });
});
