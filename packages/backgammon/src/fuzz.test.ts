import { readFileSync } from 'node:fs';
import { createRng, type GameRecord, gameStreams, type Rng, type Seat } from '@tabula/core';
import {
  checkPlaysOn,
  deepCopy,
  deeplyNested,
  fuzzGarbageState,
  fuzzRecord,
  fuzzRuns,
  fuzzSavedState,
  type GameFuzz,
  garbage,
  garbageText,
  guarded,
  LONG,
  mutate,
  runConformance,
  sameData,
  shortText,
} from '@tabula/core/testing';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { asFileHolds, DEFAULT_PLAY, CONFIGS as MAT_CONFIGS, playRandom } from '../test/random-match.js';
import { Board } from './board.js';
import { backgammonGame as game } from './definition.js';
import { drawBoard } from './diagram.js';
import { SeededDice, SequenceDice } from './dice.js';
import { readMatFile, writeMatFile } from './mat.js';
import { Moves } from './moves.js';
import { boardAfterText, formatDice, formatPlay, parseAction, parsePlay, readPlayText } from './notation.js';
import type { BackgammonAction, BackgammonConfig, BackgammonState, Side } from './schemas.js';
import { fromJSON } from './state.js';
import { Table } from './table.js';

// A long hunt (TABULA_FUZZ_RUNS) runs past the default time limit of a test.
if (process.env.TABULA_FUZZ_RUNS) vi.setConfig({ testTimeout: 24 * 3_600_000 });

/**
 * The fuzz suite: every parser and every `fromJSON` of the package, fed
 * mutated data from real games (fields changed, deleted, duplicated, retyped;
 * huge numbers, holes, deep nesting, long strings) and garbage. Each call may
 * only throw a Tabula error of the right class with a code from ERROR_CODES,
 * must answer within the time bound, must leave its input as it was, and a
 * state it accepts must play on. `TABULA_FUZZ_RUNS=20000` runs each property
 * that many times.
 */

const CONFIGS: BackgammonConfig[] = [
  { cube: true, length: 1, crawford: false },
  { cube: false, length: 1, crawford: false },
  { cube: true, length: 7, crawford: true },
];

/** States of seeded random games (resignations and forfeits included), at every step. */
function playedGames(games: number): { states: BackgammonState[]; records: GameRecord[] } {
  const states: BackgammonState[] = [];
  const records: GameRecord[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const config = CONFIGS[seed % CONFIGS.length] ?? game.defaultConfig();
    const pick = createRng(-seed);
    const { chance } = gameStreams(seed, 2);
    let state = game.setup(config, chance);
    const actions: { seat: Seat; action: unknown }[] = [];
    while (state.toAct !== null && actions.length < 400) {
      states.push(state);
      const seat = state.toAct;
      const legal: BackgammonAction[] = game.legalActions(state, seat);
      const action: BackgammonAction =
        pick.int(0, 99) === 0 && (state.phase === 'move' || state.phase === 'decide')
          ? { type: 'resign', kind: pick.pick(['single', 'gammon', 'backgammon'] as const) }
          : pick.pick(legal);
      state = game.apply(state, seat, action, chance);
      actions.push({ seat, action });
    }
    states.push(state);
    records.push(
      JSON.parse(JSON.stringify({ game: 'backgammon', version: game.version, config, seed, actions })),
    );
  }
  return { states, records };
}

const { states, records } = playedGames(24);
const saved = states.map((s) => JSON.parse(JSON.stringify(s)) as BackgammonState);
const live = saved.filter((s) => s.toAct !== null);
const moving = live.filter((s) => s.phase === 'move' && s.dice !== null);
const seedArb = fc.integer();
const countArb = fc.integer({ min: 1, max: 3 });

/** A state `fromJSON` took: it plays on for a few actions, each state after loading again. */
function playsOn(state: BackgammonState, rng: Rng, what: string) {
  checkPlaysOn(game, state, rng, what, { seats: 2, steps: 3 });
}

const fuzz: GameFuzz<BackgammonState> = { game, saved, records, playsOn };

