import { IllegalActionError, type Outcome, type RecordedAction, type RngState } from '@tabula/core';
import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database, OpenedDatabase, SeatsRow, SnapshotsRow, TablesRow } from './db.js';
import type { TableStatus } from './schemas.js';

/**
 * The table log in the database: every write the server makes, each in one
 * transaction. The in-memory tables are a cache of this; what is here is what
 * survives a crash.
 */

export interface NewTable {
  readonly id: string;
  readonly game: string;
  readonly version: string;
  readonly config: unknown;
  readonly seed: number;
  readonly state: unknown;
  readonly rng: RngState;
  readonly toAct: readonly number[];
  readonly status: TableStatus;
  readonly seats: readonly { kind: 'person' | 'agent'; agent: string | null; name: string | null }[];
}

export interface StoredTable {
  readonly row: TablesRow;
  readonly snapshot: SnapshotsRow;
  readonly seats: SeatsRow[];
}

const now = () => new Date().toISOString();

export async function insertTable(db: Kysely<Database>, table: NewTable): Promise<string> {
  const at = now();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('tables')
      .values({
        id: table.id,
        game: table.game,
        version: table.version,
        config: JSON.stringify(table.config),
        seed: table.seed,
        seq: 0,
        to_act: JSON.stringify(table.toAct),
        status: table.status,
        outcome: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await trx
      .insertInto('snapshots')
      .values({
        table_id: table.id,
        seq: 0,
        state: JSON.stringify(table.state),
        rng: JSON.stringify(table.rng),
      })
      .execute();
    await trx
      .insertInto('seats')
      .values(
        table.seats.map((s, seat) => ({
          table_id: table.id,
          seat,
          kind: s.kind,
          agent: s.agent,
          name: s.name,
          token_hash: null,
        })),
      )
      .execute();
  });
  return at;
}

/**
 * Gives a free person seat its token (as a hash) and, when it was the last
 * free one, opens the game. Only a seat still free is taken: of two joining
 * at once, one gets `seat_taken`.
 */
export async function takeSeat(
  db: Kysely<Database>,
  tableId: string,
  seat: number,
  tokenHash: string,
  name: string | null,
  status: TableStatus,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('seats')
      .set({ token_hash: tokenHash, name })
      .where('table_id', '=', tableId)
      .where('seat', '=', seat)
      .where('kind', '=', 'person')
      .where('token_hash', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1)
      throw new IllegalActionError('seat_taken', `Seat ${seat} of table ${tableId} is taken`);
    await trx.updateTable('tables').set({ status, updated_at: now() }).where('id', '=', tableId).execute();
  });
}

export interface Appended {
  readonly tableId: string;
  /** The sequence number the table was at; the action becomes `seq + 1`. */
  readonly seq: number;
  readonly seat: number;
  readonly action: unknown;
  /** The state and generator after the action, when the table keeps a snapshot of it (see `SnapshotsRow`). */
  readonly snapshot: { readonly state: unknown; readonly rng: RngState } | null;
  readonly toAct: readonly number[];
  readonly status: TableStatus;
  readonly outcome: Outcome | null;
}

/**
 * The table log's appends. Each is a compare-and-set on the table's
 * sequence number: when another writer (another server process on the same
 * database) appended first, it fails with `stale_sequence` and writes
 * nothing. It resolves once its transaction has committed.
 */
export interface ActionLog {
  append(step: Appended): Promise<void>;
}

export function actionLog(database: OpenedDatabase): ActionLog {
  if (database.sqlite !== undefined) return new BatchedLog(sqliteBatches(database.db, database.sqlite));
  if (database.postgres !== undefined) return new BatchedLog(postgresBatches(database.postgres));
  throw new Error('A database is SQLite or PostgreSQL');
}

/** Writes appends of different tables together; for each, undefined once written or why it was not. */
type WriteBatch = (steps: readonly Appended[]) => Promise<readonly unknown[]>;

interface Waiting {
  readonly step: Appended;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The appends that arrive in one turn of the event loop (from many tables)
 * are written together: on SQLite a commit writes the pages it changed once
 * however many actions changed them, and on PostgreSQL a round trip (whose
 * write wakes a database process) serves them all.
 */
class BatchedLog implements ActionLog {
  private waiting: Waiting[] = [];

  constructor(private readonly write: WriteBatch) {}

  append(step: Appended): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ step, resolve, reject });
      if (this.waiting.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting;
    this.waiting = [];
    let failures: readonly unknown[];
    try {
      failures = await this.write(batch.map((w) => w.step));
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => {
      const failure = failures[i];
      if (failure === undefined) resolve();
      else reject(failure);
    });
  }
}

/**
 * SQLite: one transaction on the file for the batch. A stale append is
 * told by its guarded update changing no row, so it writes nothing and
 * needs no savepoint of its own: the file's write lock (BEGIN IMMEDIATE)
 * keeps any other writer out between the guard and the insert. Any other
 * failure rolls the whole batch back, and every append in it fails.
 */
