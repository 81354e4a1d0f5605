import { IllegalActionError, type Outcome, type RecordedAction, type RngState } from '@tabula/core';
import type { Kysely } from 'kysely';
import { type Database, isUniqueViolation, type SeatsRow, type TablesRow } from './db.js';
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
  readonly status: TableStatus;
  readonly seats: readonly { kind: 'person' | 'agent'; agent: string | null; name: string | null }[];
}

export interface StoredTable {
  readonly row: TablesRow;
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
        state: JSON.stringify(table.state),
        rng: JSON.stringify(table.rng),
        status: table.status,
        outcome: null,
        created_at: at,
        updated_at: at,
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
  readonly state: unknown;
  readonly rng: RngState;
  readonly status: TableStatus;
  readonly outcome: Outcome | null;
}

/**
 * Appends one action and the snapshot after it, in one transaction. The key
 * (table, seq) and the guard on the table's own `seq` make this a
 * compare-and-set: when another writer (another server process on the same
 * database) appended first, this fails with `stale_sequence` and writes nothing.
 */
export async function appendAction(db: Kysely<Database>, step: Appended): Promise<void> {
  const at = now();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('actions')
        .values({
          table_id: step.tableId,
          seq: step.seq + 1,
          seat: step.seat,
          action: JSON.stringify(step.action),
          created_at: at,
        })
        .execute();
      const moved = await trx
        .updateTable('tables')
        .set({
          seq: step.seq + 1,
          state: JSON.stringify(step.state),
          rng: JSON.stringify(step.rng),
          status: step.status,
          outcome: step.outcome === null ? null : JSON.stringify(step.outcome),
          updated_at: at,
        })
        .where('id', '=', step.tableId)
        .where('seq', '=', step.seq)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw staleAt(step.seq);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw staleAt(step.seq);
    throw error;
  }
}

const staleAt = (seq: number) =>
  new IllegalActionError('stale_sequence', `The table has moved on from action ${seq}; read it again`);

export async function loadTable(db: Kysely<Database>, id: string): Promise<StoredTable | null> {
  const row = await db.selectFrom('tables').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) return null;
  const seats = await db.selectFrom('seats').selectAll().where('table_id', '=', id).orderBy('seat').execute();
  return { row, seats };
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

/** The table's log, in order. */
export async function loadActions(db: Kysely<Database>, id: string): Promise<RecordedAction[]> {
  const rows = await db
    .selectFrom('actions')
    .select(['seq', 'seat', 'action'])
    .where('table_id', '=', id)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({ seat: Number(r.seat), action: JSON.parse(r.action) as unknown }));
}

/** The ids of the tables not finished: the ones to resume after a restart. */
export async function liveTableIds(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('tables').select('id').where('status', '!=', 'finished').execute();
  return rows.map((r) => r.id);
}
