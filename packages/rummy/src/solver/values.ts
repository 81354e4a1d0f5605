/**
 * The first search: the best (cards laid, points laid) from any state, by a
 * dynamic program over the card values 1..13 (van Rijn, Takes and Vis, 2015)
 * searched depth-first with branch and bound. A state is taken between two
 * values, or between two suits of one value: per suit the open runs (see
 * `Triples`), the jokers used so far, the regular cards of the current value
 * set aside for groups (their number and the most of one suit), and before
 * opening the opening points so far (capped at the threshold).
 *
 * Values are `cards * cardWeight + points` (see `Model`), `NONE` when the
 * state cannot be completed (a table card left over, a run too short, a table
 * joker unused, an opening too low). `search(state, bound)` returns the exact
 * value when it exceeds `bound`, otherwise an upper bound no greater than
 * `bound`; the memo keeps exact values and upper bounds (stored as bound + 0.5,
 * as every value is an integer), so that later calls reuse both.
 */
import { Feasibility } from './feasible.js';
import { NumberMemo } from './memo.js';
import { countOf, faceIndex, type Model, type PerSuit, TOP } from './model.js';
import {
  O_GROUP,
  O_JOKERS,
  O_OPEN,
  O_OUT,
  O_REAL,
  type OptionTable,
  optionTable,
  STRIDE,
  type Triples,
} from './options.js';
import type { Budget } from './plan.js';

/**
 * The value of a state that cannot be completed: below every value, and a
 * small integer (a Smi), as -Infinity was not: V8 boxed it into a new heap
 * number at every call and return of the recursive search.
 */
export const NONE = -(2 ** 30);
/** Levels of states: value * 5 + stage. */
const LEVELS = (TOP + 2) * 5;

/** A state of the first search (see `ValueSearch.search`). */
export interface State {
  v: number;
  stage: number;
  /** The open runs of each suit: ids in `Triples`. */
  c: PerSuit;
  u: number;
  real: number;
  most: number;
  open: number;
}

/**
 * One state object per level (value * 5 + stage) for the moves of `search`:
 * levels only grow along a path, so the moves of one state can share it, and
 * as no search runs inside another, every search shares them.
 */
const scratch: State[] = Array.from({ length: LEVELS }, () => ({
  v: 0,
  stage: 0,
  c: [0, 0, 0, 0],
  u: 0,
  real: 0,
  most: 0,
  open: 0,
}));

/**
 * The jokers the groups of a value may take, `left` jokers left and the suits
 * needing `demand` halves: after the last suit every demand is for later
 * values, so the groups get only what it leaves; before, a suit's demand may
 * count group cards of this value, and the groups may take all.
 */
function groupJokers(stage: number, left: number, demand: number): number {
  return stage === 3 ? (2 * left - demand) >> 1 : left;
}

export class ValueSearch {
  readonly triples: Triples;
  readonly options: OptionTable;
  /**
   * The memo, by level (value * 5 + stage) and key: numeric keys as `key *
   * LEVELS + level` in `numberMemo`, or text keys in `textMemo` when the
   * numbers would not stay exact.
   */
  private readonly numberMemo: NumberMemo;
  private readonly textMemo = new Map<string, number>();
  /** How many values each field of a state takes in its numeric key (`runs`: one suit's `Triples` ids). */
  private readonly radix: Readonly<Record<'runs' | 'jokers' | 'real' | 'most' | 'open', number>>;
  private readonly numericKeys: boolean;
  readonly feasible: Feasibility;
  /**
   * Upper bound of the points still to come, by value * 5 + stage: the hand
   * cards not decided yet (those no meld could hold left out).
   */
  private readonly ahead: number[];
  private readonly jokerGain: number;
  private rootValue: number | null = null;
  /** Reads the deadline while option rows are built (see `Budget.check`). */
  readonly check: () => void;

