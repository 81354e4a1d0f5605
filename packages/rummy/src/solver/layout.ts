/**
 * From a plan to a layout of real cards: the steps are replayed value by value
 * into melds of faces and jokers, then the cards are handed out: kept table
 * melds get their own cards back, the other melds take the remaining table
 * cards of each face first (they must all stay on the table) and the hand's
 * after them.
 */
import type { TableMeld } from '../schemas.js';
import { faceIndex, isJoker, JOKER, type Model, REAL, rankOf, SUIT_LETTERS, suitOf } from './model.js';
import {
  groupCount,
  keptGroups,
  O_GROUP,
  O_JOKER_CONT,
  O_KEEP3,
  O_LEAD2,
  O_NEW0,
  O_NEW1,
  O_NEW2,
  spreadLead,
} from './options.js';
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

/** The melds of a plan: the table melds kept (by index) and the other melds as shapes. */
export function replay(model: Model, steps: readonly Step[]): { kept: number[]; shapes: Shape[] } {
  const kept: number[] = [];
  const shapes: Shape[] = [];
  // per suit: open runs by length (1, 2, 3+) and the table runs followed
  const open: OpenRun[][][] = [0, 1, 2, 3].map(() => [[], [], []]);
  const followed = new Map<number, OpenRun>();
  const grouped = [0, 0, 0, 0];
  const finish = (run: OpenRun) => shapes.push({ kind: 'run', slots: run.slots });
  const byLength = (s: number, run: OpenRun) => open[s]![Math.min(run.slots.length, 3) - 1]!.push(run);
  for (const step of steps) {
    if (step.type === 'jokers') {
      // the table groups these cards can make as they are, then the other groups
      const classes = model.groupsAt[step.value]!;
      if (classes.length === 0 && step.count === 0 && grouped.every((n) => n === 0)) continue;
      const keep = keptGroups(classes, grouped, step.count);
      if (keep === null) throw new Error(`solver: the plan's groups of value ${step.value} do not fit`);
      let jokers = step.count;
      classes.forEach((cls, c) => {
        const n = keep[c]!;
        kept.push(...cls.melds.slice(0, n));
        jokers -= n * cls.jokers;
        for (let s = 0; s < 4; s++) if (cls.suitMask & (1 << s)) grouped[s]! -= n;
      });
      shapes.push(...groups(step.value, grouped, jokers));
      grouped.fill(0);
    } else {
      const { value: v, suit: s, rows, at } = step;
      const [len1, len2, len3] = open[s] as [OpenRun[], OpenRun[], OpenRun[]];
      if (len1.length + len2.length + len3.length > 0) {
        // ordinary runs first: they are the ones the option row speaks of
        const going = len3.length - rows[at + O_KEEP3]!;
        for (const run of len3.splice(0, going)) finish(run);
        const cont = [...len1, ...len2, ...len3];
        for (let i = 0; i < cont.length; i++) extend(cont[i]!, i < rows[at + O_JOKER_CONT]!);
        len1.length = 0;
        len2.length = 0;
        len3.length = 0;
        for (const run of cont) byLength(s, run);
      }
      for (let i = 0; i < rows[at + O_NEW0]!; i++) byLength(s, newRun(s, v, 0));
      for (let i = 0; i < rows[at + O_NEW1]!; i++) byLength(s, newRun(s, v, 1));
      if (rows[at + O_NEW2]! > 0)
        for (const lead of spreadLead(rows[at + O_NEW2]!, rows[at + O_LEAD2]!))
          byLength(s, newRun(s, v, lead));
      grouped[s]! += rows[at + O_GROUP]!;
      step.tags.forEach((id, i) => {
        const choice = step.choices[i]!;
        const table = model.runs[id]!;
        const run = followed.get(id)!;
        followed.delete(id);
        if (choice === STOP) {
          finish(run);
          return;
        }
        const own = table.slots[v]!;
        extend(run, (choice === SWAP ? (own === REAL ? JOKER : REAL) : own) === JOKER);
        if (choice === FOLLOW) followed.set(id, run);
        else if (choice === FOLLOW_END) kept.push(table.meld);
        else if (choice === FOLLOW_ON || choice === SWAP) byLength(s, run);
      });
      step.starts.forEach((id, i) => {
        const table = model.runs[id]!;
        const run = newRun(s, v, table.lead);
        if (table.end > v) followed.set(id, run);
        else if (step.startsEnd[i]) kept.push(table.meld);
        else byLength(s, run);
      });
    }
  }
  for (let s = 0; s < 4; s++) {
    const [len1, len2, len3] = open[s]!;
    if (len1!.length > 0 || len2!.length > 0 || followed.size > 0) {
      throw new Error('solver: the plan leaves a run shorter than 3 cards');
    }
    for (const run of len3!) finish(run);
  }
  return { kept, shapes };
}

/** The groups of one value: regular cards dealt round-robin by suit, then jokers up to 3 cards, then 4. */
function groups(value: number, counts: readonly number[], jokers: number): Shape[] {
  const real = counts[0]! + counts[1]! + counts[2]! + counts[3]!;
  if (real === 0 && jokers === 0) return [];
  const m = groupCount(real, Math.max(...counts), jokers);
  if (m < 0) throw new Error(`solver: the plan's groups of value ${value} do not fit`);
  const out: number[][] = Array.from({ length: m }, () => []);
  let i = 0;
  for (let s = 0; s < 4; s++) for (let c = 0; c < counts[s]!; c++) out[i++ % m]!.push(faceIndex(s, value));
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
