import { readFileSync } from 'node:fs';
import { createRng, InvalidInputError, NotationError, type Rng } from '@tabula/core';
import { fuzzRuns, garbage, guarded, mutate, thrownBy } from '@tabula/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noDice, position, stateWith } from '../test/helpers.js';
import { idText } from '../test/id-text.js';
import { cutText } from '../test/make-gnubg-mat.js';
import { publicCases } from '../test/public-fixture.js';
import { playRandom } from '../test/random-match.js';
import { Board } from './board.js';
import { backgammonGame as game } from './definition.js';
import { SeededDice } from './dice.js';
import { readMatFile } from './mat.js';
import { isMatch, Match } from './match.js';
import {
  gnubgIdOf,
  type MatchIdFields,
  matchIdFieldsOf,
  matchIdOf,
  readGnubgId,
  readMatchId,
  stateFromGnubgId,
  writeMatchId,
} from './match-id.js';
import { BitWriter, encodeKey } from './position-id.js';
import type { BackgammonConfig, BackgammonState, PositionKind } from './schemas.js';
import { Table } from './table.js';

/** The Match ID's bit fields as numbers, in the manual's order and widths: a second writer for the tests. */
interface RawFields {
  cube: number;
  owner: number;
  onRoll: number;
  crawford: number;
  state: number;
  turn: number;
  doubled: number;
  resign: number;
  die1: number;
  die2: number;
  length: number;
  score0: number;
  score1: number;
  noJacoby: number;
  rest: number;
}
const RAW: RawFields = {
  cube: 0,
  owner: 3,
  onRoll: 0,
  crawford: 0,
  state: 1,
  turn: 0,
  doubled: 0,
  resign: 0,
  die1: 0,
  die2: 0,
  length: 5,
  score0: 0,
  score1: 0,
  noJacoby: 1,
  rest: 0,
};
const WIDTHS: [keyof RawFields, number][] = [
  ['cube', 4],
  ['owner', 2],
  ['onRoll', 1],
  ['crawford', 1],
  ['state', 3],
  ['turn', 1],
  ['doubled', 1],
  ['resign', 2],
  ['die1', 3],
  ['die2', 3],
  ['length', 15],
  ['score0', 15],
  ['score1', 15],
  ['noJacoby', 1],
  ['rest', 5],
];
function rawId(fields: Partial<RawFields>): string {
  const all = { ...RAW, ...fields };
  const key = new BitWriter(72);
  for (const [name, width] of WIDTHS) key.write(all[name], width);
  return encodeKey(key.bytes);
}

/** A move-phase state of the public fixture: a money game, the cube centered, `seat` on roll with `dice`. */
function fixtureState(c: (typeof publicCases)[number]): BackgammonState {
  return Table.fromJSON({
    ...Table.create({ cube: true, length: 1, crawford: false }, ['White', 'Black']),
    phase: 'move',
    toAct: c.seat,
    dice: c.dice,
    board: c.board,
    passes: c.expected.noPlay ? 2 : 0,
  });
}

