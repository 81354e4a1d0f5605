/**
 * The solver's speed on positions from real rounds (default rules: 2 decks,
 * 2 jokers; hands up to 20 cards, tables up to 80 cards), next to the integer
 * program (HiGHS) on the same positions.
 *
 * Both are timed the same way, one after the other: a pass over the
 * positions first to warm up, then `repeats` timed passes; a position's time
 * is the median of its passes, so that a pause of the machine does not count.
 *
 *   npx tsx --conditions=@tabula/source packages/rummy/bench/solver.ts [positions] [ilp positions] [repeats]
 */
import { solve } from '../src/index.js';
import { ilpWeighted, loadHighs } from '../test/solver/ilp.js';
import { type Position, roundPositions } from '../test/solver/positions.js';

const count = Number(process.argv[2] ?? 2000);
const ilpCount = Number(process.argv[3] ?? 150);
const repeats = Number(process.argv[4] ?? 3);

/** Positions from seeded rounds of 2 to 4 players who play now and then, so that hands and tables grow. */
function positions(n: number): Position[] {
  const out: Position[] = [];
  for (let seed = 1; out.length < n; seed++) {
    const players = 2 + (seed % 3);
    const playChance = [25, 40, 60][seed % 3]!;
    for (const p of roundPositions(seed, { players, playChance })) {
      const tableCards = p.table.reduce((sum, m) => sum + m.cards.length, 0);
      if (p.hand.length <= 20 && tableCards <= 80 && out.length < n) out.push(p);
    }
  }
  return out;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function summary(times: readonly number[]): { median: number; p99: number; max: number; mean: number } {
  const sorted = times.slice().sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return {
    median: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1]!,
    mean,
  };
}

const ms = (x: number) => `${x.toFixed(2)} ms`;

const all = positions(count);
const tableSizes = all.map((p) => p.table.reduce((sum, m) => sum + m.cards.length, 0));
console.log(
  `${all.length} positions: hands up to ${Math.max(...all.map((p) => p.hand.length))} cards, tables up to ${Math.max(...tableSizes)} cards (mean ${(tableSizes.reduce((a, b) => a + b, 0) / all.length).toFixed(1)}), ${all.filter((p) => p.opened).length} after opening`,
);

/** Each item's time: a warm-up pass, then the median of `repeats` timed passes. */
function timeEach<T>(items: readonly T[], run: (item: T) => void): number[] {
  for (const item of items) run(item);
  const passes = items.map(() => [] as number[]);
  for (let r = 0; r < repeats; r++) {
    items.forEach((item, i) => {
      const t = performance.now();
      run(item);
      passes[i]!.push(performance.now() - t);
    });
  }
  return passes.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

const plays = all.filter((p) => solve(p).kind === 'play').length;
const times = timeEach(all, (p) => solve(p));
const elapsed = times.reduce((a, b) => a + b, 0);
const s = summary(times);
const big = all.map((_, i) => [tableSizes[i]!, times[i]!] as const).filter(([n]) => n >= 50);
const bigSummary = big.length > 0 ? summary(big.map(([, t]) => t)) : null;
console.table({
  solver: {
    'positions/s': Math.round((all.length / elapsed) * 1000),
    median: ms(s.median),
    p99: ms(s.p99),
    max: ms(s.max),
    mean: ms(s.mean),
    plays,
  },
  ...(bigSummary && {
    [`solver, tables of 50+ cards (${big.length})`]: {
      'positions/s': Math.round(1000 / bigSummary.mean),
      median: ms(bigSummary.median),
      p99: ms(bigSummary.p99),
      max: ms(bigSummary.max),
      mean: ms(bigSummary.mean),
      plays: '',
    },
  }),
});

// the integer program on an even sample of the same positions, against the solver's times above
// (timed pass by pass between HiGHS passes, the solver ran about 1.5 times slower: HiGHS fills the
// caches and the heap, so each is timed on its own)
const highs = await loadHighs();
const step = Math.max(1, Math.floor(all.length / ilpCount));
const picked = all
  .map((_, i) => i)
  .filter((i) => i % step === 0)
  .slice(0, ilpCount);
const ilpTimes = timeEach(
  picked.map((i) => all[i]!),
  (p) => ilpWeighted(highs, p.table, p.hand, p.opened, p.rules),
);
const solverTimes = picked.map((i) => times[i]!);
const a = summary(solverTimes);
const b = summary(ilpTimes);
console.table({
  [`solver (${picked.length} positions)`]: {
    'positions/s': Math.round(1000 / a.mean),
    median: ms(a.median),
    p99: ms(a.p99),
    mean: ms(a.mean),
  },
  'ILP, HiGHS (same positions)': {
    'positions/s': Math.round(1000 / b.mean),
    median: ms(b.median),
    p99: ms(b.p99),
    mean: ms(b.mean),
  },
});
const ratios = picked.map((_, k) => ilpTimes[k]! / Math.max(solverTimes[k]!, 1e-3)).sort((x, y) => x - y);
console.log(
  `speed-up: ${(b.mean / a.mean).toFixed(0)}x on the total time, ${(b.median / a.median).toFixed(0)}x on the median; per position: median ${quantile(ratios, 0.5).toFixed(0)}x, lowest ${ratios[0]!.toFixed(1)}x`,
);
