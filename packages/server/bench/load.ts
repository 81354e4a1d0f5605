// `npm run bench -w @tabula/server`: a load test over real sockets. The
// server runs in this process; the load generator (bench/load-clients.ts:
// many backgammon tables at once, two scripted clients a table) in a child
// process, so each has a core of this 2-core machine. The first
// BENCH_WARMUP seconds (default 3) are played and not measured: the figures
// are those of a server whose code is compiled. Reported per database:
// actions a second, the latency of an action (sent until acknowledged, after
// its commit) at the 50th, 90th and 99th percentiles, and the CPU time an
// action of the server (its main thread and V8's helpers: what one core can
// carry) and of the clients.
//
// Each table's seats act as soon as they may, so BENCH_TABLES (default 32)
// actions are always in flight: an action waits behind the others in the
// server's queue, and the median latency is about tables / throughput by
// construction (64 tables at 5,000 actions a second: 12.8 ms of queueing).
// Players who think between moves put far fewer actions in flight for the
// same throughput; 32 at once is already harsher than a busy site.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { dropSchema } from '../src/db.js';
import { type ServerOptions, startServer } from '../src/index.js';

const TABLES = Number(process.env.BENCH_TABLES ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const POSTGRES = process.env.TABULA_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ONLY = process.env.BENCH_DB;
const UNLIMITED = { requestsPerMinute: 1e9, burst: 1e9, perSecond: 1e9, socketsPerAddress: 1e6 };
const CLIENTS = new URL('./load-clients.ts', import.meta.url).pathname;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function run(name: string, options: ServerOptions): Promise<void> {
  const server = await startServer({ ...options, port: 0, logger: false, limits: UNLIMITED });
  try {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=@tabula/source',
        CLIENTS,
        server.url,
        String(TABLES),
        String(SECONDS),
        String(WARMUP),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    // The server's CPU is counted from the clients' `measuring` to their report.
    let cpu = process.cpuUsage();
    let report = '';
    for await (const line of createInterface({ input: child.stdout })) {
      if (line === 'measuring') cpu = process.cpuUsage();
      else report = line;
    }
    const used = process.cpuUsage(cpu);
    const code = await new Promise((resolve) =>
      child.exitCode === null ? child.on('exit', resolve) : resolve(child.exitCode),
    );
    if (code !== 0) throw new Error(`the load clients failed (exit code ${String(code)})`);
    const { seconds, latencies, cpuMicros } = JSON.parse(report) as {
      seconds: number;
      latencies: number[];
      cpuMicros: number;
    };
    latencies.sort((x, y) => x - y);
    const f = (ms: number) => ms.toFixed(1);
    // The clients' last waits, after their timed seconds, are counted: the server idles then.
    const perAction = (micros: number) => (micros / latencies.length).toFixed(0);
    console.log(
      `${name.padEnd(10)} ${TABLES} tables: ${latencies.length} actions in ${seconds} s = ${Math.round(latencies.length / seconds)} actions/s; ` +
        `latency p50 ${f(percentile(latencies, 50))} ms, p90 ${f(percentile(latencies, 90))} ms, p99 ${f(percentile(latencies, 99))} ms; ` +
        `CPU an action: server ${perAction(used.user + used.system)} µs, clients ${perAction(cpuMicros)} µs`,
    );
  } finally {
    await server.close();
  }
}

if (ONLY === undefined || ONLY === 'sqlite') {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-bench-'));
  try {
    await run('sqlite', { db: join(dir, 'bench.db') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
if (ONLY === undefined || ONLY === 'postgresql') {
  const schema = `tabula_bench_${randomBytes(4).toString('hex')}`;
  try {
    await run('postgresql', { db: POSTGRES, schema });
  } finally {
    await dropSchema(POSTGRES, schema);
  }
}
