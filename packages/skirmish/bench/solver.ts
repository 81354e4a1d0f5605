/**
 * The exact two-player solver per deck size: the wall time of a full solve
 * (every position reachable from the start) and the number of positions
 * memoised, for the win and the VP objective. One solve each, from a cold
 * solver: the figures are single measurements on whatever the machine is
 * doing besides.
 *
 *   npx tsx --conditions=@tabula/source packages/skirmish/bench/solver.ts [largest N, default 8]
 */
import { solveSkirmish } from '@tabula/skirmish';

const largest = Number(process.argv[2] ?? 8);
console.log('| ships | objective | value | positions | LPs | seconds |');
console.log('| ----- | --------- | ----- | --------- | --- | ------- |');
for (let ships = 1; ships <= largest; ships++) {
  for (const objective of ['win', 'vp'] as const) {
    const started = performance.now();
    const solved = solveSkirmish({ ships, objective });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `| ${ships} | ${objective} | ${solved.value.toFixed(9)} | ${solved.states} | ${solved.linearPrograms} | ${seconds.toFixed(3)} |`,
    );
  }
}
