export { roundRobin, type Standing, standingsTable } from './commands/tournament.js';
export { EngineSession, serveEngine } from './engine.js';
export { ExternalAgent } from './external.js';
export { main, USAGE } from './main.js';
export { openPool, type Played, type PlayJobsOptions, playJobs, runJobs, type WorkerPool } from './pool.js';
export { PROTOCOL_VERSION, protocolDocument } from './protocol.js';
export { GAMES } from './registry.js';
export {
  type GameJob,
  type GameResult,
  type GameSummary,
  gameSeed,
  runJob,
  summaryOf,
} from './simulation.js';
