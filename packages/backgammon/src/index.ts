export { IllegalActionError, InvalidInputError, TabulaError } from '@tabula/core';
export { Board, CHECKERS_PER_SIDE, type PositionKind, type Side } from './board.js';
export { drawBoard, MARKS } from './diagram.js';
export { type Dice, RandomDice, SeededDice, SequenceDice } from './dice.js';
export { Moves, type Play, type Roll, type Step } from './moves.js';
export { formatDice, formatPlay } from './notation.js';
export { type PlayCacheStats, playCacheStats, resetPlayCache } from './play-cache.js';
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
