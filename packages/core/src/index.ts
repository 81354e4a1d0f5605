export type {
  ActionOf,
  Agent,
  AgentContext,
  AnyGame,
  ConfigOf,
  GameDefinition,
  GameSchemas,
  Outcome,
  StateOf,
  ViewOf,
} from './contract.js';
export {
  AgentFailedError,
  ERROR_CODES,
  type ErrorCode,
  IllegalActionError,
  InvalidInputError,
  isErrorCode,
  NotationError,
  readUnder,
  TabulaError,
} from './errors.js';
export {
  type Forfeit,
  forfeitOutcome,
  type GameRecord,
  gameStreams,
  type PlayOptions,
  playGame,
  type RecordedAction,
  replay,
} from './play.js';
export { GameRecordSchema, type SpectatorRecord, SpectatorRecordSchema } from './record-schema.js';
export { createRng, isRngState, type Rng, type RngState, type Seed } from './rng.js';
export type { DeepReadonly, Seat } from './types.js';
export {
  checkAction,
  isJsonValue,
  type JsonValue,
  JsonValueSchema,
  jsonPath,
  matches,
  parseWith,
  schemaProblem,
  shown,
} from './validate.js';
