import { InvalidInputError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { noDice, position, stateWith } from '../test/helpers.js';
import { SeededDice, SequenceDice } from './dice.js';
import type { BackgammonState } from './schemas.js';
import { Table } from './table.js';

/** A game under way with every kind of log entry so far: opening tie, move, double, take, roll. */
function midGame(): BackgammonState {
  let s = Table.start(
    Table.create({ cube: true, length: 1, crawford: false }, ['Ann', 'Bob']),
    new SequenceDice([2, 2, 6, 1]),
  );
  s = Table.apply(
    s,
    0,
    {
      type: 'move',
      steps: [
        { from: 12, to: 6 },
        { from: 7, to: 6 },
      ],
    },
    noDice,
  );
  s = Table.apply(s, 1, { type: 'double' }, noDice);
  return Table.apply(s, 0, { type: 'take' }, new SequenceDice([3, 1]));
}

type Json = { [key: string]: unknown };
const copy = (s: BackgammonState): Json => JSON.parse(JSON.stringify(s));

function problem(value: unknown): InvalidInputError {
  try {
    Table.fromJSON(value);
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidInputError);
    expect((e as InvalidInputError).code).toBe('invalid_state');
    return e as InvalidInputError;
  }
  throw new Error('fromJSON accepted the state');
}

describe('JSON round trip', () => {
  it('keeps a state unchanged through JSON and fromJSON', () => {
    const s = midGame();
    expect(s.log.map((e) => e.type)).toEqual(['opening', 'opening', 'move', 'double', 'take', 'roll']);
    const text = JSON.stringify(s);
    expect(JSON.parse(text)).toEqual(s);
    expect(Table.fromJSON(JSON.parse(text))).toEqual(s);
    expect(JSON.stringify(Table.fromJSON(JSON.parse(text)))).toBe(text);
  });

  it('resumes a game from JSON with the same future as the original', () => {
    const dice = new SeededDice(5);
    let s = Table.start(Table.create({ cube: false, length: 1, crawford: false }, ['Ann', 'Bob']), dice);
    for (let i = 0; i < 10 && Table.live(s); i++) {
      s = Table.apply(s, s.toAct, { type: 'move', steps: Table.legal(s, s.toAct).plays[0] ?? [] }, dice);
    }
    const resumedDice = new SeededDice(JSON.parse(JSON.stringify(dice.save())));
    let a = s;
    let b = Table.fromJSON(JSON.parse(JSON.stringify(s)));
    for (let i = 0; i < 10 && Table.live(a) && Table.live(b); i++) {
      a = Table.apply(a, a.toAct, { type: 'move', steps: Table.legal(a, a.toAct).plays[0] ?? [] }, dice);
      b = Table.apply(
        b,
        b.toAct,
        { type: 'move', steps: Table.legal(b, b.toAct).plays[0] ?? [] },
        resumedDice,
      );
    }
    expect(b).toEqual(a);
  });

  it('returns a copy, not the object it was given', () => {
    const input = copy(midGame());
    const s = Table.fromJSON(input);
    (input.board as { points: number[] }).points[0] = 7;
    expect(s.board.points[0]).not.toBe(7);
  });
});

