/**
 * Independent references for the solver, built on the rules engine itself
 * (`playCard` over full states, every deck order as its own chance outcome)
 * rather than on the solver's model:
 * - the whole game tree of a small start, with the information sets of the
 *   real game (a seat knows the public history: the planets revealed, by id,
 *   and the cards of every battle so far; never the deck order);
 * - the normal form (every reduced pure strategy of each seat, the expected
 *   payoff of every pair) and the sequence form (Koller, Megiddo and von
 *   Stengel, 1994), each solved as one LP by HiGHS;
 * - a best response to any strategy, by walking the same tree.
 */

import type { Highs } from 'highs';
import * as highsModule from 'highs';
import { playCard } from '../../src/rules.js';
import type { SkirmishPlanet, SkirmishState } from '../../src/schemas.js';

type Loader = () => Promise<Highs>;

/** The package's loader, looked up: TypeScript sees CommonJS, the ES build has it as the default export. */
function loader(): Loader {
  let value: unknown = highsModule;
  for (let depth = 0; depth < 3; depth++) {
    if (typeof value === 'function') return value as Loader;
    value = (value as { default?: unknown }).default;
  }
  throw new Error('highs: no loader found');
}
let loaded: Promise<Highs> | null = null;
export function loadHighs(): Promise<Highs> {
  loaded ??= loader()();
  return loaded;
}

export type Payoff = 'win' | 'vp';

/** A start in plain terms: the hands, the VP of the face-down planets, of the pot and of each seat's claims. */
export interface Start {
  readonly hands: [number[], number[]];
  readonly faceDown: number[];
  readonly pot: number[];
  readonly claimed: [number[], number[]];
}

function planet(id: number, victoryPoints: number): SkirmishPlanet {
  return { id: `P${id}`, victoryPoints, name: null, planetClass: null, abilities: [] };
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest]);
  });
  return out;
}

/** One engine state per order of the face-down planets (each its own planet, by id), equally likely. */
export function startStates(start: Start): SkirmishState[] {
  let id = 1;
  const pot = start.pot.map((vp) => planet(id++, vp));
  const claimed = start.claimed.map((list) => list.map((vp) => planet(id++, vp)));
  const faceDown = start.faceDown.map((vp) => planet(id++, vp));
  const shown = [...pot, ...claimed.flat()];
  return permutations(faceDown).map((order) => ({
    hands: start.hands.map((h) => h.slice()),
    plays: [null, null],
    deck: [...shown, ...order],
    revealed: shown.length,
    pot,
    claimed,
    endReason: null,
    battles: [],
  }));
}

/** Seat 0's payoff at the end of a game. */
export function payoff(state: SkirmishState, kind: Payoff): number {
  const [a = 0, b = 0] = state.claimed.map((list) => list.reduce((s, p) => s + p.victoryPoints, 0));
  if (kind === 'vp') return a - b;
  return a > b ? 1 : a < b ? 0 : 0.5;
}

/** What a seat knows: the first pot by id, then each battle's cards and the planets revealed after it. */
function revealedSince(before: SkirmishState, after: SkirmishState): string {
  return after.deck
    .slice(before.revealed, after.revealed)
    .map((p) => p.id)
    .join('+');
}

/** A node of the game tree below the deck-order chance node. */
export type Tree =
  | { readonly kind: 'leaf'; readonly state: SkirmishState }
  | {
      readonly kind: 'battle';
      /** The public history: the information set of both seats. */
      readonly history: string;
      readonly state: SkirmishState;
      /** children[i][j]: seat 0 plays its i-th ship (ascending), seat 1 its j-th. */
      readonly children: Tree[][];
    };

export function buildTree(state: SkirmishState, history: string): Tree {
  if (state.endReason !== null) return { kind: 'leaf', state };
  const [first = [], second = []] = state.hands.map((h) => [...h].sort((x, y) => x - y));
  const children = first.map((a) =>
    second.map((b) => {
      const after = playCard(playCard(state, 0, a), 1, b);
      return buildTree(after, `${history}/${a},${b}:${revealedSince(state, after)}`);
    }),
  );
  return { kind: 'battle', history, state, children };
}

/** The trees of a start, one per deck order (each of probability 1 / orders), with their histories. */
export function forest(start: Start): Tree[] {
  return startStates(start).map((state) => buildTree(state, state.pot.map((p) => p.id).join('+')));
}

function sortedHand(state: SkirmishState, seat: number): number[] {
  return [...(state.hands[seat] ?? [])].sort((a, b) => a - b);
}

/**
 * The value of the whole game by the sequence form, one LP (HiGHS). A
 * sequence of a seat is its information set and action (battles with one
 * ship left are forced and add none); the LP maximizes seat 0's guarantee
 * over realization plans x: max q_root subject to, for every sequence s of
 * seat 1, Σ_{J: after(J) = s} ... the dual of seat 1's best reply.
 */
