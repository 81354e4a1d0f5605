/**
 * The reference for larger positions: an integer program in the manner of den
 * Hertog and Hulshof (2006), solved by HiGHS. Variables count the melds of
 * each shape: groups by (value, suits, jokers), runs by (suit, first, last)
 * with, per position, how many of those runs hold the regular card there (the
 * rest hold jokers; a run needs one regular card at least). Table melds kept
 * as they are take their own cards out. The three objectives are solved one
 * after the other, each fixing the optimum of the one before.
 */

import type { Highs } from 'highs';
import * as highsModule from 'highs';
import type { RulesConfig, TableMeld } from '../../src/index.js';
import type { Objective } from './exhaustive.js';

type Loader = () => Promise<Highs>;

/**
 * The package's loader: TypeScript sees the package as CommonJS (the loader
 * under `default` of the default export) while the ES build loads at run
 * time (the loader is the default export), so it is looked up.
 */
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

const RANKS = 'A23456789TJQK';
const SUITS = 'cdhs';

interface Term {
  readonly v: string;
  readonly c: number;
}

function sum(terms: readonly Term[]): string {
  if (terms.length === 0) return '0 zero';
  return terms
    .map((t, i) => `${t.c < 0 ? '-' : i === 0 ? '' : '+'} ${Math.abs(t.c)} ${t.v}`)
    .join(' ')
    .trim();
}

function counts(cards: readonly string[]): { faces: number[][]; jokers: number } {
  const faces = SUITS.split('').map(() => new Array(14).fill(0));
  let jokers = 0;
  for (const c of cards) {
    if (c[0] === 'w') jokers++;
    else faces[SUITS.indexOf(c[1]!)]![RANKS.indexOf(c[0]!) + 1]++;
  }
  return { faces, jokers };
}

/** The model of a position, with the objective rows to fix. */
function model(table: readonly TableMeld[], hand: readonly string[], opened: boolean, rules: RulesConfig) {
  const t = counts(opened ? table.flatMap((m) => m.cards) : []);
  const h = counts(hand);
  const J = t.jokers + h.jokers;
  const avail = (s: number, v: number) => t.faces[s]![v]! + h.faces[s]![v]!;
  const use: Term[][][] = SUITS.split('').map(() => Array.from({ length: 14 }, () => []));
  const jokerUse: Term[] = [];
  const open: Term[] = [];
  const general: string[] = [];
  const binary: string[] = [];
  const rows: string[] = [];
  const bounds: string[] = [];
  for (let v = 1; v <= 13; v++) {
    for (let mask = 1; mask < 16; mask++) {
      const suits = [0, 1, 2, 3].filter((s) => mask & (1 << s));
      if (suits.some((s) => avail(s, v) === 0)) continue;
      for (let j = Math.max(0, 3 - suits.length); j <= Math.min(J, 4 - suits.length); j++) {
        const name = `g_${v}_${mask}_${j}`;
        general.push(name);
        for (const s of suits) use[s]![v]!.push({ v: name, c: 1 });
        if (j > 0) jokerUse.push({ v: name, c: j });
        open.push({ v: name, c: v * (suits.length + j) });
      }
    }
  }
  for (let s = 0; s < 4; s++) {
    for (let a = 1; a <= 11; a++) {
      for (let b = a + 2; b <= 13; b++) {
        let present = 0;
        for (let v = a; v <= b; v++) if (avail(s, v) > 0) present++;
        if (present === 0 || present + J < b - a + 1) continue;
        const x = `x_${s}_${a}_${b}`;
        general.push(x);
        const reals: Term[] = [];
        let points = 0;
        for (let v = a; v <= b; v++) {
          points += v;
          jokerUse.push({ v: x, c: 1 });
          if (avail(s, v) === 0) continue;
          const r = `r_${s}_${a}_${b}_${v}`;
          general.push(r);
          reals.push({ v: r, c: 1 });
          use[s]![v]!.push({ v: r, c: 1 });
          jokerUse.push({ v: r, c: -1 });
          rows.push(
            `${sum([
              { v: r, c: 1 },
              { v: x, c: -1 },
            ])} <= 0`,
          );
        }
        // at least one regular card per run: with several runs of one shape, they can share them out
        rows.push(`${sum([...reals, { v: x, c: -1 }])} >= 0`);
        open.push({ v: x, c: points });
      }
    }
  }
  const laid: Term[] = [];
  const points: Term[] = [];
  for (let s = 0; s < 4; s++) {
    for (let v = 1; v <= 13; v++) {
      if (avail(s, v) === 0) continue;
      if (h.faces[s]![v]! > 0) {
        const y = `y_${s}_${v}`;
        general.push(y);
        bounds.push(`0 <= ${y} <= ${h.faces[s]![v]}`);
        use[s]![v]!.push({ v: y, c: -1 });
        laid.push({ v: y, c: 1 });
        points.push({ v: y, c: v });
      }
    }
  }
  if (h.jokers > 0) {
    general.push('yj');
    bounds.push(`0 <= yj <= ${h.jokers}`);
    jokerUse.push({ v: 'yj', c: -1 });
    laid.push({ v: 'yj', c: 1 });
    points.push({ v: 'yj', c: rules.jokerPenalty });
  }
  const kept: Term[] = [];
  if (opened) {
    table.forEach((meld, i) => {
      const z = `z_${i}`;
      binary.push(z);
      kept.push({ v: z, c: 1 });
      const c = counts(meld.cards);
      for (let s = 0; s < 4; s++)
        for (let v = 1; v <= 13; v++) if (c.faces[s]![v]! > 0) use[s]![v]!.push({ v: z, c: c.faces[s]![v]! });
      if (c.jokers > 0) jokerUse.push({ v: z, c: c.jokers });
    });
  }
  for (let s = 0; s < 4; s++) {
    for (let v = 1; v <= 13; v++) {
      if (use[s]![v]!.length > 0 || t.faces[s]![v]! > 0) rows.push(`${sum(use[s]![v]!)} = ${t.faces[s]![v]}`);
    }
  }
  rows.push(`${sum(jokerUse)} = ${t.jokers}`);
  if (!opened) rows.push(`${sum(open)} >= ${rules.openingPoints}`);
  bounds.push('zero = 0');
  return { rows, bounds, general, binary, laid, points, kept };
}

