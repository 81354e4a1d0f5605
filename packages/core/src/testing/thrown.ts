/**
 * The error a call throws, for tests that expect a refusal. With `type`, the
 * error must be one of that class. It throws itself when the call returns, or
 * throws something else, so that such a test fails.
 */
export function thrownBy(run: () => unknown): unknown;
export function thrownBy<E>(run: () => unknown, type: abstract new (...args: never[]) => E): E;
export function thrownBy<E>(run: () => unknown, type?: abstract new (...args: never[]) => E): unknown {
  try {
    run();
  } catch (error) {
    if (type !== undefined && !(error instanceof type)) {
      throw new Error(`expected a ${type.name}, got ${String(error)}`, { cause: error });
    }
    return error;
  }
  throw new Error(type === undefined ? 'expected an error' : `expected a ${type.name}`);
}
