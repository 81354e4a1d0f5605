/**
 * From a plan to a layout of real cards: the steps are replayed value by value
 * into melds of faces and jokers, then the cards are handed out: kept table
 * melds get their own cards back, the other melds take the remaining table
 * cards of each face first (they must all stay on the table) and the hand's
 * after them.
 */
import type { TableMeld } from '../schemas.js';
import {
  faceIndex,
  groupsAt,
  isJoker,
  JOKER,
  type Model,
  type PerSuit,
  REAL,
  rankOf,
  SUIT_INDICES,
  SUIT_LETTERS,
  suitOf,
  type TableRun,
} from './model.js';
import { groupCount, keptGroups, optionRow, spreadLead } from './options.js';
import { FOLLOW, FOLLOW_END, FOLLOW_ON, STOP, type Step, SWAP } from './plan.js';

/** A meld of faces: a face index per position (see `faceIndex`), or -1 for a joker. */
interface Shape {
  readonly kind: 'group' | 'run';
  readonly slots: number[];
}

/** A run being built. */
interface OpenRun {
  readonly suit: number;
  /** Value of the next position. */
  next: number;
  readonly slots: number[];
}

function extend(run: OpenRun, joker: boolean): void {
  run.slots.push(joker ? -1 : faceIndex(run.suit, run.next));
  run.next++;
}

function newRun(suit: number, value: number, lead: number): OpenRun {
  const run: OpenRun = { suit, next: value - lead, slots: [] };
  for (let i = 0; i < lead; i++) extend(run, true);
  extend(run, false);
  return run;
}

/** The open runs of a suit by length: 1, 2, and 3 cards or more. */
type ByLength = [OpenRun[], OpenRun[], OpenRun[]];

function file(open: ByLength, run: OpenRun): void {
  const [len1, len2, len3] = open;
  const length = run.slots.length;
  (length === 1 ? len1 : length === 2 ? len2 : len3).push(run);
}

/** The melds of a plan: the table melds kept (by index) and the other melds as shapes. */
export function replay(model: Model, steps: readonly Step[]): { kept: number[]; shapes: Shape[] } {
  const kept: number[] = [];
  const shapes: Shape[] = [];
  // per suit: open runs by length; and the table runs followed
  const open = SUIT_INDICES.map((): ByLength => [[], [], []]);
  const followed = new Map<TableRun, OpenRun>();
  const grouped: PerSuit = [0, 0, 0, 0];
  const finish = (run: OpenRun) => shapes.push({ kind: 'run', slots: run.slots });
  for (const step of steps) {
    if (step.type === 'jokers') {
      // the table groups these cards can make as they are, then the other groups
      const classes = groupsAt(model, step.value);
      if (classes.length === 0 && step.count === 0 && grouped.every((n) => n === 0)) continue;
      const keep = keptGroups(classes, grouped, step.count);
      if (keep === null) throw new Error(`solver: the plan's groups of value ${step.value} do not fit`);
      let jokers = step.count;
      keep.forEach((n, c) => {
        const cls = classes[c]!;
        kept.push(...cls.melds.slice(0, n));
        jokers -= n * cls.jokers;
        for (const s of SUIT_INDICES) if (cls.suitMask & (1 << s)) grouped[s] -= n;
      });
      shapes.push(...groups(step.value, grouped, jokers));
      grouped.fill(0);
    } else {
      const { value: v, suit: s } = step;
      const row = optionRow(step.rows, step.at);
      const runs = open[s]!;
      const [len1, len2, len3] = runs;
      if (len1.length + len2.length + len3.length > 0) {
        // ordinary runs first: they are the ones the option row speaks of
        for (const run of len3.splice(0, len3.length - row.keep3)) finish(run);
        const cont = [...len1, ...len2, ...len3];
        for (const [i, run] of cont.entries()) extend(run, i < row.jokerCont);
        len1.length = 0;
        len2.length = 0;
        len3.length = 0;
        for (const run of cont) file(runs, run);
      }
      for (let i = 0; i < row.new0; i++) file(runs, newRun(s, v, 0));
      for (let i = 0; i < row.new1; i++) file(runs, newRun(s, v, 1));
      if (row.new2 > 0) for (const lead of spreadLead(row.new2, row.lead2)) file(runs, newRun(s, v, lead));
      grouped[s]! += row.group;
      step.tags.forEach((table, i) => {
        const choice = step.choices[i];
        const run = followed.get(table);
        if (run === undefined) throw new Error('solver: the plan follows a table run it never started');
        followed.delete(table);
        if (choice === STOP) {
          finish(run);
          return;
        }
        const own = table.slots[v];
        extend(run, (choice === SWAP ? (own === REAL ? JOKER : REAL) : own) === JOKER);
        if (choice === FOLLOW) followed.set(table, run);
        else if (choice === FOLLOW_END) kept.push(table.meld);
        else if (choice === FOLLOW_ON || choice === SWAP) file(runs, run);
      });
      step.starts.forEach((table, i) => {
        const run = newRun(s, v, table.lead);
        if (table.end > v) followed.set(table, run);
        else if (step.startsEnd[i]) kept.push(table.meld);
        else file(runs, run);
      });
    }
  }
  if (followed.size > 0 || open.some(([len1, len2]) => len1.length > 0 || len2.length > 0)) {
    throw new Error('solver: the plan leaves a run shorter than 3 cards');
  }
  for (const [, , len3] of open) for (const run of len3) finish(run);
  return { kept, shapes };
}

