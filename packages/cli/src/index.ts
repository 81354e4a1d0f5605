export { intFlag, parseCommand } from './args.js';
export { bundleFromSource } from './bundle.js';
export { withDefaults } from './commands/config.js';
export { PLAY_USAGE, play } from './commands/play.js';
export { type PlayJobs, SIMULATE_USAGE, simulate, simulateWith } from './commands/simulate.js';
export { roundRobin, type Standing, standingsTable } from './commands/tournament.js';
export { EngineSession, serveEngine } from './engine.js';
export { UsageError } from './errors.js';
export { ExternalAgent } from './external.js';
export { humanAgent, Quit, type Terminal } from './human.js';
export { type Keyboard, processKeyboard, readLines } from './lines.js';
export { COMMANDS, type Command, main, runCommandLine, USAGE } from './main.js';
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
