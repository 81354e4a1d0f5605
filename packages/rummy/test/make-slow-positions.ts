/**
 * Writes `fixtures/slow-positions.jsonl`: positions of 4-player rounds (see
 * `scan-rounds.ts`) where `rummyGame.legalActions` took seconds before the
 * solver had a work budget (issue 11, item 4), found by `bench/legal-scan.ts`,
 * each with the exact solver's objective and steps.
 *
 *   npx tsx --conditions=@tabula/source packages/rummy/test/make-slow-positions.ts
 */
import { writeFileSync } from 'node:fs';
import { solve } from '../src/index.js';
import { scanPosition } from './scan-rounds.js';

const chosen: [seed: number, step: number, note: string][] = [
  [15, 81, "like the issue's example: 25 melds, 83 table cards, a hand of 5, opened"],
  [1, 61, '24 melds, 84 table cards, a hand of 4'],
  [3, 91, 'the most steps of the exact solver in the scan: 29 melds, 91 table cards'],
  [15, 93, 'the slowest legalActions before the budget (31 s on a busy machine): 29 melds, 91 table cards'],
  [16, 80, '27 melds, 85 table cards'],
  [1, 57, 'the longest first search in the scan (194,000 steps): a hand of 10'],
];
const lines = chosen.map(([seed, step, note]) => {
  const state = scanPosition(seed, 4, step);
  const seat = state.current;
  // the exact answer, however long it takes, for the tests to compare with
  const best = solve({
    table: state.table,
    hand: state.hands[seat]!,
    opened: state.opened[seat]!,
    rules: state.rules,
  });
  if (best.kind !== 'play') throw new Error(`no play at seed ${seed}, step ${step}`);
  const exact = {
    cards: best.cardsLaid,
    points: best.pointsLaid,
    kept: best.keptMelds.length,
    steps: best.stats.steps,
  };
  return JSON.stringify({ seed, step, note, exact, state });
});
writeFileSync(new URL('fixtures/slow-positions.jsonl', import.meta.url), `${lines.join('\n')}\n`);
