export { IllegalActionError, InvalidInputError, NotationError, TabulaError } from '@tabula/core';
export { Board } from './board.js';
export { type BackgammonGame, backgammonGame, SEAT_NAMES } from './definition.js';
export { drawBoard, MARKS } from './diagram.js';
export { type Dice, RandomDice, RngDice, SeededDice, SequenceDice } from './dice.js';
export {
  type GnubgGameState,
  GnubgGameStateSchema,
  type GnubgId,
  type GnubgIdOptions,
  GnubgIdOptionsSchema,
  type GnubgIdState,
  gnubgIdOf,
  MAX_MATCH_NUMBER,
  type MatchIdFields,
  MatchIdFieldsSchema,
  type MatchIdScore,
  MatchIdScoreSchema,
  matchIdFieldsOf,
  matchIdOf,
  readGnubgId,
  readMatchId,
  stateFromGnubgId,
  writeMatchId,
} from './match-id.js';
export { MET_LENGTH, MET_NAME, matchEquity, postCrawfordEquity, takePoint } from './met.js';
export { KAZAROSS_XG2 } from './met-data.js';
export { Moves, type Play, type Roll } from './moves.js';
export {
  boardAfterText,
  describeAction,
  formatDice,
  formatPlay,
  MAX_NOTATION_LENGTH,
  parseAction,
  parsePlay,
  readPlayText,
} from './notation.js';
export { type PlayCacheStats, playCacheStats, resetPlayCache } from './play-cache.js';
export {
  ActionSchema,
  type ActionType,
  type BackgammonAction,
  type BackgammonConfig,
  type BackgammonState,
  type BackgammonView,
  BoardSchema,
  CHECKERS_PER_SIDE,
  ConfigSchema,
  type Cube,
  CubeSchema,
  DicePairSchema,
  type LogEntry,
  LogEntrySchema,
  type LogType,
  MAX_CUBE,
  type Phase,
  type PositionKind,
  type Resignation,
  type Result,
  type ResultHow,
  type Side,
  StateSchema,
  type Step,
  StepSchema,
  StepsSchema,
  VIEW_LOG_ENTRIES,
  ViewSchema,
  type WrittenMove,
  WrittenMoveSchema,
} from './schemas.js';
export { fromJSON } from './state.js';
export { type Legal, type LiveBackgammonState, Table } from './table.js';
export { renderView, viewFor } from './view.js';
