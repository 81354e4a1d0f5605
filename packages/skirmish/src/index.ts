export { skirmishGame } from './definition.js';
export { GameEngine, type PotSummary } from './engine.js';
export { GameOverError, InvalidMoveError, type MoveBy } from './errors.js';
export { GameConfig, type GameConfigOptions } from './game-config.js';
export { type BattleResult, GameState } from './game-state.js';
export { cryptoShuffle, Mt19937, phpShuffle } from './mt19937.js';
export { describeAction, parseAction } from './notation.js';
export {
  fromPhpArray,
  type PhpAbility,
  PhpAbilitySchema,
  type PhpPlanet,
  PhpPlanetSchema,
  type PhpState,
  PhpStateSchema,
  toPhpArray,
} from './php-array.js';
export { Planet, PlanetAbility, type PlanetOptions } from './planet.js';
export {
  type ClassSetBonusRule,
  classSetBonusRule,
  DEFAULT_CLASS_SET_BONUS,
  defaultDeck,
  leaders,
  newGame,
  playCard,
  resolvedBattle,
  scorePlanets,
  scores,
  standardFleet,
} from './rules.js';
export {
  type AbilityParams,
  AbilitySchema,
  ActionSchema,
  type Battle,
  BattleSchema,
  ConfigSchema,
  GameEndReason,
  MAX_FLEET,
  MAX_PLAYERS,
  PlanetAbilityType,
  PlanetClass,
  type PlanetInput,
  PlanetSchema,
  type PlayerView,
  type SkirmishAbility,
  type SkirmishAction,
  type SkirmishConfig,
  type SkirmishPlanet,
  type SkirmishState,
  type SkirmishView,
  StateSchema,
  ViewSchema,
} from './schemas.js';
export {
  type DeckOfShips,
  deckOfShips,
  guarantees,
  handCode,
  type LpSolution,
  type MatrixGameSolution,
  type MixedStrategy,
  maximize,
  type Objective,
  type Opening,
  type PositionSolution,
  positionFromView,
  positionOf,
  type SkirmishSolution,
  SkirmishSolver,
  type SolverPosition,
  solveMatrixGame,
  solveSkirmish,
} from './solver/index.js';
export { fromJSON } from './state.js';
export { renderView, viewFor } from './view.js';
