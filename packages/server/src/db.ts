import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  sql,
} from 'kysely';
import pg from 'pg';

/** One table of a game: its game, config, secret seed, how far its log goes and how the game stands. */
export interface TablesRow {
  id: string;
  game: string;
  version: string;
  /** JSON. */
  config: string;
  /** The seed the game was set up from: the start of its generator, never sent while the game runs. */
  seed: number;
  /** How many actions the log holds. */
  seq: number;
  /** JSON: the seats to act after `seq` actions (for lists of tables not in memory); null in rows older than it. */
  to_act: string | null;
  status: string;
  /** JSON outcome once finished. */
  outcome: string | null;
  created_at: string;
  updated_at: string;
}

export interface SeatsRow {
  table_id: string;
  seat: number;
  /** 'person' or 'agent'. */
  kind: string;
  agent: string | null;
  name: string | null;
  /** SHA-256 of the seat token, hex; null while the seat is free. The token itself is never stored. */
  token_hash: string | null;
}

/**
 * A table's position after `seq` actions, from which it is loaded: the
 * actions after it are replayed from the log. Written when the table is
 * set up, every few actions and at the end, not at each: a state carries its
 * game's log, and rewriting it at every action made the work grow as its
 * square (and kept the table's row, which every action updates, large).
 */
export interface SnapshotsRow {
  table_id: string;
  seq: number;
  /** JSON: the state after `seq` actions. */
  state: string;
  /** JSON: the chance generator's state after `seq` actions (an `RngState`), never sent. */
  rng: string;
}

export interface ActionsRow {
  table_id: string;
  /** 1 for the first action; the key (table_id, seq) lets exactly one of two racing writers append. */
  seq: number;
  seat: number;
  /** JSON. */
  action: string;
  created_at: string;
}

/** A node's lease on a table's agent seats (cluster.ts): it alone plays them until `expires_at`. */
export interface AgentLeasesRow {
  table_id: string;
  node: string;
  /** Milliseconds since 1970 on the database's clock. */
  expires_at: string;
}

export interface Database {
  tables: TablesRow;
  snapshots: SnapshotsRow;
  seats: SeatsRow;
  actions: ActionsRow;
  agent_leases: AgentLeasesRow;
}

export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDatabase {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /**
   * The SQLite file under `db` (undefined on PostgreSQL): the log's appends
   * run on it synchronously, many in one transaction, holding `db`'s connection.
   */
  readonly sqlite?: SQLite.Database;
  /** The PostgreSQL pool under `db` (undefined on SQLite): the log's appends run on it as named (prepared) statements. */
  readonly postgres?: pg.Pool;
  /** Where it is, for logs: the SQLite file, or the PostgreSQL URL without its password. */
  readonly where: string;
  close(): Promise<void>;
}

/** The file `tabula serve` uses when neither `--db` nor `DATABASE_URL` says otherwise. */
export const DEFAULT_SQLITE_FILE = 'data/tabula.db';

