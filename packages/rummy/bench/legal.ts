/**
 * `rummyGame.legalActions` on the slowest positions found in ordinary
 * 4-player rounds (`test/fixtures/slow-positions.jsonl`, found by
 * `legal-scan.ts`): each position timed as the median of `repeats` calls
 * after a warm-up, each call on a fresh definition (a definition keeps the
 * list of a state it was asked about). With `exact`, also the list with the
 * exact solver (`solverSteps: Infinity`), as before the budget.
 *
 *   npx tsx --conditions=@tabula/source packages/rummy/bench/legal.ts [repeats] [exact]
 */
import { createRummyGame, DEFAULT_SOLVE_STEPS, type RummyGameOptions, solve } from '../src/index.js';
import { slowPositions } from '../test/slow-positions.js';

const repeats = Number(process.argv[2] ?? 5);
const withExact = process.argv[3] === 'exact';
const slow = slowPositions();

/** Median and max wall time of listing the actions of every slow position, per position. */
function time(options: RummyGameOptions, times: number): number[] {
  return slow.map(({ state }) => {
    createRummyGame(options).legalActions(state, state.current);
    const runs: number[] = [];
    for (let i = 0; i < times; i++) {
      const t = performance.now();
      createRummyGame(options).legalActions(state, state.current);
      runs.push(performance.now() - t);
    }
    return runs.sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
  });
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
const budgeted = time({}, repeats);
const exact = withExact ? time({ solverSteps: Number.POSITIVE_INFINITY }, 1) : null;
console.table(
  slow.map(({ seed, step, state, position, exact: best }, i) => {
    const answer = solve(position, { maxSteps: DEFAULT_SOLVE_STEPS });
    const kept = answer.kind === 'play' ? answer.keptMelds.length : 0;
    return {
      position: `seed ${seed} step ${step}`,
      table: `${state.table.length} melds, ${state.table.reduce((n, m) => n + m.cards.length, 0)} cards`,
      hand: position.hand.length,
      legalActions: ms(budgeted[i]!),
      'solver steps': answer.stats.steps,
      'cards, points, kept': `${answer.kind === 'play' ? `${answer.cardsLaid}, ${answer.pointsLaid}` : '0, 0'}, ${kept}`,
      'exact: steps': best.steps,
      'exact: cards, points, kept': `${best.cards}, ${best.points}, ${best.kept}`,
      ...(exact && { 'legalActions, exact solver': ms(exact[i]!) }),
    };
  }),
);
const summary = (times: readonly number[]) =>
  `mean ${ms(times.reduce((a, b) => a + b, 0) / times.length)}, max ${ms(Math.max(...times))}`;
console.log(`legalActions on the ${slow.length} slowest positions found: ${summary(budgeted)}`);
if (exact) console.log(`with the exact solver: ${summary(exact)}`);
