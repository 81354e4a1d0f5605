import { Type } from '@sinclair/typebox';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IllegalActionError, InvalidInputError, NotationError, TabulaError } from '../errors.js';
import { createRng } from '../rng.js';
import { parseWith } from '../validate.js';
import {
  checkPlaysOn,
  deepCopy,
  deeplyNested,
  errorProblem,
  FuzzError,
  fuzzGarbageState,
  fuzzRuns,
  garbage,
  garbageText,
  guarded,
  LONG,
  mutate,
  sameData,
  stuckProblem,
} from './fuzz.js';
import { thrownBy } from './thrown.js';

const sample = () => ({
  board: { points: [1, -2, 0], bar: [0, 1] },
  names: ['Ann', 'Bob'],
  log: [{ type: 'roll', dice: [3, 1] }],
  over: false,
  result: null,
});

describe('sameData and deepCopy', () => {
  it('tell holes from undefined, -0 from 0, and NaN is itself', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    expect(sameData([1, , 3], [1, undefined, 3])).toBe(false);
    expect(sameData([-0], [0])).toBe(false);
    expect(sameData({ a: Number.NaN }, { a: Number.NaN })).toBe(true);
    expect(sameData({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([], {})).toBe(false);
  });

  it('copy and compare values nested far deeper than any stack', () => {
    const deep = deeplyNested(200_000, 'object');
    const copy = deepCopy(deep);
    expect(copy === deep).toBe(false);
    expect(sameData(copy, deep)).toBe(true);
    expect(sameData(copy, deeplyNested(200_000, 'object', 1))).toBe(false);
  });

  it('keep a key named __proto__ a key', () => {
    const odd = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
    const copy = deepCopy(odd);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(sameData(copy, odd)).toBe(true);
  });
});

describe('mutate', () => {
  it('never changes the value it is given, and does change it', () => {
    let changed = 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 4 }), (seed, count) => {
        const value = sample();
        const before = deepCopy(value);
        const mutant = mutate(value, createRng(seed), count);
        expect(sameData(value, before)).toBe(true);
        if (!sameData(mutant, value)) changed++;
      }),
      { numRuns: fuzzRuns(300) },
    );
    expect(changed).toBeGreaterThan(200);
  });

  it('is reproducible from the seed', () => {
    for (let seed = 0; seed < 50; seed++) {
      expect(sameData(mutate(sample(), createRng(seed), 3), mutate(sample(), createRng(seed), 3))).toBe(true);
    }
  });
});

describe('garbage and garbageText', () => {
  it('make values of every kind and text for parsers, reproducibly', () => {
    const rng = createRng(7);
    const kinds = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const value = garbage(rng);
      kinds.add(Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);
      expect(typeof garbageText(rng, ['play', '7'], ['play 7'])).toBe('string');
    }
    expect([...kinds].sort()).toEqual([
      'array',
      'boolean',
      'null',
      'number',
      'object',
      'string',
      'undefined',
    ]);
    expect(garbageText(createRng(3), ['a'], ['b'])).toBe(garbageText(createRng(3), ['a'], ['b']));
  });

  it('never passes LONG characters, however the edits of a sample repeat it', () => {
    // Three repeats of up to 1000 times each once built strings longer than V8 allows (a RangeError).
    const rng = createRng(11);
    const sample = 'bar/22 13/11 24/18*';
    for (let i = 0; i < 3000; i++) expect(garbageText(rng, [], [sample]).length).toBeLessThanOrEqual(LONG);
  });
});

describe('fuzzGarbageState', () => {
  const refuses = (code: 'invalid_state' | 'invalid_config') => (value: unknown) => {
    throw new InvalidInputError(code, '$', `not a state: ${typeof value}`);
  };

  it('passes a reader that refuses garbage with invalid_state', () => {
    for (let seed = 0; seed < 50; seed++) fuzzGarbageState(refuses('invalid_state'), seed);
  });

  it('fails a reader that takes garbage, refuses it with another code, or throws a plain error', () => {
    expect(() => fuzzGarbageState((value) => value, 1, 'read')).toThrow(FuzzError);
    expect(() => fuzzGarbageState(refuses('invalid_config'), 1, 'read')).toThrow(/as invalid_config/);
    expect(() =>
      fuzzGarbageState(() => {
        throw new TypeError('x is undefined');
      }, 1),
    ).toThrow(/is not a TabulaError/);
  });
});

