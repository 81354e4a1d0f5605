import type { AnyGame } from '../contract.js';
import {
  ERROR_CODES,
  IllegalActionError,
  InvalidInputError,
  isErrorCode,
  NotationError,
  TabulaError,
} from '../errors.js';
import { type GameRecord, replay } from '../play.js';
import { createRng, type Rng } from '../rng.js';
import type { Seat } from '../types.js';
import { shown } from '../validate.js';

/**
 * Fuzzing helpers shared by the games' fuzz suites: mutators that turn real
 * data (a saved state, a config, a record) into near misses and garbage, random
 * text for parsers, and the checks every call must pass: it throws only a
 * `TabulaError` of the right class with a code from `ERROR_CODES`, it answers
 * promptly, it leaves its input as it was, and a state it accepts plays on.
 * Everything random draws from a core `Rng`, so a failing case is reproduced
 * by its seed (fast-check reports it). Nothing here depends on fast-check.
 */

/** The error classes of the vocabulary, by the name `ERROR_CODES` gives them. */
const CLASSES = { TabulaError, IllegalActionError, InvalidInputError, NotationError } as const;
export type ErrorClassName = keyof typeof CLASSES;

/** A failed fuzz check: what was called, with what, and what went wrong. */
export class FuzzError extends TabulaError {
  constructor(message: string) {
    super('conformance', message);
  }
}

/**
 * How many runs a fuzz property makes: `runs` in `npm test` (a few seconds),
 * or the number in the environment variable `TABULA_FUZZ_RUNS` for a longer
 * hunt (`TABULA_FUZZ_RUNS=20000 npx vitest run fuzz`).
 */
export function fuzzRuns(runs: number): number {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const wanted = Number(env?.TABULA_FUZZ_RUNS);
  return Number.isSafeInteger(wanted) && wanted > 0 ? wanted : runs;
}

/**
 * What is wrong with an error, or null: it must be a `TabulaError` whose code
 * is in `ERROR_CODES`, of the class the code names (or a subclass), and of one
 * of the `allowed` classes when they are given.
 */
export function errorProblem(error: unknown, allowed?: readonly ErrorClassName[]): string | null {
  if (!(error instanceof TabulaError)) {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return `is not a TabulaError: ${text.slice(0, 300)}`;
  }
  if (!isErrorCode(error.code)) return `has the code "${String(error.code)}", which is not in ERROR_CODES`;
  const [owner] = ERROR_CODES[error.code];
  if (!(error instanceof CLASSES[owner])) {
    return `is a ${error.name} with the code ${error.code}, which belongs to ${owner}`;
  }
  if (allowed !== undefined && !allowed.some((name) => error instanceof CLASSES[name])) {
    return `is a ${error.name} (${error.code}); expected ${allowed.join(' or ')}: ${error.message.slice(0, 200)}`;
  }
  return null;
}

// --- Plain data: copies and comparisons that survive holes, -0 and deep nesting -----------

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

function define(target: Container, key: string, value: unknown): void {
  // defineProperty, not assignment: a key named "__proto__" stays a key.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** One level of a container copied: same prototype, same own keys (holes stay holes). */
function shallowCopy(value: Container): Container {
  const out: Container = Array.isArray(value)
    ? new Array(value.length)
    : (Object.create(Object.getPrototypeOf(value)) as Record<string, unknown>);
  for (const key of Object.keys(value)) define(out, key, (value as Record<string, unknown>)[key]);
  return out;
}

/** A deep copy of plain data, without recursion (deeply nested values copy too). */
export function deepCopy<T>(value: T): T {
  if (!isContainer(value)) return value;
  const root = shallowCopy(value);
  const stack: Container[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (!isContainer(child)) continue;
      const copy = shallowCopy(child);
      define(node, key, copy);
      stack.push(copy);
    }
  }
  return root as T;
}

/**
 * Whether two values are the same plain data: `Object.is` for primitives
 * (so -0 is not 0 and NaN is NaN), the same prototype, the same own keys
 * (a hole is not an `undefined`) and the same values under them. Without
 * recursion, so deeply nested values compare too.
 */