  constructor(
    readonly model: Model,
    private readonly budget: Budget,
  ) {
    const copies = model.maxCopies;
    this.check = () => budget.check();
    this.options = optionTable(copies, model.jokers);
    this.triples = this.options.triples;
    const m = this.triples.size;
    const radix = {
      runs: m,
      jokers: model.jokers + 1,
      real: 4 * copies + 1,
      most: copies + 1,
      open: model.threshold + 1,
    };
    this.radix = radix;
    this.numericKeys =
      LEVELS * m * m * m * m * radix.jokers * radix.real * radix.most * radix.open < Number.MAX_SAFE_INTEGER;
    this.numberMemo = NumberMemo.take();
    this.feasible = new Feasibility(model, this.options, this.check);
    this.ahead = new Array((TOP + 2) * 5).fill(0);
    let gain = 0;
    for (let v = TOP; v >= 1; v--) {
      this.ahead[v * 5 + 4] = gain;
      for (let s = 3; s >= 0; s--) {
        if (this.feasible.layable(s, v)) gain += countOf(model.hand, s, v) * (model.cardWeight + v);
        this.ahead[v * 5 + s] = gain;
      }
    }
    this.jokerGain = model.handJokers * (model.cardWeight + model.jokerPoints);
  }

  /** Whether the regular cards set aside for groups at a value fit into groups with `jokers` jokers. */
  groupsFit(real: number, most: number, jokers: number): boolean {
    return this.feasible.groupsFit(real, most, jokers);
  }

  /** The key of a state in the memo (states of one level with the same key are the same). */
  key(s: State): number | string {
    const c = s.c;
    if (!this.numericKeys) return `${c.join(',')},${s.u},${s.real},${s.most},${s.open}`;
    const { runs, jokers, real, most, open } = this.radix;
    return (
      ((((((c[0] * runs + c[1]) * runs + c[2]) * runs + c[3]) * jokers + s.u) * real + s.real) * most +
        s.most) *
        open +
      s.open
    );
  }

  /** The value of the final state: table jokers all used, runs long enough, the opening reached. */
  private terminal(s: State): number {
    const { triples, model } = this;
    for (const t of s.c) if (!triples.closable(t)) return NONE;
    if (s.u < model.tableJokers || s.open < model.threshold) return NONE;
    return (s.u - model.tableJokers) * (model.cardWeight + model.jokerPoints);
  }

  /** The most the hand cards not decided yet in `s` could add. */
  upper(s: State): number {
    return this.ahead[s.v * 5 + s.stage]! + this.jokerGain;
  }

  rootState(): State {
    const e = this.triples.empty;
    return { v: 1, stage: 0, c: [e, e, e, e], u: 0, real: 0, most: 0, open: 0 };
  }

  /** The best value of a complete layout: what the search maximizes. */
  root(): number {
    this.rootValue ??= this.search(this.rootState(), -1);
    return this.rootValue;
  }

  /** The option rows of the suit `s` decides next: those its table cards and the jokers left allow. */
  rowsAt(s: State): Int32Array {
    const f = faceIndex(s.stage, s.v);
    const mandatory = this.model.table[f]!;
    const hand = this.model.hand[f]!;
    return this.options.fitting(
      s.v,
      mandatory + hand,
      s.c[s.stage]!,
      mandatory,
      this.model.jokers - s.u,
      this.check,
    );
  }

  /**
   * Whether a move of the suit `s` decides leaves the suits jokers enough
   * (`others`: the halves the other suits need; see `Feasibility.demand`),
   * `left` jokers left after it, and the group cards of the value so far
   * (`real`, at most `most` of one suit) a way into groups.
   */
  moveFits(s: State, left: number, others: number, out: number, real: number, most: number): boolean {
    const { v, stage } = s;
    const demand = others + this.feasible.demand(stage, v + 1, out);
    if (demand > 2 * left) return false;
    return this.feasible.canFinish(v, stage + 1, real, most, groupJokers(stage, left, demand));
  }

