import type { Bench } from 'tinybench';
import { legalPlays, Moves } from '../src/moves.js';
import { naiveLegalPlays } from '../test/naive-moves.js';
import { publicCases as fixtureCases } from '../test/public-fixture.js';

const N = fixtureCases.length;

const ours = () => {
  for (const c of fixtureCases) legalPlays(c.board, c.seat, c.dice);
};
const checked = () => {
  for (const c of fixtureCases) Moves.legalPlays(c.board, c.seat, c.dice);
};
const naive = () => {
  for (const c of fixtureCases) naiveLegalPlays(c.board, c.seat, c.dice);
};

/**
 * One task runs a generator on all 300 public fixture positions: positions/s = 300 x ops/s. The naive
 * generator (test/naive-moves.ts, the same plays found the obvious way) is the yardstick.
 */
export function addLegalPlaysBench(bench: Bench): void {
  bench.add(`legalPlays x ${N} fixture positions`, ours);
  // The exported face checks the board, seat and roll first: the difference is the cost of the checks.
  bench.add(`Moves.legalPlays (checked) x ${N} fixture positions`, checked);
  bench.add(`naive generator (the yardstick) x ${N} fixture positions`, naive);
}

/** Milliseconds of CPU time (user and system, the whole process) a pass takes, over `passes` passes. */
function cpuMsPerPass(pass: () => void, passes: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < passes; i++) pass();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000 / passes;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1] ?? Number.NaN;
const perSecond = (ms: number) => Math.round((N * 1000) / ms).toLocaleString('en-US');

/**
 * Ours against the naive generator in one run, timed in alternation (a round of each in turn, CPU
 * time, the median of `rounds`), so that a slow spell of a shared machine slows both alike. Prints
 * positions/s and the ratios.
 */
export function compareWithNaive(rounds = 9): void {
  // About 0.2 s a round each: the naive generator is 20 to 40 times slower, so it runs fewer passes.
  const passes = { ours: 60, checked: 60, naive: 4 };
  for (let i = 0; i < 2; i++) {
    cpuMsPerPass(ours, passes.ours);
    cpuMsPerPass(checked, passes.checked);
    cpuMsPerPass(naive, passes.naive);
  }
  const ms = { ours: [] as number[], checked: [] as number[], naive: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    ms.ours.push(cpuMsPerPass(ours, passes.ours));
    ms.naive.push(cpuMsPerPass(naive, passes.naive));
    ms.checked.push(cpuMsPerPass(checked, passes.checked));
  }
  const o = median(ms.ours);
  const k = median(ms.checked);
  const n = median(ms.naive);
  console.log(
    `Move generation over the ${N} fixture positions, CPU time, median of ${rounds} alternating rounds:`,
  );
  console.log(`  naive generator            ${perSecond(n)} positions/s`);
  console.log(
    `  legalPlays                 ${perSecond(o)} positions/s = ${(n / o).toFixed(1)}x the naive one`,
  );
  console.log(
    `  Moves.legalPlays (checked) ${perSecond(k)} positions/s = ${(n / k).toFixed(1)}x the naive one`,
  );
}