export async function sequenceFormValue(start: Start, kind: Payoff): Promise<number> {
  const trees = forest(start);
  const chance = 1 / trees.length;
  type Seq = number;
  const seqs: [Map<string, Seq>, Map<string, Seq>] = [new Map([['', 0]]), new Map([['', 0]])];
  // Information sets by seat: parent sequence.
  const infos: [Map<string, { parent: Seq; actions: Seq[] }>, Map<string, { parent: Seq; actions: Seq[] }>] =
    [new Map(), new Map()];
  // Leaf payoffs by sequence pair.
  const a = new Map<string, number>();
  const seqOf = (seat: 0 | 1, info: string, action: number, parent: Seq): Seq => {
    const key = `${info}#${action}`;
    let at = seqs[seat].get(key);
    if (at === undefined) {
      at = seqs[seat].size;
      seqs[seat].set(key, at);
    }
    let set = infos[seat].get(info);
    if (set === undefined) {
      set = { parent, actions: [] };
      infos[seat].set(info, set);
    }
    if (!set.actions.includes(at)) set.actions.push(at);
    return at;
  };
  const walk = (tree: Tree, s0: Seq, s1: Seq) => {
    if (tree.kind === 'leaf') {
      const key = `${s0},${s1}`;
      a.set(key, (a.get(key) ?? 0) + chance * payoff(tree.state, kind));
      return;
    }
    const forced = tree.children.length === 1;
    tree.children.forEach((line, i) => {
      const n0 = forced ? s0 : seqOf(0, tree.history, i, s0);
      line.forEach((child, j) => {
        const n1 = line.length === 1 ? s1 : seqOf(1, tree.history, j, s1);
        walk(child, n0, n1);
      });
    });
  };
  for (const tree of trees) walk(tree, 0, 0);

  // Variables: x0..x(n0-1) (seat 0's plan), q0..q(m) (q0 for seat 1's root, then one per information set).
  const x = (i: number) => `x${i}`;
  const infoIds = [...infos[1].keys()];
  const qOf = new Map(infoIds.map((info, i) => [info, i + 1]));
  const rows: string[] = [];
  // Seat 0's plan: x_root = 1, and for each information set, Σ actions = parent.
  rows.push(`${x(0)} = 1`);
  for (const { parent, actions } of infos[0].values()) {
    rows.push(`${actions.map((s) => `+ ${x(s)}`).join(' ')} - ${x(parent)} = 0`);
  }
  // For each sequence s of seat 1: q_(info ending in s) − Σ_{J after s} q_J − (Aᵀx)_s <= 0.
  const terms = new Map<number, string[]>();
  const add = (s1: number, term: string) => {
    let list = terms.get(s1);
    if (list === undefined) {
      list = [];
      terms.set(s1, list);
    }
    list.push(term);
  };
  add(0, '+ q0');
  for (const [info, { parent, actions }] of infos[1]) {
    const q = qOf.get(info) as number;
    for (const s of actions) add(s, `+ q${q}`);
    add(parent, `- q${q}`);
  }
  for (const [key, value] of a) {
    if (value === 0) continue;
    const [s0, s1] = key.split(',').map(Number) as [number, number];
    add(s1, `${value > 0 ? '-' : '+'} ${Math.abs(value)} ${x(s0)}`);
  }
  for (const list of terms.values()) rows.push(`${list.join(' ')} <= 0`);
  const free = ['q0', ...infoIds.map((info) => `q${qOf.get(info)}`)];
  const lp = [
    'Maximize',
    ' obj: q0',
    'Subject To',
    ...rows.map((r, i) => ` c${i}: ${r}`),
    'Bounds',
    ...free.map((q) => ` ${q} free`),
    'End',
  ].join('\n');
  const highs = await loadHighs();
  const result = highs.solve(lp, {
    output_flag: false,
    primal_feasibility_tolerance: 1e-10,
    dual_feasibility_tolerance: 1e-10,
  });
  if (result.Status !== 'Optimal') throw new Error(`HiGHS: ${result.Status}`);
  return result.ObjectiveValue;
}

/**
 * Every reduced pure strategy of a seat: one ship for each of its
 * information sets that its own earlier choices leave reachable, as a map
 * from history to the index of the ship.
 */
