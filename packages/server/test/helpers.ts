import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dropSchema } from '../src/db.js';
import {
  type ServerOptions,
  startServer,
  type TableApi,
  type TableServer,
  type TableSocket,
  type Update,
} from '../src/index.js';

/** The PostgreSQL the tests use: `TABULA_TEST_DATABASE_URL`, else the machine's own (trust auth, database test). */
export const POSTGRES_URL = process.env.TABULA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: readonly Backend[] = ['sqlite', 'postgres'];

/**
 * A place for one test's tables: a SQLite file in a temporary folder, or a
 * PostgreSQL schema of its own (so that parallel runs never meet). `drop`
 * removes it.
 */
export interface Store {
  readonly options: Pick<ServerOptions, 'db' | 'schema'>;
  drop(): Promise<void>;
}

export function newStore(backend: Backend): Store {
  if (backend === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tabula-server-test-'));
    return {
      options: { db: join(dir, 'tables.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `tabula_test_${process.pid}_${randomBytes(6).toString('hex')}`;
  return { options: { db: POSTGRES_URL, schema }, drop: () => dropSchema(POSTGRES_URL, schema) };
}

/** Limits far above what a test sends, so that only the limit tests meet them. */
export const TEST_LIMITS = {
  requestsPerMinute: 1_000_000,
  burst: 100_000,
  perSecond: 100_000,
  socketsPerAddress: 10_000,
};

export async function serve(store: Store, extra: Partial<ServerOptions> = {}): Promise<TableServer> {
  return startServer({
    ...store.options,
    port: 0,
    logger: false,
    limits: TEST_LIMITS,
    agents: { budgetMs: 100, threads: 1 },
    ...extra,
  });
}

/** A new backgammon table (no cube, so random games run long) and both its seats taken by people. */
export async function twoPeople(client: TableApi): Promise<{ id: string; tokens: [string, string] }> {
  const table = await client.createTable({
    game: 'backgammon',
    config: { cube: false },
    seats: [{ kind: 'person' }, { kind: 'person' }],
  });
  const a = await client.join(table.id);
  const b = await client.join(table.id);
  return { id: table.id, tokens: [a.token, b.token] };
}

export type Pick1 = (legal: readonly unknown[]) => unknown;

/**
 * A scripted client: plays `pick` of the legal actions whenever its seat is
 * to act, until the game ends or `until` says stop. Any refusal fails it:
 * a seat that acts on the updates it is sent is never refused, not even in
 * skirmish's simultaneous battles. It starts from `from` when given (an
 * update already read), else from the next one. Returns the last update read.
 */
export async function playOut(
  socket: TableSocket,
  seat: number,
  pick: Pick1,
  until: (update: Update) => boolean = () => false,
  from?: Update,
): Promise<Update> {
  let update: Update = from ?? (await socket.nextUpdate());
  for (;;) {
    if (update.status === 'finished' || until(update)) return update;
    if (update.toAct.includes(seat) && update.legal.length > 0)
      await socket.act(update.seq, pick(update.legal));
    update = await socket.nextUpdate();
  }
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = join(ROOT, 'packages/server/src/main.ts');

/**
 * `tabula <args>` (a `serve`) in a child process; resolves with its URL once
 * it listens, rejects with its output if it exits first. Node itself runs it,
 * with tsx as a loader: the tsx command would run the server in a child of
 * its own, which a SIGKILL of the command leaves running, and a crash test's
 * crash would not be one.
 */
export function serveChild(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=@tabula/source', MAIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk) => {
      text += String(chunk);
      const url = /Tabula server at (http:\/\/\S+)/.exec(text)?.[1];
      if (url) resolve({ child, url });
    });
    child.stderr?.on('data', (chunk) => {
      text += String(chunk);
    });
    child.once('exit', (code) =>
      reject(new Error(`tabula ${args.join(' ')} exited (${code}) before listening: ${text}`)),
    );
  });
}
