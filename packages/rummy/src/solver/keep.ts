/**
 * The second search: among the layouts with the best (cards, points), one
 * that keeps the most table melds unchanged.
 *
 * It walks the values forward over the states of `ValueSearch`, plus:
 * - the table runs being followed: a run that starts where a table run starts
 *   (same suit, first regular card, leading jokers) follows it, and counts as
 *   unchanged when it ends where the table run ends with the same card
 *   (regular or joker) at every value. Following restricts nothing: at any
 *   value the run may leave the table run and carry on as an ordinary run.
 * - the group cards of the current value per suit, so that the groups kept as
 *   they are can be counted when the value is done (see `keptGroups`).
 * After every move, a state whose points so far plus the best the first
 * search can reach from it (exact, as following restricts nothing) falls
 * short of the best total is dropped: only best layouts are walked.
 *
 * A first such layout comes from a dive that mirrors the table whenever it
 * can; it is the answer when it keeps every meld a quick test allows. Then an
 * exact pass for one meld more, which most often ends within a few thousand
 * steps with the answer; past them it gives up, and a narrow pass, which takes
 * on only the most promising states of each layer, looks for a layout keeping
 * more. Then exact passes, each with a number of
 * melds to keep, down from two more than the best found until one succeeds:
 * a pass drops a state that cannot keep its number (the melds kept so far,
 * the table runs followed and the melds not decided yet) before any other
 * check, so a high number walks few states. A pass that succeeds finds the
 * most melds a best layout keeps; when they all fail, the best found is the
 * answer.
 *
 * Among states with the same first-search state and points so far, one that
 * keeps as many melds as another, plus one for each table run the other
 * follows and it does not, makes the other useless (see `dominates`; the same
 * state reaches the best total from the same points so far only, so their
 * points agree).
 */
import { KeepMoves, type Move, type Node, type Visit } from './keep-moves.js';
import { countOf, groupsAt, type Model, type PerSuit, TOP } from './model.js';
import type { Budget, Step } from './plan.js';
import { NONE, type State, type ValueSearch } from './values.js';

/** The states of one layer of a pass, by their first-search key. */
type Layer = Map<number | string, Node[]>;

/** How many states of each layer the narrow pass keeps. */
const NARROW = 50;

/** The steps given to a first exact pass before the narrow one (see `run`). */
const FIRST_TRY = 5000;

export class KeepSearch {
  private target = 0;
  /** The best layout found so far: the dive's, then a pass's. */
  private found: Node | null = null;
  private readonly moves: KeepMoves;
  /** Table melds not decided yet before suit `stage` of value `v`, by v * 5 + stage: runs not started, groups. */
  private readonly later: number[];
  private readonly checked: State = { v: 0, stage: 0, c: [0, 0, 0, 0], u: 0, real: 0, most: 0, open: 0 };

  constructor(
    private readonly model: Model,
    private readonly values: ValueSearch,
    private readonly budget: Budget,
  ) {
    this.moves = new KeepMoves(model, values, budget);
    // melds decided at or after each level: runs by the suit and value of their first card, groups by value
    const from: number[] = new Array((TOP + 2) * 5 + 1).fill(0);
    for (const run of model.runs) from[run.first * 5 + run.suit]!++;
    model.groupsAt.forEach((classes, v) => {
      for (const cls of classes) from[v * 5 + 4]! += cls.melds.length;
    });
    this.later = new Array((TOP + 2) * 5).fill(0);
    let n = 0;
    for (let level = (TOP + 2) * 5 - 1; level >= 5; level--) {
      n += from[level]!;
      this.later[level] = n;
    }
  }