export function sameData(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  for (let pair = stack.pop(); pair !== undefined; pair = stack.pop()) {
    const [x, y] = pair;
    if (!isContainer(x) || !isContainer(y)) {
      if (!Object.is(x, y)) return false;
      continue;
    }
    if (x === y) continue;
    if (Array.isArray(x) !== Array.isArray(y) || Object.getPrototypeOf(x) !== Object.getPrototypeOf(y))
      return false;
    if (Array.isArray(x) && Array.isArray(y) && x.length !== y.length) return false;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(y, key)) return false;
      stack.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

/** JSON text of a value, or null when it has none (too deep, a BigInt, a cycle). */
function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

/**
 * Where a value is not plain JSON, or null when it is: a number that is not
 * finite, a hole or an `undefined` in a list, a BigInt, a function, an object
 * that is not a plain object or a list. (A key whose value is `undefined` is
 * taken as absent, and -0 as 0, as JSON writes them.) Without recursion.
 */
export function jsonProblem(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '$']];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, path] = item;
    if (node === null || typeof node === 'string' || typeof node === 'boolean') continue;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return `${path} is ${node}`;
      continue;
    }
    if (typeof node !== 'object') return `${path} is a ${typeof node}`;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        if (!Object.hasOwn(node, i) || node[i] === undefined) return `${path}[${i}] is a hole or undefined`;
        stack.push([node[i], `${path}[${i}]`]);
      }
      continue;
    }
    const proto = Object.getPrototypeOf(node);
    if (proto !== Object.prototype && proto !== null) return `${path} is not a plain object`;
    for (const key of Object.keys(node)) {
      const child = (node as Record<string, unknown>)[key];
      if (child !== undefined) stack.push([child, `${path}.${key}`]);
    }
  }
  return null;
}

/** A value through JSON, as a save and a load would give it back. */
export function roundTrip<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A short description of a value for a failure message; never throws. */
export function shortText(value: unknown): string {
  return shown(value);
}

// --- Garbage and mutations ---------------------------------------------------------------

/** How deep `deeplyNested` goes by default: far beyond any stack a recursive reader has. */
export const DEEP = 10_000;
/** How long a long string is by default: a quadratic parser takes minutes on it, a linear one milliseconds. */
export const LONG = 200_000;

/** Arrays (or objects, `{ a: ... }`) nested `depth` levels deep around `inner`, built without recursion. */
export function deeplyNested(depth: number = DEEP, kind: 'array' | 'object' = 'array', inner: unknown = 0) {
  let value = inner;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

const NUMBERS = [
  0,
  -0,
  1,
  -1,
  2,
  0.5,
  1.5,
  -2.5,
  7,
  24,
  25,
  100,
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
];

const STRINGS = [
  '',
  ' ',
  'x',
  '0',
  '1',
  '-1',
  '1e3',
  'null',
  'true',
  '__proto__',
  '\u0000',
  '\ud800',
  '🂡',
  'é',
];

/** A random value of any kind: JSON values, their JS-only cousins (holes, undefined, NaN) and monsters. */
export function garbage(rng: Rng, depth = 2): unknown {
  switch (rng.int(0, 13)) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return rng.int(0, 1) === 1;
    case 3:
    case 4:
      return rng.pick(NUMBERS);
    case 5:
      return rng.int(-1000, 1000);
    case 6:
      return rng.pick(STRINGS);
    case 7:
      return garbageText(rng);
    case 8: {
      if (depth <= 0) return [];
      return Array.from({ length: rng.int(0, 4) }, () => garbage(rng, depth - 1));
    }
    case 9: {
      if (depth <= 0) return {};
      const out: Record<string, unknown> = {};
      for (let i = rng.int(0, 4); i > 0; i--)
        define(out, rng.pick([...STRINGS, 'type', 'id', 'a']), garbage(rng, depth - 1));
      return out;
    }
    case 10:
      return sparse(rng);
    case 11:
      return deeplyNested(rng.pick([50, 3000, DEEP]), rng.pick(['array', 'object'] as const));
    case 12:
      return 'x'.repeat(LONG);
    default:
      return Object.create(null);
  }
}

function sparse(rng: Rng, around: readonly unknown[] = [1, 2, 3]): unknown[] {
  const out = new Array(around.length + rng.int(1, 2));
  const hole = rng.int(0, out.length - 1);
  around.forEach((value, i) => {
    if (i !== hole) out[i] = value;
  });
  return out;
}

/**
 * A random path into a value (keys from the root): every place is as likely,
 * up to `limit` places and `maxDepth` levels down, found without recursion.
 */
