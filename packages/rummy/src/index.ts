export {
  assertCardString,
  type Back,
  Card,
  type CardLike,
  cardListText,
  cardPenalty,
  cardsText,
  cardText,
  cardValue,
  compareForDisplay,
  faceOf,
  isCardString,
  isJokerString,
  MAX_TEXT_LENGTH,
  parseCardList,
  RANKS,
  type Rank,
  SUITS,
  type Suit,
  type ToStringOptions,
} from './card.js';
export { configRules, createRummyGame, type RummyGameOptions, rummyGame } from './definition.js';
export {
  DuplicatePlayerError,
  InvalidCardError,
  InvalidMeldError,
  InvalidRulesError,
  MELD_RULES,
  type MeldRule,
  NotYourTurnError,
  Refusal,
  type Refused,
  UnknownPlayerError,
} from './errors.js';
export { type DealOptions, type FromJSONOptions, Game } from './game.js';
export { Hand, handPenalty } from './hand.js';
export {
  assertMeld,
  Group,
  guessMeldKind,
  isValidMeld,
  MAX_GROUP_LENGTH,
  MAX_RUN_LENGTH,
  Meld,
  type MeldCheck,
  type MeldOptions,
  MeldRefusal,
  type MeldResult,
  MIN_MELD_LENGTH,
  meldPoints,
  meldValues,
  Run,
  sameCards,
  scoreMeld,
  settleMeld,
  sortRun,
  validateMeld,
} from './meld.js';
export { describeAction, parseAction } from './notation.js';
export { Player } from './player.js';
export * as Round from './round.js';
export { copiesInDeck, createDeck, DEFAULT_RULES, Rules } from './rules.js';
export {
  ActionSchema,
  CardSchema,
  ConfigSchema,
  type GameJSON,
  GameSchema,
  type GameStatus,
  type GameView,
  GameViewSchema,
  type LayoutMeld,
  LayoutSchema,
  MAX_CARDS,
  MAX_DECKS,
  MAX_HAND_SIZE,
  MAX_JOKERS,
  MAX_PLAYERS,
  MAX_POINTS,
  type MeldKind,
  type PlayerJSON,
  PlayerSchema,
  type RoundStatus,
  type RulesConfig,
  RulesSchema,
  type RummyAction,
  type RummyConfig,
  type RummyState,
  type RummyView,
  StateSchema,
  type TableMeld,
  TableMeldSchema,
  ViewSchema,
} from './schemas.js';
export {
  DEFAULT_MAX_MOVES,
  DEFAULT_MAX_PLAYS,
  DEFAULT_SEARCH_NODES,
  type FoundPlay,
  findPlays,
  findPlaysFrom,
  type SearchLimits,
  type SearchPosition,
} from './search.js';
export { MAX_BORROWED, MAX_JOKERS_PER_MELD } from './search-moves.js';
export {
  DEFAULT_SOLVE_STEPS,
  type NoPlaySolution,
  type PlaySolution,
  type Solution,
  type SolveOptions,
  type SolvePosition,
  type SolveStats,
  solve,
} from './solver/solve.js';
export { MAX_JSON_TEXT_LENGTH } from './state.js';
export { newMelds, Table, type TableResult } from './table.js';
export { drawnSince, renderView, viewFor } from './view.js';
