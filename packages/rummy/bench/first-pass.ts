/**
 * The first pass of one workload in a fresh process: `bench/index.ts` writes
 * the inputs to a file and runs this script once per workload, in a new
 * process each time, so that nothing is warm (no code compiled by the JIT,
 * no schema compiled, no card interned). Prints one line of JSON: the time
 * to import the library, then of the first, second and tenth pass, and the
 * CPU time of the first (every thread), in ms.
 *
 * `tsx --conditions=@tabula/source bench/first-pass.ts <melds|tables|rounds> <inputs.json>`
 */
import { readFileSync } from 'node:fs';
import type { Workloads } from './workloads.js';

const [which, file] = process.argv.slice(2);
if (file === undefined) throw new Error('usage: first-pass.ts <melds|tables|rounds> <inputs.json>');
// the inputs are read before the library is imported, so that neither time holds the other
const inputs: Workloads = JSON.parse(readFileSync(file, 'utf8'));
const start = performance.now();
const { runMelds, runRounds, runTables } = await import('./workloads.js');
const imported = performance.now() - start;
const run =
  which === 'melds'
    ? () => runMelds(inputs.melds)
    : which === 'tables'
      ? () => runTables(inputs.tables)
      : () => runRounds(inputs.rounds);
const passes: number[] = [];
let cpu = 0;
for (let pass = 1; pass <= 10; pass++) {
  const usage = process.cpuUsage();
  const t = performance.now();
  run();
  passes.push(performance.now() - t);
  // the CPU time of the first pass, all threads (the compiler's too): steadier than the time on a busy machine
  if (pass === 1) {
    const used = process.cpuUsage(usage);
    cpu = (used.user + used.system) / 1000;
  }
}
console.log(
  JSON.stringify({ which, imported, first: passes[0], firstCpu: cpu, second: passes[1], tenth: passes[9] }),
);
