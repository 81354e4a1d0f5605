/** Mean and the half-width of its 95% confidence interval (normal approximation). */
export function meanWithInterval(values: readonly number[]): { mean: number; halfWidth: number } {
  const n = values.length;
  if (n === 0) return { mean: 0, halfWidth: 0 };
  const mean = values.reduce((s, v) => s + v, 0) / n;
  if (n === 1) return { mean, halfWidth: 0 };
  const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1);
  return { mean, halfWidth: 1.96 * Math.sqrt(variance / n) };
}

/** One pairing's result from the first player's side: 1 a win, 0.5 a draw, 0 a loss. */
export interface PairResult {
  readonly a: number;
  readonly b: number;
  readonly scoreA: number;
}

/**
 * Elo-scale ratings that best explain the results (Bradley-Terry maximum
 * likelihood by minorization-maximization), centred on 1500. Order-free, so
 * the same games give the same ratings however they were scheduled. A small
 * prior (one draw against a 1500 opponent) keeps a perfect record finite.
 */
export function ratings(players: number, results: readonly PairResult[]): number[] {
  const wins = new Array<number>(players).fill(0.5);
  const games: number[][] = Array.from({ length: players }, () => new Array<number>(players).fill(0));
  for (const { a, b, scoreA } of results) {
    wins[a]! += scoreA;
    wins[b]! += 1 - scoreA;
    games[a]![b]! += 1;
    games[b]![a]! += 1;
  }
  let strength = new Array<number>(players).fill(1);
  for (let iteration = 0; iteration < 500; iteration++) {
    const next = strength.map((si, i) => {
      let denominator = 1 / (si + 1); // the prior's game against strength 1
      for (let j = 0; j < players; j++) {
        const n = games[i]![j]!;
        if (n > 0) denominator += n / (si + strength[j]!);
      }
      return wins[i]! / denominator;
    });
    const scale = Math.exp(next.reduce((s, v) => s + Math.log(v), 0) / players);
    strength = next.map((v) => v / scale);
  }
  return strength.map((s) => 1500 + (400 * Math.log(s)) / Math.LN10);
}

/** A fixed-width text table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
