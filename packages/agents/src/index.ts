export { backgammonAgents, evaluate, heuristicAgent, winChance } from './backgammon.js';
export { randomAgent } from './random.js';
export { type AgentEntry, agentsFor, defaultAgentFor } from './registry.js';
export { bidderAgent, skirmishAgents } from './skirmish.js';
