export { randomAgent } from './random.js';
export { type AgentEntry, agentsFor, defaultAgentFor } from './registry.js';
