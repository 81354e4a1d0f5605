export {
  assertCardString,
  type Back,
  Card,
  type CardLike,
  cardPenalty,
  cardText,
  cardValue,
  compareForDisplay,
  faceOf,
  isCardString,
  isJokerString,
  parseCardList,
  type Rank,
  type Suit,
  type ToStringOptions,
} from './card.js';
export {
  configRules,
  createRummyGame,
  type RummyAction,
  type RummyConfig,
  type RummyGameOptions,
  rummyGame,
} from './definition.js';
export {
  DuplicatePlayerError,
  IllegalMoveError,
  InvalidCardError,
  InvalidMeldError,
  InvalidRulesError,
  type MeldRule,
  NotYourTurnError,
  RummyError,
  UnknownPlayerError,
} from './errors.js';
export { type DealOptions, type FromJSONOptions, Game, type GameStatus, type GameView } from './game.js';
export { Hand, handPenalty } from './hand.js';
export { Group, Meld, type MeldOptions, Run, sameCards } from './meld.js';
export {
  assertMeld,
  guessMeldKind,
  isValidMeld,
  MAX_GROUP_LENGTH,
  MAX_RUN_LENGTH,
  type MeldCheck,
  type MeldKind,
  MIN_MELD_LENGTH,
  meldPoints,
  meldValues,
  scoreMeld,
  settleMeld,
  sortRun,
  type TableMeld,
  validateMeld,
} from './meld-check.js';
export { Player, type PlayerJSON } from './player.js';
export {
  checkTurn,
  cloneRound,
  deal,
  draw,
  type LayoutMeld,
  pass,
  play,
  type RoundState,
  type RoundStatus,
  roundScores,
  settleLayout,
  shuffledDeck,
  stalemateWinner,
} from './round.js';
export { createDeck, DEFAULT_RULES, Rules, type RulesConfig } from './rules.js';
export {
  DEFAULT_MAX_MOVES,
  DEFAULT_MAX_PLAYS,
  DEFAULT_SEARCH_NODES,
  type FoundPlay,
  findPlays,
  findPlaysFrom,
  MAX_BORROWED,
  MAX_JOKERS_PER_MELD,
  type SearchLimits,
  type SearchPosition,
} from './search.js';
export { type GameJSON, parseGameJSON, parseRoundState, parseRules } from './serialize.js';
export {
  type NoPlaySolution,
  type PlaySolution,
  type Solution,
  type SolveOptions,
  type SolvePosition,
  type SolveStats,
  solve,
} from './solver/solve.js';
export { newMeldPositions, Table } from './table.js';
export { type RoundView, viewRound } from './view.js';
