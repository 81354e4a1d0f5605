export { type AgentPool, type AgentPoolOptions, type AgentTask, openAgentPool } from './agents.js';
export { type AppOptions, buildApp } from './app.js';
export { TableClient, TableSocket } from './client.js';
export { REMOTE_PLAY_USAGE, remotePlay } from './commands/play.js';
export { runUntilSignal, SERVE_USAGE, serve, serveOptions } from './commands/serve.js';
export {
  DEFAULT_SQLITE_FILE,
  type Dialect,
  dropSchema,
  type OpenedDatabase,
  type OpenOptions,
  openDatabase,
} from './db.js';
export { ServerError, TableApi } from './http-client.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { runFullCommandLine, SERVER_COMMANDS, SERVER_USAGE } from './main.js';
export * from './schemas.js';
export { databaseTarget, type ServerOptions, startServer, type TableServer } from './server.js';
export { start } from './start.js';
export { Hall, type HallOptions, newToken, type Subscriber, tokenHash } from './tables.js';
