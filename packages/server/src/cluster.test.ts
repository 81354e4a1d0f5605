import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  newStore,
  POSTGRES_URL,
  playOut,
  type Store,
  serve,
  serveChild,
  twoPeople,
} from '../test/helpers.js';
import type { ClusterOptions } from './cluster.js';
import { dropSchema } from './db.js';
import { ServerError, TableClient, type TableServer, type TableSocket, type Update } from './index.js';

const REDIS_URL = process.env.TABULA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
  cleanup = [];
}, 60_000);

/** A channel of the test's own on the machine's Redis: other runs' news never reaches these nodes. */
const channel = () => `tabula:test:${randomBytes(6).toString('hex')}`;

/** Three in-process nodes on one store (a PostgreSQL schema of its own) and one Redis. */
async function nodes(store: Store, cluster: Omit<ClusterOptions, 'node'>, n = 3): Promise<TableServer[]> {
  const servers: TableServer[] = [];
  for (let i = 0; i < n; i++) {
    const server = await serve(store, { cluster: { ...cluster, node: `node${i}` } });
    cleanup.push(() => server.close());
    servers.push(server);
  }
  return servers;
}

const first = (legal: readonly unknown[]) => legal[0];

/** Waits until the socket has been sent the update at `seq` (read or not); returns the last update sent. */
async function until(socket: TableSocket, seq: number): Promise<Update> {
  await waitFor(async () => (updatesOf(socket).at(-1)?.seq ?? -1) >= seq);
  return updatesOf(socket).at(-1) as Update;
}

const updatesOf = (socket: TableSocket) =>
  socket.received.filter((m): m is Update & { type: 'update' } => m.type === 'update');