/**
 * The migrations, in order. A new one is added at the end with the next
 * number; one that has run is never changed. Both dialects run the same
 * ones: column types are those both understand (text, integer).
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_tables_seats_actions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('tables')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('rng', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tables_status').on('tables').column('status').execute();
      await db.schema
        .createTable('seats')
        .addColumn('table_id', 'text', (c) => c.notNull().references('tables.id'))
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('agent', 'text')
        .addColumn('name', 'text')
        .addColumn('token_hash', 'text')
        .addPrimaryKeyConstraint('seats_pk', ['table_id', 'seat'])
        .execute();
      await db.schema
        .createTable('actions')
        .addColumn('table_id', 'text', (c) => c.notNull().references('tables.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('seat', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('actions_pk', ['table_id', 'seq'])
        .execute();
    },
  },
  '0002_agent_leases': {
    async up(db: Kysely<unknown>) {
      // Which node of a cluster plays a table's agent seats, until when (milliseconds since 1970, the database's clock).
      await db.schema
        .createTable('agent_leases')
        .addColumn('table_id', 'text', (c) => c.primaryKey())
        .addColumn('node', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '0003_snapshots': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('snapshots')
        .addColumn('table_id', 'text', (c) => c.primaryKey().references('tables.id'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('rng', 'text', (c) => c.notNull())
        .execute();
      // Until now each table's row held its state after its last action.
      await sql`insert into snapshots (table_id, seq, state, rng) select id, seq, state, rng from tables`.execute(
        db,
      );
      await db.schema.alterTable('tables').dropColumn('state').execute();
      await db.schema.alterTable('tables').dropColumn('rng').execute();
      await db.schema.alterTable('tables').addColumn('to_act', 'text').execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export interface OpenOptions {
  /** A PostgreSQL URL (`postgres://...`), a SQLite file path, or `:memory:`. */
  readonly target: string;
  /** PostgreSQL only: a schema of its own (created if missing), so that test runs never meet. */
  readonly schema?: string;
  /** SQLite only: `full` syncs every commit to disk (power-loss safe); the default `normal` survives a killed process. */
  readonly synchronous?: 'normal' | 'full';
  /** The last migration to run (a test of the next one); every migration by default. */
  readonly migrateTo?: string;
}

export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//.test(target);

const withoutPassword = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');

/** Opens the database (SQLite in WAL mode, or PostgreSQL) and brings its schema up to date. */
export async function openDatabase(options: OpenOptions): Promise<OpenedDatabase> {
  const { target } = options;
  let db: Kysely<Database>;
  let dialect: Dialect;
  let sqlite: SQLite.Database | undefined;
  let postgres: pg.Pool | undefined;
  if (isPostgresUrl(target)) {
    dialect = 'postgres';
    const schema = options.schema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(schema))
      throw new Error(`A schema name is lower-case letters, digits and _, got "${schema}"`);
    if (schema !== undefined) {
      const setup = new pg.Client({ connectionString: target });
      await setup.connect();
      try {
        await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      } finally {
        await setup.end();
      }
    }
    const pool = new pg.Pool({
      connectionString: target,
      max: 10,
      ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
    });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    postgres = pool;
  } else {
    dialect = 'sqlite';
    if (target !== ':memory:') mkdirSync(dirname(target), { recursive: true });
    const file = new SQLite(target);
    file.pragma('journal_mode = WAL');
    file.pragma(`synchronous = ${options.synchronous === 'full' ? 'FULL' : 'NORMAL'}`);
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: preparedOnce(file) }) });
    sqlite = file;
  }
  const migrator = new Migrator({
    db,
    provider,
    ...(dialect === 'postgres' && options.schema !== undefined
      ? { migrationTableSchema: options.schema }
      : {}),
  });
  const { error } =
    options.migrateTo === undefined
      ? await migrator.migrateToLatest()
      : await migrator.migrateTo(options.migrateTo);
  if (error !== undefined) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return {
    db,
    dialect,
    ...(sqlite === undefined ? {} : { sqlite }),
    ...(postgres === undefined ? {} : { postgres }),
    where: dialect === 'postgres' ? withoutPassword(target) : target,
    close: () => db.destroy(),
  };
}

/**
 * The SQLite file with its statements prepared once: Kysely asks for every
 * query's statement anew, and preparing costs more than running the
 * append's. The cache holds the server's few query shapes; one that grows
 * past them (lists of ids of every length) is emptied.
 */
function preparedOnce(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(query: string) {
      let statement = statements.get(query);
      if (statement === undefined) {
        if (statements.size >= 256) statements.clear();
        statement = file.prepare(query);
        statements.set(query, statement);
      }
      return statement;
    },
  };
}

/** Drops a PostgreSQL schema and all in it: the end of a test run that made its own. */
export async function dropSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Not a schema name: ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

export { sql };