function randomPath(value: unknown, rng: Rng, limit = 50_000, maxDepth = 64): string[] {
  // Each place as its parent's index and its key, so a long path is not copied for every place.
  const parents: number[] = [-1];
  const keys: string[] = [''];
  const depths: number[] = [0];
  const nodes: unknown[] = [value];
  for (let i = 0; i < nodes.length && nodes.length < limit; i++) {
    const node = nodes[i];
    const depth = depths[i] ?? 0;
    if (!isContainer(node) || depth >= maxDepth) continue;
    for (const key of Object.keys(node)) {
      parents.push(i);
      keys.push(key);
      depths.push(depth + 1);
      nodes.push((node as Record<string, unknown>)[key]);
    }
  }
  const path: string[] = [];
  for (let at = rng.int(0, nodes.length - 1); at > 0; at = parents[at] ?? 0) path.push(keys[at] ?? '');
  return path.reverse();
}

function valueAt(root: unknown, path: readonly string[]): unknown {
  let at = root;
  for (const key of path) at = isContainer(at) ? (at as Record<string, unknown>)[key] : undefined;
  return at;
}

/** A new root with the value at `path` replaced by `change(old, parent)`; copies only the containers on the path. */
function rewrite(
  root: unknown,
  path: readonly string[],
  change: (parent: Container, key: string) => void,
): unknown {
  if (path.length === 0) {
    const holder: Container = [root];
    change(holder, '0');
    return holder.length === 0 ? undefined : holder[0];
  }
  if (!isContainer(root)) return root;
  const top = shallowCopy(root);
  let at: Container = top;
  for (const key of path.slice(0, -1)) {
    const child = (at as Record<string, unknown>)[key];
    if (!isContainer(child)) return top;
    const copy = shallowCopy(child);
    define(at, key, copy);
    at = copy;
  }
  change(at, path[path.length - 1] ?? '');
  return top;
}

/** A value near `old` of the same kind: a number nudged or made extreme, a string edited, a list reshaped. */
function changed(rng: Rng, old: unknown, root: unknown): unknown {
  if (typeof old === 'number') {
    return rng.pick([old + 1, old - 1, -old, old * 2, old + 0.5, rng.pick(NUMBERS), rng.pick(NUMBERS)]);
  }
  if (typeof old === 'string') {
    return rng.pick([
      '',
      `${old}x`,
      old.slice(1),
      old.toUpperCase(),
      old.repeat(3),
      `${old}\u0000`,
      ` ${old} `,
      rng.pick(STRINGS),
      `${old}${'x'.repeat(LONG)}`,
    ]);
  }
  if (typeof old === 'boolean') return !old;
  if (Array.isArray(old)) {
    return rng.pick([
      [],
      old.slice(1),
      [...old].reverse(),
      rng.shuffle(old),
      [...old, ...old],
      sparse(rng, old),
    ]);
  }
  if (isContainer(old)) return {};
  // null or undefined: something taken from elsewhere in the document.
  return valueAt(root, randomPath(root, rng));
}

/** Another type for the same place: a number as text, text as a number, a value wrapped, null. */
function retyped(rng: Rng, old: unknown): unknown {
  return rng.pick([
    null,
    undefined,
    true,
    0,
    '',
    [],
    {},
    [old],
    { value: old },
    typeof old === 'number' ? String(old) : typeof old === 'string' ? Number(old) : 1,
    typeof old === 'bigint' ? old : BigInt(rng.int(0, 9)),
  ]);
}

