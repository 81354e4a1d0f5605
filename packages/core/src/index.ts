export { IllegalActionError, InvalidInputError, TabulaError } from './errors.js';
export { createRng, isRngState, type Rng, type RngState, type Seed } from './rng.js';
export type { DeepReadonly, Seat } from './types.js';