describe('several nodes on PostgreSQL and Redis', () => {
  it('a table moved on through one node is told to the seats and spectators of the others, every position in order', async () => {
    const store = newStore('postgres');
    cleanup.push(() => store.drop());
    const servers = await nodes(store, { redis: REDIS_URL, channel: channel() });
    const clients = servers.map((s) => new TableClient(s.url));
    const [c0, c1, c2] = clients as [TableClient, TableClient, TableClient];
    const { id, tokens } = await twoPeople(c0);
    const seat0 = await c1.connect(id, { token: tokens[0], keep: true });
    const seat1 = await c2.connect(id, { token: tokens[1], keep: true });
    const watchers = await Promise.all(clients.map((c) => c.connect(id, { keep: true })));
    const stop = (u: Update) => u.seq >= 30;
    await Promise.all([playOut(seat0, 0, first, stop), playOut(seat1, 1, first, stop)]);
    const seq = await logged(servers[0] as TableServer, id);
    for (const socket of [seat0, seat1, ...watchers]) {
      await until(socket, seq);
      const seen = updatesOf(socket).map((u) => u.seq);
      // Every position once, in order: none skipped, none twice.
      expect(seen).toEqual(Array.from({ length: seq + 1 }, (_, k) => k));
    }
    // The positions a watcher saw are the positions of the log.
    const views = await Promise.all(clients.map((c) => c.view(id)));
    for (const [k, watcher] of watchers.entries())
      expect(updatesOf(watcher).at(-1)?.view).toEqual(views[k]?.view);
    await Promise.all([seat0, seat1, ...watchers].map((s) => s.close()));
  }, 120_000);

  it('racing submissions for one table through different nodes: exactly one is applied', async () => {
    const store = newStore('postgres');
    cleanup.push(() => store.drop());
    const servers = await nodes(store, { redis: REDIS_URL, channel: channel() });
    const clients = servers.map((s) => new TableClient(s.url));
    const { id, tokens } = await twoPeople(clients[0] as TableClient);
    let applied = 0;
    for (let round = 0; round < 12; round++) {
      const now = await (clients[round % 3] as TableClient).view(id, tokens[0]);
      const seat = now.toAct[0] as number;
      const token = tokens[seat] as string;
      const mine = await (clients[(round + 1) % 3] as TableClient).view(id, token);
      const results = await Promise.allSettled(
        clients.map((c) => c.submit(id, token, mine.seq, mine.legal[0])),
      );
      const acks = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      const refused = results.flatMap((r) =>
        r.status === 'rejected' ? [r.reason instanceof ServerError ? r.reason.code : String(r.reason)] : [],
      );
      expect(acks).toEqual([mine.seq + 1]);
      expect(refused).toEqual(['stale_sequence', 'stale_sequence']);
      applied++;
    }
    const db = servers[0]?.database.db;
    const rows = await db
      ?.selectFrom('actions')
      .select('seq')
      .where('table_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(rows?.map((r) => Number(r.seq))).toEqual(Array.from({ length: applied }, (_, i) => i + 1));
  }, 120_000);

  it('with Redis restarted mid-game, the nodes read the log meanwhile and every client ends with the right view', async () => {
    const redis = await privateRedis();
    cleanup.push(() => redis.stop());
    const store = newStore('postgres');
    cleanup.push(() => store.drop());
    const servers = await nodes(store, { redis: redis.url, pollMs: 200 });
    const clients = servers.map((s) => new TableClient(s.url));
    const [c0, c1, c2] = clients as [TableClient, TableClient, TableClient];
    const { id, tokens } = await twoPeople(c0);
    const seat0 = await c1.connect(id, { token: tokens[0], keep: true });
    const seat1 = await c2.connect(id, { token: tokens[1], keep: true });
    const watchers = await Promise.all(clients.map((c) => c.connect(id, { keep: true })));
    // Each seat goes on from the last update it read.
    let last: [Update | undefined, Update | undefined] = [undefined, undefined];
    const play = async (to: number) => {
      const stop = (u: Update) => u.seq >= to;
      last = await Promise.all([
        playOut(seat0, 0, first, stop, last[0]),
        playOut(seat1, 1, first, stop, last[1]),
      ]);
    };
    await play(10);
    redis.kill();
    await waitFor(async () => (await healthOf(servers[0] as TableServer)).redis === 'down');
    await play(20);
    await redis.start();
    await waitFor(async () => (await Promise.all(servers.map(healthOf))).every((h) => h.redis === 'up'));
    await play(30);
    const seq = await logged(servers[0] as TableServer, id);
    for (const [k, socket] of [seat0, seat1, ...watchers].entries()) {
      const last = await until(socket, seq);
      const token = k < 2 ? tokens[k] : undefined;
      const right = await (clients[k % 3] as TableClient).view(id, token);
      expect(last.seq).toBe(seq);
      expect(last.view).toEqual(right.view);
    }
    await Promise.all([seat0, seat1, ...watchers].map((s) => s.close()));
  }, 180_000);
});

describe('a node killed mid-game', () => {
  it('its clients go on through another node with their tokens, no acknowledged action lost, its agent seat taken over', async () => {
    const schema = `tabula_test_${process.pid}_${randomBytes(6).toString('hex')}`;
    cleanup.push(() => dropSchema(POSTGRES_URL, schema));
    const db = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const redisChannel = channel();
    const started = [
      await nodeChild(schema, 'a', redisChannel),
      await nodeChild(schema, 'b', redisChannel),
      await nodeChild(schema, 'c', redisChannel),
    ];
    const onA = new TableClient((started[0] as { url: string }).url);
    // A person (seat 0) and an agent (seat 1).
    const table = await onA.createTable({
      game: 'backgammon',
      config: { cube: false },
      seats: [{ kind: 'person' }, { kind: 'agent', agent: 'random' }],
    });
    const { token } = await onA.join(table.id);
    // The node that plays the agent is the one killed, and the person plays through it.
    const leases = async () =>
      Promise.all(
        started.map(
          async (n) => (await new TableClient(n.url).request<{ leases: number }>('GET', '/health')).leases,
        ),
      );
    await waitFor(async () => (await leases()).reduce((x, y) => x + y) === 1);
    const holder = (await leases()).indexOf(1);
    const a = started[holder] as { child: ChildProcess; url: string };
    const [b, c] = started.filter((_, k) => k !== holder) as [typeof a, typeof a];
    const acked: { seq: number; action: unknown }[] = [];
    let socket = await new TableClient(a.url).connect(table.id, { token });
    let update = await socket.nextUpdate();
    const playTo = async (target: number) => {
      while (update.seq < target && update.status !== 'finished') {
        if (update.toAct.includes(0) && update.legal.length > 0) {
          const action = update.legal[0];
          try {
            acked.push({ seq: await socket.act(update.seq, action), action });
          } catch (error) {
            if (!(error instanceof ServerError) || error.code !== 'stale_sequence') throw error;
          }
        }
        update = await socket.nextUpdate(20_000);
      }
    };
    await playTo(12);
    a.child.kill('SIGKILL');
    await new Promise((resolve) => a.child.once('exit', resolve));
    // The person reconnects to another node with the same token and the last position seen.
    const onB = new TableClient(b.url);
    socket = await onB.connect(table.id, { token, since: update.seq - 1 });
    update = await socket.nextUpdate();
    await playTo(update.seq + 20);
    expect(update.seq).toBeGreaterThanOrEqual(32);
    const healths = await Promise.all(
      [b, c].map((n) => new TableClient(n.url).request<{ node: string; leases: number }>('GET', '/health')),
    );
    expect(healths.map((h) => h.leases).reduce((x, y) => x + y)).toBe(1);
    await socket.close();
    // Every acknowledged action is in the log, at its place.
    const check = new pg.Client({ connectionString: db });
    await check.connect();
    try {
      const { rows } = await check.query<{ seq: number; seat: number; action: string }>(
        'select seq, seat, action from actions where table_id = $1 order by seq',
        [table.id],
      );
      expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
      for (const { seq, action } of acked) {
        const row = rows[seq - 1];
        expect(row && Number(row.seat)).toBe(0);
        expect(row && JSON.parse(row.action)).toEqual(action);
      }
      // Both seats played on after the kill: the agent's seat through the node that took it over.
      const after = rows.slice(12);
      expect(new Set(after.map((r) => Number(r.seat)))).toEqual(new Set([0, 1]));
    } finally {
      await check.end();
    }
  }, 180_000);
});

/** The table's sequence number in the log (a node's cache may be a moment behind). */
async function logged(server: TableServer, id: string): Promise<number> {
  const row = await server.database.db
    .selectFrom('tables')
    .select('seq')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

async function healthOf(server: TableServer): Promise<{ node: string; redis: string; leases: number }> {
  return new TableClient(server.url).request('GET', '/health');
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children = [];
}, 60_000);

/** `tabula serve` as one node, in a child process (a SIGKILL must kill a whole node). */
function nodeChild(
  schema: string,
  node: string,
  redisChannel: string,
): Promise<{ child: ChildProcess; url: string }> {
  return serveChild(
    ['serve', '--port', '0', '--db', POSTGRES_URL, '--schema', schema, '--redis', REDIS_URL, '--node', node],
    { TABULA_REDIS_CHANNEL: redisChannel },
  ).then((served) => {
    children.push(served.child);
    return served;
  });
}

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(),
      );
    });
  });
}

/** A redis-server of the test's own, to kill and start again (never the machine's). */
async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    children.push(child);
    await waitFor(async () => {
      const { Redis } = await import('ioredis');
      const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } finally {
        probe.disconnect();
      }
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    kill: () => (child as ChildProcess | null)?.kill('SIGKILL'),
    stop: async () => {
      const running = child as ChildProcess | null;
      // A process killed by a signal keeps a null exit code: its signal code says it is gone.
      if (running !== null && running.exitCode === null && running.signalCode === null) {
        running.kill('SIGKILL');
        await new Promise((resolve) => running.once('exit', resolve));
      }
    },
  };
}
