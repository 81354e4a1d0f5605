/**
 * The moves of the second search (see `keep.ts`): what one suit does at one
 * value with the table runs it follows, the runs it starts and the option row
 * for the rest, and the groups' jokers at the end of a value. Moves are handed
 * to a visitor without building nodes, as most of them are dropped at once.
 */
import {
  byClass,
  faceIndex,
  groupsAt,
  JOKER,
  type Model,
  type PerSuit,
  REAL,
  runsFrom,
  type TableRun,
} from './model.js';
import {
  keptGroups,
  O_GROUP,
  O_JOKERS,
  O_NEW0,
  O_NEW1,
  O_OPEN,
  O_OUT,
  O_REAL,
  optionRow,
  STRIDE,
} from './options.js';
import { type Budget, FOLLOW, FOLLOW_END, FOLLOW_ON, STOP, type Step, SWAP } from './plan.js';
import type { ValueSearch } from './values.js';

export interface Node {
  readonly gen: readonly number[];
  /** The table runs each suit follows. */
  readonly tags: readonly (readonly TableRun[])[];
  /** Regular cards of the current value put into groups, per suit. */
  readonly grouped: Readonly<PerSuit>;
  readonly u: number;
  readonly open: number;
  readonly cp: number;
  readonly k: number;
  readonly prev: Node | null;
  readonly step: Step | null;
}

/**
 * A move from `parent`, described without building the node: suit `suit`
 * gets runs `gen`, followed runs `tags` and group cards `grouped` (suit -1:
 * the groups' jokers of the value are decided).
 */
export interface Move {
  parent: Node;
  value: number;
  suit: number;
  gen: number;
  tags: TableRun[];
  grouped: number;
  u: number;
  open: number;
  cp: number;
  k: number;
  /** For the step: the choices for the followed runs, the runs started, the option row, the jokers. */
  choices: number[];
  starts: TableRun[];
  startsEnd: boolean[];
  /** The option rows of a suit's move (left over from an earlier move for the groups' jokers). */
  rows: Int32Array;
  at: number;
  jokers: number;
}

/** The choices for a followed table run that goes on after this value, and for one that ends here. */
const FOLLOWING = [FOLLOW, SWAP, STOP];
const ENDING = [FOLLOW_END, FOLLOW_ON, SWAP, STOP];

/** A table run of leading jokers and one regular card ends here, or goes on. */
const ENDS_OR_GOES_ON = [true, false];

/** Receives a move (reused: copy what you keep); returns true to stop. */
export type Visit = (move: Move) => boolean;

/** The effect of the choices for the followed runs and the started ones of one suit. */
interface Partial {
  real: number;
  jokers: number;
  credit: number;
  /** Runs that become ordinary runs, by length after this value: 2, or 3 and more. */
  on2: number;
  on3: number;
  tags: TableRun[];
  choices: number[];
  starts: TableRun[];
  startsEnd: boolean[];
}

/** `KeepMoves.diveOrder` by option rows and by table cards of the face in groups. */
const diveOrders = new WeakMap<Int32Array, number[][]>();

export class KeepMoves {
  /** While diving, moves are tried in the order that looks most like the table. */
  diving = false;
  /** Table cards of each face lying in table groups, by `faceIndex`. */
  private readonly inGroups: number[] = new Array(64).fill(0);
  private readonly groupCache = new Map<string, number>();
  private readonly move: Move;
  /** The choices of the suit being moved, one object for every suit: a suit's moves come one at a time. */
  private readonly partial: Partial = {
    real: 0,
    jokers: 0,
    credit: 0,
    on2: 0,
    on3: 0,
    tags: [],
    choices: [],
    starts: [],
    startsEnd: [],
  };

  constructor(
    private readonly model: Model,
    private readonly values: ValueSearch,
    private readonly budget: Budget,
  ) {
    model.groupsAt.forEach((classes, v) => {
      for (const cls of classes) {
        for (let s = 0; s < 4; s++)
          if (cls.suitMask & (1 << s)) this.inGroups[faceIndex(s, v)]! += cls.melds.length;
      }
    });
    this.move = {
      parent: null as unknown as Node,
      value: 0,
      suit: 0,
      gen: 0,
      tags: [],
      grouped: 0,
      u: 0,
      open: 0,
      cp: 0,
      k: 0,
      choices: [],
      starts: [],
      startsEnd: [],
      rows: new Int32Array(0),
      at: 0,
      jokers: 0,
    };
  }

