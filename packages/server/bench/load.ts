// `npm run bench -w @tabula/server`: a load test over real sockets. Many
// backgammon tables at once (no cube, so random games run long), two scripted clients a table (one WebSocket a
// seat), each acting as soon as its seat is to act; a finished table is
// replaced by a new one. Reported per database: actions a second and the
// latency of an action (sent until acknowledged, after its commit) at the
// 50th, 90th, 99th percentiles. Server and clients share this process and
// the machine's two cores, so the figures are a floor.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRng } from '@tabula/core';
import { dropSchema } from '../src/db.js';
import { type ServerOptions, startServer, TableClient, type TableSocket } from '../src/index.js';

const TABLES = Number(process.env.BENCH_TABLES ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const POSTGRES = process.env.TABULA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const UNLIMITED = { requestsPerMinute: 1e9, burst: 1e9, perSecond: 1e9, socketsPerAddress: 1e6 };

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function seatLoop(socket: TableSocket, seat: number, until: number, latencies: number[], seed: number) {
  const rng = createRng(seed);
  for (;;) {
    const update = await socket.nextUpdate(60_000);
    if (update.status === 'finished' || performance.now() > until) return;
    if (!update.toAct.includes(seat) || update.legal.length === 0) continue;
    const started = performance.now();
    await socket.act(update.seq, rng.pick(update.legal));
    latencies.push(performance.now() - started);
  }
}

async function tableLoop(client: TableClient, until: number, latencies: number[], index: number) {
  for (let game = 0; performance.now() < until; game++) {
    const table = await client.createTable({
      game: 'backgammon',
      config: { cube: false },
      seats: [{ kind: 'person' }, { kind: 'person' }],
    });
    const a = await client.join(table.id);
    const b = await client.join(table.id);
    const sockets = [
      await client.connect(table.id, { token: a.token }),
      await client.connect(table.id, { token: b.token }),
    ];
    await Promise.all(
      sockets.map((s, seat) => seatLoop(s, seat, until, latencies, index * 1000 + game * 2 + seat)),
    );
    await Promise.all(sockets.map((s) => s.close()));
  }
}

async function run(name: string, options: ServerOptions): Promise<void> {
  const server = await startServer({ ...options, port: 0, logger: false, limits: UNLIMITED });
  try {
    const client = new TableClient(server.url);
    const latencies: number[] = [];
    const started = performance.now();
    const until = started + SECONDS * 1000;
    await Promise.all(Array.from({ length: TABLES }, (_, i) => tableLoop(client, until, latencies, i)));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((x, y) => x - y);
    const f = (ms: number) => ms.toFixed(1);
    console.log(
      `${name.padEnd(10)} ${TABLES} tables: ${latencies.length} actions in ${seconds.toFixed(1)} s = ${Math.round(latencies.length / seconds)} actions/s; ` +
        `latency p50 ${f(percentile(latencies, 50))} ms, p90 ${f(percentile(latencies, 90))} ms, p99 ${f(percentile(latencies, 99))} ms`,
    );
  } finally {
    await server.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'tabula-bench-'));
try {
  await run('sqlite', { db: join(dir, 'bench.db') });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const schema = `tabula_bench_${randomBytes(4).toString('hex')}`;
try {
  await run('postgresql', { db: POSTGRES, schema });
} finally {
  await dropSchema(POSTGRES, schema);
}
