// `npm run bench -w @tabula/server`: a load test over real sockets. The
// server runs in this process; the load generator (bench/load-clients.ts:
// many backgammon tables at once, two scripted clients a table) in a child
// process, so each has a core of this 2-core machine. Reported per database:
// actions a second, the latency of an action (sent until acknowledged, after
// its commit) at the 50th, 90th and 99th percentiles, and the CPU time an
// action of the server (its main thread and V8's helpers: what one core can
// carry) and of the clients.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { dropSchema } from '../src/db.js';
import { type ServerOptions, startServer } from '../src/index.js';

const TABLES = Number(process.env.BENCH_TABLES ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
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
    const cpu = process.cpuUsage();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        '--conditions=@tabula/source',
        CLIENTS,
        server.url,
        String(TABLES),
        String(SECONDS),
      ],
      { maxBuffer: 256 * 1024 * 1024 },
    );
    const used = process.cpuUsage(cpu);
    const { seconds, latencies, cpuMicros } = JSON.parse(stdout) as {
      seconds: number;
      latencies: number[];
      cpuMicros: number;
    };
    latencies.sort((x, y) => x - y);
    const f = (ms: number) => ms.toFixed(1);
    // The child's start (tsx compiling it) and its last waits fall outside its timed seconds; the server idles then.
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
