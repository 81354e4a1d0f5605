import { hostname } from 'node:os';
import { type BusState, TableBus } from './bus.js';
import type { OpenedDatabase } from './db.js';
import {
  claimLease,
  DEFAULT_LEASE_TIMES,
  dropFinishedLeases,
  type LeaseTimes,
  releaseLeases,
  renewLeases,
  unplayedTables,
} from './lease.js';
import type { Hall, HallPeers } from './tables.js';

/**
 * One node of several on one PostgreSQL database and one Redis: together
 * they act as one server. The database is the only copy of every table; a
 * node applies the actions it receives there (the append is a
 * compare-and-set on the table's seq), tells the others over Redis, and
 * brings its own tables up to the log when told, or by polling the database
 * while Redis is away. A node plays a table's agents only while it holds the
 * table's lease (lease.ts).
 */

export interface ClusterOptions {
  /** `redis://host:port`. */
  readonly redis: string;
  /** This node's name (default: host name and process id); unique in the cluster. */
  readonly node?: string;
  /** The pub/sub channel (default `tabula:tables`). */
  readonly channel?: string;
  /** How often the node reads the log for news while Redis is away (default 500 ms). */
  readonly pollMs?: number;
  readonly lease?: Partial<LeaseTimes>;
}

/** What /health tells of the node. */
export interface ClusterHealth {
  readonly node: string;
  readonly redis: BusState;
  /** The tables whose agents this node plays. */
  readonly leases: number;
}

/** Tables a node takes at most a lease tick: a node coming up does not take every table at once. */
const CLAIMS_A_TICK = 32;

export class Cluster implements HallPeers {
  readonly node: string;
  private readonly bus: TableBus;
  private readonly times: LeaseTimes;
  private readonly pollMs: number;
  private hall: Hall | null = null;
  private readonly held = new Set<string>();
  /** Tables whose lease another node held when last asked, until when this node does not ask again. */
  private readonly refused = new Map<string, number>();
  private readonly claiming = new Set<string>();
  private poller: NodeJS.Timeout | null = null;
  private leaser: NodeJS.Timeout | null = null;
  private ticking = false;
  private polling = false;
  private closed = false;

  constructor(
    private readonly database: OpenedDatabase,
    options: ClusterOptions,
  ) {
    if (database.dialect !== 'postgres')
      throw new Error('Several nodes share one PostgreSQL database: give --db postgres://...');
    this.node = options.node ?? `${hostname()}-${process.pid}`;
    this.times = { ...DEFAULT_LEASE_TIMES, ...options.lease };
    this.pollMs = options.pollMs ?? 500;
    this.bus = new TableBus(
      { url: options.redis, node: this.node, ...(options.channel ? { channel: options.channel } : {}) },
      {
        advanced: (id, seq) => {
          this.hall?.refresh(id, seq).catch(() => undefined);
        },
        changed: (state) => this.busChanged(state),
      },
    );
  }

  private get db() {
    return this.database.db;
  }

  /** Starts with the hall: news, polling while Redis is away, and the lease tick. */
  async start(hall: Hall): Promise<void> {
    this.hall = hall;
    this.busChanged('down');
    await this.bus.start();
    await this.tick();
    this.leaser = setInterval(() => void this.tick(), this.times.renewMs);
    this.leaser.unref();
  }

  health(): ClusterHealth {
    return { node: this.node, redis: this.bus.state, leases: this.held.size };
  }

  advanced(tableId: string, seq: number): void {
    this.bus.advanced(tableId, seq);
  }

  holds(tableId: string): boolean {
    return !this.closed && this.held.has(tableId);
  }

  want(tableId: string): void {
    if (this.closed || this.held.has(tableId) || this.claiming.has(tableId)) return;
    if ((this.refused.get(tableId) ?? 0) > Date.now()) return;
    this.claim(tableId).catch(() => undefined);
  }

  private async claim(tableId: string): Promise<void> {
    this.claiming.add(tableId);
    try {
      if (await claimLease(this.db, tableId, this.node, this.times.leaseMs)) {
        this.refused.delete(tableId);
        this.held.add(tableId);
        await this.hall?.resumeAgents(tableId);
      } else this.refused.set(tableId, Date.now() + this.times.renewMs);
    } finally {
      this.claiming.delete(tableId);
    }
  }

  /** Renews the node's leases, drops those lost, takes tables nobody plays (their node died). */
  private async tick(): Promise<void> {
    if (this.ticking || this.closed) return;
    this.ticking = true;
    try {
      const renewed = new Set(await renewLeases(this.db, this.node, this.times.leaseMs));
      for (const id of this.held) if (!renewed.has(id)) this.held.delete(id);
      for (const id of await unplayedTables(this.db, CLAIMS_A_TICK)) {
        if (this.closed) break;
        this.refused.delete(id);
        await this.claim(id);
      }
      if (Math.random() < 0.1) await dropFinishedLeases(this.db);
      const now = Date.now();
      for (const [id, until] of this.refused) if (until < now) this.refused.delete(id);
    } catch {
      // The database is away: the leases run out and nobody plays agents until it is back.
    } finally {
      this.ticking = false;
    }
  }

  /**
   * While Redis is away, the log is read every `pollMs`; when it is back,
   * once more for what was missed, then every tenth tick (a message lost
   * for any other reason costs a few seconds, never a table).
   */
  private busChanged(state: BusState): void {
    if (this.closed) return;
    if (this.poller === null) {
      let ticks = 0;
      this.poller = setInterval(() => {
        if (this.bus.state === 'down' || ++ticks % 10 === 0) void this.poll();
      }, this.pollMs);
      this.poller.unref();
    }
    if (state === 'up') void this.poll();
  }

  /** Compares the tables in memory with the log; those behind catch up. */
  async poll(): Promise<void> {
    const hall = this.hall;
    if (hall === null || this.polling || this.closed) return;
    this.polling = true;
    try {
      const cached = hall.cached();
      if (cached.length === 0) return;
      const rows = await this.db
        .selectFrom('tables')
        .select(['id', 'seq', 'status'])
        .where(
          'id',
          'in',
          cached.map((t) => t.id),
        )
        .execute();
      const now = new Map(rows.map((r) => [r.id, r]));
      await Promise.all(
        cached.map(async (t) => {
          const row = now.get(t.id);
          if (row !== undefined && (Number(row.seq) > t.seq || row.status !== t.status))
            await hall.refresh(t.id);
        }),
      );
    } catch {
      // The database is away too; the next poll tries again.
    } finally {
      this.polling = false;
    }
  }

  /** Stops; gives up the node's leases so that the other nodes take its agents at once. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.poller !== null) clearInterval(this.poller);
    if (this.leaser !== null) clearInterval(this.leaser);
    this.held.clear();
    await releaseLeases(this.db, this.node).catch(() => undefined);
    await this.bus.close();
  }
}