/** The kinds of change `mutate` makes, each once in a while. */
export const MUTATIONS = [
  'delete',
  'duplicate',
  'change',
  'retype',
  'huge',
  'sparse',
  'deep',
  'long',
  'key',
  'swap',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/**
 * `value` with `count` random changes (never changing `value` itself: only
 * the containers on a changed path are copied): a field deleted, duplicated,
 * changed to a nearby value, given another type, a huge number, a hole in a
 * list, deep nesting, a long string, a strange key (`__proto__`, a copy of a
 * key), or a value swapped in from elsewhere in the document.
 */
export function mutate(value: unknown, rng: Rng, count = 1): unknown {
  let out = value;
  for (let n = 0; n < count; n++) {
    const root = out;
    const path = randomPath(root, rng);
    const kind = rng.pick(MUTATIONS);
    out = rewrite(root, path, (parent, key) => {
      const old = (parent as Record<string, unknown>)[key];
      const set = (v: unknown) => define(parent, key, v);
      switch (kind) {
        case 'delete':
          if (Array.isArray(parent) && rng.int(0, 1) === 0) parent.splice(Number(key), 1);
          else delete (parent as Record<string, unknown>)[key];
          return;
        case 'duplicate':
          if (Array.isArray(parent)) parent.splice(Number(key), 0, deepCopy(old));
          else define(parent, `${key}${rng.pick(['', '2', '_copy'])}`, deepCopy(old));
          return;
        case 'change':
          return set(changed(rng, old, root));
        case 'retype':
          return set(retyped(rng, old));
        case 'huge':
          return set(rng.pick([1e308, -1e308, 2 ** 64, 2 ** 53 + 2, 2147483648, 4294967296, 1e21, 1e9]));
        case 'sparse':
          return set(Array.isArray(old) ? sparse(rng, old) : sparse(rng));
        case 'deep':
          return set(deeplyNested(rng.pick([50, 3000, DEEP]), rng.pick(['array', 'object'] as const), old));
        case 'long':
          return set(
            typeof old === 'string' ? old.repeat(Math.ceil(LONG / (old.length + 1))) : 'x'.repeat(LONG),
          );
        case 'key':
          if (isContainer(old) && !Array.isArray(old)) {
            const copy = shallowCopy(old);
            define(copy, rng.pick(['__proto__', 'constructor', 'toString', '', 'extra']), garbage(rng, 1));
            return set(copy);
          }
          return set(garbage(rng));
        default:
          return set(deepCopy(valueAt(root, randomPath(root, rng))));
      }
    });
  }
  return out;
}

// --- Text ----------------------------------------------------------------------------------

const ODD_TEXT = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  '\ud800',
  '\u202e',
  '１２',
  '٣',
  '1e400',
  '-0',
  '0x10',
  'NaN',
  'Infinity',
  '9'.repeat(400),
  '((((((((((',
  '*/*/*/*/',
];

/**
 * Random text for a parser: odd characters and numbers, runs of the game's
 * own tokens (so the parser gets past its first check), long repetitions of
 * them, and edits of `samples` (valid texts) with characters inserted,
 * deleted or repeated.
 */
export function garbageText(
  rng: Rng,
  tokens: readonly string[] = [],
  samples: readonly string[] = [],
): string {
  const pieces = [...tokens, ...ODD_TEXT, ' ', '/', '(', ')', '*', ',', '-'];
  switch (rng.int(0, 5)) {
    case 0:
      return rng.pick(ODD_TEXT);
    case 1:
      return Array.from({ length: rng.int(1, 12) }, () => rng.pick(pieces)).join('');
    case 2: {
      const unit = Array.from({ length: rng.int(1, 4) }, () => rng.pick(pieces)).join('') || 'x';
      return unit.repeat(Math.ceil(rng.int(1, LONG) / unit.length));
    }
    case 3:
      return Array.from({ length: rng.int(0, 20) }, () => String.fromCharCode(rng.int(0, 0xffff))).join('');
    default: {
      if (samples.length === 0)
        return Array.from({ length: rng.int(1, 8) }, () => rng.pick(pieces)).join(' ');
      let text = rng.pick(samples);
      for (let n = rng.int(1, 3); n > 0; n--) {
        const at = rng.int(0, text.length);
        const edit = rng.int(0, 3);
        if (edit === 0) text = text.slice(0, at) + rng.pick(pieces) + text.slice(at);
        else if (edit === 1) text = text.slice(0, at) + text.slice(at + 1);
        else if (edit === 2) {
          // Repeats stop at LONG characters: three edits in a row would pass V8's longest string.
          const tail = text.slice(at) || 'x';
          const times = Math.min(rng.int(2, 1000), Math.ceil(LONG / tail.length));
          text = text.slice(0, at) + tail.repeat(times);
        } else text = text.slice(0, at) + String.fromCharCode(rng.int(0, 0xffff)) + text.slice(at);
        text = text.slice(0, LONG);
      }
      return text;
    }
  }
}

// --- The checks ------------------------------------------------------------------------------

/** A call's result under `guarded`: the value, or the Tabula error it threw. */
export type Guarded<T> = { ok: true; value: T } | { ok: false; error: TabulaError };

export interface GuardOptions {
  /** The inputs the call must leave as they were (compared as plain data, holes and -0 included). */
  readonly inputs?: readonly unknown[];
  /** The error classes the call may throw (default: any class of the vocabulary). */
  readonly throws?: readonly ErrorClassName[];
  /**
   * A call that spends more CPU time than this fails: a generous bound that
   * catches hangs and quadratic blowups, not a speed test.
   */
  readonly limitMs?: number;
}

