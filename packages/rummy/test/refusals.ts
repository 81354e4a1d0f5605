import { TabulaError } from '@tabula/core';
import { expect } from 'vitest';
import type { Refused } from '../src/errors.js';

/**
 * A refusal returned as a value says what the throwing API throws: the same
 * class, code, message and fields (`rule`, `card`, `text`, `path`), and its
 * own `code` and `message` agree without building the error.
 */
export function expectSameError(refusal: Refused, thrown: unknown): void {
  expect(thrown).toBeInstanceOf(TabulaError);
  const error = thrown as TabulaError;
  expect(refusal.ok).toBe(false);
  expect(refusal).not.toBeInstanceOf(Error);
  expect(refusal.code).toBe(error.code);
  expect(refusal.message).toBe(error.message);
  const made = refusal.toError();
  expect(made.constructor).toBe(error.constructor);
  expect({ ...made, message: made.message }).toEqual({ ...error, message: error.message });
}

/** A copy of the list with a hole at `at` (JSON would write it as null; `for ... of` gives undefined). */
export function withHole<T>(list: readonly T[], at: number): T[] {
  const copy = list.slice();
  delete copy[at];
  return copy;
}
