import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { InvalidInputError } from './errors.js';
import { deeplyNested, guarded } from './testing/fuzz.js';
import { isJsonValue, JsonValueSchema, matches, parseWith, schemaProblem, shown } from './validate.js';

describe('isJsonValue', () => {
  it('takes JSON values nested up to the bound', () => {
    for (const value of [
      null,
      true,
      0,
      -1.5,
      '',
      'x',
      [],
      {},
      [1, 'a', null],
      { a: { b: [1, { c: false }] } },
    ])
      expect(isJsonValue(value, 32), JSON.stringify(value)).toBe(true);
    expect(isJsonValue(Object.create(null), 1)).toBe(true);
    expect(isJsonValue([[1]], 2)).toBe(true);
    expect(isJsonValue([[[[1]]]], 2)).toBe(false);
    expect(isJsonValue({ a: { b: 1 } }, 1)).toBe(false);
    expect(isJsonValue(7, 0)).toBe(true);
    expect(isJsonValue([], 0)).toBe(false);
  });

  it('refuses what JSON cannot hold: undefined, holes, NaN, BigInt, functions, class instances', () => {
    for (const value of [
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2n,
      () => 1,
      Symbol('s'),
      // biome-ignore lint/suspicious/noSparseArray: a hole is what is checked
      [1, , 3],
      [undefined],
      { a: undefined },
      { a: [1, 2n] },
      new Map(),
      new Date(0),
    ])
      expect(isJsonValue(value, 32), String(value)).toBe(false);
  });

  it('reads a value nested far beyond the stack without recursion', () => {
    for (const kind of ['array', 'object'] as const) {
      const deep = deeplyNested(100_000, kind);
      expect(guarded(`isJsonValue of ${kind}s`, () => isJsonValue(deep, 32))).toEqual({
        ok: true,
        value: false,
      });
      expect(isJsonValue(deep, 200_000)).toBe(true);
    }
  });
});

describe('JsonValueSchema', () => {
  const Params = Type.Object({ name: Type.String(), params: Type.Record(Type.String(), JsonValueSchema(3)) });

  it('checks free-form JSON inside a schema, to its depth bound', () => {
    expect(matches(Params, { name: 'a', params: { x: [1, { y: 'z' }] } })).toBe(true);
    expect(matches(Params, { name: 'a', params: { x: [[[[1]]]] } })).toBe(false);
    expect(matches(Params, { name: 'a', params: { x: 1n } })).toBe(false);
  });

  it('names the bound and the path when it refuses', () => {
    expect(schemaProblem(Params, { name: 'a', params: { x: [[[[1]]]] } })).toEqual({
      path: '$.params.x',
      message: 'Expected any JSON value nested at most 3 deep, got [[[[1]]]]',
    });
    const error = guarded('parseWith', () =>
      parseWith(Params, { name: 'a', params: { x: deeplyNested() } }, 'A thing'),
    );
    expect(error.ok === false && error.error).toBeInstanceOf(InvalidInputError);
    expect(error.ok === false && error.error.code).toBe('invalid_input');
  });

  it('reads as any value in JSON Schema, with the bound in its description', () => {
    expect(JSON.parse(JSON.stringify(JsonValueSchema(5)))).toEqual({
      maxDepth: 5,
      description: 'any JSON value nested at most 5 deep',
    });
  });
});

describe('shown', () => {
  it('writes a value as JSON cut short', () => {
    expect(shown([1, 'a'])).toBe('[1,"a"]');
    expect(shown(-0)).toBe('-0');
    expect(shown('x'.repeat(100))).toBe(`"${'x'.repeat(56)}...`);
    expect(shown(deeplyNested())).toBe('a list');
  });

  it('names a value with too many places by its kind, at once (a sparse list of 1e8 holes took a minute)', () => {
    for (const length of [1e8, 2 ** 32 - 1]) {
      const result = guarded('shown', () => shown(new Array(length)), { limitMs: 200 });
      expect(result).toEqual({ ok: true, value: `a list of ${length} items` });
      expect(guarded('shown', () => shown({ a: new Array(length) }), { limitMs: 200 })).toEqual({
        ok: true,
        value: 'an object',
      });
    }
  });
});
