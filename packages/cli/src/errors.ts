import { TabulaError } from '@tabula/core';

/** A mistake in how the command was called: one line, exit code 2. */
export class UsageError extends TabulaError {
  constructor(message: string) {
    super('usage', message);
  }
}
