export { withDefaults } from './commands/config.js';
export { roundRobin, type Standing, standingsTable } from './commands/tournament.js';
export { main, USAGE } from './main.js';
export { openPool, type Played, type PlayJobsOptions, playJobs, runJobs, type WorkerPool } from './pool.js';
export { GAMES } from './registry.js';
export {
  type GameJob,
  type GameResult,
  type GameSummary,
  gameSeed,
  runJob,
  summaryOf,
} from './simulation.js';
