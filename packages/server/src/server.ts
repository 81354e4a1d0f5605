import { setFlagsFromString } from 'node:v8';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { type AgentPoolOptions, openAgentPool } from './agents.js';
import { buildApp } from './app.js';
import { Cluster, type ClusterOptions } from './cluster.js';
import { DEFAULT_SQLITE_FILE, type OpenedDatabase, openDatabase } from './db.js';
import type { Limits } from './limits.js';
import { Hall } from './tables.js';

export interface ServerOptions {
  /** A SQLite file, `:memory:`, or a PostgreSQL URL; default `DATABASE_URL`, else `data/tabula.db`. */
  readonly db?: string;
  /** PostgreSQL only: a schema of the server's own (tests use one a run). */
  readonly schema?: string;
  /** Default 8080; 0 picks a free port. */
  readonly port?: number;
  /** Default 127.0.0.1. */
  readonly host?: string;
  readonly logger?: FastifyServerOptions['logger'];
  readonly limits?: Partial<Limits>;
  readonly agents?: AgentPoolOptions & { readonly budgetMs?: number };
  /** SQLite only: `full` to sync each commit to disk (see `openDatabase`). */
  readonly synchronous?: 'normal' | 'full';
  /** A directory of static files served at `/`: the built browser client. */
  readonly web?: string;
  /** One node of several (PostgreSQL only): Redis, the node's name, and its timings (cluster.ts). */
  readonly cluster?: ClusterOptions;
}

export interface TableServer {
  readonly app: FastifyInstance;
  /** `http://host:port`. */
  readonly url: string;
  readonly database: OpenedDatabase;
  /** Stops taking connections, lets actions under way commit, then closes the workers and the database. */
  close(): Promise<void>;
}

/** Where the server keeps its tables: `--db`, else `DATABASE_URL`, else the SQLite file under ./data/. */
export function databaseTarget(db?: string): string {
  return db ?? process.env.DATABASE_URL ?? DEFAULT_SQLITE_FILE;
}

/** Opens the database, resumes every table, and listens. */
export async function startServer(options: ServerOptions = {}): Promise<TableServer> {
  // V8 moves the objects made at one place in the code straight to its old generation once most
  // of them have outlived a young collection. The engines' short-lived data trips it now and then
  // (backgammon's plays, which the play cache keeps a few milliseconds): from then on, each of them
  // waits for a full collection to be freed, and the whole server ran a third slower (load bench:
  // 280-330 µs of CPU an action against 190-220) in about one start of four.
  setFlagsFromString('--no-allocation-site-pretenuring');
  const database = await openDatabase({
    target: databaseTarget(options.db),
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.synchronous === undefined ? {} : { synchronous: options.synchronous }),
  });
  let agents: Awaited<ReturnType<typeof openAgentPool>> | null = null;
  let cluster: Cluster | null = null;
  try {
    cluster = options.cluster === undefined ? null : new Cluster(database, options.cluster);
    agents = await openAgentPool(options.agents);
    const hall = await Hall.open(database, {
      agents,
      ...(cluster === null ? {} : { peers: cluster }),
      ...(options.agents?.budgetMs === undefined ? {} : { agentBudgetMs: options.agents.budgetMs }),
    });
    const app = await buildApp({
      hall,
      logger: options.logger ?? false,
      database,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
      ...(options.web === undefined ? {} : { web: options.web }),
      ...(cluster === null ? {} : { cluster }),
    });
    const pool = agents;
    const node = cluster;
    hall.log = app.log;
    app.addHook('onClose', async () => {
      // Fastify has stopped taking requests and closed the sockets; what is queued on tables still commits.
      await node?.close();
      await hall.close();
      await pool.close();
      await database.close();
    });
    await cluster?.start(hall);
    const url = await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
    return { app, url: url.replace('[::1]', 'localhost'), database, close: () => app.close() };
  } catch (error) {
    await cluster?.close();
    await agents?.close();
    await database.close();
    throw error;
  }
}
