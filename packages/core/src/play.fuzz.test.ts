import { Type } from '@sinclair/typebox';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Agent, GameDefinition } from './contract.js';
import { IllegalActionError, InvalidInputError } from './errors.js';
import { type GameRecord, playGame, replay } from './play.js';
import { GameRecordSchema } from './record-schema.js';
import { createRng, isRngState } from './rng.js';
import { deeplyNested, fuzzRuns, garbage, guarded, mutate } from './testing/fuzz.js';
import { checkAction, parseWith, schemaProblem } from './validate.js';

// A long hunt (TABULA_FUZZ_RUNS) runs past the default time limit of a test.
if (process.env.TABULA_FUZZ_RUNS) vi.setConfig({ testTimeout: 24 * 3_600_000 });

// Race to 10 with checked actions and configs: what replay meets in a real game.
const ActionSchema = Type.Object({ type: Type.Union([Type.Literal('roll'), Type.Literal('step')]) });
const ConfigSchema = Type.Object({ goal: Type.Integer({ minimum: 1, maximum: 100 }) });
type State = { totals: number[]; turn: number; goal: number };
type Action = { type: 'roll' | 'step' };
type Config = { goal: number };
const over = (s: State) => s.totals.some((t) => t >= s.goal);
const race: GameDefinition<State, Action, Config, State> = {
  id: 'race',
  version: '1',
  seatCount(config) {
    parseWith(ConfigSchema, config, 'The race config', 'invalid_config');
    return 2;
  },
  defaultConfig: () => ({ goal: 10 }),
  setup(config) {
    const { goal } = parseWith(ConfigSchema, config, 'The race config', 'invalid_config');
    return { totals: [0, 0], turn: 0, goal };
  },
  toAct: (s) => (over(s) ? [] : [s.turn]),
  legalActions: (s, seat) => (over(s) || seat !== s.turn ? [] : [{ type: 'roll' }, { type: 'step' }]),
  apply(s, seat, action, rng) {
    checkAction(ActionSchema, action, 'race');
    if (over(s)) throw new IllegalActionError('game_over', 'The race is over');
    if (seat !== s.turn) throw new IllegalActionError('not_your_turn', 'not your turn');
    const step = action.type === 'roll' ? rng.int(1, 6) : 1;
    return { ...s, totals: s.totals.map((t, i) => (i === seat ? t + step : t)), turn: 1 - seat };
  },
  view: (s) => s,
  outcome: (s) => (over(s) ? { scores: [0, 0], winners: [], reason: 'goal' } : null),
  fromJSON: (json) => json as State,
  schemas: { config: ConfigSchema, action: ActionSchema, state: Type.Any(), view: Type.Any() },
};
const picker: Agent<State, Action> = { name: 'picker', act: (_v, legal, ctx) => ctx.rng.pick(legal) };

const records: GameRecord[] = [];
for (const seed of [1, 2, 3]) {
  records.push(
    JSON.parse(JSON.stringify((await playGame(race, { goal: 10 }, [picker, picker], seed)).record)),
  );
}

describe('replay under fuzzing', () => {
  it('replays a record or refuses it as invalid_record / invalid_config, promptly, without touching it', () => {
    let replayed = 0;
    let refused = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 3 }), (seed, count) => {
        const rng = createRng(seed);
        const mutant = mutate(rng.pick(records), rng, count);
        const result = guarded(`replay of ${seed}`, () => replay(race, mutant as GameRecord), {
          inputs: [mutant],
          throws: ['InvalidInputError'],
        });
        if (result.ok) {
          replayed++;
          expect(result.value.length).toBe((mutant as GameRecord).actions.length + 1);
        } else {
          refused++;
          expect(['invalid_record', 'invalid_config']).toContain(result.error.code);
        }
      }),
      { numRuns: fuzzRuns(300) },
    );
    expect(replayed).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });

  it('refuses what is no record at all', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const value = garbage(createRng(seed));
        const result = guarded('replay of garbage', () => replay(race, value as GameRecord), {
          inputs: [value],
          throws: ['InvalidInputError'],
        });
        expect(result.ok).toBe(false);
      }),
      { numRuns: fuzzRuns(200) },
    );
  });

  // Found by this fuzzing: these threw TypeError (`forEach` of a string) and RangeError (a deep action shown in a message).
  it.each([
    ['actions that are not a list', { actions: 'none' }, '$.actions'],
    ['a seed that is not an integer', { seed: 1.5 }, '$.seed'],
    ['a seed past the safe integers', { seed: 2 ** 60 }, '$.seed'],
    ['no game', { game: undefined }, '$.game'],
  ])('refuses %s as invalid_record', (_what, change, path) => {
    const [record] = records;
    const error = guarded('replay', () => replay(race, { ...record, ...change } as GameRecord)).ok;
    expect(error).toBe(false);
    try {
      replay(race, { ...record, ...change } as GameRecord);
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).code).toBe('invalid_record');
      expect((e as InvalidInputError).path).toBe(path);
    }
  });

  it('refuses an action nested too deep to show as the record step it is', () => {
    const [record] = records;
    if (record === undefined) throw new Error('no record');
    const deep = { ...record, actions: [{ seat: 0, action: deeplyNested() }] };
    const result = guarded('replay of a deep action', () => replay(race, deep), {
      throws: ['InvalidInputError'],
    });
    expect(result.ok === false && result.error.message).toMatch(/^\$\.actions\[0\]: seat 0 cannot play/);
  });
});

describe('the schema checks under fuzzing', () => {
  it('name a problem or accept, and never throw, for any value', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = createRng(seed);
        const value = rng.int(0, 1) === 0 ? garbage(rng) : mutate(rng.pick(records), rng, 2);
        guarded('schemaProblem', () => schemaProblem(GameRecordSchema, value), { inputs: [value] });
        guarded('parseWith', () => parseWith(GameRecordSchema, value, 'A record', 'invalid_record'), {
          inputs: [value],
          throws: ['InvalidInputError'],
        });
        guarded('checkAction', () => checkAction(ActionSchema, value, 'race'), {
          inputs: [value],
          throws: ['IllegalActionError'],
        });
        guarded('isRngState', () => isRngState(value), { inputs: [value] });
        guarded('createRng', () => createRng(value as number), { inputs: [value], throws: ['TabulaError'] });
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
