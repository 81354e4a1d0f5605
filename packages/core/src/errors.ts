/**
 * The base of every error Tabula throws on purpose. `code` is stable (callers
 * and other programs branch on it); `message` is for people and may change.
 */
export class TabulaError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** An action that the rules refuse in the given state. The state is left as it was. */
export class IllegalActionError extends TabulaError {}

/** Untrusted input (a saved state, a config, a record) that does not have the right shape. */
export class InvalidInputError extends TabulaError {
  /** Where in the input the first problem is, as a JSON path such as `$.board.points[3]`. */
  readonly path: string;

  constructor(code: string, path: string, message: string) {
    super(code, `${path}: ${message}`);
    this.path = path;
  }
}