  /**
   * The best value reachable from `s` when it is greater than `bound`;
   * otherwise an upper bound of it that is at most `bound`.
   */
  search(s: State, bound: number): number {
    if (s.v > TOP) return this.terminal(s);
    const ub = this.upper(s);
    if (ub <= bound) return ub;
    const level = s.v * 5 + s.stage;
    const key = this.key(s);
    const known = this.lookup(level, key);
    if (!Number.isNaN(known)) {
      if (known % 1 === 0 || known === NONE) return known;
      if (known - 0.5 <= bound) return known - 0.5;
    }
    this.budget.step();
    // the moves of `movesFrom` (walk.ts), written out here: this is the hot loop
    const { model } = this;
    const { v, stage } = s;
    const threshold = model.threshold;
    let best = NONE;
    let upper = NONE;
    if (stage === 4) {
      const need = Math.ceil(this.feasible.demandBesides(v, 4, s.c) / 2);
      const next = scratch[(v + 1) * 5]!;
      const most = this.ahead[(v + 1) * 5]! + this.jokerGain;
      for (let j = model.jokers - s.u - need; j >= 0; j--) {
        if (!this.feasible.groupsFit(s.real, s.most, j)) continue;
        const floor = Math.max(best, bound);
        if (most <= floor) {
          if (most > upper) upper = most;
          continue;
        }
        next.v = v + 1;
        next.stage = 0;
        for (let i = 0; i < 4; i++) next.c[i] = s.c[i]!;
        next.u = s.u + j;
        next.real = 0;
        next.most = 0;
        next.open = threshold === 0 ? 0 : Math.min(threshold, s.open + j * v);
        this.skipEmpty(next);
        const r = this.search(next, floor);
        if (r === NONE) continue;
        if (r > floor) {
          best = r;
          if (best >= ub) break;
        } else if (r > upper) upper = r;
      }
    } else {
      const mandatory = model.table[faceIndex(stage, v)]!;
      const left = model.jokers - s.u;
      const rows = this.rowsAt(s);
      const weight = model.cardWeight + v;
      const others = this.feasible.demandBesides(v, stage, s.c);
      const ahead = this.ahead[v * 5 + stage + 1]! + this.jokerGain;
      const next = scratch[v * 5 + stage + 1]!;
      for (let o = 0; o < rows.length; o += STRIDE) {
        const jokers = rows[o + O_JOKERS]!;
        const used = rows[o + O_REAL]!;
        const out = rows[o + O_OUT]!;
        const g = rows[o + O_GROUP]!;
        const real = s.real + g;
        const most = Math.max(g, s.most);
        if (!this.moveFits(s, left - jokers, others, out, real, most)) continue;
        const gain = (used - mandatory) * weight;
        const floor = Math.max(best, bound);
        if (gain + ahead <= floor) {
          if (gain + ahead > upper) upper = gain + ahead;
          continue;
        }
        next.v = v;
        next.stage = stage + 1;
        for (let i = 0; i < 4; i++) next.c[i] = s.c[i]!;
        next.c[stage] = out;
        next.u = s.u + jokers;
        next.real = real;
        next.most = most;
        next.open = threshold === 0 ? 0 : Math.min(threshold, s.open + rows[o + O_OPEN]!);
        this.skipEmpty(next);
        const r = this.search(next, floor - gain);
        if (r === NONE) continue;
        if (gain + r > floor) {
          best = gain + r;
          // nothing can beat the bound of this state
          if (best >= ub) break;
        } else if (gain + r > upper) upper = gain + r;
      }
    }
    if (best > bound) {
      this.store(level, key, best);
      return best;
    }
    const u = Math.max(upper, best);
    this.store(level, key, u === NONE ? NONE : u + 0.5);
    return u;
  }

  /**
   * Moves `s` past the stages with a single move that changes nothing: a suit
   * with no card of the value and no open run, the groups of a value without
   * group cards. Its value stays the same, and those states need no memo
   * entry. (The checks of the move that led here cover the ones skipped.)
   */
  private skipEmpty(s: State): void {
    const { model } = this;
    const empty = this.triples.empty;
    while (s.v <= TOP) {
      if (s.stage < 4) {
        if (model.cards[faceIndex(s.stage, s.v)]! !== 0 || s.c[s.stage] !== empty) return;
        s.stage++;
      } else {
        if (s.real !== 0) return;
        s.v++;
        s.stage = 0;
      }
    }
  }

  /** The memo entry of a state, NaN when there is none. */
  private lookup(level: number, key: number | string): number {
    if (typeof key === 'number') return this.numberMemo.get(key * LEVELS + level);
    return this.textMemo.get(`${level}:${key}`) ?? Number.NaN;
  }

  private store(level: number, key: number | string, value: number): void {
    if (typeof key === 'number') this.numberMemo.set(key * LEVELS + level, value);
    else this.textMemo.set(`${level}:${key}`, value);
  }

  /** Hands the memo on to the next search: this one must not be used any more. */
  release(): void {
    this.feasible.release();
    NumberMemo.giveBack(this.numberMemo);
  }

  /** States with a memo entry. */
  get states(): number {
    return this.numberMemo.size + this.textMemo.size;
  }
}
