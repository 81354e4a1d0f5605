// Games per second on 1 and on 2 worker threads: random agents, default
// configs, games handed to pools that stay up, each worker warmed first (it
// compiles its own code), in rounds that alternate the two pools; games a
// second as medians of the rounds, the ratio round by round (its median, lowest
// and highest). `npm run bench -w @tabula/cli`; this part alone:
// `npx tsx --conditions=@tabula/source packages/cli/bench/pool.ts`.
//
// Only an idle machine gives the wall-clock ratio its meaning. Beside it, the
// CPU time of each thread of the process (Linux: /proc/self/task) says where
// the time went, whatever the load: the main thread, the workers, and the rest
// (V8's helper threads: garbage collection, compilation), which a lone worker
// finds an idle core for and two workers do not. From those, a projection for
// idle cores: a run cannot take less than its workers' CPU time shared among
// them, nor the main thread's, nor all of it shared over the cores.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { openPool, type WorkerPool } from '../src/pool.js';
import { GAMES } from '../src/registry.js';
import { type GameJob, gameSeed } from '../src/simulation.js';

/**
 * Games a timed run plays: one to three seconds on one worker, so that handing
 * out the first batches and waiting for the last are small beside the run,
 * and short enough for many rounds. (Rummy's 30 had shrunk to under a second
 * as its games got faster: then a long game among the last, which one worker
 * plays while the other waits, weighs several percent on the ratio. Skirmish's
 * 40,000 had shrunk to a second the same way.)
 */
const GAMES_PER_RUN: Record<string, number> = { backgammon: 1500, rummy: 80, skirmish: 100000 };
/** Games each worker plays before the timed runs: rummy's hot paths take about a hundred games to compile. */
const WARM_UP: Record<string, number> = { backgammon: 4000, rummy: 100, skirmish: 10000 };
/**
 * Rounds of one run on each pool. This VM's speed drifts by a third within
 * minutes, which moves medians of separate runs more than the ratio asked
 * for; each round's two runs sit side by side in time, so the ratio is taken
 * round by round, and its median (with the lowest and highest) reported;
 * `BENCH_ROUNDS=21` gives a steadier median.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const WORKERS = [1, 2] as const;
/** `BENCH_GAMES=skirmish,rummy` measures only those games (default: all). */
const ONLY = process.env.BENCH_GAMES?.split(',');

const median = (xs: readonly number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** CPU milliseconds of each thread of this process so far, by thread id; empty where /proc is not there. */
function threadTimes(): Map<string, number> {
  const times = new Map<string, number>();
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return times;
  }
  for (const tid of tasks) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks of 10 ms.
      times.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The thread ended while we looked.
    }
  }
  return times;
}

/** One timed run: wall and CPU milliseconds; by thread only where /proc is there. */
interface Run {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly mainMs: number | null;
  readonly workersMs: number | null;
}

async function timedRun(
  pool: WorkerPool,
  id: string,
  config: unknown,
  jobs: readonly GameJob[],
  workerThreads: ReadonlySet<string>,
): Promise<Run> {
  const before = threadTimes();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await pool.play(id, config, jobs);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const after = threadTimes();
  let mainMs: number | null = null;
  let workersMs: number | null = null;
  for (const [tid, ms] of after) {
    const spent = ms - (before.get(tid) ?? 0);
    if (tid === String(process.pid)) mainMs = spent;
    else if (workerThreads.has(tid)) workersMs = (workersMs ?? 0) + spent;
  }
  return { wallMs, cpuMs: (used.user + used.system) / 1000, mainMs, workersMs };
}

const jobsOf = (seed: number, count: number): GameJob[] =>
  Array.from({ length: count }, (_, index) => ({
    index,
    seed: gameSeed(seed, index),
    players: ['random', 'random'],
  }));

/**
 * Work with no game in it, run the same way (1 thread, then 2 with the same
 * work each), to tell what this machine's cores give at all: a loop on one
 * register, and streaming writes over 256 MB, which need the memory bus. On
 * a VM whose cores share a bus with other machines' work the second can
 * give far less than 2x; games that allocate by the megabyte ride on it.
 */
const PROBES: Record<string, string> = {
  'arithmetic (one register)': 'let x = 0; for (let i = 0; i < 2e8; i++) x = (x * 31 + i) | 0; done(x);',
  'streaming writes (256 MB, 64 times)':
    'const a = new Float64Array(1 << 25); for (let r = 0; r < 64; r++) a.fill(r); done(a[7]);',
};

/** Wall milliseconds for `threads` threads each running `body` once, started together. */
async function probeRun(body: string, threads: number): Promise<number> {
  const code = `const done = (v) => require('node:worker_threads').parentPort.postMessage(v); ${body}`;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: threads }, async () => {
      const worker = new Worker(code, { eval: true });
      await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
    }),
  );
  return performance.now() - started;
}

