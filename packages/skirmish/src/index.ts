export {
  gameConfigOf,
  type PlanetInput,
  type SkirmishConfig,
  type SkirmishGameView,
  skirmishGame,
} from './definition.js';
export { type BattleJSON, parseSkirmishState, type SkirmishState } from './definition-state.js';
export { GameEngine, type PotSummary } from './engine.js';
export { GameEndReason, PlanetAbilityType, PlanetClass } from './enums.js';
export { GameOverError, InvalidMoveError } from './errors.js';
export { GameConfig, type GameConfigOptions } from './game-config.js';
export { GameState, type GameStateData, type GameStateJSON } from './game-state.js';
export type { JsonValue } from './json.js';
export { cryptoShuffle, Mt19937, phpShuffle } from './mt19937.js';
export {
  describeAction,
  NotationError,
  parsePlay,
  type RenderableView,
  renderView,
  type SkirmishAction,
} from './notation.js';
export {
  type AbilityParams,
  type ClassSetBonusRule,
  DEFAULT_CLASS_SET_BONUS,
  Planet,
  PlanetAbility,
  type PlanetAbilityJSON,
  type PlanetJSON,
  type PlanetOptions,
} from './planet.js';
export { scorePlanets } from './rules.js';
export {
  ActionSchema,
  BattleSchema,
  ConfigSchema,
  PlanetSchema,
  StateSchema,
  ViewSchema,
} from './schemas.js';
export { type PlayerView, type SkirmishView, viewFor } from './view.js';
