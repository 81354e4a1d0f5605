// Games per second by worker threads: random agents, default configs, games
// handed to a pool that stays up (warmed by a first run), in rounds that
// alternate 0 (this thread), 1 and 2 workers; medians of the rounds.
//
// Besides wall time, the CPU time of every thread of the process (Linux:
// /proc/self/task) gives what an idle machine would do: a run cannot take
// less than its busiest thread, nor less than all its CPU time shared over
// the cores. On a machine that other work keeps busy, wall time says little
// about scaling; this projection says how far the threads get in each
// other's way (the main thread reading results, V8's garbage collection
// helpers, which a lone worker runs on an idle core for free).
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { openPool, type WorkerPool } from '../src/pool.js';
import { GAMES } from '../src/registry.js';
import { type GameJob, gameSeed } from '../src/simulation.js';

const GAMES_PER_RUN: Record<string, number> = { backgammon: 3000, rummy: 24, skirmish: 10000 };
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

interface Run {
  readonly wallMs: number;
  readonly cpuMs: number;
  /** The busiest thread's CPU ms, null without /proc. */
  readonly busiestMs: number | null;
  /** The main thread's CPU ms, null without /proc. */
  readonly mainMs: number | null;
}

async function timedRun(
  pool: WorkerPool,
  id: string,
  config: unknown,
  jobs: readonly GameJob[],
): Promise<Run> {
  const before = threadTimes();
  const cpu = process.cpuUsage();
  const started = performance.now();
  await pool.play(id, config, jobs);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  const after = threadTimes();
  const spent = [...after].map(([tid, ms]) => [tid, ms - (before.get(tid) ?? 0)] as const);
  const main = spent.find(([tid]) => tid === String(process.pid));
  return {
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    busiestMs: spent.length === 0 ? null : Math.max(...spent.map(([, ms]) => ms)),
    mainMs: main === undefined ? null : main[1],
  };
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
      for (const pool of pools.values()) await pool.play(id, config, jobs);
      const runs = new Map<number, Run[]>(WORKERS.map((w) => [w, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const [w, pool] of pools) {
          // A pause first, so that the garbage collector's background work for the last run ends before this one.
          await new Promise((resolve) => setTimeout(resolve, 300));
          runs.get(w)?.push(await timedRun(pool, id, config, jobs));
        }
      }
      const perSecond = new Map<number, { wall: number; projected: number | null }>();
      for (const [w, rs] of runs) {
        const wall = (count * 1000) / median(rs.map((r) => r.wallMs));
        const cpu = median(rs.map((r) => r.cpuMs));
        const busiest = rs.every((r) => r.busiestMs !== null)
          ? median(rs.map((r) => r.busiestMs ?? 0))
          : null;
        const main = rs.every((r) => r.mainMs !== null) ? median(rs.map((r) => r.mainMs ?? 0)) : null;
        // On an idle machine a run takes at least its busiest thread's time and its CPU time over the cores.
        const projected = busiest === null ? null : (count * 1000) / Math.max(busiest, cpu / cores);
        perSecond.set(w, { wall, projected });
        rows.push({
          game: id,
          workers: String(w),
          'games/s (wall)': wall.toFixed(0),
          'CPU ms/game (all threads)': (cpu / count).toFixed(3),
          'busiest thread ms/game': busiest === null ? '' : (busiest / count).toFixed(3),
          'main thread ms/game': main === null ? '' : (main / count).toFixed(3),
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
    `Games per second by workers: random agents, ${ROUNDS} alternating rounds (medians), a pool kept up and warmed; ` +
      `${cores} cores, load average ${(globalThis.process.platform === 'linux' ? readFileSync('/proc/loadavg', 'utf8').split(' ')[0] : '?') ?? '?'}`,
  );
  console.log(
    `A new pool of 1 worker, to its first game (from source: bundling included): ${startMs.toFixed(0)} ms`,
  );
  console.table(rows);
  console.table(ratios);
}
