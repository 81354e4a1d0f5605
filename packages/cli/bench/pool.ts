// Games per second by worker threads: random agents, default configs, games
// handed to a pool that stays up (warmed by a first run), in rounds that
// alternate 0 (this thread), 1 and 2 workers; medians of the rounds.
//
// Besides wall time, the CPU time of every thread of the process (Linux:
// /proc/self/task) gives what an idle machine would do. On a machine that
// other work keeps busy, wall time says little about scaling; the projection
// says how far the threads get in each other's way: a run cannot take less
// than its workers' CPU time shared among them (the pool balances them), nor
// the main thread's, nor all its CPU time shared over the cores, V8's
// helper threads (garbage collection, compilation) included, which a lone
// worker has an idle core for and two workers do not.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { openPool, type WorkerPool } from '../src/pool.js';
import { GAMES } from '../src/registry.js';
import { type GameJob, gameSeed } from '../src/simulation.js';

const GAMES_PER_RUN: Record<string, number> = { backgammon: 3000, rummy: 24, skirmish: 10000 };
/** Games each pool plays before the timed runs: rummy's hot paths take about a hundred games to compile. */
const WARM_UP: Record<string, number> = { backgammon: 6000, rummy: 100, skirmish: 20000 };
const ROUNDS = 3;
const WORKERS = [0, 1, 2] as const;

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

export async function poolScaling(): Promise<void> {
  const cores = availableParallelism();
  const rows: Record<string, string>[] = [];
  const ratios: Record<string, string>[] = [];
  // Starting a pool: the workers load the code (from source, one bundle made once per process).
  const coldStart = performance.now();
  const cold = openPool(1);
  await cold.play('skirmish', GAMES.skirmish?.defaultConfig(2), [
    { index: 0, seed: 1, players: ['random', 'random'] },
  ]);
  await cold.close();
  const startMs = performance.now() - coldStart;
  // The threads there before the pools open are the main thread and V8's and libuv's helpers; the new ones are workers.
  const others = new Set(threadTimes().keys());
  const pools = new Map(WORKERS.map((w) => [w, openPool(w)]));
  try {
    for (const [id, game] of Object.entries(GAMES)) {
      const count = GAMES_PER_RUN[id] ?? 100;
      const config = game.defaultConfig(2);
      const jobs: GameJob[] = Array.from({ length: count }, (_, index) => ({
        index,
        seed: gameSeed(1, index),
        players: ['random', 'random'],
      }));
      // A first run warms each pool: the workers load the code and compile the hot paths.
      const warmUp: GameJob[] = Array.from({ length: WARM_UP[id] ?? count }, (_, index) => ({
        index,
        seed: gameSeed(2, index),
        players: ['random', 'random'],
      }));
      for (const pool of pools.values()) await pool.play(id, config, warmUp);
      const workerThreads = new Set([...threadTimes().keys()].filter((tid) => !others.has(tid)));
      const runs = new Map<number, Run[]>(WORKERS.map((w) => [w, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [w, pool] of pools) {
          // A pause first, so that the garbage collector's background work for the last run ends before this one.
          await new Promise((resolve) => setTimeout(resolve, 300));
          runs.get(w)?.push(await timedRun(pool, id, config, jobs, workerThreads));
        }
      }
      const perSecond = new Map<number, { wall: number; projected: number | null }>();
      for (const [w, rs] of runs) {
        const wall = (count * 1000) / median(rs.map((r) => r.wallMs));
        const cpu = median(rs.map((r) => r.cpuMs));
        const byThread = rs.every((r) => r.mainMs !== null && r.workersMs !== null);
        const main = median(rs.map((r) => r.mainMs ?? 0));
        const workers = median(rs.map((r) => r.workersMs ?? 0));
        // On idle cores a run takes at least its workers' time shared among them, the main thread's, and all of it over the cores.
        const floorMs = Math.max(w === 0 ? 0 : workers / w, main, cpu / cores);
        const projected = byThread ? (count * 1000) / floorMs : null;
        perSecond.set(w, { wall, projected });
        rows.push({
          game: id,
          workers: String(w),
          'games/s (wall)': wall.toFixed(0),
          'CPU ms/game: all threads': (cpu / count).toFixed(3),
          'main thread': byThread ? (main / count).toFixed(3) : '',
          'worker threads': byThread ? (workers / count).toFixed(3) : '',
          'V8 helpers and the rest': byThread ? ((cpu - main - workers) / count).toFixed(3) : '',
          'games/s on idle cores (projected)': projected === null ? '' : projected.toFixed(0),
        });
      }
      const one = perSecond.get(1);
      const two = perSecond.get(2);
      if (one !== undefined && two !== undefined) {
        ratios.push({
          game: id,
          '2 workers / 1 (wall)': (two.wall / one.wall).toFixed(2),
          '2 workers / 1 (projected)':
            one.projected === null || two.projected === null
              ? ''
              : (two.projected / one.projected).toFixed(2),
        });
      }
    }
  } finally {
    await Promise.all([...pools.values()].map((pool) => pool.close()));
  }
  console.log(
    `Games per second by workers: random agents, a pool kept up and warmed, ${ROUNDS} alternating rounds (medians); ` +
      `${cores} cores, load average ${loadavg()[0]?.toFixed(2)}`,
  );
  console.log(
    `A new pool of 1 worker, to its first game (from source: bundling included): ${startMs.toFixed(0)} ms`,
  );
  console.table(rows);
  console.table(ratios);
}
