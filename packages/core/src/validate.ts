import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { InvalidInputError } from './errors.js';

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

/**
 * Checks untrusted data against a schema and returns it typed, or throws
 * `InvalidInputError` naming the first problem and where it is.
 */
export function parseWith<S extends TSchema>(
  schema: S,
  value: unknown,
  what: string,
  code = 'invalid_input',
): Static<S> {
  if (Value.Check(schema, value)) return value as Static<S>;
  const first = Value.Errors(schema, value).First();
  const path = jsonPath(first?.path ?? '');
  throw new InvalidInputError(
    code,
    path,
    `${what} is not valid: ${first?.message ?? 'does not match the schema'}`,
  );
}
