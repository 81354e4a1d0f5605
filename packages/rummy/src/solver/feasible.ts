/**
 * Cheap tests that drop states of the first search with no future: suits
 * that need more jokers than are left (see `demand`), group cards that can no
 * longer make groups, and hand cards that no meld could ever hold (left out of
 * the bound).
 */
import { countOf, faceIndex, type Model, TOP } from './model.js';
import { O_GROUP, O_JOKERS, O_OUT, type OptionTable, STRIDE, type Triples } from './options.js';

/** A demand no number of jokers meets. */
export const INFEASIBLE = 10_000;

/**
 * The two memo arrays, handed from solve to solve: typed arrays this size live
 * outside the heap, and allocating them costs more than clearing them.
 */
let spare: { finish: Int8Array; demands: Int16Array } | null = null;

/**
 * The most groups cards of one value make without jokers, from the cards of
 * each suit: g groups need 3g cards, at most g of each suit.
 */
export function groupsWithoutJokers(bySuit: readonly number[]): number {
  let groups = 0;
  for (;;) {
    let cards = 0;
    for (const n of bySuit) cards += Math.min(n, groups + 1);
    if (cards < 3 * (groups + 1)) return groups;
    groups++;
  }
}

export class Feasibility {
  /** Regular cards of each face available (table and hand), by `faceIndex`: `Model.cards`. */
  private readonly avail: readonly number[];
  /** Whether the group cards so far can still make groups with the suits left: 0 unknown, 1 no, 2 yes. */
  private readonly finish: Int8Array;
  private readonly maxReal: number;
  /** Cards of each face that groups without jokers could hold: all of them up to the most groups the value allows. */
  private readonly groupFree: number[] = new Array(64).fill(0);
  /** `demand` by suit, value and runs; -1 not known yet. */
  private readonly demands: Int16Array;
  private readonly triples: Triples;
  private readonly fits: Uint8Array;

  constructor(
    private readonly model: Model,
    private readonly options: OptionTable,
    private readonly check: () => void,
  ) {
    this.triples = options.triples;
    this.fits = options.fits;
    this.avail = model.cards;
    const bySuit = [0, 0, 0, 0];
    for (let v = 1; v <= TOP; v++) {
      for (let s = 0; s < 4; s++) bySuit[s] = countOf(this.avail, s, v);
      const groups = groupsWithoutJokers(bySuit);
      for (let s = 0; s < 4; s++) this.groupFree[faceIndex(s, v)] = Math.min(bySuit[s]!, groups);
    }
    this.maxReal = 4 * model.maxCopies;
    const demands = 4 * (TOP + 2) * this.triples.size;
    const finish = (TOP + 2) * 5 * (this.maxReal + 1) * (model.maxCopies + 1) * (model.jokers + 1);
    if (spare !== null && spare.demands.length >= demands && spare.finish.length >= finish) {
      this.demands = spare.demands.fill(-1, 0, demands);
      this.finish = spare.finish.fill(0, 0, finish);
      spare = null;
    } else {
      this.demands = new Int16Array(demands).fill(-1);
      this.finish = new Int8Array(finish);
    }
  }

  /** Hands the memo arrays on to the next solve: this object must not be used any more. */
  release(): void {
    spare = { finish: this.finish, demands: this.demands };
  }

  /**
   * Whether a card of suit `s` and value `v` could be in some meld at all,
   * with the cards available and every joker: a group (two other suits of the
   * value, or jokers for them) or a run (three values around it, the missing
   * ones jokers).
   */
  layable(s: number, v: number): boolean {
    const jokers = this.model.jokers;
    let others = 0;
    for (let o = 0; o < 4; o++) if (o !== s && countOf(this.avail, o, v) > 0) others++;
    if (others + jokers >= 2) return true;
    for (let first = Math.max(1, v - 2); first <= Math.min(v, TOP - 2); first++) {
      let missing = 0;
      for (let w = first; w < first + 3; w++) if (w !== v && countOf(this.avail, s, w) === 0) missing++;
      if (missing <= jokers) return true;
    }
    return false;
  }