describe('fromJSON under fuzzing', () => {
  it('refuses a mutated saved state with invalid_state, or accepts one that plays on', () => {
    const tally = { taken: 0, refused: 0 };
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        tally[fuzzSavedState(fuzz, seed, count)]++;
      }),
      { numRuns: fuzzRuns(500) },
    );
    expect(tally.refused).toBeGreaterThan(tally.taken);
    expect(tally.taken).toBeGreaterThan(0);
  });

  it('refuses garbage with invalid_state', () => {
    fc.assert(
      fc.property(seedArb, (seed) => fuzzGarbageState(game.fromJSON, seed)),
      { numRuns: fuzzRuns(150) },
    );
  });

  it('keeps every saved state of the games, and plays on from each', () => {
    const rng = createRng(1);
    for (const state of saved.filter((_, i) => i % 4 === 0)) playsOn(fromJSON(state), rng, 'a saved state');
  });

  it('checks through the conformance kit: mutated states near every tenth state load and play on, or are refused', () => {
    const report = runConformance<BackgammonState, BackgammonConfig>(game, {
      games: 20,
      checkEvery: 10,
      legalSample: 1,
      config: (rng) => rng.pick(CONFIGS),
      mutants: (state, rng) => Array.from({ length: 4 }, () => mutate(state, rng, rng.int(1, 2))),
    });
    expect(report.mutantsChecked).toBeGreaterThan(100);
  });
});

describe('apply under fuzzing', () => {
  it('refuses garbage and mutated actions, and bad seats, with IllegalActionError and the state untouched', () => {
    let took = 0;
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(live);
        const legal = game.legalActions(state, state.toAct ?? 0);
        const action = rng.int(0, 2) === 0 ? garbage(rng) : mutate(rng.pick(legal), rng, rng.int(1, 2));
        const seat = rng.int(0, 9) === 0 ? garbage(rng) : state.toAct;
        const result = guarded(
          `apply ${shortText(action)}`,
          () => game.apply(state, seat as Seat, action as BackgammonAction, rng),
          { inputs: [state, action], throws: ['IllegalActionError'] },
        );
        if (result.ok) {
          took++;
          expect(fromJSON(JSON.parse(JSON.stringify(result.value)))).toEqual(result.value);
        }
      }),
      { numRuns: fuzzRuns(500) },
    );
    expect(took).toBeGreaterThan(0);
  });
});

describe('setup, configs and records under fuzzing', () => {
  it('refuses a bad config with invalid_config, and a game from a config it takes plays on', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const config = rng.int(0, 4) === 0 ? garbage(rng) : mutate(rng.pick(CONFIGS), rng, rng.int(1, 2));
        const calls: [string, () => unknown][] = [
          ['setup', () => game.setup(config as BackgammonConfig, createRng(seed))],
          ['seatCount', () => game.seatCount(config as BackgammonConfig)],
          ['Table.create', () => Table.create(config as BackgammonConfig, ['Ann', 'Bob'])],
        ];
        for (const [what, run] of calls) {
          const result = guarded(`${what} with ${shortText(config)}`, run, {
            inputs: [config],
            throws: ['InvalidInputError'],
          });
          if (!result.ok) expect(result.error.code).toBe('invalid_config');
          else if (what === 'setup') playsOn(result.value as BackgammonState, rng, 'a fresh game');
        }
        const names = mutate(['Ann', 'Bob'], rng);
        guarded(
          'Table.create with names',
          () => Table.create(CONFIGS[0] as BackgammonConfig, names as never),
          {
            inputs: [names],
            throws: ['InvalidInputError'],
          },
        );
        const seats = rng.int(0, 1) === 0 ? garbage(rng) : rng.int(-3, 5);
        guarded('defaultConfig', () => game.defaultConfig(seats as number), { throws: ['TabulaError'] });
      }),
      { numRuns: fuzzRuns(200) },
    );
  });

  it('replays a mutated record or refuses it as an InvalidInputError', () => {
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        fuzzRecord(fuzz, seed, count);
      }),
      { numRuns: fuzzRuns(150) },
    );
  });
});