async function machineScaling(): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  for (const [name, body] of Object.entries(PROBES)) {
    const ratios: number[] = [];
    for (let round = 0; round < 3; round++) {
      const one = await probeRun(body, 1);
      ratios.push((2 * one) / (await probeRun(body, 2)));
    }
    ratios.sort((a, b) => a - b);
    rows.push({
      work: name,
      '2 threads / 1, work a second: median (lowest-highest)': `${median(ratios).toFixed(2)} (${ratios[0]?.toFixed(2)}-${ratios.at(-1)?.toFixed(2)})`,
    });
  }
  return rows;
}

export async function poolScaling(): Promise<void> {
  const cores = availableParallelism();
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const scaling: Record<string, string>[] = [];
  const byThread: Record<string, string>[] = [];
  const machine = await machineScaling();
  // Starting a pool: the workers load the code (from source, one bundle made once per process).
  const coldStart = performance.now();
  const cold = openPool(1);
  await cold.play('skirmish', GAMES.skirmish?.defaultConfig(2), jobsOf(1, 1));
  await cold.close();
  const startMs = performance.now() - coldStart;
  // The threads there before the pools open are the main thread and V8's and libuv's helpers; the new ones are workers.
  const others = new Set(threadTimes().keys());
  const pools = new Map(WORKERS.map((w) => [w, openPool(w)]));
  try {
    for (const [id, game] of Object.entries(GAMES)) {
      if (ONLY !== undefined && !ONLY.includes(id)) continue;
      const count = GAMES_PER_RUN[id] ?? 100;
      const config = game.defaultConfig(2);
      const jobs = jobsOf(1, count);
      // Each worker loads the code and compiles the hot paths on games of its own.
      for (const [w, pool] of pools) await pool.play(id, config, jobsOf(2, (WARM_UP[id] ?? count) * w));
      const workerThreads = new Set([...threadTimes().keys()].filter((tid) => !others.has(tid)));
      const runs = new Map<number, Run[]>(WORKERS.map((w) => [w, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [w, pool] of pools) {
          // A pause first, so that the garbage collector's background work for the last run ends before this one.
          await new Promise((resolve) => setTimeout(resolve, 200));
          runs.get(w)?.push(await timedRun(pool, id, config, jobs, workerThreads));
        }
      }
      const perSecond = new Map<number, { wall: number; projected: number | null }>();
      for (const [w, rs] of runs) {
        const cpu = median(rs.map((r) => r.cpuMs));
        const known = rs.every((r) => r.mainMs !== null && r.workersMs !== null);
        const main = median(rs.map((r) => r.mainMs ?? 0));
        const workers = median(rs.map((r) => r.workersMs ?? 0));
        const floorMs = Math.max(workers / w, main, cpu / cores);
        perSecond.set(w, {
          wall: (count * 1000) / median(rs.map((r) => r.wallMs)),
          projected: known ? (count * 1000) / floorMs : null,
        });
        byThread.push({
          game: id,
          workers: String(w),
          'all threads': (cpu / count).toFixed(3),
          'main thread': known ? (main / count).toFixed(3) : '',
          'worker threads': known ? (workers / count).toFixed(3) : '',
          'V8 helpers and the rest': known ? ((cpu - main - workers) / count).toFixed(3) : '',
        });
      }
      const one = perSecond.get(1);
      const two = perSecond.get(2);
      const ones = runs.get(1) ?? [];
      const twos = runs.get(2) ?? [];
      if (one === undefined || two === undefined) continue;
      const ratios = ones.map((r, i) => r.wallMs / (twos[i]?.wallMs ?? Number.NaN)).sort((a, b) => a - b);
      scaling.push({
        game: id,
        'games a run': String(count),
        '1 worker (games/s)': one.wall.toFixed(0),
        '2 workers (games/s)': two.wall.toFixed(0),
        '2 workers / 1, round by round: median (lowest-highest)': `${median(ratios).toFixed(2)} (${ratios[0]?.toFixed(2)}-${ratios.at(-1)?.toFixed(2)})`,
        '2 / 1 projected for idle cores':
          one.projected === null || two.projected === null ? '' : (two.projected / one.projected).toFixed(2),
      });
    }
  } finally {
    await Promise.all([...pools.values()].map((pool) => pool.close()));
  }
  console.log(
    `1 worker vs 2 workers: random agents, pools kept up and each worker warmed, ${ROUNDS} alternating rounds (games/s: medians); ` +
      `${cores} cores, load average ${loadBefore.toFixed(2)} before, ${loadavg()[0]?.toFixed(2)} after ` +
      '(the wall-clock ratio means something only on an idle machine)',
  );
  console.table(scaling);
  console.log('CPU milliseconds per game, by thread (the median run)');
  console.table(byThread);
  console.log('What the cores give with no game in it, measured in this run');
  console.table(machine);
  console.log(
    `A new pool of 1 worker, to its first game (from source: bundling included): ${startMs.toFixed(0)} ms`,
  );
}

// Run alone: `npx tsx --conditions=@tabula/source packages/cli/bench/pool.ts`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await poolScaling();
