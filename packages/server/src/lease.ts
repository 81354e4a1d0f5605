import { type Kysely, sql } from 'kysely';
import type { Database } from './db.js';

/**
 * Leases on tables' agent seats, in PostgreSQL: a node plays a table's agents
 * only while it holds the table's lease, so that of the nodes of a cluster one
 * at a time does. A lease is short and renewed often: when its node dies, it
 * runs out within seconds and another node takes it. Times are the
 * database's clock, so that the nodes' own clocks never need to agree.
 */

/** How long a lease lasts unrenewed (default 3 s), and how often its node renews it (default 1 s). */
export interface LeaseTimes {
  readonly leaseMs: number;
  readonly renewMs: number;
}

export const DEFAULT_LEASE_TIMES: LeaseTimes = { leaseMs: 3000, renewMs: 1000 };

const nowMs = sql<string>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Takes the table's lease for `node` if it is free, run out, or the node's
 * own already (then renewed); returns whether the node holds it now. Of two
 * nodes taking one lease at once, the row lock lets exactly one win.
 */
export async function claimLease(
  db: Kysely<Database>,
  tableId: string,
  node: string,
  leaseMs: number,
): Promise<boolean> {
  const { rows } = await sql<{ node: string }>`
    insert into agent_leases (table_id, node, expires_at)
    values (${tableId}, ${node}, ${nowMs} + ${leaseMs})
    on conflict (table_id) do update
      set node = excluded.node, expires_at = excluded.expires_at
      where agent_leases.node = excluded.node or agent_leases.expires_at < ${nowMs}
    returning node`.execute(db);
  return rows.length === 1;
}

/** Renews every lease the node holds that has not run out; returns the tables they are of. */
export async function renewLeases(db: Kysely<Database>, node: string, leaseMs: number): Promise<string[]> {
  const { rows } = await sql<{ table_id: string }>`
    update agent_leases set expires_at = ${nowMs} + ${leaseMs}
    where node = ${node} and expires_at >= ${nowMs}
    returning table_id`.execute(db);
  return rows.map((r) => r.table_id);
}

/**
 * Tables being played, with an agent seat, whose lease is free or run out:
 * the ones a node may take (at most `limit`).
 */
export async function unplayedTables(db: Kysely<Database>, limit: number): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select t.id from tables t
    where t.status = 'running'
      and exists (select 1 from seats s where s.table_id = t.id and s.kind = 'agent')
      and not exists (select 1 from agent_leases l where l.table_id = t.id and l.expires_at >= ${nowMs})
    order by t.updated_at
    limit ${limit}`.execute(db);
  return rows.map((r) => r.id);
}

/** Drops the leases of finished tables: nothing is left to play there. */
export async function dropFinishedLeases(db: Kysely<Database>): Promise<void> {
  await sql`
    delete from agent_leases l using tables t
    where l.table_id = t.id and t.status = 'finished'`.execute(db);
}

/** Gives up the node's leases (a clean shutdown): other nodes take them at once, not seconds later. */
export async function releaseLeases(db: Kysely<Database>, node: string): Promise<void> {
  await sql`delete from agent_leases where node = ${node}`.execute(db);
}
