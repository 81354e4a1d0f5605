/**
 * A small dense linear-program solver, enough for the matrix games of the
 * skirmish solver (a few dozen rows and columns at most): the simplex method
 * on a full tableau.
 *
 * Degeneracy: the entering column is the most negative reduced cost (Dantzig)
 * while the objective improves, and after a run of degenerate pivots the rule
 * switches to Bland's (lowest index enters, lowest basic index leaves among
 * ties), which cannot cycle. Precision: a value within `EPSILON` of zero is
 * zero when choosing pivots, and the ratio test prefers the larger pivot among
 * near-equal ratios, so no tiny pivot blows rounding up.
 */

const EPSILON = 1e-12;

/** The answer of `maximize`: the optimum, a primal optimum and the dual prices of the rows. */
export interface LpSolution {
  readonly value: number;
  /** One entry per variable. */
  readonly x: number[];
  /** One entry per row: the dual optimum (the shadow price of each `<=` row). */
  readonly duals: number[];
  readonly pivots: number;
}

/**
 * Maximizes `c·x` subject to `A x <= b` and `x >= 0`, for `b >= 0` (the
 * slack basis is then feasible, so no first phase is needed; the games below
 * are put in that form). Throws when the LP is unbounded or `b` has a negative
 * entry.
 */
export function maximize(
  c: readonly number[],
  a: readonly (readonly number[])[],
  b: readonly number[],
): LpSolution {
  const rows = a.length;
  const cols = c.length;
  if (b.length !== rows) throw new RangeError(`maximize: ${rows} rows but ${b.length} bounds`);
  const width = cols + rows + 1;
  // Row r of the tableau: the coefficients of x, then the slacks, then the right-hand side.
  const t: Float64Array[] = [];
  for (let r = 0; r < rows; r++) {
    const row = new Float64Array(width);
    const source = a[r];
    if (source === undefined || source.length !== cols)
      throw new RangeError(`maximize: row ${r} has the wrong length`);
    for (let j = 0; j < cols; j++) row[j] = source[j] as number;
    row[cols + r] = 1;
    const bound = b[r] as number;
    if (!(bound >= 0)) throw new RangeError(`maximize: bound ${r} is ${bound}, it must be >= 0`);
    row[width - 1] = bound;
    t.push(row);
  }
  // The objective row holds the reduced costs -c (we minimize -c·x); its last entry is the value.
  const z = new Float64Array(width);
  for (let j = 0; j < cols; j++) z[j] = -(c[j] as number);
  const basis = Array.from({ length: rows }, (_, r) => cols + r);

  let pivots = 0;
  let degenerate = 0;
  const limit = 50 * (rows + cols) + 1000;
  for (;;) {
    const bland = degenerate > rows + 2;
    let enter = -1;
    let best = -EPSILON;
    for (let j = 0; j < width - 1; j++) {
      const cost = z[j] as number;
      if (cost < best) {
        enter = j;
        if (bland) break;
        best = cost;
      }
    }
    if (enter < 0) break;

    let leave = -1;
    let ratio = Infinity;
    let pivot = 0;
    for (let r = 0; r < rows; r++) {
      const row = t[r] as Float64Array;
      const entry = row[enter] as number;
      if (entry <= EPSILON) continue;
      const candidate = (row[width - 1] as number) / entry;
      const near = Math.abs(candidate - ratio) <= EPSILON * Math.max(1, Math.abs(ratio));
      if (leave < 0 || (candidate < ratio && !near)) {
        leave = r;
        ratio = candidate;
        pivot = entry;
      } else if (near) {
        // A tie: Bland takes the lowest basic index, otherwise the larger pivot for precision.
        const better = bland ? (basis[r] as number) < (basis[leave] as number) : entry > pivot;
        if (better) {
          leave = r;
          ratio = Math.min(ratio, candidate);
          pivot = entry;
        }
      }
    }
    if (leave < 0) throw new RangeError('maximize: the linear program is unbounded');
    degenerate = ratio <= EPSILON ? degenerate + 1 : 0;

    const pivotRow = t[leave] as Float64Array;
    const scale = 1 / (pivotRow[enter] as number);
    for (let j = 0; j < width; j++) pivotRow[j] = (pivotRow[j] as number) * scale;
    pivotRow[enter] = 1;
    const eliminate = (row: Float64Array) => {
      const factor = row[enter] as number;
      if (factor === 0) return;
      for (let j = 0; j < width; j++) row[j] = (row[j] as number) - factor * (pivotRow[j] as number);
      row[enter] = 0;
    };
    for (let r = 0; r < rows; r++) if (r !== leave) eliminate(t[r] as Float64Array);
    eliminate(z);
    basis[leave] = enter;
    if (++pivots > limit) throw new RangeError('maximize: too many pivots (cycling?)');
  }

  const x = new Array<number>(cols).fill(0);
  for (let r = 0; r < rows; r++) {
    const at = basis[r] as number;
    if (at < cols) x[at] = Math.max(0, (t[r] as Float64Array)[width - 1] as number);
  }
  const duals = Array.from({ length: rows }, (_, r) => Math.max(0, z[cols + r] as number));
  return { value: z[width - 1] as number, x, duals, pivots };
}

