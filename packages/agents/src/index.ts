export type { AgentEntry } from './agent-entry.js';
export * from './analysis-exports.js';
export { backgammonAgents, evaluate, heuristicAgent, winChance } from './backgammon.js';
export { randomAgent } from './random.js';
export { agentsFor, defaultAgentFor } from './registry.js';
export { greedyRummyAgent, laidBy, rummyAgents } from './rummy.js';
export { type SolverRummyAgentOptions, solverRummyAgent } from './rummy-solver.js';
export { bidderAgent, skirmishAgents } from './skirmish.js';