  /**
   * A lower bound, in half jokers, of the jokers suit `s` uses from value `v`
   * on, its open runs `t` entering `v`; `INFEASIBLE` when its table cards can
   * no longer be laid. Each suit is taken alone: its table cards must go into
   * runs of the suit (regular cards available, or jokers: two halves each) or
   * into groups. A group card costs nothing up to `groupFree` cards of its face
   * and one half beyond, as the group jokers of a value are at least half the
   * cards beyond those bounds (`feasible.test.ts` checks every count up to 4
   * copies of each suit). The suits' bounds add up: jokers of runs and of
   * groups are different jokers.
   */
  demand(s: number, v: number, t: number): number {
    if (v > TOP) return this.triples.closable(t) ? 0 : INFEASIBLE;
    const at = (s * (TOP + 2) + v) * this.triples.size + t;
    let known = this.demands[at]!;
    if (known >= 0) return known;
    const f = faceIndex(s, v);
    const rows = this.options.fitting(
      v,
      this.avail[f]!,
      t,
      this.model.table[f]!,
      this.model.jokers,
      this.check,
    );
    const free = this.groupFree[f]!;
    known = INFEASIBLE;
    // backwards: the rows with fewer jokers come last, and a demand of 0 ends the loop
    for (let o = rows.length - STRIDE; o >= 0 && known > 0; o -= STRIDE) {
      const jokers = 2 * rows[o + O_JOKERS]!;
      if (jokers >= known) continue;
      const group = rows[o + O_GROUP]!;
      const cost = jokers + (group > free ? group - free : 0);
      if (cost >= known) continue;
      const rest = this.demand(s, v + 1, rows[o + O_OUT]!);
      if (cost + rest < known) known = cost + rest;
    }
    this.demands[at] = known;
    return known;
  }

  /**
   * The half jokers every suit but `stage` needs, before suit `stage` of value
   * `v` is chosen: the suits before it from `v + 1` on (`c` holds their runs
   * after `v`), those after it from `v` on.
   */
  demandBesides(v: number, stage: number, c: readonly number[]): number {
    let need = 0;
    for (let s = 0; s < 4; s++) {
      if (s !== stage) need += this.demand(s, s < stage ? v + 1 : v, c[s]!);
    }
    return need;
  }

  private fitAt(real: number, most: number, jokers: number): number {
    return (real * (this.model.maxCopies + 1) + most) * (this.model.jokers + 1) + jokers;
  }

  /** Whether the regular cards set aside for groups at a value fit into groups with `jokers` jokers. */
  groupsFit(real: number, most: number, jokers: number): boolean {
    return this.fits[this.fitAt(real, most, jokers)] === 1;
  }

  /** Whether the suits from `stage` on can add cards to the groups of value `v` so that they fit, jokers left `left`. */
  canFinish(v: number, stage: number, real: number, most: number, left: number): boolean {
    const at =
      (v * 5 + stage) * (this.maxReal + 1) * (this.model.maxCopies + 1) * (this.model.jokers + 1) +
      this.fitAt(real, most, left);
    let known = this.finish[at]!;
    if (known === 0) {
      known = this.finishes(v, stage, real, most, left) ? 2 : 1;
      this.finish[at] = known;
    }
    return known === 2;
  }

  private finishes(v: number, stage: number, real: number, most: number, left: number): boolean {
    if (stage === 4) {
      for (let j = 0; j <= left; j++) if (this.groupsFit(real, most, j)) return true;
      return false;
    }
    const n = countOf(this.avail, stage, v);
    for (let g = 0; g <= n; g++) {
      if (this.canFinish(v, stage + 1, real + g, Math.max(most, g), left)) return true;
    }
    return false;
  }
}
