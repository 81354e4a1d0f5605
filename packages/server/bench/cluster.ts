// `npm run bench -w @tabula/server` (after load.ts): several nodes on one
// PostgreSQL and one Redis (issue 19). With 1, 2 and 3 nodes in this
// process, N backgammon tables (no cube) of two scripted seats; with more
// than one node, each table's two seats and its spectator sit on different
// nodes, so that every action is applied on one node and told to the others
// through Redis and the log. Reported: actions a second, and the delivery
// latency: from an action sent by one seat to its update arriving at the
// other seat's socket (another node's), p50/p90/p99. Nodes and clients share
// this process and the machine's cores: the figures are a floor.
import { randomBytes } from 'node:crypto';
import { createRng } from '@tabula/core';
import { dropSchema } from '../src/db.js';
import { startServer, TableClient, type TableServer, type TableSocket } from '../src/index.js';

const TABLES = Number(process.env.BENCH_TABLES ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const POSTGRES = process.env.TABULA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.TABULA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const UNLIMITED = { requestsPerMinute: 1e9, burst: 1e9, perSecond: 1e9, socketsPerAddress: 1e6 };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** When each update reached a socket, by sequence number: stamped as the message arrives, before any reading. */
function arrivals(socket: TableSocket): Map<number, number> {
  const at = new Map<number, number>();
  socket.socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; seq?: number };
    if (message.type === 'update' && typeof message.seq === 'number' && !at.has(message.seq))
      at.set(message.seq, performance.now());
  });
  return at;
}

interface Tally {
  actions: number;
  delivery: number[];
}

async function seatLoop(
  socket: TableSocket,
  seat: number,
  until: number,
  sent: Map<number, number>,
  seed: number,
  tally: Tally,
) {
  const rng = createRng(seed);
  for (;;) {
    // Near the end, the other seat may stop before acting (it saw the time up first): waiting is bounded.
    const update = await socket.nextUpdate(Math.max(0, until - performance.now()) + 2_000).catch(() => null);
    if (update === null || update.status === 'finished' || performance.now() > until) return;
    if (!update.toAct.includes(seat) || update.legal.length === 0) continue;
    sent.set(update.seq + 1, performance.now());
    await socket.act(update.seq, rng.pick(update.legal));
    if (performance.now() <= until) tally.actions++;
  }
}

async function tableLoop(clients: readonly TableClient[], index: number, until: number, tally: Tally) {
  const n = clients.length;
  const on = (k: number) => clients[(index + k) % n] as TableClient;
  for (let game = 0; performance.now() < until; game++) {
    const table = await on(0).createTable({
      game: 'backgammon',
      config: { cube: false },
      seats: [{ kind: 'person' }, { kind: 'person' }],
    });
    const a = await on(0).join(table.id);
    const b = await on(1).join(table.id);
    const sockets = [
      await on(0).connect(table.id, { token: a.token }),
      await on(1).connect(table.id, { token: b.token }),
    ];
    const sent = new Map<number, number>();
    const seen = sockets.map(arrivals);
    await Promise.all(
      sockets.map((s, seat) => seatLoop(s, seat, until, sent, index * 1000 + game * 2 + seat, tally)),
    );
    // The delivery of an action: sent by one seat, its update at the other seat's socket.
    for (const [seq, at] of sent) {
      const other = seen.find((arrived) => arrived.has(seq) && (arrived.get(seq) ?? 0) >= at);
      const times = seen.map((arrived) => arrived.get(seq)).filter((t): t is number => t !== undefined);
      if (other !== undefined && times.length === 2) tally.delivery.push(Math.max(...times) - at);
    }
    await Promise.all(sockets.map((s) => s.close()));
  }
}

async function run(nodes: number): Promise<void> {
  const schema = `tabula_bench_${randomBytes(4).toString('hex')}`;
  const channel = `tabula:bench:${randomBytes(4).toString('hex')}`;
  const servers: TableServer[] = [];
  try {
    for (let i = 0; i < nodes; i++)
      servers.push(
        await startServer({
          db: POSTGRES,
          schema,
          port: 0,
          logger: false,
          limits: UNLIMITED,
          cluster: { redis: REDIS, node: `bench${i}`, channel },
        }),
      );
    const clients = servers.map((s) => new TableClient(s.url));
    const tally: Tally = { actions: 0, delivery: [] };
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: TABLES }, (_, i) => tableLoop(clients, i, until, tally)));
    // The actions counted are those of the timed seconds; the last games only wind down after.
    const seconds = SECONDS;
    const d = tally.delivery.sort((x, y) => x - y);
    const f = (ms: number) => ms.toFixed(1);
    console.log(
      `${nodes} node${nodes === 1 ? ' ' : 's'} ${TABLES} tables: ${tally.actions} actions in ${seconds.toFixed(1)} s = ${Math.round(tally.actions / seconds)} actions/s; ` +
        `delivery to the other seat (${nodes === 1 ? 'same node' : 'another node'}) p50 ${f(percentile(d, 50))} ms, p90 ${f(percentile(d, 90))} ms, p99 ${f(percentile(d, 99))} ms`,
    );
  } finally {
    await Promise.all(servers.map((s) => s.close()));
    await dropSchema(POSTGRES, schema);
  }
}

for (const nodes of [1, 2, 3]) await run(nodes);
