/**
 * The choices of one suit at one value, and whether cards of one value can
 * form groups. Runs are tracked the van Rijn way: per suit, how many open runs
 * have 1, 2, or 3 and more cards (a "triple"); the exact length beyond 3 never
 * matters, as such a run may stop at any value.
 */

import { type PerSuit, SUIT_INDICES } from './model.js';

/**
 * The fields of one option row (see `OptionTable`), as offsets in the row.
 * The suit's runs after the value (`Triples` id).
 */
export const O_OUT = 0;
/** Regular cards of the face used (runs and groups together). */
export const O_REAL = 1;
/** Jokers used in runs at this value (continuations and leading jokers of new runs). */
export const O_JOKERS = 2;
/** Regular cards of the face that go into groups. */
export const O_GROUP = 3;
/** Opening points of the positions filled (regular cards and jokers at the value they stand for). */
export const O_OPEN = 4;
/** Runs of 3+ cards that go on (the others stop before this value). */
export const O_KEEP3 = 5;
/** Runs that go on with a joker instead of a regular card. */
export const O_JOKER_CONT = 6;
/** New runs without leading jokers, with one, and with two or more. */
export const O_NEW0 = 7;
export const O_NEW1 = 8;
export const O_NEW2 = 9;
/** Leading jokers of the new runs with two or more. */
export const O_LEAD2 = 10;
export const STRIDE = 11;

/** An option row with its fields named, in the order of the offsets above. */
type Row = [
  out: number,
  real: number,
  jokers: number,
  group: number,
  open: number,
  keep3: number,
  jokerCont: number,
  new0: number,
  new1: number,
  new2: number,
  lead2: number,
];

/** An option row read into a record (the fields of `Row`), for the code outside the searches' loops. */
export type OptionRow = Readonly<
  Record<
    'out' | 'real' | 'jokers' | 'group' | 'open' | 'keep3' | 'jokerCont' | 'new0' | 'new1' | 'new2' | 'lead2',
    number
  >
>;

/**
 * The row of `rows` at offset `at` (a multiple of `STRIDE` below `rows.length`),
 * read field by field: a reader closure here cost every solve a few percent.
 */
export function optionRow(rows: Int32Array, at: number): OptionRow {
  return {
    out: rows[at + O_OUT]!,
    real: rows[at + O_REAL]!,
    jokers: rows[at + O_JOKERS]!,
    group: rows[at + O_GROUP]!,
    open: rows[at + O_OPEN]!,
    keep3: rows[at + O_KEEP3]!,
    jokerCont: rows[at + O_JOKER_CONT]!,
    new0: rows[at + O_NEW0]!,
    new1: rows[at + O_NEW1]!,
    new2: rows[at + O_NEW2]!,
    lead2: rows[at + O_LEAD2]!,
  };
}

/** The per-suit run states: counts (a1, a2, a3) of open runs of length 1, 2 and 3+, numbered. */
export class Triples {
  readonly a1: number[] = [];
  readonly a2: number[] = [];
  readonly a3: number[] = [];
  /** Index of the state with no open run. */
  readonly empty = 0;
  private readonly ids: Int32Array;
  private readonly side: number;

  constructor(readonly maxRuns: number) {
    this.side = maxRuns + 1;
    this.ids = new Int32Array(this.side ** 3).fill(-1);
    for (let total = 0; total <= maxRuns; total++) {
      for (let a3 = 0; a3 <= total; a3++) {
        for (let a2 = 0; a2 + a3 <= total; a2++) {
          const a1 = total - a2 - a3;
          this.ids[(a1 * this.side + a2) * this.side + a3] = this.a1.length;
          this.a1.push(a1);
          this.a2.push(a2);
          this.a3.push(a3);
        }
      }
    }
  }

  get size(): number {
    return this.a1.length;
  }

  /** The index of (a1, a2, a3); -1 when there are more runs than the model allows. */
  id(a1: number, a2: number, a3: number): number {
    if (a1 + a2 + a3 > this.maxRuns) return -1;
    return this.ids[(a1 * this.side + a2) * this.side + a3]!;
  }

  /** Whether every open run has at least 3 cards, so that all may stop. */
  closable(t: number): boolean {
    return this.a1[t] === 0 && this.a2[t] === 0;
  }
}

/** Opening points of `count` leading jokers before a regular card of `value`. */
function leadPoints(count: number, value: number): number {
  return count * value - (count * (count + 1)) / 2;
}

/**
 * How `jokers` leading jokers spread over `runs` new runs, at least two each:
 * as evenly as possible, which makes them worth the most (the nearer a joker
 * is to the regular card, the higher the value it stands for).
 */