  /** The steps of a best layout keeping the most table melds; the first search must have found a layout. */
  run(): Step[] {
    this.target = this.values.root();
    if (this.target === NONE) throw new Error('solver: no layout to keep table melds in');
    const e = this.values.triples.empty;
    const root: Node = {
      gen: [e, e, e, e],
      tags: [[], [], [], []],
      grouped: [0, 0, 0, 0],
      u: 0,
      open: 0,
      cp: 0,
      k: 0,
      prev: null,
      step: null,
    };
    this.found = this.dive(root);
    const most = this.mostKept();
    // the dive is nearly always right: stop when it keeps all the melds it can
    if (this.found.k >= most) return stepsOf(this.found);
    // one exact pass for one more meld than the dive keeps, given a few steps: on most positions it ends
    // within them, with the answer
    const first = this.keeping(
      root,
      this.found.k + 1,
      Number.POSITIVE_INFINITY,
      this.budget.count + FIRST_TRY,
    );
    if (first !== undefined) {
      if (first !== null) this.found = first;
      return stepsOf(this.found);
    }
    // otherwise a narrow pass (the most promising states of each layer only) finds a good layout at
    // little cost, often the best or one short of it
    const narrow = this.keeping(root, this.found.k + 1, NARROW);
    if (narrow) this.found = narrow;
    // then exact passes, each for a number of melds kept, down to one more than the best found: a pass
    // that succeeds finds the most melds any best layout keeps, one that fails shows there is no layout
    // keeping its number. The higher the number, the fewer states a pass walks, so the passes start two
    // above the best found: a pass at one above would be the costliest when the narrow pass fell short,
    // and passes from the very top cost more in all than the one or two that decide
    for (let kept = Math.min(most, this.found.k + 2); kept > this.found.k; kept--) {
      const node = this.keeping(root, kept);
      if (node) {
        this.found = node;
        break;
      }
    }
    return stepsOf(this.found);
  }

  /**
   * The steps of the best layout found so far, keeping as many table melds as
   * it can (the dive's until a pass finds more); null before the dive ends.
   * For when the budget runs out.
   */
  foundSoFar(): Step[] | null {
    return this.found === null ? null : stepsOf(this.found);
  }

  /**
   * A best layout keeping `kept` table melds or more, the most it can; null
   * when there is none. The values are walked forward, one layer of states
   * for each suit and value. With a `width`, only that many states of each
   * layer go on, those that could keep the most melds (then those that keep
   * the most so far): a quick look that may miss the best. Past `limit` steps
   * of the budget the pass gives up: undefined.
   */
  private keeping(
    root: Node,
    kept: number,
    width = Number.POSITIVE_INFINITY,
    limit = Number.POSITIVE_INFINITY,
  ): Node | null | undefined {
    let layer: Layer = new Map([['', [root]]]);
    for (let v = 1; v <= TOP; v++) {
      for (let s = 0; s <= 4; s++) {
        const stage = s === 4 ? 0 : s + 1;
        const at = s === 4 ? v + 1 : v;
        const next: Layer = new Map();
        // the group cards per suit matter only where table groups could be kept
        const groups = groupsAt(this.model, v).length > 0 && s < 4;
        const visit: Visit = (m) => {
          if (m.k + this.keepable(m, at, stage) < kept) return false;
          const state = this.state(m, at, stage);
          const key = this.values.key(state);
          const group = next.get(key);
          if (group === undefined) {
            if (this.reaches(state, m.cp)) next.set(key, [this.node(m)]);
            return false;
          }
          // the same state reaches the best total from the same points so far only
          if (group[0]!.cp !== m.cp) return false;
          for (const other of group) if (dominates(other, m, groups)) return false;
          // the group is this layer's own list: those the child makes useless leave it in place
          const child = this.node(m);
          let n = 0;
          for (const other of group) if (!dominated(other, child, groups)) group[n++] = other;
          group.length = n;
          group.push(child);
          return false;
        };
        for (const group of layer.values()) {
          for (const node of group) {
            if (s === 4) this.moves.close(node, v, visit);
            else this.moves.suit(node, v, s, visit);
          }
          if (this.budget.count > limit) return undefined;
        }
        layer = this.narrowed(next, at, stage, width);
      }
    }
    let best: Node | null = null;
    for (const group of layer.values()) {
      for (const node of group) if (node.k >= kept && (best === null || node.k > best.k)) best = node;
    }
    return best;
  }

  /**
   * The `width` nodes of a layer (before suit `stage` of value `v`) that
   * could keep the most melds, then that keep the most so far, in the order
   * of the layer on a tie; the layer itself when it is no wider.
   */
  private narrowed(layer: Layer, v: number, stage: number, width: number): Layer {
    if (width === Number.POSITIVE_INFINITY) return layer;
    let size = 0;
    for (const group of layer.values()) size += group.length;
    if (size <= width) return layer;
    const later = this.later[v * 5 + stage]!;
    const ranked: { node: Node; most: number }[] = [];
    for (const group of layer.values()) {
      for (const node of group) {
        let most = node.k + later;
        for (const tags of node.tags) most += tags.length;
        ranked.push({ node, most });
      }
    }
    ranked.sort((a, b) => b.most - a.most || b.node.k - a.node.k);
    const chosen = new Set(ranked.slice(0, width).map((r) => r.node));
    const narrow: Layer = new Map();
    for (const [key, group] of layer) {
      const left = group.filter((node) => chosen.has(node));
      if (left.length > 0) narrow.set(key, left);
    }
    return narrow;
  }

