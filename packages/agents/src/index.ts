export type { AgentEntry } from './agent-entry.js';
export * from './analysis-exports.js';
export { backgammonAgents, evaluate, heuristicAgent, winChance } from './backgammon.js';
export {
  type CubeEvaluation,
  cubeStateOf,
  evaluateCube,
  evaluatePlays,
  neuralAgent,
  type PlayEvaluation,
  pubevalAgent,
  type Situation,
  type StrengthName,
  shippedEvaluator,
} from './neural/bot.js';
export {
  type CubeDecision,
  type CubeState,
  cubeDecision,
  cubefulMoneyEquity,
  type MatchScore,
} from './neural/cube.js';
export { type Filter, STRENGTHS, type Strength } from './neural/search.js';
export { randomAgent } from './random.js';
export { agentsFor, defaultAgentFor } from './registry.js';
export { greedyRummyAgent, laidBy, rummyAgents } from './rummy.js';
export { type SolverRummyAgentOptions, solverRummyAgent } from './rummy-solver.js';
export { bidderAgent, skirmishAgents } from './skirmish.js';