export function spreadLead(runs: number, jokers: number): number[] {
  const base = Math.floor(jokers / runs);
  const extra = jokers % runs;
  return Array.from({ length: runs }, (_, i) => base + (i < extra ? 1 : 0));
}

function spreadPoints(runs: number, jokers: number, value: number): number {
  let points = 0;
  for (const lead of spreadLead(runs, jokers)) points += leadPoints(lead, value);
  return points;
}

/**
 * The options of one suit at one value, from its open runs and the number of
 * regular cards of the face available (`cap`), as rows of `STRIDE` numbers,
 * the most regular cards first (the searches try the best gains first).
 * Built on demand and kept.
 */
export class OptionTable {
  private readonly cache: (Int32Array | undefined)[];
  private readonly fittingCache: (Int32Array | undefined)[];
  /**
   * `groupsFit(real, most, jokers)` for every `real <= 4 * maxCap`, `most <=
   * maxCap`, `jokers <= this.jokers`, at `(real * (maxCap + 1) + most) *
   * (jokers + 1) + jokers`: 1 when they fit.
   */
  readonly fits: Uint8Array;

  constructor(
    readonly triples: Triples,
    private readonly maxCap: number,
    private readonly jokers: number,
  ) {
    this.cache = new Array(15 * (maxCap + 1) * triples.size);
    this.fittingCache = new Array(this.cache.length * (maxCap + 1) * (jokers + 1));
    this.fits = new Uint8Array((4 * maxCap + 1) * (maxCap + 1) * (jokers + 1));
    for (let r = 0; r <= 4 * maxCap; r++) {
      for (let g = 0; g <= maxCap; g++) {
        for (let j = 0; j <= jokers; j++)
          this.fits[(r * (maxCap + 1) + g) * (jokers + 1) + j] = groupsFit(r, g, j) ? 1 : 0;
      }
    }
  }

  /** The rows for suit runs `t` at value `value` with `cap` regular cards; `check` is called as they are built. */
  get(value: number, cap: number, t: number, check?: () => void): Int32Array {
    const at = (value * (this.maxCap + 1) + cap) * this.triples.size + t;
    let rows = this.cache[at];
    if (rows === undefined) {
      // kept only once complete: a build cut short by the time budget leaves nothing behind
      rows = this.build(value, cap, t, check);
      this.cache[at] = rows;
    }
    return rows;
  }

  /**
   * The rows of `get(value, cap, t)` that use at least `least` regular cards
   * and at most `jokers` jokers, in the same order: the searches would skip
   * the others one by one, in their hottest loop.
   */
  fitting(
    value: number,
    cap: number,
    t: number,
    least: number,
    jokers: number,
    check?: () => void,
  ): Int32Array {
    const at =
      (((value * (this.maxCap + 1) + cap) * this.triples.size + t) * (this.maxCap + 1) + Math.max(0, least)) *
        (this.jokers + 1) +
      Math.min(jokers, this.jokers);
    let rows = this.fittingCache[at];
    // the rows are built in a method of their own: `fitting` stays small enough for the searches to inline it
    if (rows === undefined) {
      rows = this.filter(this.get(value, cap, t, check), least, jokers);
      this.fittingCache[at] = rows;
    }
    return rows;
  }

  /** The rows of `all` with at least `least` regular cards and at most `jokers` jokers. */
  private filter(all: Int32Array, least: number, jokers: number): Int32Array {
    const kept: number[] = [];
    for (let o = 0; o < all.length; o += STRIDE) {
      if (all[o + O_REAL]! >= least && all[o + O_JOKERS]! <= jokers) kept.push(o);
    }
    const rows = new Int32Array(kept.length * STRIDE);
    for (const [i, o] of kept.entries()) rows.set(all.subarray(o, o + STRIDE), i * STRIDE);
    return rows;
  }

