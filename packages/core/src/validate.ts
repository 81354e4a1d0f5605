import { Kind, type Static, type TSchema, type TUnsafe, Type, TypeRegistry } from '@sinclair/typebox';
import { type TypeCheck, TypeCompiler } from '@sinclair/typebox/compiler';
import { type ValueError, ValueErrorType } from '@sinclair/typebox/errors';
import { type ErrorCode, IllegalActionError, InvalidInputError } from './errors.js';

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

// The first error of a union (a nullable field, one of several actions) only says that no variant
// fits. The variant with the fewest problems is most likely the one meant (the action of the same
// type, the non-null value), and its deepest first problem says what is wrong inside the value.
function deepest(error: ValueError): ValueError {
  let best = error;
  let fewest = Number.POSITIVE_INFINITY;
  for (const variant of error.errors) {
    const problems = [...variant];
    const [first] = problems;
    if (first === undefined) continue;
    const inner = deepest(first);
    if (problems.length < fewest || (problems.length === fewest && inner.path.length > best.path.length)) {
      best = inner;
      fewest = problems.length;
    }
  }
  // A union of values (an enum) fails at its own path: its own error is the clearer one.
  return best.path.length > error.path.length ? best : error;
}

/**
 * A value for a message, as JSON cut short to 60 characters. Never throws,
 * and never writes more than a bounded amount: a value JSON cannot write
 * (nested too deep, a BigInt, an object without a prototype's `toString`) or
 * with more than 10,000 places (a sparse list of a hundred million holes,
 * say) is named by its kind.
 */
export function shown(value: unknown): string {
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'object' && value !== null && !fewPlaces(value, SHOWN_PLACES)) {
    return Array.isArray(value) ? `a list of ${value.length} items` : 'an object';
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'nothing';
  } catch {
    text = Array.isArray(value) ? 'a list' : typeof value === 'object' ? 'an object' : `a ${typeof value}`;
  }
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** How many places (list items, object keys) `shown` writes out before it only names the kind of value. */
const SHOWN_PLACES = 10_000;

/**
 * Whether JSON text of a value has at most `budget` places (a hole of a list
 * counts: JSON writes it as null), found without recursion. A sparse list of
 * 2^32 - 1 holes takes no memory, but its text would take gigabytes.
 */
function fewPlaces(value: object, budget: number): boolean {
  const stack: unknown[] = [value];
  let left = budget;
  for (let node = stack.pop(); node !== undefined || stack.length > 0; node = stack.pop()) {
    if (typeof node !== 'object' || node === null) continue;
    const items: readonly unknown[] = Array.isArray(node) ? node : Object.values(node);
    left -= items.length;
    if (left < 0) return false;
    for (const item of items) stack.push(item);
  }
  return true;
}

// The values a schema allows when it is a union of constants (with null), or null when it is not.
function constants(schema: TSchema): unknown[] | null {
  if ('const' in schema) return [schema.const];
  if (schema.type === 'null') return [null];
  if (!Array.isArray(schema.anyOf)) return null;
  const values: unknown[] = [];
  for (const variant of schema.anyOf as TSchema[]) {
    const inner = constants(variant);
    if (inner === null) return null;
    values.push(...inner);
  }
  return values;
}

/** Any JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Whether a value is JSON nested at most `maxDepth` deep: null, a boolean, a
 * finite number, a string, a list without holes, or a plain object (any keys)
 * of such values; never `undefined`, a BigInt, a function or a class
 * instance (a `Map`, a `Date`). Checked without recursion, so no value
 * overflows the stack.
 */
export function isJsonValue(value: unknown, maxDepth: number): value is JsonValue {
  const stack: [unknown, number][] = [[value, 0]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node === 'string' || typeof node === 'boolean') continue;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return false;
      continue;
    }
    if (typeof node !== 'object' || depth >= maxDepth) return false;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (!Object.hasOwn(node, i)) return false;
        stack.push([node[i], depth + 1]);
      }
    } else {
      const proto = Object.getPrototypeOf(node);
      if (proto !== Object.prototype && proto !== null) return false;
      for (const inner of Object.values(node)) stack.push([inner, depth + 1]);
    }
  }
  return true;
}

const JSON_VALUE = 'JsonValue';
TypeRegistry.Set<{ readonly maxDepth: number }>(JSON_VALUE, (schema, value) =>
  isJsonValue(value, schema.maxDepth),
);

/**
 * A TypeBox schema of any JSON value nested at most `maxDepth` deep (lists and
 * objects count a level each), for the free-form parts of a shape (ability
 * params, say). A recursive schema would check a value nested thousands deep
 * by recursion and overflow the stack; this one checks without recursion and
 * refuses what is nested too deep. As JSON Schema it reads as any value, with
 * the bound in its description.
 */
export function JsonValueSchema(maxDepth = 32): TUnsafe<JsonValue> {
  return Type.Unsafe<JsonValue>({
    [Kind]: JSON_VALUE,
    maxDepth,
    description: `any JSON value nested at most ${maxDepth} deep`,
  });
}

function messageOf(error: ValueError): string {
  if (error.type === ValueErrorType.Kind && typeof error.schema.description === 'string')
    return `Expected ${error.schema.description}`;
  const values = Array.isArray(error.schema.anyOf) ? constants(error.schema) : null;
  return values === null
    ? error.message
    : `Expected one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
}

/**
 * The first problem of a value against a schema, as a path and a message
 * naming what was found; null when it matches. Inside a union it names the
 * deepest problem, so `{ dice: [7, 1] }` fails at `$.dice[0]`, not at `$.dice`.
 */
export function schemaProblem(schema: TSchema, value: unknown): { path: string; message: string } | null {
  const check = checkerOf(schema);
  if (check.Check(value)) return null;
  const first = check.Errors(value).First();
  if (first === undefined) return { path: '$', message: 'does not match the schema' };
  const error = deepest(first);
  return { path: jsonPath(error.path), message: `${messageOf(error)}, got ${shown(error.value)}` };
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

/**
 * Checks an action from outside against a game's action schema, once, at the
 * edge (a game's `apply`): throws `IllegalActionError` (`invalid_action`)
 * naming the first problem and where it is.
 */
export function checkAction<S extends TSchema>(
  schema: S,
  action: unknown,
  game: string,
): asserts action is Static<S> {
  const problem = schemaProblem(schema, action);
  if (problem === null) return;
  throw new IllegalActionError(
    'invalid_action',
    `${shown(action)} is not a ${game} action: ${problem.path}: ${problem.message}`,
  );
}
