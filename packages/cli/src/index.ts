export { roundRobin, type Standing, standingsTable } from './commands/tournament.js';
export { main, USAGE } from './main.js';
export { openPool, runJobs, type WorkerPool } from './pool.js';
export { GAMES } from './registry.js';
export { type GameJob, type GameResult, gameSeed, runJob } from './simulation.js';