/** The groups of one value: regular cards dealt round-robin by suit, then jokers up to 3 cards, then 4. */
function groups(value: number, counts: Readonly<PerSuit>, jokers: number): Shape[] {
  const real = counts[0] + counts[1] + counts[2] + counts[3];
  if (real === 0 && jokers === 0) return [];
  const m = groupCount(real, Math.max(...counts), jokers);
  if (m < 0) throw new Error(`solver: the plan's groups of value ${value} do not fit`);
  const out: number[][] = Array.from({ length: m }, () => []);
  let i = 0;
  counts.forEach((n, s) => {
    for (let c = 0; c < n; c++) out[i++ % m]!.push(faceIndex(s, value));
  });
  let left = jokers;
  for (const size of [3, 4]) {
    for (const g of out) {
      while (left > 0 && g.length < size) {
        g.push(-1);
        left--;
      }
    }
  }
  return out.map((slots) => ({ kind: 'group', slots }));
}

/** A layout of cards from a plan's melds. */
export interface Dealt {
  readonly layout: TableMeld[];
  /** The hand cards laid, in hand order. */
  readonly laid: string[];
}

/**
 * Cards for the shapes: each kept table meld as it is, the others from the
 * table's remaining cards of each face first, then from the hand.
 */
export function deal(
  table: readonly TableMeld[],
  hand: readonly string[],
  kept: readonly number[],
  shapes: readonly Shape[],
): Dealt {
  const keep = new Set(kept);
  const pool = new Map<number, string[]>();
  const key = (card: string) => (isJoker(card) ? -1 : faceIndex(suitOf(card), rankOf(card)));
  const add = (card: string) => {
    const k = key(card);
    let list = pool.get(k);
    if (list === undefined) {
      list = [];
      pool.set(k, list);
    }
    list.push(card);
  };
  table.forEach((meld, i) => {
    if (keep.has(i)) return;
    for (const card of meld.cards) add(card);
  });
  const tableLeft = new Map<number, number>();
  for (const [k, list] of pool) tableLeft.set(k, list.length);
  for (const card of hand) add(card);
  const laidCount = new Map<string, number>();
  const layout: TableMeld[] = table
    .filter((_, i) => keep.has(i))
    .map((m) => ({ kind: m.kind, cards: m.cards.slice() }));
  for (const shape of shapes) {
    const cards = shape.slots.map((slot) => {
      const list = pool.get(slot);
      const card = list?.shift();
      if (card === undefined) throw new Error(`solver: no card left for ${describe(slot)}`);
      const left = tableLeft.get(slot) ?? 0;
      if (left > 0) tableLeft.set(slot, left - 1);
      else laidCount.set(card, (laidCount.get(card) ?? 0) + 1);
      return card;
    });
    layout.push({ kind: shape.kind, cards });
  }
  for (const [slot, left] of tableLeft) {
    if (left > 0) throw new Error(`solver: a table card ${describe(slot)} was left out`);
  }
  const laid: string[] = [];
  for (const card of hand) {
    const n = laidCount.get(card) ?? 0;
    if (n > 0) {
      laid.push(card);
      laidCount.set(card, n - 1);
    }
  }
  return { layout, laid };
}

function describe(slot: number): string {
  if (slot < 0) return 'joker';
  return `${'A23456789TJQK'[(slot & 15) - 1]}${SUIT_LETTERS[slot >> 4]}`;
}
