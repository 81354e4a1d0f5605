import { intFlag, parseCommand, UsageError } from '@tabula/cli';
import { isPostgresUrl } from '../db.js';
import { databaseTarget, type ServerOptions, startServer, type TableServer } from '../server.js';

export const SERVE_USAGE =
  'tabula serve [--port P] [--host H] [--db FILE|URL] [--schema S] [--redis URL --node NAME (with --db postgres://...)]';

/** The server's options from `tabula serve`'s flags. */
export function serveOptions(argv: readonly string[]): ServerOptions {
  const { positionals, values } = parseCommand(argv, {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    schema: { type: 'string' },
    redis: { type: 'string' },
    node: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`Usage: ${SERVE_USAGE}`);
  const port = intFlag(values, 'port', 8080, 0);
  if (port > 65535) throw new UsageError(`--port is 0 to 65535, got ${port}`);
  const db = databaseTarget(typeof values.db === 'string' ? values.db : undefined);
  const redis = typeof values.redis === 'string' ? values.redis : undefined;
  if (typeof values.node === 'string' && redis === undefined)
    throw new UsageError('--node names one node of several: give --redis URL too');
  if (redis !== undefined && !isPostgresUrl(db))
    throw new UsageError(
      'Several nodes share one PostgreSQL database: give --db postgres://... with --redis',
    );
  return {
    port,
    host: typeof values.host === 'string' ? values.host : '127.0.0.1',
    db,
    // A schema of its own in a shared PostgreSQL database (created if missing).
    ...(typeof values.schema === 'string' ? { schema: values.schema } : {}),
    ...(redis === undefined
      ? {}
      : {
          cluster: {
            redis,
            ...(typeof values.node === 'string' ? { node: values.node } : {}),
            // Several clusters on one Redis each keep to a channel of their own.
            ...(process.env.TABULA_REDIS_CHANNEL ? { channel: process.env.TABULA_REDIS_CHANNEL } : {}),
          },
        }),
    // pino's JSON lines on standard output, Fastify's request logs included.
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
  };
}

/**
 * Runs until SIGINT or SIGTERM, then shuts down gracefully: no new
 * connections, actions under way committed, workers and database closed.
 */
export async function runUntilSignal(server: TableServer): Promise<void> {
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      server.app.log.info('shutting down');
      server.close().then(resolve, (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        resolve();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** `tabula serve`: the table server on the SQLite file under ./data/ (or `--db`, or `DATABASE_URL`). */
export async function serve(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const options = serveOptions(argv);
  const server = await startServer(options);
  out(
    `Tabula server at ${server.url} on ${server.database.dialect} (${server.database.where}); API at ${server.url}/docs`,
  );
  await runUntilSignal(server);
}