function sqliteBatches(db: Kysely<Database>, file: SQLite.Database): WriteBatch {
  const move = file.prepare(
    'update tables set seq = ?, status = ?, outcome = ?, to_act = ?, updated_at = ? where id = ? and seq = ?',
  );
  const snap = file.prepare('update snapshots set seq = ?, state = ?, rng = ? where table_id = ?');
  const insert = file.prepare(
    'insert into actions (table_id, seq, seat, action, created_at) values (?, ?, ?, ?, ?)',
  );
  const writeAll = file.transaction((steps: readonly Appended[]) => {
    const at = now();
    return steps.map((step) => {
      const next = step.seq + 1;
      const toAct = JSON.stringify(step.toAct);
      const moved = move.run(next, step.status, outcomeJson(step.outcome), toAct, at, step.tableId, step.seq);
      if (moved.changes !== 1) return staleAt(step.seq);
      insert.run(step.tableId, next, step.seat, JSON.stringify(step.action), at);
      if (step.snapshot !== null)
        snap.run(next, JSON.stringify(step.snapshot.state), JSON.stringify(step.snapshot.rng), step.tableId);
      return undefined;
    });
  }).immediate;
  // Kysely's connection, held while the batch runs: none of its own transactions is open meanwhile.
  return (steps) => db.connection().execute(async () => writeAll(steps));
}

/**
 * PostgreSQL: one statement (prepared once a connection) over arrays of the
 * appends: the guarded update of each table's row, the snapshots that
 * come with it, and the inserts into the log of those whose guard held;
 * it returns the appends written, and the others were stale.
 */
function postgresBatches(pool: pg.Pool): WriteBatch {
  return async (steps) => {
    const column = <T>(f: (step: Appended) => T) => steps.map(f);
    const result = await pool.query<{ n: string }>({
      name: 'tabula_append',
      text: APPEND,
      values: [
        column((s) => s.tableId),
        column((s) => s.seq),
        column((s) => s.status),
        column((s) => outcomeJson(s.outcome)),
        column((s) => JSON.stringify(s.toAct)),
        column((s) => s.seat),
        column((s) => JSON.stringify(s.action)),
        column((s) => (s.snapshot === null ? null : JSON.stringify(s.snapshot.state))),
        column((s) => (s.snapshot === null ? null : JSON.stringify(s.snapshot.rng))),
        now(),
      ],
    });
    // Which appends (by their place in the arrays, from 1) were written: of two at one position, one.
    const written = new Set(result.rows.map((r) => Number(r.n)));
    return steps.map((step, i) => (written.has(i + 1) ? undefined : staleAt(step.seq)));
  };
}

const APPEND = `with input as (
  select * from unnest($1::text[], $2::integer[], $3::text[], $4::text[], $5::text[], $6::integer[], $7::text[], $8::text[], $9::text[])
    with ordinality as i(id, seq, status, outcome, to_act, seat, action, state, rng, n)
), moved as (
  update tables t set seq = i.seq + 1, status = i.status, outcome = i.outcome, to_act = i.to_act, updated_at = $10
  from input i where t.id = i.id and t.seq = i.seq
  returning t.id, t.seq, i.seat, i.action, i.state, i.rng, i.n
), snapshot as (
  update snapshots s set seq = m.seq, state = m.state, rng = m.rng
  from moved m where s.table_id = m.id and m.state is not null
)
insert into actions (table_id, seq, seat, action, created_at)
select id, seq, seat, action, $10 from moved
returning (select n from moved where moved.id = table_id) as n`;

const outcomeJson = (outcome: Outcome | null) => (outcome === null ? null : JSON.stringify(outcome));

const staleAt = (seq: number) =>
  new IllegalActionError('stale_sequence', `The table has moved on from action ${seq}; read it again`);

export async function loadTable(db: Kysely<Database>, id: string): Promise<StoredTable | null> {
  // The snapshot first: any append another writer makes meanwhile leaves it at or before the row read next.
  const snapshot = await db.selectFrom('snapshots').selectAll().where('table_id', '=', id).executeTakeFirst();
  if (snapshot === undefined) return null;
  const row = await db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) return null;
  const seats = await db.selectFrom('seats').selectAll().where('table_id', '=', id).orderBy('seat').execute();
  return { row, snapshot, seats };
}

/** The tables with the given statuses, newest first, at most `limit`. */
export async function listTables(
  db: Kysely<Database>,
  statuses: readonly TableStatus[],
  limit: number,
): Promise<TablesRow[]> {
  return db
    .selectFrom('tables')
    .selectAll()
    .where('status', 'in', [...statuses])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function loadSeats(db: Kysely<Database>, ids: readonly string[]): Promise<SeatsRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('seats')
    .selectAll()
    .where('table_id', 'in', [...ids])
    .orderBy('table_id')
    .orderBy('seat')
    .execute();
}

/** The table's log after its first `after` actions, in order. */
export async function loadActions(db: Kysely<Database>, id: string, after = 0): Promise<RecordedAction[]> {
  const rows = await db
    .selectFrom('actions')
    .select(['seq', 'seat', 'action'])
    .where('table_id', '=', id)
    .where('seq', '>', after)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({ seat: Number(r.seat), action: JSON.parse(r.action) as unknown }));
}

/** The ids of the tables not finished: the ones to resume after a restart. */
export async function liveTableIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('tables').select('id').where('status', '!=', 'finished').execute();
  return rows.map((r) => r.id);
}
