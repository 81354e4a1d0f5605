export {
  type AnalyseOptions,
  analyseRecord,
  analyserFor,
  type DecisionAnalysis,
  DecisionAnalysisSchema,
  type DecisionContext,
  type GameAnalyser,
  type GameAnalysis,
  GameAnalysisSchema,
  type Judgement,
  type PlayerSummary,
  PlayerSummarySchema,
  summarise,
} from './analysis.js';
export {
  type AnalysisPlies,
  type BackgammonAnalyserOptions,
  type BackgammonChances,
  type BackgammonEvaluator,
  backgammonAnalyser,
  CUBE_EFFICIENCY,
  type CubeOwnership,
  heuristicEvaluator,
  janowskiEquity,
  neuralEvaluator,
} from './analysis-backgammon.js';
export { type RummyAnalyserOptions, rummyAnalyser } from './analysis-rummy.js';
export { DEFAULT_ROLLOUTS, type SkirmishAnalyserOptions, skirmishAnalyser } from './analysis-skirmish.js';