/** The default per-call time bound, in milliseconds. */
export const CALL_LIMIT_MS = 2000;

/**
 * The process's CPU time in milliseconds. The bound counts this, not the wall
 * clock, so that a loaded machine, where the test waits for a core, does not
 * make a fast call look like a hang.
 */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Runs `run` under the fuzz checks: if it throws, the error must be a
 * `TabulaError` with a code from `ERROR_CODES`, of the class the code names
 * and one of `throws`; it must return or throw within `limitMs` of CPU time; and the
 * `inputs` must be as they were. Throws `FuzzError` naming `what` otherwise.
 */
export function guarded<T>(what: string, run: () => T, options: GuardOptions = {}): Guarded<T> {
  const inputs = options.inputs ?? [];
  const before = inputs.map(deepCopy);
  const limit = options.limitMs ?? CALL_LIMIT_MS;
  const started = cpuMs();
  let result: Guarded<T>;
  try {
    result = { ok: true, value: run() };
  } catch (error) {
    const wrong = errorProblem(error, options.throws);
    if (wrong !== null) throw new FuzzError(`${what}: the error ${wrong}`);
    result = { ok: false, error: error as TabulaError };
  }
  const took = cpuMs() - started;
  if (took > limit)
    throw new FuzzError(`${what}: took ${Math.round(took)} ms of CPU time (the bound is ${limit} ms)`);
  inputs.forEach((input, i) => {
    if (!sameData(input, before[i])) throw new FuzzError(`${what}: changed its input (argument ${i + 1})`);
  });
  return result;
}

/**
 * What keeps a state from playing on, or null: a live state (no outcome)
 * needs seats to act, each a seat of the game, each with a legal action; a
 * finished one has nobody to act.
 */
export function stuckProblem(game: AnyGame, state: unknown, seats?: number): string | null {
  const toAct = game.toAct(state);
  if (game.outcome(state) !== null)
    return toAct.length > 0 ? `the game is over but seats ${toAct} are to act` : null;
  if (toAct.length === 0) return 'the game is live but no seat is to act';
  for (const seat of toAct) {
    if (!Number.isInteger(seat) || seat < 0 || (seats !== undefined && seat >= seats))
      return `seat ${seat} is to act but there is no such seat`;
    if (game.legalActions(state, seat).length === 0) return `seat ${seat} is to act but has no legal action`;
  }
  return null;
}

export interface PlaysOnOptions {
  /** How many seats the game has, to check the seats to act (default: not checked). */
  readonly seats?: number;
  /** How many actions to play on (default 1). */
  readonly steps?: number;
  readonly limitMs?: number;
}

/**
 * Checks that a state `fromJSON` accepted plays on: it is plain JSON (its
 * JSON text survives a round trip), it is not stuck, and for `steps` actions a
 * random seat to act plays a random legal action, which the rules accept
 * within the time bound, and the state after it loads again through
 * `fromJSON` (the same JSON). Throws `FuzzError` naming `what`.
 */
export function checkPlaysOn(
  game: AnyGame,
  state: unknown,
  rng: Rng,
  what: string,
  options: PlaysOnOptions = {},
): unknown {
  const fail = (message: string): never => {
    throw new FuzzError(`${game.id}: ${what}: ${message}`);
  };
  let current = state;
  for (let step = 0; step < (options.steps ?? 1); step++) {
    const notJson = jsonProblem(current);
    if (notJson !== null) fail(`step ${step}: the state is not plain JSON: ${notJson}`);
    const stuck = stuckProblem(game, current, options.seats);
    if (stuck !== null) fail(`step ${step}: ${stuck}`);
    if (game.outcome(current) !== null) return current;
    const seat: Seat = rng.pick(game.toAct(current));
    const action = rng.pick(game.legalActions(current, seat));
    const played = guarded(
      `${what}: apply ${shortText(action)}`,
      () => game.apply(current, seat, action, rng),
      {
        inputs: [current],
        ...(options.limitMs === undefined ? {} : { limitMs: options.limitMs }),
      },
    );
    if (!played.ok) {
      return fail(`step ${step}: the legal action ${shortText(action)} was refused: ${played.error.message}`);
    }
    const next = played.value;
    const saved = jsonText(next);
    if (saved === null) return fail(`step ${step}: the state after ${shortText(action)} is not JSON`);
    let loaded: unknown;
    try {
      loaded = game.fromJSON(JSON.parse(saved));
    } catch (error) {
      fail(`step ${step}: fromJSON refuses the state after ${shortText(action)}: ${String(error)}`);
    }
    if (jsonText(loaded) !== saved)
      fail(`step ${step}: fromJSON changes the state after ${shortText(action)}`);
    current = next;
  }
  return current;
}