/** The words and tokens of the notation, so random text gets past the first check. */
const TOKENS = [
  'roll',
  'double',
  'take',
  'drop',
  'accept',
  'decline',
  'pass',
  'resign',
  'gammon',
  'bar',
  'off',
];
const TOKENS_PLUS = [...TOKENS, '24', '13', '8', '6', '0', '25', '/', '*', '(2)', '(4)', ' '];

describe('text under fuzzing', () => {
  const samples = moving.slice(0, 40).flatMap((s) =>
    game
      .legalActions(s, s.toAct ?? 0)
      .slice(0, 3)
      .map((a) => game.describe(a, s)),
  );

  it('parseAction reads a legal action or throws NotationError or IllegalActionError', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(live);
        const seat = state.toAct ?? 0;
        const text = garbageText(rng, TOKENS_PLUS, [...samples, ...TOKENS]);
        const view = game.view(state, seat);
        const legal = game.legalActions(state, seat);
        const result = guarded(
          `parseAction ${JSON.stringify(text.slice(0, 60))}`,
          () => parseAction(text, view, legal),
          {
            inputs: [text, view, legal],
            throws: ['NotationError', 'IllegalActionError'],
          },
        );
        // What it reads is an action the rules take now.
        if (result.ok) game.apply(state, seat, result.value, rng);
      }),
      { numRuns: fuzzRuns(800) },
    );
  });

  it('readPlayText and parsePlay read a move or throw NotationError or IllegalActionError', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(moving);
        const text = garbageText(rng, TOKENS_PLUS, samples);
        guarded('readPlayText', () => readPlayText(text), { inputs: [text], throws: ['NotationError'] });
        const seat = state.toAct ?? 0;
        const roll = state.dice ?? [1, 1];
        const read = guarded('parsePlay', () => parsePlay(text, state.board, seat, roll), {
          inputs: [text, state.board, roll],
          throws: ['NotationError', 'IllegalActionError'],
        });
        if (read.ok) game.apply(state, seat, { type: 'move', steps: read.value }, rng);
      }),
      { numRuns: fuzzRuns(800) },
    );
  });

  it('formatPlay and parsePlay round-trip every listed play', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(moving);
        const seat = state.toAct ?? 0;
        const dice = state.dice ?? [1, 1];
        for (const steps of Table.legal(state, seat).plays) {
          const text = formatPlay(state.board, seat, steps);
          const back = parsePlay(text, state.board, seat, dice);
          expect(Moves.applySteps(state.board, seat, back)).toEqual(
            Moves.applySteps(state.board, seat, steps),
          );
          expect(parseAction(text, game.view(state, seat), game.legalActions(state, seat))).toEqual({
            type: 'move',
            steps: back,
          });
        }
      }),
      { numRuns: fuzzRuns(150) },
    );
  });
});

