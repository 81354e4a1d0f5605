import { type Objective, type SkirmishSolution, solveSkirmish } from '@tabula/skirmish';
import { intFlag, parseCommand } from '../args.js';
import { UsageError } from '../errors.js';

export const SOLVE_USAGE = 'tabula solve skirmish --ships N [--objective win|vp] [--json]';

/** The largest deck solved on request: larger ones take minutes to hours (see BENCHMARKS.md). */
const MAX_SHIPS = 10;

/** What `--json` prints: the value and, for each VP the first planet may have, the opening strategy. */
export function solutionJson(solution: SkirmishSolution, seconds: number) {
  return {
    game: 'skirmish',
    ships: solution.ships,
    planets: solution.planets,
    objective: solution.objective,
    value: solution.value,
    states: solution.states,
    seconds,
    openings: solution.openings.map((o) => ({
      planetVp: o.planetVp,
      probability: o.probability,
      value: o.value,
      strategy: Object.fromEntries(o.strategy.map((m) => [String(m.ship), m.probability])),
    })),
  };
}

const percent = (p: number) => `${(100 * p).toFixed(1)}%`;

/** Solves a two-player deck of N ships exactly and prints its value and the optimal opening. */
export function solve(argv: readonly string[], out: (line: string) => void): void {
  const { positionals, values } = parseCommand(argv, {
    ships: { type: 'string' },
    objective: { type: 'string' },
    json: { type: 'boolean' },
  });
  if (positionals.length !== 1 || positionals[0] !== 'skirmish') {
    throw new UsageError(`Usage: ${SOLVE_USAGE} (only skirmish has a solver of this kind)`);
  }
  if (values.ships === undefined) throw new UsageError(`--ships is required. Usage: ${SOLVE_USAGE}`);
  const ships = intFlag(values, 'ships', 0, 1);
  if (ships > MAX_SHIPS) throw new UsageError(`--ships goes up to ${MAX_SHIPS}, got ${ships}`);
  const objective = values.objective ?? 'win';
  if (objective !== 'win' && objective !== 'vp') {
    throw new UsageError(`--objective is win or vp, got "${String(objective)}"`);
  }
  const started = performance.now();
  const solution = solveSkirmish({ ships, objective: objective as Objective });
  const seconds = (performance.now() - started) / 1000;
  if (values.json === true) {
    out(JSON.stringify(solutionJson(solution, seconds), null, 2));
    return;
  }
  const what =
    objective === 'win'
      ? 'the chance that seat 0 wins, a shared win counting half'
      : "seat 0's VP minus seat 1's";
  out(
    `Stellar Skirmish, 2 players, ships 1..${ships}, planets of ${solution.planets.join(', ')} VP, shuffled`,
  );
  out(`Value, ${what}: ${solution.value.toFixed(6)}`);
  out(`Solved ${solution.states} positions in ${seconds.toFixed(2)} s`);
  for (const o of solution.openings) {
    out(
      `First planet worth ${o.planetVp} VP (${percent(o.probability)} of deals), value ${o.value.toFixed(6)}; optimal first bid (either seat):`,
    );
    const played = o.strategy.filter((m) => m.probability > 1e-9);
    out(`  ${played.map((m) => `ship ${m.ship}: ${percent(m.probability)}`).join(', ')}`);
  }
}