  /**
   * At most how many table melds a best layout keeps, by a quick test: all of
   * them only when the hand's cards could make the best total by themselves
   * (each card counted when the hand's own cards and jokers could meld it).
   */
  private mostKept(): number {
    const { model } = this;
    const all =
      model.runs.length +
      model.groupsAt.reduce((n, classes) => n + classes.reduce((m, c) => m + c.melds.length, 0), 0);
    const jokers = model.handJokers;
    const hand = (s: number, v: number) => countOf(model.hand, s, v);
    let most = jokers * (model.cardWeight + model.jokerPoints);
    for (let v = 1; v <= TOP; v++) {
      for (let s = 0; s < 4; s++) {
        const n = hand(s, v);
        if (n === 0) continue;
        let others = 0;
        for (let o = 0; o < 4; o++) if (o !== s && hand(o, v) > 0) others++;
        let melds = others + jokers >= 2;
        for (let first = v - 2; !melds && first <= v; first++) {
          if (first < 1 || first + 2 > TOP) continue;
          let missing = 0;
          for (let w = first; w < first + 3; w++) if (w !== v && hand(s, w) === 0) missing++;
          melds = missing <= jokers;
        }
        if (melds) most += n * (model.cardWeight + v);
      }
    }
    return most >= this.target ? all : all - 1;
  }

  /** A best layout found without backtracking: at each step the first move from which one is reachable. */
  private dive(root: Node): Node {
    this.moves.diving = true;
    let node = root;
    const empty = this.values.triples.empty;
    const { model } = this;
    let found: Node | null = null;
    let at = 0;
    let stage = 0;
    const visit: Visit = (m) => {
      if (!this.reaches(this.state(m, at, stage), m.cp)) return false;
      found = this.node(m);
      return true;
    };
    for (let v = 1; v <= TOP; v++) {
      for (let s = 0; s <= 4; s++) {
        // a suit without cards or runs here, or a value without group cards, has one move, which changes nothing
        if (s === 4) {
          if (node.grouped.every((n) => n === 0)) continue;
        } else {
          if (countOf(model.cards, s, v) === 0 && node.gen[s] === empty && node.tags[s]!.length === 0)
            continue;
        }
        found = null;
        at = s === 4 ? v + 1 : v;
        stage = s === 4 ? 0 : s + 1;
        if (s === 4) this.moves.close(node, v, visit);
        else this.moves.suit(node, v, s, visit);
        if (found === null) throw new Error('solver: the second search lost the best layout');
        node = found;
      }
    }
    this.moves.diving = false;
    return node;
  }

  /** The node of a move. */
  private node(m: Move): Node {
    const p = m.parent;
    if (m.suit < 0) {
      return {
        gen: p.gen,
        tags: p.tags,
        grouped: NO_GROUP_CARDS,
        u: m.u,
        open: m.open,
        cp: m.cp,
        k: m.k,
        prev: p,
        step: { type: 'jokers', value: m.value, count: m.jokers },
      };
    }
    // a node shares its parent's lists where the move leaves them as they were
    const i = m.suit;
    const gen = p.gen[i] === m.gen ? p.gen : replaced(p.gen, i, m.gen);
    const tags =
      m.tags.length === 0 && p.tags[i]!.length === 0 ? p.tags : replaced(p.tags, i, copied(m.tags));
    const grouped = p.grouped[i] === m.grouped ? p.grouped : (replaced(p.grouped, i, m.grouped) as PerSuit);
    return {
      gen,
      tags,
      grouped,
      u: m.u,
      open: m.open,
      cp: m.cp,
      k: m.k,
      prev: p,
      step: {
        type: 'suit',
        value: m.value,
        suit: m.suit,
        tags: p.tags[m.suit]!,
        choices: copied(m.choices),
        starts: copied(m.starts),
        startsEnd: copied(m.startsEnd),
        rows: m.rows,
        at: m.at,
      },
    };
  }

