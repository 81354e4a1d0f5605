import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultAgentFor } from '@tabula/agents';
import { TableClient } from './client.js';
import { runUntilSignal } from './commands/serve.js';
import { DEFAULT_SQLITE_FILE } from './db.js';
import { startServer, type TableServer } from './server.js';

/**
 * The table server on the embedded SQLite file, with a backgammon table
 * against the strongest backgammon agent open for a person, and how to join
 * it: from the browser client when `web` (its built files) is given (the
 * project's `npm start`), else from the terminal.
 */
export async function start(
  out: (line: string) => void,
  options: { port?: number; db?: string; web?: string } = {},
): Promise<{ server: TableServer; table: string }> {
  const server = await startServer({
    db: options.db ?? process.env.DATABASE_URL ?? DEFAULT_SQLITE_FILE,
    port: options.port ?? Number(process.env.PORT ?? 8080),
    logger: { level: process.env.LOG_LEVEL ?? 'warn' },
    ...(options.web === undefined ? {} : { web: options.web }),
  });
  const client = new TableClient(server.url);
  // A table left open by an earlier run is offered again rather than a new one each start.
  const open = (await client.list('open')).find((t) => t.game === 'backgammon');
  const agent = defaultAgentFor('backgammon');
  const table =
    open?.id ??
    (await client.createTable({ game: 'backgammon', seats: [{ kind: 'person' }, { kind: 'agent', agent }] }))
      .id;
  out(`Tabula table server at ${server.url} (${server.database.dialect}: ${server.database.where}).`);
  out(`A backgammon table against the ${agent} agent is ready: table ${table}.`);
  if (options.web !== undefined) {
    out(
      `Open ${server.url}/ in a browser for the lobby, or ${server.url}/#/table/${table} to play that table.`,
    );
  }
  out('Play it from a terminal:');
  out(`  npm run tabula -- play --server ${server.url} --table ${table}`);
  out(`Or a new table of any game:  npm run tabula -- play --server ${server.url} skirmish --vs bidder`);
  out(`Tables: ${server.url}/tables   API: ${server.url}/docs   Stop: Ctrl-C`);
  return { server, table };
}

const entry = process.argv[1];
if (entry && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  const { server } = await start((line) => console.log(line));
  await runUntilSignal(server);
}