interface GnubgCase {
  name: string;
  commands: string[];
  positionId: string;
  matchId: string;
  fields: MatchIdFields;
}
const gnubgCases: GnubgCase[] = readFileSync(
  new URL('../test/fixtures/gnubg-ids.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));

const larger = (dice: [number, number] | null) =>
  dice === null ? null : dice[0] >= dice[1] ? dice : [dice[1], dice[0]];

describe('the Match ID format', () => {
  it("reads and writes the manual's example: 9-point match at 2-4, player 0 holds a 2-cube, player 1 rolled 5-2", () => {
    const fields = readMatchId('QYkqASAAIAAA');
    expect(fields).toEqual({
      cubeValue: 2,
      cubeOwner: 0,
      onRoll: 1,
      crawford: false,
      gameState: 'playing',
      turn: 1,
      doubled: false,
      resigned: null,
      dice: [5, 2],
      length: 9,
      score: [2, 4],
      // The manual predates the 67th bit: 0 there reads as the Jacoby rule in force.
      jacoby: true,
    });
    expect(writeMatchId(fields)).toBe('QYkqASAAIAAA');
    expect(writeMatchId({ ...fields, jacoby: false })).toBe('QYkqASAAIAAE');
  });

  it('reads every ID gnubg 1.07 made in test/fixtures/gnubg-ids.jsonl as the fields its commands set, and writes them back', () => {
    expect(gnubgCases.length).toBeGreaterThanOrEqual(15);
    for (const c of gnubgCases) {
      expect(readMatchId(c.matchId), c.name).toEqual(c.fields);
      expect(writeMatchId(c.fields), c.name).toBe(c.matchId);
    }
  });

  it('writes the larger die first whatever the order given', () => {
    const fields = readMatchId('UonqACAAIAAE');
    expect(fields.dice).toEqual([5, 2]);
    expect(writeMatchId({ ...fields, dice: [2, 5] })).toBe('UonqACAAIAAE');
  });

  it('round-trips random fields', () => {
    const side = fc.constantFrom(0 as const, 1 as const);
    const die = fc.integer({ min: 1, max: 6 });
    const count = fc.integer({ min: 0, max: 32767 });
    const fieldsArb = fc.record({
      cubeValue: fc.integer({ min: 0, max: 12 }).map((n) => 2 ** n),
      cubeOwner: fc.constantFrom(0 as const, 1 as const, null),
      onRoll: side,
      crawford: fc.boolean(),
      gameState: fc.constantFrom('none', 'playing', 'over', 'resigned', 'dropped' as const),
      turn: side,
      doubled: fc.boolean(),
      resigned: fc.constantFrom<PositionKind | null>(null, 'single', 'gammon', 'backgammon'),
      dice: fc.option(fc.tuple(die, die), { nil: null }),
      length: count,
      score: fc.tuple(count, count),
      jacoby: fc.boolean(),
    });
    fc.assert(
      fc.property(fieldsArb, (raw) => {
        const fields: MatchIdFields = {
          ...raw,
          gameState: raw.gameState as MatchIdFields['gameState'],
          resigned: raw.doubled && raw.gameState === 'playing' ? null : raw.resigned,
        };
        const id = writeMatchId(fields);
        expect(id).toMatch(/^[A-Za-z0-9+/]{12}$/);
        expect(readMatchId(id)).toEqual({ ...fields, dice: larger(fields.dice) });
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['not text', null, /A Match ID is text, got null/],
    ['11 characters', 'sAGgABAAGAA', /has 12 characters, got 11/],
    ['a character outside base64', 'cAkAAAAA-AAA', /character 9 .* is "-"/],
    ['a bit past the 67th', rawId({ rest: 1 }), /bit 68 is set, but gnubg uses only the first 67/],
    ['a cube above 4096', rawId({ cube: 13 }), /the cube is at 2\^13, above 4096/],
    ['the cube owner bits 10', rawId({ owner: 2 }), /cube owner bits are 10/],
    ['a game state above 4', rawId({ state: 5 }), /game state is above 4/],
    ['a die of 7', rawId({ die1: 7, die2: 1 }), /a die is 7/],
    ['one die without the other', rawId({ die1: 3 }), /one die is rolled and the other not/],
    ['the smaller die first', rawId({ die1: 2, die2: 5 }), /larger die first: 5-2, not 2-5/],
    [
      'a double and a resignation both pending',
      rawId({ doubled: 1, resign: 1, turn: 1 }),
      /a double and a resignation/,
    ],
  ])('refuses %s with a NotationError saying so', (_what, id, message) => {
    const e = thrownBy(() => readMatchId(id), NotationError);
    expect(e.code).toBe('invalid_notation');
    expect(e.message).toMatch(message);
  });

  it('writes only fields of the right shape (InvalidInputError, invalid_input, with the path)', () => {
    const fields = readMatchId('UonqACAAIAAE');
    for (const [bad, path] of [
      [{ ...fields, cubeValue: 3 }, '$.cubeValue'],
      [{ ...fields, cubeValue: 8192 }, '$.cubeValue'],
      [{ ...fields, length: 32768 }, '$.length'],
      [{ ...fields, score: [1, -1] }, '$.score[1]'],
      [{ ...fields, dice: [0, 3] }, '$.dice[0]'],
      [{ ...fields, gameState: 'won' }, '$.gameState'],
      [{ ...fields, doubled: true, resigned: 'single' }, '$.resigned'],
      [{ ...fields, extra: 1 }, '$.extra'],
    ] as const) {
      const e = thrownBy(() => writeMatchId(bad as never), InvalidInputError);
      expect(e.code).toBe('invalid_input');
      expect(e.path).toBe(path);
    }
  });
});

describe('the Match ID of a table', () => {
  it("equals gnubg's ID on every case of the public fixture, and reads back to the same state", () => {
    for (const c of publicCases) {
      const state = fixtureState(c);
      expect(gnubgIdOf(state), c.id).toBe(c.gnubgId);
      expect(matchIdOf(state), c.id).toBe(c.gnubgId.split(':')[1]);
      const back = stateFromGnubgId(c.gnubgId);
      expect(back.match).toEqual({ length: 0, score: [0, 0], jacoby: false });
      const { state: read } = back;
      expect(Board.key(read.board), c.id).toBe(Board.key(c.board));
      expect([read.phase, read.toAct, read.dice], c.id).toEqual(['move', c.seat, larger(c.dice)]);
      expect(read.passes, c.id).toBe(c.expected.noPlay ? 2 : 0);
      expect({ ...read, dice: state.dice }).toEqual(state);
    }
  });

  it('reads every gnubg-made ID that a table can hold to a state that writes the same ID', () => {
    for (const c of gnubgCases) {
      const id = `${c.positionId}:${c.matchId}`;
      if (c.fields.cubeValue === 4096) continue; // gnubg waits for a roll there; the table rolls at once (below)
      const { state, match } = stateFromGnubgId(id);
      expect(match, c.name).toEqual({
        length: c.fields.length,
        score: c.fields.score,
        jacoby: c.fields.jacoby,
      });
      expect(state.crawfordGame, c.name).toBe(c.fields.crawford);
      expect(gnubgIdOf(state, match), c.name).toBe(id);
    }
  });

  it('maps each phase to gnubg fields as gnubg sets them', () => {
    const board = position({ 6: 5, 8: 3, 13: 5, 24: 1, 20: 1 }, { 6: 5, 8: 3, 13: 5, 24: 2 });
    const fieldsOf = (fields: Partial<BackgammonState>) => {
      const { cubeValue, cubeOwner, onRoll, turn, gameState, doubled, resigned, dice } = matchIdFieldsOf(
        stateWith({ board, ...fields }),
      );
      return { cubeValue, cubeOwner, onRoll, turn, gameState, doubled, resigned, dice };
    };
    const quiet = { cubeValue: 1, cubeOwner: null, doubled: false, resigned: null, dice: null };
    expect(fieldsOf({ phase: 'decide', toAct: 1 })).toEqual({
      ...quiet,
      onRoll: 1,
      turn: 1,
      gameState: 'playing',
    });
    expect(fieldsOf({ phase: 'move', toAct: 0, dice: [2, 6] })).toEqual({
      ...quiet,
      onRoll: 0,
      turn: 0,
      gameState: 'playing',
      dice: [6, 2],
    });
    // A double: the doubler stays on roll, the taker is to act; the cube shows its value before the double.
    expect(fieldsOf({ phase: 'cube_offered', toAct: 1, cube: { value: 2, owner: 0 } })).toEqual({
      ...quiet,
      cubeValue: 2,
      cubeOwner: 0,
      onRoll: 0,
      turn: 1,
      gameState: 'playing',
      doubled: true,
    });
    expect(
      fieldsOf({
        phase: 'resign_offered',
        toAct: 0,
        dice: [3, 1],
        resignation: { seat: 1, kind: 'gammon', phase: 'move' },
      }),
    ).toEqual({ ...quiet, onRoll: 1, turn: 0, gameState: 'playing', resigned: 'gammon', dice: [3, 1] });
    const over = { phase: 'complete', toAct: null } as const;
    expect(
      fieldsOf({
        ...over,
        cube: { value: 2, owner: 1 },
        result: { winner: 0, kind: 'single', how: 'dropped', points: 2 },
      }),
    ).toEqual({ ...quiet, cubeValue: 2, cubeOwner: 1, onRoll: 0, turn: 1, gameState: 'dropped' });
    expect(
      fieldsOf({ ...over, result: { winner: 1, kind: 'backgammon', how: 'resigned', points: 3 } }),
    ).toEqual({
      ...quiet,
      onRoll: 0,
      turn: 1,
      gameState: 'resigned',
      resigned: 'backgammon',
    });
    // A forfeit is written as a resignation of the kind it lost, and reads back as one.
    const forfeit = Table.forfeit(stateWith({ board, phase: 'decide', toAct: 1 }), 1);
    const kind = forfeit.result?.kind;
    expect(matchIdFieldsOf(forfeit)).toMatchObject({
      gameState: 'resigned',
      resigned: kind,
      onRoll: 1,
      turn: 0,
    });
    expect(stateFromGnubgId(gnubgIdOf(forfeit)).state.result).toEqual({ ...forfeit.result, how: 'resigned' });
    // No game yet: seat 0 on roll.
    expect(fieldsOf({ phase: 'idle', toAct: null })).toEqual({
      ...quiet,
      onRoll: 0,
      turn: 0,
      gameState: 'none',
    });
  });

  it("writes a played game's end as gnubg does: the loser on roll, the board from its side", () => {
    const dice = new SeededDice(5);
    let state = Table.start(Table.create({ cube: false, length: 1, crawford: false }, ['Ann', 'Bob']), dice);
    while (Table.live(state))
      state = Table.apply(
        state,
        state.toAct,
        { type: 'move', steps: Table.legal(state, state.toAct).plays[0] ?? [] },
        dice,
      );
    const loser = state.result?.winner === 0 ? 1 : 0;
    const id = gnubgIdOf(state, { length: 0, score: [0, 0] });
    expect(readGnubgId(id).match).toMatchObject({ gameState: 'over', onRoll: loser, turn: loser });
    expect(id.split(':')[0]).toBe(Board.toPositionId(state.board, loser));
    expect(stateFromGnubgId(id).state.result).toEqual(state.result);
  });

  it('writes the match it is given: length, score, Crawford game and the Jacoby rule', () => {
    const state = { ...stateWith({ phase: 'move', toAct: 1, dice: [1, 1] }), crawfordGame: true };
    const checked = Table.fromJSON({ ...state, config: { cube: true, length: 25, crawford: true } });
    expect(matchIdOf(checked, { length: 25, score: [21, 23] })).toBe(
      writeMatchId({ ...readMatchId('Q4kkA1ABuAAE'), cubeValue: 1, cubeOwner: null, crawford: true }),
    );
    const money = stateWith({ phase: 'decide', toAct: 0 });
    expect(matchIdOf(money)).toBe('MAEAAAAAAAAE');
    expect(matchIdOf(money, { length: 0, score: [0, 0], jacoby: true })).toBe('MAEAAAAAAAAA');
  });

  it('round-trips the states of random games: every phase, the cube, resignations, forfeits, the Crawford game', () => {
    let checked = 0;
    const phases = new Set<string>();
    for (let seed = 1; seed <= 80; seed++) {
      for (const state of playedGame(seed)) {
        const match = { length: 7, score: [seed % 5, (seed * 3) % 7] as [number, number] };
        const id = gnubgIdOf(state, match);
        expect(id).toMatch(/^[A-Za-z0-9+/]{14}:[A-Za-z0-9+/]{12}$/);
        const back = stateFromGnubgId(id, { names: state.names, config: state.config });
        expect(back.match).toEqual({ ...match, jacoby: false });
        const read = back.state;
        expect(gnubgIdOf(read, match)).toBe(id);
        expect(read.board).toEqual(state.board);
        expect([read.phase, read.toAct, read.cube, read.crawfordGame, read.resignation]).toEqual([
          state.phase,
          state.toAct,
          state.cube,
          state.crawfordGame,
          state.resignation,
        ]);
        expect(read.dice).toEqual(larger(state.dice));
        expect(read.result).toEqual(
          state.result?.how === 'forfeit' ? { ...state.result, how: 'resigned' } : state.result,
        );
        phases.add(state.phase);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1500);
    expect([...phases].sort()).toEqual([
      'complete',
      'cube_offered',
      'decide',
      'idle',
      'move',
      'resign_offered',
    ]);
  });
});

const CONFIGS: BackgammonConfig[] = [
  { cube: true, length: 7, crawford: true },
  { cube: false, length: 7, crawford: true },
];

/** Every state of one seeded random game, idle table included: doubles, resignations, a forfeit now and then. */
function playedGame(seed: number): BackgammonState[] {
  const rng: Rng = createRng(seed);
  const config = CONFIGS[seed % 2] ?? game.defaultConfig();
  const dice = new SeededDice(seed);
  let state: BackgammonState = { ...Table.create(config, ['Ann', 'Bob']), crawfordGame: seed % 7 === 0 };
  const states = [state];
  state = Table.start(state, dice);
  while (Table.live(state) && states.length < 300) {
    states.push(state);
    const seat = state.toAct;
    const legal = game.legalActions(state, seat);
    const roll = rng.int(0, 99);
    if (roll === 0) state = Table.forfeit(state, seat);
    else if (roll < 4 && (state.phase === 'move' || state.phase === 'decide'))
      state = Table.apply(
        state,
        seat,
        { type: 'resign', kind: rng.pick(['single', 'gammon', 'backgammon'] as const) },
        dice,
      );
    else state = Table.apply(state, seat, rng.pick(legal), dice);
  }
  states.push(state);
  return states;
}

describe('a beaver, as gnubg shows it', () => {
  it('waiting for the doubler, and dropped', () => {
    // gnubg 1.07: set player 0 human, set player 1 human, set jacoby off, set beavers 1, new session,
    // set turn 1, double, beaver (player 0 takes and redoubles to 4), show board; then drop, show board.
    const config = { cube: true, length: 1, crawford: false, money: { beavers: true } };
    const decide = stateWith({ config, phase: 'decide', toAct: 1 });
    const doubled = Table.apply(decide, 1, { type: 'double' }, noDice);
    const beavered = Table.apply(doubled, 0, { type: 'beaver' }, noDice);
    expect(gnubgIdOf(beavered)).toBe('4HPwATDgc/ABMA:QRkAAAAAAAAE');
    const dropped = Table.apply(beavered, 1, { type: 'drop' }, noDice);
    expect(gnubgIdOf(dropped, { length: 0, score: [2, 0] })).toBe('4HPwATDgc/ABMA:QQwAACAAAAAE');
  });
});

describe('the Match ID of a match: the state says its own length, score and rules', () => {
  /** Positions gnubg showed after importing its own .mat files, whole or cut short (see the fixtures README). */
  const cuts: { file: string; what: string; keep?: number; last?: string; id: string }[] = readFileSync(
    new URL('../test/fixtures/gnubg-mat-ids.jsonl', import.meta.url),
    'utf8',
  )
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
  const stateOf = (cut: (typeof cuts)[number]) =>
    readMatFile(cutText(readFileSync(new URL(`../test/fixtures/${cut.file}`, import.meta.url), 'utf8'), cut))
      .state;

  it.each(cuts.filter((cut) => cut.keep !== undefined).map((cut) => [cut.what, cut] as const))(
    'mid-match, as gnubg shows it: %s',
    (_what, cut) => {
      const state = stateOf(cut);
      expect(isMatch(state)).toBe(true);
      expect(gnubgIdOf(state)).toBe(cut.id);
      expect(matchIdOf(state)).toBe(cut.id.split(':')[1]);
    },
  );

  it.each(cuts.filter((cut) => cut.keep === undefined).map((cut) => [cut.what, cut] as const))(
    'the match over, as gnubg shows it: %s',
    (_what, cut) => {
      const state = stateOf(cut);
      // A 1-point match is one game at a table: its match is given.
      const match = isMatch(state)
        ? undefined
        : { length: 1, score: [0, state.result?.points ?? 0] as [number, number] };
      const ours = readGnubgId(gnubgIdOf(state, match));
      const theirs = readGnubgId(cut.id);
      expect(ours.board).toEqual(theirs.board);
      // After a resignation gnubg's import of a file leaves the turn with the resigner, where its play
      // (and a table) gives it to the winner, who accepted.
      expect({ ...ours.match, turn: 'resigner' }).toEqual({ ...theirs.match, turn: 'resigner' });
      expect(ours.match.turn).toBe(1 - theirs.match.turn);
    },
  );

  it('a match given beside a Match state is used instead of its own', () => {
    const state = stateOf(cuts[0] ?? { file: '', what: '', id: '' });
    const own = readMatchId(matchIdOf(state));
    expect([own.length, own.score]).toEqual([5, [0, 1]]);
    const given = readMatchId(matchIdOf(state, { length: 7, score: [3, 2] }));
    expect([given.length, given.score]).toEqual([7, [3, 2]]);
  });

  it('an idle match, a money session under the Jacoby rule and its gammon counted as one game', () => {
    const idle = Match.create({ cube: true, length: 11, crawford: true }, ['Ann', 'Bob']);
    expect(readMatchId(matchIdOf(idle))).toMatchObject({ gameState: 'none', length: 11, score: [0, 0] });
    const config = { cube: false, length: 1, crawford: false, money: { jacoby: true, games: 1 } };
    let seed = 1;
    let over = playRandom(config, seed, { double: 0, resign: 0, forfeit: 0, stopAfter: null });
    while (over.result?.kind !== 'gammon' && seed < 200)
      over = playRandom(config, ++seed, { double: 0, resign: 0, forfeit: 0, stopAfter: null });
    expect(over.result).toMatchObject({ kind: 'gammon', how: 'played', points: 2 });
    const fields = readMatchId(matchIdOf(over));
    const winner = over.result?.winner ?? 0;
    expect(fields).toMatchObject({ length: 0, jacoby: true, gameState: 'over' });
    expect(fields.score[winner]).toBe(1);
  });
});

describe('stateFromGnubgId refuses what no table state can hold', () => {
  const position0 = '4HPwATDgc/ABMA';
  it.each([
    [
      'a double offered with the same player to answer',
      rawId({ doubled: 1 }),
      /player to answer \(turn, 0\) is not the one on roll/,
    ],
    [
      'nothing pending but another player to act',
      rawId({ turn: 1 }),
      /the player to act \(turn, 1\) is the one on roll \(0\)/,
    ],
    [
      'a double after the roll',
      rawId({ doubled: 1, turn: 1, die1: 3, die2: 1 }),
      /a double comes before the roll/,
    ],
    ['a centered cube at 2', rawId({ cube: 1 }), /centered at 2: a centered cube is at 1/],
    ['a game over with nobody off', rawId({ state: 2 }), /not exactly one player has borne off all 15/],
    ['a resigned game without a resignation', rawId({ state: 3, turn: 1 }), /no resignation is given/],
    [
      'a match already won',
      rawId({ score0: 5, die1: 2, die2: 1 }),
      /player 0 has 5 points of a 5-point match: it is over/,
    ],
    [
      'no dice with the cube at 4096',
      rawId({ cube: 12, owner: 0 }),
      /may not double \(the cube is at 4096\): the table rolls/,
    ],
    ['no dice in the Crawford game', rawId({ crawford: 1 }), /may not double \(it is the Crawford game\)/],
    [
      'no dice with the cube owned by the other',
      rawId({ cube: 1, owner: 1 }),
      /the other player owns the cube/,
    ],
    [
      'a double in the Crawford game',
      rawId({ crawford: 1, doubled: 1, turn: 1 }),
      /player 0 doubles, but may not \(it is the Crawford game\)/,
    ],
    [
      'a double from a game over',
      rawId({ state: 4, doubled: 1, turn: 1 }),
      /a double waits, but the game state is dropped/,
    ],
    ['dice before any game', rawId({ state: 0, die1: 3, die2: 1 }), /no game has started, yet it has dice/],
  ])('%s', (_what, matchId, message) => {
    const e = thrownBy(() => stateFromGnubgId(`${position0}:${matchId}`), NotationError);
    expect(e.code).toBe('invalid_notation');
    expect(e.message).toMatch(message);
  });

  it('refuses an ID that is no pair, or a pair the wrong way round', () => {
    for (const [id, message] of [
      ['4HPwATDgc/ABMA', /joined by a colon/],
      ['4HPwATDgc/ABMA:cAkAAAAAAAAA:x', /joined by a colon/],
      ['cAkAAAAAAAAA:4HPwATDgc/ABMA', /the Position ID \(14 characters\) comes first/],
      ['4HPwATDgc/ABMA:cAkAAAAAAAA', /Match ID has 12 characters, got 11/],
      ['4HPwATDgc/AB:cAkAAAAAAAAA', /Position ID has 14 characters, got 12/],
      [7, /A gnubg ID is text/],
    ] as const) {
      const e = thrownBy(() => stateFromGnubgId(id as string), NotationError);
      expect(e.message).toMatch(message);
    }
  });

  it('takes names and a config, and refuses options it does not know or a config the ID does not fit', () => {
    const id = '4HPwATDgc/ABMA:UonqACAAIAAE';
    const { state } = stateFromGnubgId(id, {
      names: ['Ann', 'Bob'],
      config: { cube: true, length: 7, crawford: true },
    });
    expect(state.names).toEqual(['Ann', 'Bob']);
    expect(stateFromGnubgId(id).state.config).toEqual({ cube: true, length: 7, crawford: true });
    expect(stateFromGnubgId('4HPwATDgc/ABMA:MAEAAAAAAAAE').state.config).toEqual({
      cube: true,
      length: 1,
      crawford: false,
    });
    for (const options of [{ name: ['Ann', 'Bob'] }, { names: ['Ann'] }, { config: { cube: 1 } }, 'x']) {
      expect(thrownBy(() => stateFromGnubgId(id, options as never), InvalidInputError).code).toBe(
        'invalid_input',
      );
    }
    const off = thrownBy(
      () => stateFromGnubgId(id, { config: { cube: false, length: 7, crawford: true } }),
      InvalidInputError,
    );
    expect(off.code).toBe('invalid_state');
  });

  it('matchIdOf checks the state and the match it is given', () => {
    const state = stateWith({ phase: 'decide', toAct: 0 });
    expect(thrownBy(() => matchIdOf({ ...state, toAct: null }), InvalidInputError).code).toBe(
      'invalid_state',
    );
    for (const match of [
      { length: -1, score: [0, 0] },
      { length: 5, score: [0] },
      { length: 5, score: [0, 0], jacoby: 1 },
      null,
    ]) {
      expect(thrownBy(() => gnubgIdOf(state, match as never), InvalidInputError).code).toBe('invalid_input');
    }
  });
});

describe('the gnubg ID readers under fuzzing', () => {
  const samples = [
    ...publicCases.slice(0, 20).map((c) => c.gnubgId),
    ...gnubgCases.map((c) => `${c.positionId}:${c.matchId}`),
  ];
  it('read an ID or throw NotationError, for any text, at once', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = createRng(seed);
        const text = idText(rng, samples);
        guarded('readMatchId', () => readMatchId(text.slice(15)), { throws: ['NotationError'] });
        guarded('readGnubgId', () => readGnubgId(text), { inputs: [text], throws: ['NotationError'] });
        const read = guarded('stateFromGnubgId', () => stateFromGnubgId(text), { throws: ['NotationError'] });
        if (!read.ok) return;
        // A live game writes back to the same ID. Before a game and after one, gnubg's ID may hold
        // what a table state does not (dice kept after a resignation, who is on roll when no game
        // is on), so there the state it reads writes an ID that reads back to the same state.
        const { state, match } = read.value;
        const again = gnubgIdOf(state, match);
        if (state.phase !== 'idle' && state.phase !== 'complete') expect(again).toBe(text);
        expect(stateFromGnubgId(again)).toEqual(read.value);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('writeMatchId and matchIdOf take good fields or throw InvalidInputError', () => {
    const fields = readMatchId('UonqACAAIAAE');
    const state = stateWith({ phase: 'decide', toAct: 0 });
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = createRng(seed);
        const bad = rng.int(0, 4) === 0 ? garbage(rng) : mutate(fields, rng, rng.int(1, 2));
        const written = guarded('writeMatchId', () => writeMatchId(bad as MatchIdFields), {
          inputs: [bad],
          throws: ['InvalidInputError'],
        });
        if (written.ok) expect(writeMatchId(readMatchId(written.value))).toBe(written.value);
        const match = mutate({ length: 5, score: [1, 2], jacoby: false }, rng);
        guarded('matchIdOf', () => matchIdOf(state, match as never), {
          inputs: [match],
          throws: ['InvalidInputError'],
        });
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});