  /** The groups of value `v`: their jokers, and the table groups they keep as they are. */
  close(node: Node, v: number, visit: Visit): void {
    const { model, values } = this;
    const { grouped } = node;
    const real = grouped[0] + grouped[1] + grouped[2] + grouped[3];
    const most = Math.max(grouped[0], grouped[1], grouped[2], grouped[3]);
    const left = model.jokers - node.u;
    // while diving: as many jokers as the table's groups of this value hold, then as few as possible;
    // otherwise the most first (`i` counts the tries, `j` is the jokers of each)
    const own = this.diving
      ? groupsAt(model, v).reduce((n, cls) => n + cls.jokers * cls.melds.length, 0)
      : -1;
    const first = own >= 0 && own <= left ? 1 : 0;
    const m = this.move;
    for (let i = 0; i <= left + first; i++) {
      let j: number;
      if (!this.diving) j = left - i;
      else if (first === 1 && i === 0) j = own;
      else {
        j = i - first;
        if (j === own) continue;
      }
      if (j > left || !values.groupsFit(real, most, j)) continue;
      m.parent = node;
      m.value = v;
      m.suit = -1;
      m.u = node.u + j;
      m.open = model.threshold === 0 ? 0 : Math.min(model.threshold, node.open + j * v);
      m.cp = node.cp;
      m.k = node.k + this.groupsKept(v, node.grouped, j);
      m.jokers = j;
      m.tags.length = 0;
      this.budget.step();
      if (visit(m)) return;
    }
  }

  private groupsKept(v: number, grouped: Readonly<PerSuit>, jokers: number): number {
    const shapes = groupsAt(this.model, v);
    if (shapes.length === 0) return 0;
    const key = `${v}/${grouped.join(',')}/${jokers}`;
    let n = this.groupCache.get(key);
    if (n === undefined) {
      n = (keptGroups(shapes, grouped, jokers) ?? []).reduce((a, b) => a + b, 0);
      this.groupCache.set(key, n);
    }
    return n;
  }

  /** Every choice of suit `s` at value `v` from `node`. */
  suit(node: Node, v: number, s: number, visit: Visit): void {
    this.budget.step();
    // every choice is undone on the way back, so the partial is empty again after each suit
    this.follow(node, v, s, this.partial, 0, visit);
  }

  /** The choices for the table runs followed so far, from the `i`th on; returns true when the visit stops. */
  private follow(node: Node, v: number, s: number, partial: Partial, i: number, visit: Visit): boolean {
    const tags = node.tags[s]!;
    if (i === tags.length) return this.start(node, v, s, partial, 0, visit);
    const run = tags[i]!;
    const before = v - (run.first - run.lead);
    const after = Math.min(3, before + 1);
    const own = run.slots[v]!;
    // runs of one class are interchangeable: their choices go in order, one state for each set of choices
    const floor = i > 0 && tags[i - 1]!.cls === run.cls ? partial.choices[i - 1]! : 0;
    const choices = run.end > v ? FOLLOWING : ENDING;
    for (const choice of choices) {
      if (choice < floor || (choice === STOP && before < 3)) continue;
      const takes = choice === STOP ? 0 : choice === SWAP ? (own === REAL ? JOKER : REAL) : own;
      const real = takes === REAL ? 1 : 0;
      const joker = takes === JOKER ? 1 : 0;
      const ordinary = choice === SWAP || choice === FOLLOW_ON;
      const credit = choice === FOLLOW_END ? 1 : 0;
      partial.real += real;
      partial.jokers += joker;
      partial.credit += credit;
      if (ordinary && after >= 3) partial.on3++;
      else if (ordinary) partial.on2++;
      if (choice === FOLLOW) partial.tags.push(run);
      partial.choices.push(choice);
      const stop = this.follow(node, v, s, partial, i + 1, visit);
      partial.choices.pop();
      if (choice === FOLLOW) partial.tags.pop();
      if (ordinary && after >= 3) partial.on3--;
      else if (ordinary) partial.on2--;
      partial.credit -= credit;
      partial.real -= real;
      partial.jokers -= joker;
      if (stop) return true;
    }
    return false;
  }