// --- A game's saved states and records under fuzzing ----------------------------------------

/**
 * What the properties every game's fuzz suite shares need: the game, and
 * saved states and records of games it played (as JSON).
 */
export interface GameFuzz<S> {
  /** The game whose `fromJSON` reads the states and whose rules replay the records. */
  readonly game: AnyGame;
  readonly saved: readonly unknown[];
  readonly records: readonly GameRecord[];
  /** Checks that a state the game took plays on (usually `checkPlaysOn` with the game's seats). */
  readonly playsOn: (state: S, rng: Rng, what: string) => void;
}

/** Whether a fuzzed input was taken or refused, for a property to count both. */
export type Taken = 'taken' | 'refused';

/**
 * One case of the property: `fromJSON` of a saved state with `count` random
 * changes (`mutate`, from `seed`) refuses it with an `InvalidInputError`
 * coded invalid_state, promptly and without changing it, or takes it and the
 * state plays on. Throws `FuzzError` otherwise.
 */
export function fuzzSavedState<S>(fuzz: GameFuzz<S>, seed: number, count: number): Taken {
  const rng = createRng(seed);
  const mutant = mutate(rng.pick(fuzz.saved), rng, count);
  const result = guarded(`${fuzz.game.id}: fromJSON of mutant ${seed}`, () => fuzz.game.fromJSON(mutant), {
    inputs: [mutant],
    throws: ['InvalidInputError'],
  });
  if (!result.ok) {
    if (result.error.code !== 'invalid_state')
      throw new FuzzError(`${fuzz.game.id}: fromJSON of mutant ${seed} refused it as ${result.error.code}`);
    return 'refused';
  }
  fuzz.playsOn(result.value as S, rng, `mutant ${seed}`);
  return 'taken';
}

/**
 * One case of the property: a reader of saved states (`read`: a game's
 * `fromJSON`, or another form it reads) refuses `garbage` from `seed` with an
 * `InvalidInputError` coded invalid_state, promptly and without changing it.
 * Throws `FuzzError` otherwise.
 */
export function fuzzGarbageState(read: (value: unknown) => unknown, seed: number, what = 'fromJSON'): void {
  const value = garbage(createRng(seed));
  const result = guarded(`${what} of garbage ${seed}`, () => read(value), {
    inputs: [value],
    throws: ['InvalidInputError'],
  });
  if (result.ok) throw new FuzzError(`${what} took garbage ${seed}: ${shortText(value)}`);
  if (result.error.code !== 'invalid_state')
    throw new FuzzError(`${what} refused garbage ${seed} as ${result.error.code}, not invalid_state`);
}

/**
 * One case of the property: `replay` of a record with `count` random changes
 * (from `seed`) refuses it with an `InvalidInputError`, promptly and without
 * changing it, or replays it to a last state that is plain JSON, loads again
 * through `fromJSON` as the same JSON, and plays on. Throws `FuzzError` otherwise.
 */
export function fuzzRecord<S>(fuzz: GameFuzz<S>, seed: number, count: number): Taken {
  const { game } = fuzz;
  const rng = createRng(seed);
  const record = mutate(rng.pick(fuzz.records), rng, count);
  const what = `${game.id}: replay of mutant ${seed}`;
  const result = guarded(what, () => replay(game, record as GameRecord), {
    inputs: [record],
    throws: ['InvalidInputError'],
  });
  if (!result.ok) return 'refused';
  const last = result.value.at(-1);
  const notJson = jsonProblem(last);
  if (notJson !== null) throw new FuzzError(`${what}: the last state is not plain JSON: ${notJson}`);
  const saved = jsonText(last);
  if (saved === null || jsonText(game.fromJSON(JSON.parse(saved))) !== saved)
    throw new FuzzError(`${what}: fromJSON does not give the last state back`);
  fuzz.playsOn(last as S, rng, `the end of replayed mutant ${seed}`);
  return 'taken';
}