/** The solution of a two-player zero-sum matrix game. */
export interface MatrixGameSolution {
  /** What the row player (the maximizer) gets with both playing optimally. */
  readonly value: number;
  /** An optimal mixed strategy of the row player, one probability per row. */
  readonly row: number[];
  /** An optimal mixed strategy of the column player, one probability per column. */
  readonly column: number[];
}

function normalize(weights: readonly number[]): number[] {
  let sum = 0;
  for (const w of weights) sum += w;
  return weights.map((w) => w / sum);
}

/**
 * Solves the zero-sum game whose payoff to the row player is `payoff[i][j]`
 * (row i against column j) by one LP. The payoffs are shifted to be at least
 * 1, so that the value is positive; then the column player's problem,
 * maximize Σy subject to A y <= 1, y >= 0, has the feasible slack basis, its
 * optimum is 1/value, y·value is the column strategy and the dual prices
 * times the value are the row strategy (von Neumann's minimax theorem as LP
 * duality).
 */
export function solveMatrixGame(payoff: readonly (readonly number[])[]): MatrixGameSolution {
  const rows = payoff.length;
  const cols = payoff[0]?.length ?? 0;
  if (rows === 0 || cols === 0) throw new RangeError('solveMatrixGame: the game has no strategies');
  let low = Infinity;
  let high = -Infinity;
  for (const row of payoff) {
    if (row.length !== cols) throw new RangeError('solveMatrixGame: the rows differ in length');
    for (const v of row) {
      if (!Number.isFinite(v)) throw new RangeError(`solveMatrixGame: the payoff ${v} is not finite`);
      if (v < low) low = v;
      if (v > high) high = v;
    }
  }
  // A constant game needs no LP: every strategy is optimal; take the uniform ones.
  if (high - low <= EPSILON * Math.max(1, Math.abs(high))) {
    return { value: low, row: new Array(rows).fill(1 / rows), column: new Array(cols).fill(1 / cols) };
  }
  // Scaled to [1, 2]: the tableau's entries stay of one size whatever the payoffs' units.
  const spread = high - low;
  const a = payoff.map((row) => row.map((v) => 1 + (v - low) / spread));
  const solution = maximize(new Array(cols).fill(1), a, new Array(rows).fill(1));
  const row = normalize(solution.duals);
  const column = normalize(solution.x);
  return { value: low + spread * (1 / solution.value - 1), row, column };
}

/**
 * What each side can guarantee with the given mixed strategies: the row
 * strategy's worst case (its minimum over columns) and the column strategy's
 * (its maximum over rows). For optimal strategies both equal the value.
 */
export function guarantees(
  payoff: readonly (readonly number[])[],
  row: readonly number[],
  column: readonly number[],
): { row: number; column: number } {
  const cols = payoff[0]?.length ?? 0;
  let rowWorst = Infinity;
  for (let j = 0; j < cols; j++) {
    let sum = 0;
    for (let i = 0; i < payoff.length; i++)
      sum += (row[i] as number) * ((payoff[i] as number[])[j] as number);
    rowWorst = Math.min(rowWorst, sum);
  }
  let columnWorst = -Infinity;
  for (const line of payoff) {
    let sum = 0;
    for (let j = 0; j < cols; j++) sum += (column[j] as number) * (line[j] as number);
    columnWorst = Math.max(columnWorst, sum);
  }
  return { row: rowWorst, column: columnWorst };
}
