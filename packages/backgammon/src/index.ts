export { IllegalActionError, InvalidInputError, TabulaError } from '@tabula/core';
export { Board, CHECKERS_PER_SIDE, type PositionKind, type Side } from './board.js';
export { type BackgammonGame, type BackgammonView, backgammonGame, SEAT_NAMES } from './definition.js';
export { describeAction, parseTypedAction, renderView } from './definition-text.js';
export { drawBoard, MARKS } from './diagram.js';
export { type Dice, RandomDice, RngDice, SeededDice, SequenceDice } from './dice.js';
export { Moves, type Play, type Roll, type Step } from './moves.js';
export {
  boardAfterText,
  formatDice,
  formatPlay,
  parsePlay,
  readPlayText,
  type WrittenMove,
} from './notation.js';
export { type PlayCacheStats, playCacheStats, resetPlayCache } from './play-cache.js';
export {
  ActionSchema,
  BoardSchema,
  ConfigSchema,
  LogEntrySchema,
  StateSchema,
  StepSchema,
  VIEW_LOG_ENTRIES,
  ViewSchema,
} from './schemas.js';
export { type LiveTableState, Table } from './table.js';
export type {
  Action,
  ActionType,
  Cube,
  Legal,
  LogEntry,
  LogType,
  Phase,
  Resignation,
  ResignKind,
  Result,
  ResultHow,
  TableConfig,
  TableState,
} from './table-state.js';
export { MAX_CUBE } from './table-state.js';