describe('Board, Moves, the notation and the dice under fuzzing', () => {
  it('check the board, seat, roll, steps and moves they are given', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(moving);
        const pick = <T>(value: T): unknown =>
          rng.int(0, 2) === 0 ? value : mutate(value, rng, rng.int(1, 2));
        const board = pick(state.board) as BackgammonState['board'];
        const side = (rng.int(0, 5) === 0 ? garbage(rng) : state.toAct) as Side;
        const roll = pick(state.dice) as [number, number];
        const steps = pick(Table.legal(state, state.toAct ?? 0).plays[0] ?? []) as never;
        const moves = pick(readPlayText('24/18 13/7*/5 6/off(2)')) as never;
        const any = ['InvalidInputError', 'IllegalActionError', 'TabulaError'] as const;
        const calls: [string, () => unknown][] = [
          ['Board.key', () => Board.key(board)],
          ['Board.pipCount', () => Board.pipCount(board, side)],
          ['Board.positionKind', () => Board.positionKind(board, side)],
          ['Board.checkersAt', () => Board.checkersAt(board, side, rng.pick([0, 23, 24, -1, 0.5]))],
          ['Board.indexOfPip', () => Board.indexOfPip(side, rng.pick([1, 24, 25, 0, Number.NaN]))],
          ['Moves.legalPlays', () => Moves.legalPlays(board, side, roll)],
          ['Moves.expandDice', () => Moves.expandDice(roll)],
          ['Moves.applySteps', () => Moves.applySteps(board, side, steps)],
          ['formatPlay', () => formatPlay(board, side, steps)],
          ['formatDice', () => formatDice(roll)],
          ['boardAfterText', () => boardAfterText(board, side, moves)],
          ['parsePlay', () => parsePlay('24/18 13/11', board, side, roll)],
          ['drawBoard', () => drawBoard(board)],
        ];
        const inputs = [board, side, roll, steps, moves];
        const before = deepCopy(inputs);
        for (const [what, run] of calls) guarded(what, run, { throws: any });
        expect(sameData(inputs, before), 'a call changed its input').toBe(true);
      }),
      { numRuns: fuzzRuns(150) },
    );
  });

  it('dice take only dice: SequenceDice a list of 1 to 6, SeededDice a seed or a saved state', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const values = rng.int(0, 2) === 0 ? garbage(rng) : mutate([6, 1, 3, 3, 5, 2], rng, rng.int(1, 2));
        const sequence = guarded('SequenceDice', () => new SequenceDice(values as number[]), {
          inputs: [values],
          throws: ['InvalidInputError'],
        });
        if (sequence.ok) {
          // What it took, it hands out: dice 1 to 6 until it runs out.
          for (let left = sequence.value.remaining(); left > 0; left--) {
            const die = sequence.value.die();
            expect(Number.isInteger(die) && die >= 1 && die <= 6).toBe(true);
          }
        }
        const from = rng.int(0, 1) === 0 ? garbage(rng) : mutate(new SeededDice(seed).save(), rng);
        const seeded = guarded('SeededDice', () => new SeededDice(from as number), {
          inputs: [from],
          throws: ['InvalidInputError', 'TabulaError'],
        });
        if (seeded.ok) {
          const die = seeded.value.die();
          expect(Number.isInteger(die) && die >= 1 && die <= 6).toBe(true);
        }
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});

describe('.mat files under fuzzing', () => {
  const FIRST: BackgammonConfig = { cube: true, length: 5, crawford: true };
  const texts = [
    readFileSync(new URL('../test/fixtures/gnubg-1pt.mat', import.meta.url), 'utf8'),
    ...[3, 7, 12].map((seed) =>
      writeMatFile(
        playRandom(MAT_CONFIGS[seed % MAT_CONFIGS.length] ?? FIRST, seed, {
          ...DEFAULT_PLAY,
          stopAfter: 90,
        }),
      ),
    ),
  ];
  const MAT_TOKENS = [
    ' 5 point match',
    ' 0 point match',
    ' Game 1',
    ' Game 2',
    ' Ann : 0                        Bob : 0',
    '  1) ',
    '63: 24/18 13/10',
    '52:',
    ' Doubles => 2',
    ' Takes',
    ' Drops',
    ' Beavers => 4',
    ' Wins 1 point',
    'and the match',
    '; [Crawford "Off"]',
    '; [Termination "forfeit"]',
    '\n',
    '\r\n',
    ' '.repeat(30),
  ];

  /** A file with whole lines deleted, repeated, swapped or moved: each still reads, or names its line. */
  function shuffledLines(text: string, rng: Rng): string {
    const lines = text.split('\n');
    for (let n = rng.int(1, 3); n > 0; n--) {
      const at = rng.int(0, lines.length - 1);
      const other = rng.int(0, lines.length - 1);
      const line = lines[at] ?? '';
      switch (rng.int(0, 3)) {
        case 0:
          lines.splice(at, 1);
          break;
        case 1:
          lines.splice(other, 0, line);
          break;
        case 2:
          lines[at] = lines[other] ?? '';
          lines[other] = line;
          break;
        default:
          lines[at] = line.slice(0, rng.int(0, line.length));
      }
    }
    return lines.join('\n');
  }

  it('readMatFile reads a file or names the line it cannot read; what it reads writes and reads back the same', () => {
    let read = 0;
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const text =
          rng.int(0, 1) === 0 ? shuffledLines(rng.pick(texts), rng) : garbageText(rng, MAT_TOKENS, texts);
        const result = guarded(`readMatFile ${JSON.stringify(text.slice(0, 60))}`, () => readMatFile(text), {
          inputs: [text],
          throws: ['NotationError'],
        });
        if (!result.ok) {
          expect(result.error.message).toMatch(/^(\.mat line \d+: |A \.mat file |The \.mat text )/);
          return;
        }
        read++;
        const { state } = result.value;
        expect(fromJSON(JSON.parse(JSON.stringify(state)))).toEqual(state);
        expect(asFileHolds(readMatFile(writeMatFile(state)).state)).toEqual(asFileHolds(state));
      }),
      { numRuns: fuzzRuns(300) },
    );
    expect(read).toBeGreaterThan(0);
  });

  it('writeMatFile writes a state fromJSON takes, or refuses it with InvalidInputError; the file reads or names its line', () => {
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        const rng = createRng(seed);
        const mutant = mutate(rng.pick(saved), rng, count);
        const written = guarded('writeMatFile of a mutant', () => writeMatFile(mutant as BackgammonState), {
          inputs: [mutant],
          throws: ['InvalidInputError'],
        });
        if (!written.ok) return;
        guarded('readMatFile of a written mutant', () => readMatFile(written.value), {
          throws: ['NotationError'],
        });
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('the options of both are checked', () => {
    const state = rng1State();
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const options =
          rng.int(0, 1) === 0 ? garbage(rng) : mutate({ tags: { Site: 'x' }, comment: 'c' }, rng);
        guarded('writeMatFile options', () => writeMatFile(state, options as never), {
          inputs: [options],
          throws: ['InvalidInputError'],
        });
        const read = rng.int(0, 1) === 0 ? garbage(rng) : mutate({ config: MAT_CONFIGS[3] }, rng);
        guarded('readMatFile options', () => readMatFile(texts[1] ?? '', read as never), {
          inputs: [read],
          throws: ['InvalidInputError', 'NotationError'],
        });
      }),
      { numRuns: fuzzRuns(200) },
    );
  });

  function rng1State(): BackgammonState {
    return playRandom(MAT_CONFIGS[2] ?? FIRST, 1, { ...DEFAULT_PLAY, stopAfter: 30 });
  }
});