function pureStrategies(trees: readonly Tree[], seat: 0 | 1): Map<string, number>[] {
  // The histories a seat may face next, grouped by what it chose: built lazily over the trees together.
  const expand = (nodes: Tree[], plan: Map<string, number>): Map<string, number>[] => {
    const battles = nodes.filter((n): n is Extract<Tree, { kind: 'battle' }> => n.kind === 'battle');
    if (battles.length === 0) return [plan];
    // Group by history (an information set), in a fixed order.
    const groups = new Map<string, (typeof battles)[number][]>();
    for (const node of battles) {
      const list = groups.get(node.history) ?? [];
      list.push(node);
      groups.set(node.history, list);
    }
    let plans: Map<string, number>[] = [plan];
    for (const [history, group] of groups) {
      const [sample] = group;
      if (sample === undefined) continue;
      const choices = seat === 0 ? sample.children.length : (sample.children[0]?.length ?? 0);
      const next: Map<string, number>[] = [];
      for (const partial of plans) {
        for (let c = 0; c < choices; c++) {
          const chosen = new Map(partial);
          chosen.set(history, c);
          // What follows this choice: every reply of the other seat, every deck order.
          const after = group.flatMap((node) =>
            seat === 0 ? (node.children[c] ?? []) : node.children.map((line) => line[c] as Tree),
          );
          next.push(...expand(after, chosen));
        }
      }
      plans = next;
    }
    return plans;
  };
  return expand(trees.slice(), new Map());
}

/** Seat 0's expected payoff when both seats play pure strategies. */
function play(
  trees: readonly Tree[],
  s0: Map<string, number>,
  s1: Map<string, number>,
  kind: Payoff,
): number {
  let total = 0;
  for (const root of trees) {
    let node = root;
    while (node.kind === 'battle') {
      const i = s0.get(node.history) ?? 0;
      const j = s1.get(node.history) ?? 0;
      node = node.children[i]?.[j] as Tree;
    }
    total += payoff(node.state, kind);
  }
  return total / trees.length;
}

/**
 * The value of the game by its whole normal form: every reduced pure
 * strategy of each seat, the payoff matrix of all pairs, solved as one LP by
 * HiGHS. Also returns the number of pure strategies of each seat.
 */
export async function normalFormValue(
  start: Start,
  kind: Payoff,
): Promise<{ value: number; strategies: [number, number] }> {
  const trees = forest(start);
  const rows = pureStrategies(trees, 0);
  const cols = pureStrategies(trees, 1);
  const matrix = rows.map((r) => cols.map((c) => play(trees, r, c, kind)));
  // max v subject to Σ_i p_i A[i][j] >= v for every column j, Σ p = 1, p >= 0.
  const lines = cols.map((_, j) => {
    const terms = rows.map((_, i) => {
      const v = matrix[i]?.[j] ?? 0;
      return `${v >= 0 ? '+' : '-'} ${Math.abs(v)} p${i}`;
    });
    return `${terms.join(' ')} - v >= 0`;
  });
  const lp = [
    'Maximize',
    ' obj: v',
    'Subject To',
    ...lines.map((l, j) => ` c${j}: ${l}`),
    ` sum: ${rows.map((_, i) => `+ p${i}`).join(' ')} = 1`,
    'Bounds',
    ' v free',
    'End',
  ].join('\n');
  const highs = await loadHighs();
  const result = highs.solve(lp, {
    output_flag: false,
    primal_feasibility_tolerance: 1e-10,
    dual_feasibility_tolerance: 1e-10,
  });
  if (result.Status !== 'Optimal') throw new Error(`HiGHS: ${result.Status}`);
  return { value: result.ObjectiveValue, strategies: [rows.length, cols.length] };
}

/** A seat's mixed strategy at a state, as probabilities over its ships ascending. */
export type Policy = (state: SkirmishState, seat: 0 | 1) => number[];

/**
 * The best a seat (`responder`) can do against the other seat playing
 * `policy`, by walking the game tree: at each information set (the same
 * history across every deck order) it picks the ship that does best summed
 * over the deck orders still possible. Seat 0's expected payoff.
 */
export function bestResponse(start: Start, kind: Payoff, policy: Policy, responder: 0 | 1): number {
  const trees = forest(start);
  const chance = 1 / trees.length;
  const sign = responder === 0 ? 1 : -1;
  const walk = (nodes: Tree[]): number => {
    let leaves = 0;
    const battles = new Map<string, Extract<Tree, { kind: 'battle' }>[]>();
    for (const node of nodes) {
      if (node.kind === 'leaf') leaves += chance * payoff(node.state, kind);
      else {
        const list = battles.get(node.history) ?? [];
        list.push(node);
        battles.set(node.history, list);
      }
    }
    let total = leaves;
    for (const group of battles.values()) {
      const [sample] = group;
      if (sample === undefined) continue;
      const fixed = 1 - responder;
      const mix = policy(sample.state, fixed as 0 | 1);
      const mine = responder === 0 ? sample.children.length : (sample.children[0]?.length ?? 0);
      let best = -Infinity;
      for (let r = 0; r < mine; r++) {
        let value = 0;
        mix.forEach((p, f) => {
          if (p <= 0) return;
          const [i, j] = responder === 0 ? [r, f] : [f, r];
          value += p * walk(group.map((node) => node.children[i]?.[j] as Tree));
        });
        best = Math.max(best, sign * value);
      }
      total += sign * best;
    }
    return total;
  };
  return walk(trees);
}

export { sortedHand };
