import { TabulaError } from '@tabula/core';

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
  // Per player: the score won (the prior's draw included) and the opponent of every game.
  type Rated = { won: number; strength: number; next: number; opponents: Rated[] };
  const rated = Array.from(
    { length: players },
    (): Rated => ({ won: 0.5, strength: 1, next: 1, opponents: [] }),
  );
  for (const { a, b, scoreA } of results) {
    const [first, second] = [rated[a], rated[b]];
    if (!first || !second) throw new TabulaError('invalid_argument', `No player ${a} or ${b} of ${players}`);
    first.won += scoreA;
    second.won += 1 - scoreA;
    first.opponents.push(second);
    second.opponents.push(first);
  }
  for (let iteration = 0; iteration < 500; iteration++) {
    let logSum = 0;
    for (const player of rated) {
      let denominator = 1 / (player.strength + 1); // the prior's game against strength 1
      for (const opponent of player.opponents) denominator += 1 / (player.strength + opponent.strength);
      player.next = player.won / denominator;
      logSum += Math.log(player.next);
    }
    const scale = Math.exp(logSum / players);
    for (const player of rated) player.strength = player.next / scale;
  }
  return rated.map(({ strength }) => 1500 + (400 * Math.log(strength)) / Math.LN10);
}

/** A fixed-width text table. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]) =>
    widths
      .map((width, c) => {
        const text = cells[c] ?? '';
        return c === 0 ? text.padEnd(width) : text.padStart(width);
      })
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