describe('errorProblem', () => {
  it('accepts Tabula errors whose code belongs to their class, and only the allowed classes', () => {
    expect(errorProblem(new IllegalActionError('illegal_move', 'no'))).toBeNull();
    expect(errorProblem(new InvalidInputError('invalid_state', '$', 'no'), ['InvalidInputError'])).toBeNull();
    expect(errorProblem(new TypeError('x of undefined'))).toMatch(/not a TabulaError: TypeError/);
    expect(errorProblem(new IllegalActionError('invalid_state', 'no'))).toMatch(
      /belongs to InvalidInputError/,
    );
    expect(errorProblem(new TabulaError('nope' as 'usage', 'no'))).toMatch(/not in ERROR_CODES/);
    expect(errorProblem(new NotationError('invalid_notation', 'no'), ['InvalidInputError'])).toMatch(
      /expected InvalidInputError/,
    );
  });
});

describe('guarded', () => {
  it('returns the value or the Tabula error', () => {
    expect(guarded('ok', () => 3)).toEqual({ ok: true, value: 3 });
    const refused = guarded('refused', () => parseWith(Type.Integer(), 'x', 'A number'));
    expect(refused.ok).toBe(false);
  });

  it('fails on a stray error, a wrong class, a slow call and a changed input', () => {
    expect(() =>
      guarded('stray', () => {
        throw new RangeError('Maximum call stack size exceeded');
      }),
    ).toThrow(/stray: the error is not a TabulaError: RangeError/);
    expect(() =>
      guarded('wrong class', () => parseWith(Type.Integer(), 'x', 'A number'), { throws: ['NotationError'] }),
    ).toThrow(FuzzError);
    expect(() =>
      guarded(
        'slow',
        () => {
          const until = Date.now() + 30;
          while (Date.now() < until);
        },
        { limitMs: 5 },
      ),
    ).toThrow(/slow: took \d+ ms/);
    const input = { a: [1, 2] };
    expect(() => guarded('writer', () => input.a.push(3), { inputs: [input] })).toThrow(/changed its input/);
  });
});

describe('stuckProblem and checkPlaysOn', () => {
  // A count to 3: the seat to act adds 1; 3 ends it.
  type Count = { n: number; turn: number };
  const game = {
    id: 'count',
    version: '1',
    seatCount: () => 2,
    defaultConfig: () => null,
    setup: () => ({ n: 0, turn: 0 }),
    toAct: (s: Count) => (s.n >= 3 ? [] : [s.turn]),
    legalActions: (s: Count, seat: number) => (s.n < 3 && seat === s.turn ? [{ type: 'add' }] : []),
    apply: (s: Count) => ({ n: s.n + 1, turn: 1 - s.turn }),
    view: (s: Count) => s,
    outcome: (s: Count) => (s.n >= 3 ? { scores: [0, 0], winners: [], reason: 'three' } : null),
    fromJSON: (json: unknown) => json as Count,
    schemas: { config: Type.Null(), action: Type.Any(), state: Type.Any(), view: Type.Any() },
  };

  it('pass a state that plays on to the end', () => {
    expect(stuckProblem(game, { n: 0, turn: 1 }, 2)).toBeNull();
    expect(checkPlaysOn(game, { n: 0, turn: 0 }, createRng(1), 'start', { steps: 5 })).toEqual({
      n: 3,
      turn: 1,
    });
  });

  it('catch a seat that does not exist, a state that is not JSON and a next state that does not load', () => {
    expect(stuckProblem(game, { n: 0, turn: 5 }, 2)).toMatch(/no such seat/);
    expect(() => checkPlaysOn(game, { n: 0, turn: 0, at: Number.NaN }, createRng(1), 'NaN')).toThrow(
      /not plain JSON/,
    );
    const picky = {
      ...game,
      fromJSON(json: unknown) {
        if ((json as Count).n > 0) throw new InvalidInputError('invalid_state', '$.n', 'too far');
        return json as Count;
      },
    };
    expect(thrownBy(() => checkPlaysOn(picky, { n: 0, turn: 0 }, createRng(1), 'picky'))).toBeInstanceOf(
      FuzzError,
    );
  });
});
