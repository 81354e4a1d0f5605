export { IllegalActionError, InvalidInputError, NotationError, TabulaError } from '@tabula/core';
export { Board } from './board.js';
export { charge, formatTime, startReserves, timeLeft } from './clock.js';
export { type BackgammonGame, backgammonGame, SEAT_NAMES } from './definition.js';
export { drawBoard, MARKS } from './diagram.js';
export { type Dice, RandomDice, RngDice, SeededDice, SequenceDice } from './dice.js';
export {
  MAX_MAT_FILE_LENGTH,
  MAX_MAT_LINE_LENGTH,
  type MatFile,
  type MatReadOptions,
  type MatWriteOptions,
  MatWriteOptionsSchema,
  readMatFile,
  writeMatFile,
} from './mat.js';
export { isMatch, type LiveMatchState, Match } from './match.js';
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
export {
  configProblem,
  gamePoints,
  isCrawfordGame,
  isPostCrawford,
  jacobyApplied,
  matchResult,
  playsMatch,
  sessionGames,
} from './match-rules.js';
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
  type ClockConfig,
  ClockConfigSchema,
  ConfigSchema,
  type Cube,
  CubeSchema,
  DicePairSchema,
  ElapsedSchema,
  GameStateSchema,
  type LogEntry,
  LogEntrySchema,
  type LogType,
  MAX_CLOCK_MS,
  MAX_CUBE,
  MAX_MATCH_LENGTH,
  MAX_SESSION_GAMES,
  type MatchEnd,
  MatchEndSchema,
  type MatchGame,
  MatchGameSchema,
  type MatchInfo,
  type MatchResult,
  MatchResultSchema,
  MatchSchema,
  type MatchState,
  MatchStateSchema,
  type MatchView,
  MatchViewSchema,
  type MoneyConfig,
  MoneyConfigSchema,
  type Phase,
  type PositionKind,
  type Resignation,
  type Result,
  type ResultHow,
  type Score,
  ScoreSchema,
  type SheetRow,
  SheetRowSchema,
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
