import type { Static, TSchema } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { type ErrorCode, InvalidInputError } from './errors.js';

/** A JSON Pointer (`/board/points/3`) as a readable path (`$.board.points[3]`). */
export function jsonPath(pointer: string): string {
  if (pointer === '') return '$';
  return `$${pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) =>
      /^\d+$/.test(part)
        ? `[${part}]`
        : /^[A-Za-z_$][\w$]*$/.test(part)
          ? `.${part}`
          : `[${JSON.stringify(part)}]`,
    )
    .join('')}`;
}

// Schemas are compiled once, on first use: a compiled check is many times faster than Value.Check.
const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>();

function checkerOf<S extends TSchema>(schema: S): TypeCheck<S> {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = TypeCompiler.Compile(schema);
    compiled.set(schema, check);
  }
  return check as TypeCheck<S>;
}

/** Whether a value matches a schema (a compiled check, cached by schema). */
export function matches<S extends TSchema>(schema: S, value: unknown): value is Static<S> {
  return checkerOf(schema).Check(value);
}

/** The first problem of a value against a schema, as a path and a message; null when it matches. */
export function schemaProblem(schema: TSchema, value: unknown): { path: string; message: string } | null {
  const check = checkerOf(schema);
  if (check.Check(value)) return null;
  const first = check.Errors(value).First();
  return { path: jsonPath(first?.path ?? ''), message: first?.message ?? 'does not match the schema' };
}

/**
 * Checks untrusted data against a schema and returns it typed, or throws
 * `InvalidInputError` naming the first problem and where it is.
 */
export function parseWith<S extends TSchema>(
  schema: S,
  value: unknown,
  what: string,
  code: ErrorCode = 'invalid_input',
): Static<S> {
  const problem = schemaProblem(schema, value);
  if (problem === null) return value as Static<S>;
  throw new InvalidInputError(code, problem.path, `${what} is not valid: ${problem.message}`);
}