  /** The most table melds that may still count as unchanged after a move, before suit `stage` of value `v`. */
  private keepable(m: Move, v: number, stage: number): number {
    let n = this.later[v * 5 + stage]!;
    const tags = m.parent.tags;
    for (let s = 0; s < 4; s++) n += s === m.suit ? m.tags.length : tags[s]!.length;
    return n;
  }

  /** The first search's state after a move, before suit `stage` of value `v` (4: before the groups' jokers). */
  private state(m: Move, v: number, stage: number): State {
    const { triples } = this.values;
    const p = m.parent;
    // one object for every check: the first search does not keep the states it is given
    const state = this.checked;
    const c = state.c;
    let real = 0;
    let most = 0;
    for (let s = 0; s < 4; s++) {
      const t = s === m.suit ? m.gen : p.gen[s]!;
      const g = m.suit < 0 ? 0 : s === m.suit ? m.grouped : p.grouped[s]!;
      real += g;
      if (g > most) most = g;
      const tags = s === m.suit ? m.tags : p.tags[s]!;
      if (tags.length === 0) {
        c[s] = t;
        continue;
      }
      let a1 = triples.a1[t]!;
      let a2 = triples.a2[t]!;
      let a3 = triples.a3[t]!;
      // runs of the suits done at this value have their card of this value
      const done = s < stage ? 1 : 0;
      for (const run of tags) {
        const length = v - (run.first - run.lead) + done;
        if (length >= 3) a3++;
        else if (length === 2) a2++;
        else a1++;
      }
      const id = triples.id(a1, a2, a3);
      if (id < 0) throw new Error('solver: more open runs than the model allows');
      c[s] = id;
    }
    state.v = v;
    state.stage = stage;
    state.u = m.u;
    state.real = real;
    state.most = most;
    state.open = m.open;
    return state;
  }

  /** Whether a best layout can still be reached from a state with `cp` points so far. */
  private reaches(state: State, cp: number): boolean {
    const need = this.target - cp;
    return this.values.search(state, need - 1) >= need;
  }
}

/**
 * Whether a node makes a move useless: the same group cards when `groups`
 * (they decide the table groups kept), and as many melds kept as the move
 * plus one for each table run the move follows and the node does not. (With
 * the same first-search state, the node has a run of the same suit and
 * length for each of the move's runs, which can take the same cards from here
 * on: it loses at most the table runs it does not follow, each worth one meld
 * kept at most, and every choice of the move is open to it.)
 */
function dominates(a: Node, m: Move, groups: boolean): boolean {
  let need = m.k;
  if (a.k < need) return false;
  for (let s = 0; s < 4; s++) {
    const grouped = m.suit < 0 ? 0 : s === m.suit ? m.grouped : m.parent.grouped[s]!;
    if (groups && a.grouped[s] !== grouped) return false;
    const x = a.tags[s]!;
    for (const run of s === m.suit ? m.tags : m.parent.tags[s]!) {
      if (!x.includes(run) && a.k < ++need) return false;
    }
  }
  return true;
}

/** Whether node `a` is made useless by node `b` (see `dominates`). */
function dominated(a: Node, b: Node, groups: boolean): boolean {
  let need = a.k;
  if (b.k < need) return false;
  for (let s = 0; s < 4; s++) {
    if (groups && a.grouped[s] !== b.grouped[s]) return false;
    const x = b.tags[s]!;
    for (const run of a.tags[s]!) {
      if (!x.includes(run) && b.k < ++need) return false;
    }
  }
  return true;
}

/**
 * Nodes keep thousands of these lists, most of them empty: one shared empty
 * list for those (not frozen: a frozen array's other element kind makes the
 * loops over these lists slower).
 */
const EMPTY: readonly never[] = [];

/** The group cards of a value not begun: shared by every node at the end of a value. */
const NO_GROUP_CARDS: PerSuit = [0, 0, 0, 0];

/** A copy of one of a move's lists (which the next move reuses). */
function copied<T>(list: readonly T[]): readonly T[] {
  return list.length === 0 ? EMPTY : list.slice();
}

/** A copy of `list` with `value` at `i`. */
function replaced<T>(list: readonly T[], i: number, value: T): readonly T[] {
  const copy = list.slice();
  copy[i] = value;
  return copy;
}

/** The steps from the root to a node. */
function stepsOf(node: Node): Step[] {
  const steps: Step[] = [];
  for (let n: Node | null = node; n !== null; n = n.prev) if (n.step !== null) steps.push(n.step);
  return steps.reverse();
}