function lp(m: ReturnType<typeof model>, objective: readonly Term[], fixed: readonly string[]): string {
  const rows = [...m.rows, ...fixed].map((r, i) => ` c${i}: ${r}`);
  return [
    'Maximize',
    ` obj: ${sum(objective)}`,
    'Subject To',
    ...rows,
    'Bounds',
    ...m.bounds.map((b) => ` ${b}`),
    'General',
    ` ${m.general.join(' ')}`,
    ...(m.binary.length > 0 ? ['Binary', ` ${m.binary.join(' ')}`] : []),
    'End',
  ].join('\n');
}

/**
 * The same in one solve, the three objectives weighted so that each one
 * outweighs everything after it: points below `pointsWeight`, kept melds below
 * `keptWeight`.
 */
export function ilpWeighted(
  highs: Highs,
  table: readonly TableMeld[],
  hand: readonly string[],
  opened: boolean,
  rules: RulesConfig,
): Objective | null {
  const m = model(table, hand, opened, rules);
  if (m.laid.length === 0) return null;
  const keptWeight = m.kept.length + 1;
  const pointsWeight =
    m.points.reduce(
      (sum, t) => sum + t.c * Number(t.v === 'yj' ? handJokers(hand) : handCount(hand, t.v)),
      0,
    ) + 1;
  const objective: Term[] = [
    ...m.laid.map((t) => ({ v: t.v, c: t.c * pointsWeight * keptWeight })),
    ...m.points.map((t) => ({ v: t.v, c: t.c * keptWeight })),
    ...m.kept,
  ];
  const result = highs.solve(lp(m, merge(objective), []), { mip_rel_gap: 0, output_flag: false });
  if (result.Status === 'Infeasible') return null;
  if (result.Status !== 'Optimal') throw new Error(`HiGHS: ${result.Status}`);
  const value = (terms: readonly Term[]) =>
    Math.round(terms.reduce((sum, t) => sum + t.c * (result.Columns[t.v]?.Primal ?? 0), 0));
  const cards = value(m.laid);
  if (cards === 0) return null;
  return { cards, points: value(m.points), kept: opened ? value(m.kept) : table.length };
}

function handJokers(hand: readonly string[]): number {
  return hand.filter((c) => c[0] === 'w').length;
}

/** Copies in hand of the face of a `y_suit_value` variable. */
function handCount(hand: readonly string[], name: string): number {
  const [, s, v] = name.split('_');
  return hand.filter(
    (c) => c[0] !== 'w' && SUITS.indexOf(c[1]!) === Number(s) && RANKS.indexOf(c[0]!) + 1 === Number(v),
  ).length;
}

/** Terms with the same variable added up. */
function merge(terms: readonly Term[]): Term[] {
  const by = new Map<string, number>();
  for (const t of terms) by.set(t.v, (by.get(t.v) ?? 0) + t.c);
  return [...by].map(([v, c]) => ({ v, c }));
}

/** The best objective of a position by integer programming; null when there is no play. */
export function ilp(
  highs: Highs,
  table: readonly TableMeld[],
  hand: readonly string[],
  opened: boolean,
  rules: RulesConfig,
): Objective | null {
  const m = model(table, hand, opened, rules);
  const options = { mip_rel_gap: 0, output_flag: false } as const;
  const run = (objective: readonly Term[], fixed: readonly string[]): number | null => {
    const result = highs.solve(lp(m, objective, fixed), options);
    if (result.Status === 'Infeasible') return null;
    if (result.Status !== 'Optimal') throw new Error(`HiGHS: ${result.Status}`);
    return Math.round(result.ObjectiveValue);
  };
  if (m.laid.length === 0) return null;
  const cards = run(m.laid, []);
  if (cards === null || cards === 0) return null;
  const points = run(m.points, [`${sum(m.laid)} = ${cards}`])!;
  if (!opened) return { cards, points, kept: table.length };
  const kept =
    m.kept.length === 0 ? 0 : run(m.kept, [`${sum(m.laid)} = ${cards}`, `${sum(m.points)} = ${points}`])!;
  return { cards, points, kept };
}
