import { InvalidInputError } from '@tabula/core';

/** Any value JSON can carry. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** A JSON path one step deeper: `.name` for plain keys, `["2"]` for others, `[3]` for indexes. */
export function child(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  let step = steps.get(key);
  if (step === undefined) {
    step = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    // Paths are built on every read, so the few distinct keys are formatted once.
    if (steps.size < 1000) steps.set(key, step);
  }
  return path + step;
}

const steps = new Map<string, string>();

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads untrusted input and throws the first problem with its path, under one error code. */
export class Reader {
  constructor(readonly code: string) {}

  fail(path: string, message: string): never {
    throw new InvalidInputError(this.code, path, message);
  }

  object(value: unknown, path: string): Record<string, unknown> {
    if (!isPlainObject(value)) this.fail(path, `expected an object, got ${describe(value)}`);
    return value;
  }

  array(value: unknown, path: string): readonly unknown[] {
    if (!Array.isArray(value)) this.fail(path, `expected a list, got ${describe(value)}`);
    return value;
  }

  integer(value: unknown, path: string): number {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      this.fail(path, `expected an integer, got ${describe(value)}`);
    }
    return value;
  }

  string(value: unknown, path: string): string {
    if (typeof value !== 'string') this.fail(path, `expected a string, got ${describe(value)}`);
    return value;
  }

  boolean(value: unknown, path: string): boolean {
    if (typeof value !== 'boolean') this.fail(path, `expected true or false, got ${describe(value)}`);
    return value;
  }

  /** A frozen deep copy of a JSON value; anything JSON cannot carry is refused. */
  json(value: unknown, path: string): JsonValue {
    if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
    if (typeof value === 'number') {
      if (!Number.isFinite(value)) this.fail(path, `expected a finite number, got ${value}`);
      return value;
    }
    if (Array.isArray(value)) return Object.freeze(value.map((v, i) => this.json(v, child(path, i))));
    if (isPlainObject(value)) {
      const out: Record<string, JsonValue> = {};
      for (const [k, v] of Object.entries(value)) setOwn(out, k, this.json(v, child(path, k)));
      return Object.freeze(out);
    }
    return this.fail(path, `expected a JSON value, got ${describe(value)}`);
  }
}

/** Sets a key as an own property, even `__proto__` (a plain assignment would change the prototype). */
export function setOwn(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