describe('inputs the fuzzing found', () => {
  it('a seat that is an object without a prototype is refused as unknown_seat (its message wrote String(seat))', () => {
    const [state] = live;
    const seat = Object.create(null);
    const result = guarded('apply', () =>
      game.apply(state as BackgammonState, seat, { type: 'roll' }, createRng(1)),
    );
    expect(result.ok === false && result.error.code).toBe('unknown_seat');
  });

  it('an action nested too deep for JSON is refused as invalid_action (its message wrote it as JSON)', () => {
    const [state] = live;
    const result = guarded('apply', () =>
      game.apply(state as BackgammonState, 0, deeplyNested() as BackgammonAction, createRng(1)),
    );
    expect(result.ok === false && result.error.code).toBe('invalid_action');
  });

  it('a -0 for seat 0 or for a point index is written 0, so the state survives JSON (found by a long run)', () => {
    const state = live.find((s) => s.phase === 'move' && s.toAct === 0 && Table.legal(s, 0).plays.length > 0);
    if (state === undefined) throw new Error('no move for seat 0');
    const [steps = []] = Table.legal(state, 0).plays;
    const negative = steps.map(({ from, to }) => ({
      from: from === 'bar' ? from : from === 0 ? -0 : from,
      to: to === 'off' ? to : to === 0 ? -0 : to,
    }));
    for (const next of [
      game.apply(state, -0, { type: 'move', steps: negative }, createRng(1)),
      game.apply(state, -0, { type: 'resign', kind: 'single' }, createRng(1)),
      Table.forfeit(state, -0 as Side),
    ]) {
      expect(next).toEqual(JSON.parse(JSON.stringify(next)));
      expect(Object.is(next.log.at(-1)?.seat, -0)).toBe(false);
    }
  });

  it('a long move is refused at once', () => {
    const text = '24/23 '.repeat(LONG / 6);
    const result = guarded('readPlayText', () => readPlayText(text), { limitMs: 200 });
    expect(result.ok === false && result.error.code).toBe('invalid_notation');
  });
});