  /**
   * The table runs that start here (their first regular card is this face):
   * each is followed from here or not (following first), the runs of one
   * class in order. Returns true when the visit stops.
   */
  private start(node: Node, v: number, s: number, partial: Partial, i: number, visit: Visit): boolean {
    const startable = runsFrom(this.model, s, v);
    if (i === startable.length) return this.rest(node, v, s, partial, visit);
    const run = startable[i]!;
    const previous = startable[i - 1];
    if (previous === undefined || previous.cls !== run.cls || partial.starts.includes(previous)) {
      partial.real++;
      partial.jokers += run.lead;
      partial.starts.push(run);
      let stop = false;
      if (run.end === v) {
        // a table run of leading jokers and one regular card: it ends (unchanged) or goes on
        for (const stops of ENDS_OR_GOES_ON) {
          partial.startsEnd.push(stops);
          if (stops) partial.credit++;
          else partial.on3++;
          stop = this.start(node, v, s, partial, i + 1, visit);
          if (stops) partial.credit--;
          else partial.on3--;
          partial.startsEnd.pop();
          if (stop) break;
        }
      } else {
        partial.startsEnd.push(false);
        partial.tags.push(run);
        stop = this.start(node, v, s, partial, i + 1, visit);
        partial.tags.pop();
        partial.startsEnd.pop();
      }
      partial.starts.pop();
      partial.jokers -= run.lead;
      partial.real--;
      if (stop) return true;
    }
    return this.start(node, v, s, partial, i + 1, visit);
  }

  /**
   * The rows in the order the dive tries them: as many group cards as the
   * table has in groups, few new runs, few runs stopped, then the most
   * regular cards.
   */
  private diveOrder(rows: Int32Array, f: number): readonly number[] {
    const groups = this.inGroups[f]!;
    // the rows are shared by every solve, and so can their orders be
    let orders = diveOrders.get(rows);
    if (orders === undefined) {
      orders = [];
      diveOrders.set(rows, orders);
    }
    const known = orders[groups];
    if (known !== undefined) return known;
    const ranked: { at: number; cost: number; real: number }[] = [];
    for (let at = 0; at < rows.length; at += STRIDE) {
      const row = optionRow(rows, at);
      const cost = Math.abs(row.group - groups) * 4 + row.new0 + row.new1 + row.new2 - row.keep3;
      ranked.push({ at, cost, real: row.real });
    }
    ranked.sort((a, b) => a.cost - b.cost || b.real - a.real);
    const order = ranked.map((row) => row.at);
    orders[groups] = order;
    return order;
  }

  /** The other runs and the group cards of the suit, from the option table. */
  private rest(node: Node, v: number, s: number, partial: Partial, visit: Visit): boolean {
    const { model, values } = this;
    const { triples } = values;
    const f = faceIndex(s, v);
    const mandatory = model.table[f]!;
    const cap = model.cards[f]! - partial.real;
    if (cap < 0) return false;
    const left = model.jokers - node.u - partial.jokers;
    if (left < 0) return false;
    // a new run shaped like a table run that starts here but is not followed would better follow it
    let noNew0 = false;
    let noNew1 = false;
    for (const run of runsFrom(model, s, v)) {
      if (partial.starts.includes(run)) continue;
      if (run.lead === 0) noNew0 = true;
      if (run.lead === 1) noNew1 = true;
    }
    // the first search's deadline check (the same budget): a closure made here would be garbage each call
    const rows = values.options.fitting(v, cap, node.gen[s]!, mandatory - partial.real, left, values.check);
    const weight = model.cardWeight + v;
    const m = this.move;
    // overwritten in place: emptying an array frees its storage, which the next push makes anew
    let n = 0;
    for (const run of partial.tags) m.tags[n++] = run;
    m.tags.length = n;
    if (n > 1) m.tags.sort(byClass);
    const order = this.diving ? this.diveOrder(rows, f) : null;
    for (let i = 0; i < rows.length; i += STRIDE) {
      const o = order === null ? i : order[i / STRIDE]!;
      const jokers = rows[o + O_JOKERS]!;
      const used = rows[o + O_REAL]! + partial.real;
      if ((noNew0 && rows[o + O_NEW0]! > 0) || (noNew1 && rows[o + O_NEW1]! > 0)) continue;
      const out = rows[o + O_OUT]!;
      const gen = triples.id(
        triples.a1[out]!,
        triples.a2[out]! + partial.on2,
        triples.a3[out]! + partial.on3,
      );
      if (gen < 0) continue;
      m.parent = node;
      m.value = v;
      m.suit = s;
      m.gen = gen;
      m.grouped = rows[o + O_GROUP]!;
      m.u = node.u + partial.jokers + jokers;
      m.open = model.threshold === 0 ? 0 : Math.min(model.threshold, node.open + rows[o + O_OPEN]!);
      m.cp = node.cp + (used - mandatory) * weight;
      m.k = node.k + partial.credit;
      m.choices = partial.choices;
      m.starts = partial.starts;
      m.startsEnd = partial.startsEnd;
      m.rows = rows;
      m.at = o;
      this.budget.step();
      if (visit(m)) return true;
    }
    return false;
  }
}