describe('Table.fromJSON refuses', () => {
  const cases: [string, (j: Json) => unknown, string][] = [
    ['a non-object', () => [1, 2], '$'],
    ['an unknown field', (j) => ({ ...j, score: 3 }), '$.score'],
    ['a missing field', ({ passes: _, ...rest }) => rest, '$.passes'],
    ['an unknown phase', (j) => ({ ...j, phase: 'playing' }), '$.phase'],
    ['a seat that does not exist', (j) => ({ ...j, toAct: 2 }), '$.toAct'],
    ['a die above 6', (j) => ({ ...j, dice: [7, 1] }), '$.dice[0]'],
    ['three dice', (j) => ({ ...j, dice: [1, 2, 3] }), '$.dice'],
    ['a board that is not an object', (j) => ({ ...j, board: 'start' }), '$.board'],
    [
      '23 points',
      (j) => ({ ...j, board: { ...(j.board as Json), points: new Array(23).fill(0) } }),
      '$.board.points',
    ],
    ['a fractional count', (j) => setIn(j, ['board', 'points', 3], 1.5), '$.board.points[3]'],
    ['a negative bar', (j) => setIn(j, ['board', 'bar', 1], -1), '$.board.bar[1]'],
    ['a string off count', (j) => setIn(j, ['board', 'off', 0], '0'), '$.board.off[0]'],
    ['14 checkers for a seat', (j) => setIn(j, ['board', 'points', 5], 4), '$.board'],
    ['a cube value that is not a power of two', (j) => setIn(j, ['cube', 'value'], 6), '$.cube.value'],
    ['a cube above 4096', (j) => setIn(j, ['cube', 'value'], 8192), '$.cube.value'],
    ['a cube owner that is not a seat', (j) => setIn(j, ['cube', 'owner'], 2), '$.cube.owner'],
    ['a log that is not a list', (j) => ({ ...j, log: {} }), '$.log'],
    ['a log entry without text', (j) => setIn(j, ['log', 0, 'text'], undefined), '$.log[0].text'],
    ['a log entry of an unknown type', (j) => setIn(j, ['log', 1, 'type'], 'chat'), '$.log[1].type'],
    [
      'a logged step off the board',
      (j) => setIn(j, ['log', 2, 'steps', 1, 'from'], 24),
      '$.log[2].steps[1].from',
    ],
    ['a logged die of 0', (j) => setIn(j, ['log', 5, 'dice', 1], 0), '$.log[5].dice[1]'],
    ['one name', (j) => ({ ...j, names: ['Ann'] }), '$.names'],
    ['an empty name', (j) => setIn(j, ['names', 1], ''), '$.names[1]'],
    ['a match length of 0', (j) => setIn(j, ['config', 'length'], 0), '$.config.length'],
    ['a non-boolean crawfordGame', (j) => ({ ...j, crawfordGame: 'no' }), '$.crawfordGame'],
    ['a negative pass count', (j) => ({ ...j, passes: -1 }), '$.passes'],
    [
      'a resignation of an unknown kind',
      (j) => resigned(j, { seat: 1, kind: 'all', phase: 'move' }),
      '$.resignation.kind',
    ],
    [
      'a result with an unknown kind',
      (j) => over(j, { winner: 0, kind: 'triple', how: 'played', points: 2 }),
      '$.result.kind',
    ],
    // The rules between fields.
    ['nobody to act in phase move', (j) => ({ ...j, toAct: null }), '$.toAct'],
    ['a seat to act in phase idle', (j) => ({ ...j, phase: 'idle', dice: null }), '$.toAct'],
    ['no dice in phase move', (j) => ({ ...j, dice: null }), '$.dice'],
    ['dice in phase decide', (j) => ({ ...j, phase: 'decide' }), '$.dice'],
    [
      'a result in a live game',
      (j) => ({ ...j, result: { winner: 0, kind: 'single', how: 'played', points: 1 } }),
      '$.result',
    ],
    [
      'a complete game without a result',
      (j) => ({ ...j, phase: 'complete', toAct: null, dice: null }),
      '$.result',
    ],
    [
      'a resignation outside resign_offered',
      (j) => ({ ...j, resignation: { seat: 1, kind: 'single', phase: 'move' } }),
      '$.resignation',
    ],
    ['resign_offered without a resignation', (j) => ({ ...j, phase: 'resign_offered' }), '$.resignation'],
    [
      'a resignation answered by the resigner',
      (j) => resigned(j, { seat: 1, kind: 'single', phase: 'move' }),
      '$.resignation.seat',
    ],
    ['a centered cube above 1', (j) => setIn(j, ['cube', 'owner'], null), '$.cube.value'],
    ['an owned cube at a table without a cube', (j) => setIn(j, ['config', 'cube'], false), '$.cube.owner'],
    [
      'phase decide for a seat that may not double',
      (j) => ({ ...j, phase: 'decide', dice: null, crawfordGame: true }),
      '$.phase',
    ],
    [
      'a double offered by a seat that does not own the cube',
      (j) => ({ ...j, phase: 'cube_offered', dice: null, toAct: 0 }),
      '$.phase',
    ],
    [
      'a resignation from decide by a seat that may not double (issue 11, item 6)',
      (j) => ({
        ...resigned(j, { seat: 0, kind: 'single', phase: 'decide' }),
        dice: null,
        crawfordGame: true,
      }),
      '$.resignation.phase',
    ],
    [
      'a move without a legal play before two passes in a row',
      (j) => ({ ...j, board: BOB_SHUT_OUT, passes: 1 }),
      '$.passes',
    ],
    [
      'a pending resignation from a move without a legal play before two passes in a row',
      (j) => ({ ...resigned(j, { seat: 1, kind: 'single', phase: 'move' }), toAct: 0, board: BOB_SHUT_OUT }),
      '$.passes',
    ],
    ['all checkers off in a live game', (j) => ({ ...j, board: position({}, { 6: 15 }) }), '$.board.off[0]'],
    [
      'a played win without all checkers off',
      (j) => over(j, { winner: 1, kind: 'single', how: 'played', points: 2 }),
      '$.result.winner',
    ],
    [
      'points that do not match the cube',
      (j) => over(j, { winner: 0, kind: 'single', how: 'resigned', points: 1 }),
      '$.result.points',
    ],
    [
      'a dropped cube worth a gammon',
      (j) => over(j, { winner: 0, kind: 'gammon', how: 'dropped', points: 2 }),
      '$.result.kind',
    ],
    [
      'a forfeit kind the board does not give',
      (j) => over(j, { winner: 0, kind: 'single', how: 'forfeit', points: 2 }),
      '$.result.kind',
    ],
  ];

  it.each(cases)('%s', (_what, change, path) => {
    const e = problem(change(copy(midGame())));
    expect(e.path).toBe(path);
    expect(e.message.startsWith(`${path}: `)).toBe(true);
  });

  it('accepts the valid base of those cases', () => {
    expect(() => Table.fromJSON(copy(midGame()))).not.toThrow();
    // A seat without a legal move after two passes in a row waits to confirm its pass.
    expect(Table.fromJSON({ ...copy(midGame()), board: BOB_SHUT_OUT, passes: 2 })).toMatchObject({
      passes: 2,
    });
    expect(midGame()).toMatchObject({ phase: 'move', toAct: 1, dice: [3, 1], cube: { value: 2, owner: 0 } });
    expect(() => stateWith({ phase: 'complete', toAct: null, result: null })).toThrow(/\$\.result/);
  });
});

/** Bob (seat 1) on the bar against Ann's closed home board: no roll enters. */
const BOB_SHUT_OUT = position({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5 }, { 25: 2, 6: 13 });

function setIn(j: Json, path: (string | number)[], value: unknown): Json {
  const out = structuredClone(j);
  let at: Record<string | number, unknown> = out;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return out;
}

const resigned = (j: Json, resignation: unknown): Json => ({
  ...j,
  phase: 'resign_offered',
  toAct: 1,
  resignation,
});
const over = (j: Json, result: unknown): Json => ({
  ...j,
  phase: 'complete',
  toAct: null,
  dice: null,
  result,
});