  private build(v: number, cap: number, t: number, check?: () => void): Int32Array {
    const { triples } = this;
    const J = this.jokers;
    const a1 = triples.a1[t]!;
    const a2 = triples.a2[t]!;
    const a3 = triples.a3[t]!;
    const rows: Row[] = [];
    const seen = new Set<string>();
    for (let x = 0; x <= a3; x++) {
      const going = a1 + a2 + x;
      for (let jr = 0; jr <= Math.min(going, J); jr++) {
        check?.();
        const cont = going - jr;
        if (cont > cap) continue;
        for (let n = 0; n <= cap - cont; n++) {
          for (let n1 = 0; n1 <= (v >= 2 ? n : 0); n1++) {
            for (let n2 = 0; n2 <= (v >= 3 ? n - n1 : 0); n2++) {
              const n0 = n - n1 - n2;
              const out = triples.id(n0, a1 + n1, a2 + x + n2);
              if (out < 0) continue;
              for (let jl = 2 * n2; jl <= n2 * (v - 1); jl++) {
                const jokers = jr + n1 + jl;
                if (jokers > J) break;
                const open = v * (going + n) + n1 * (v - 1) + (n2 > 0 ? spreadPoints(n2, jl, v) : 0);
                for (let g = 0; g <= cap - cont - n; g++) {
                  const real = cont + n + g;
                  // options with the same effect are interchangeable: keep one
                  const key = `${out}/${real}/${jokers}/${g}/${open + v * g}`;
                  if (seen.has(key)) continue;
                  seen.add(key);
                  rows.push([out, real, jokers, g, open + v * g, x, jr, n0, n1, n2, jl]);
                }
              }
            }
          }
        }
      }
    }
    rows.sort((a, b) => b[O_REAL] - a[O_REAL] || b[O_JOKERS] - a[O_JOKERS]);
    return Int32Array.from(rows.flat());
  }
}

const shared = new Map<string, OptionTable>();

/**
 * The option table for `copies` copies of a face at most and `jokers` jokers,
 * shared between solves (its rows depend on nothing else).
 */
export function optionTable(copies: number, jokers: number): OptionTable {
  const key = `${copies}/${jokers}`;
  let table = shared.get(key);
  if (table === undefined) {
    table = new OptionTable(new Triples(copies + jokers), copies, jokers);
    // a few rule sets at most in practice; a bound keeps odd callers from growing it forever
    if (shared.size < 16) shared.set(key, table);
  }
  return table;
}

/**
 * Whether `real` regular cards of one value (at most `most` of one suit) and
 * `jokers` jokers can all be put into groups of 3 or 4 cards with different
 * suits and at least one regular card each. With m groups the regular cards
 * can be dealt round-robin (sorted by suit, so no group gets a suit twice) as
 * evenly as possible, which needs the fewest jokers to reach 3 cards.
 */
export function groupsFit(real: number, most: number, jokers: number): boolean {
  if (real === 0) return jokers === 0;
  const total = real + jokers;
  const low = Math.max(most, Math.ceil(total / 4));
  const high = Math.min(real, Math.floor(total / 3));
  for (let m = low; m <= high; m++) {
    const q = Math.floor(real / m);
    const r = real % m;
    const needed = r * Math.max(0, 2 - q) + (m - r) * Math.max(0, 3 - q);
    if (needed <= jokers) return true;
  }
  return false;
}

/** The number of groups `groupsFit` uses (the fewest that work), or -1. */
export function groupCount(real: number, most: number, jokers: number): number {
  if (real === 0) return jokers === 0 ? 0 : -1;
  const total = real + jokers;
  const low = Math.max(most, Math.ceil(total / 4));
  const high = Math.min(real, Math.floor(total / 3));
  for (let m = low; m <= high; m++) {
    const q = Math.floor(real / m);
    const r = real % m;
    if (r * Math.max(0, 2 - q) + (m - r) * Math.max(0, 3 - q) <= jokers) return m;
  }
  return -1;
}

/** Table groups of one value that share suits and joker count (see `Model.groupsAt`). */
export interface GroupShape {
  readonly suitMask: number;
  readonly jokers: number;
  readonly melds: readonly number[];
}

/**
 * How many table groups of each class the group cards of a value (`counts`
 * per suit) and `jokers` jokers can make as they are, with the rest still
 * making groups: the most in total. Null when the cards make no groups at all.
 */
export function keptGroups(
  shapes: readonly GroupShape[],
  counts: Readonly<PerSuit>,
  jokers: number,
): number[] | null {
  let best: number[] | null = null;
  let bestTotal = -1;
  const k = shapes.map(() => 0);
  const left: PerSuit = [...counts];
  const visit = (i: number, jokersLeft: number, total: number) => {
    const shape = shapes[i];
    if (shape === undefined) {
      const real = left[0] + left[1] + left[2] + left[3];
      if (total > bestTotal && groupsFit(real, Math.max(...left), jokersLeft)) {
        best = k.slice();
        bestTotal = total;
      }
      return;
    }
    const mask = SUIT_INDICES.filter((s) => shape.suitMask & (1 << s));
    let taken = 0;
    for (;;) {
      k[i] = taken;
      visit(i + 1, jokersLeft - taken * shape.jokers, total + taken);
      if (taken === shape.melds.length || (taken + 1) * shape.jokers > jokersLeft) break;
      if (mask.some((s) => left[s] === 0)) break;
      for (const s of mask) left[s]--;
      taken++;
    }
    for (const s of mask) left[s] += taken;
    k[i] = 0;
  };
  visit(0, jokers, 0);
  return best;
}
