/**
 * Engine games per second on the scripted games of the PHP comparison
 * (`workload.ts`), warm and cold, 2 and 4 players. Every measurement runs in
 * a process of its own, so that one library's compiled code never helps or
 * hinders another's:
 *
 * - warm: 3 passes of 5,000 games to warm up, then 7 timed passes of 20,000
 *   games (seeds 1..20,000); the median pass and the best, and the median
 *   by CPU time (steadier on a busy machine);
 * - cold: the first 1,000 games (seeds 1..1,000) of a fresh process, timed
 *   from just after the library is imported (its import time is given
 *   apart), wall and CPU time; the median of 5 processes.
 *
 * `tsx --conditions=@tabula/source bench/engine-speed.ts [--lib <index.ts>]...`
 * measures this package's source, and each `--lib` (such as an older
 * checkout's `packages/skirmish/src/index.ts`, the "before") beside it.
 * `--digest` prints the outcome digest of games 1..2,000 instead (the PHP
 * script prints the same). `--php <bench.php>` runs a PHP version of the
 * workload beside them (outside this project: `php <bench.php> warm|cold N`
 * printing the same JSON), with its JIT on and off.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { outcomeDigest, playGames, type SkirmishLibrary } from './workload.js';

const here = fileURLToPath(import.meta.url);
const ownLibrary = fileURLToPath(new URL('../src/index.ts', import.meta.url));

async function load(lib: string): Promise<{ lib: SkirmishLibrary; importMs: number }> {
  const start = performance.now();
  const loaded = (await import(pathToFileURL(resolve(lib)).href)) as SkirmishLibrary;
  return { lib: loaded, importMs: performance.now() - start };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** In a child: one measurement, printed as a line of JSON. */
async function child(mode: string, players: number, path: string): Promise<void> {
  const { lib, importMs } = await load(path);
  if (mode === 'cold') {
    const usage = process.cpuUsage();
    const t = performance.now();
    playGames(lib, players, 1, 1000);
    const ms = performance.now() - t;
    const cpu = process.cpuUsage(usage);
    console.log(JSON.stringify({ importMs, ms, cpuMs: (cpu.user + cpu.system) / 1000 }));
    return;
  }
  if (mode === 'digest') {
    console.log(JSON.stringify({ digest: outcomeDigest(lib, players, 2000) }));
    return;
  }
  for (let pass = 0; pass < 3; pass++) playGames(lib, players, 1, 5000);
  const rates: number[] = [];
  const cpuRates: number[] = [];
  for (let pass = 0; pass < 7; pass++) {
    const usage = process.cpuUsage();
    const t = performance.now();
    playGames(lib, players, 1, 20_000);
    rates.push(20_000 / ((performance.now() - t) / 1000));
    const cpu = process.cpuUsage(usage);
    cpuRates.push(20_000 / ((cpu.user + cpu.system) / 1e6));
  }
  console.log(JSON.stringify({ median: median(rates), best: Math.max(...rates), cpu: median(cpuRates) }));
}

const JIT = ['-d', 'opcache.enable_cli=1', '-d', 'opcache.jit=tracing', '-d', 'opcache.jit_buffer_size=64M'];

function run(mode: string, players: number, lib: string): Record<string, number | string> {
  const [file, jit] = lib.split('#');
  const out = file?.endsWith('.php')
    ? execFileSync('php', [...(jit === 'jit' ? JIT : []), file, mode, `${players}`], { encoding: 'utf8' })
    : execFileSync(process.execPath, [...process.execArgv, here, '--child', mode, `${players}`, lib], {
        encoding: 'utf8',
      });
  return JSON.parse(out);
}

/** The whole comparison, as `npm run bench` prints it. */
export function engineSpeed(libs: readonly string[]): void {
  const rows: Record<string, string | number>[] = [];
  for (const players of [2, 4]) {
    for (const lib of libs) {
      const name =
        lib === ownLibrary
          ? 'this package'
          : lib.endsWith('.php#jit')
            ? 'PHP 8.2, JIT'
            : lib.endsWith('.php')
              ? 'PHP 8.2'
              : lib;
      const warm = run('warm', players, lib);
      const cold = Array.from({ length: 5 }, () => run('cold', players, lib));
      const coldMs = median(cold.map((c) => Number(c.ms)));
      rows.push({
        players,
        library: name,
        'warm games/s (median)': Math.round(Number(warm.median)),
        'warm games/s (best)': Math.round(Number(warm.best)),
        'warm games/CPU s': Math.round(Number(warm.cpu)),
        'cold: first 1,000 games, ms': Number(coldMs.toFixed(1)),
        'cold games/s': Math.round(1000 / (coldMs / 1000)),
        'cold CPU ms': Number(median(cold.map((c) => Number(c.cpuMs))).toFixed(1)),
        'import ms': Number(median(cold.map((c) => Number(c.importMs ?? 0))).toFixed(1)),
      });
    }
  }
  console.log('scripted games of the PHP comparison (issue 15), each figure from fresh processes:');
  console.table(rows);
}

const args = process.argv.slice(2);
if (args[0] === '--child') {
  await child(args[1] ?? 'warm', Number(args[2]), args[3] ?? ownLibrary);
} else if (process.argv[1] === here) {
  const libs = [ownLibrary];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--lib' && args[i + 1]) libs.push(resolve(args[++i] ?? ''));
    else if (args[i] === '--php' && args[i + 1]) {
      const php = resolve(args[++i] ?? '');
      libs.push(`${php}#jit`, php);
    }
  }
  if (args.includes('--digest')) {
    for (const players of [2, 4])
      for (const lib of libs) console.log(players, lib, run('digest', players, lib).digest);
  } else {
    engineSpeed(libs);
  }
}
