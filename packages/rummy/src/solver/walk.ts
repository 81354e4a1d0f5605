/**
 * Reading a plan off a finished first search: from the first state, at each
 * state the first move whose value adds up to what is left. The plan keeps no
 * table meld on purpose (see `keep.ts` for that).
 */
import { countOf, type PerSuit, TOP } from './model.js';
import { optionRow, STRIDE } from './options.js';
import type { Step } from './plan.js';
import { NONE, type State, type ValueSearch } from './values.js';

/** A plan reaching the best value of the search, which must have found a layout. */
export function walk(values: ValueSearch): Step[] {
  let current = values.root();
  if (current === NONE) throw new Error('solver: no layout to walk to');
  const steps: Step[] = [];
  let s = values.rootState();
  while (s.v <= TOP) {
    let found = false;
    movesFrom(values, s, (gain, next, rows, at) => {
      if (values.search(next, current - gain - 1) !== current - gain) return false;
      if (rows === null) steps.push({ type: 'jokers', value: s.v, count: next.u - s.u });
      else {
        steps.push({
          type: 'suit',
          value: s.v,
          suit: s.stage,
          tags: [],
          choices: [],
          starts: [],
          startsEnd: [],
          rows,
          at,
        });
      }
      current -= gain;
      s = next;
      found = true;
      return true;
    });
    if (!found) throw new Error(`solver: no move adds up at value ${s.v}, stage ${s.stage}`);
  }
  return steps;
}

/**
 * The moves from a state, as `ValueSearch.search` tries them: each with its
 * gain, next state (a new object) and option row (its rows and offset; no
 * rows for the groups' jokers), best gains first; `visit` returns true to
 * stop. Moves the search's tests rule out are left out.
 */
function movesFrom(
  values: ValueSearch,
  s: State,
  visit: (gain: number, next: State, rows: Int32Array | null, at: number) => boolean,
): void {
  const { model, feasible } = values;
  const { v, stage } = s;
  const threshold = model.threshold;
  if (stage === 4) {
    const need = Math.ceil(feasible.demandBesides(v, 4, s.c) / 2);
    for (let j = model.jokers - s.u - need; j >= 0; j--) {
      if (!feasible.groupsFit(s.real, s.most, j)) continue;
      const next: State = {
        v: v + 1,
        stage: 0,
        c: [...s.c],
        u: s.u + j,
        real: 0,
        most: 0,
        open: threshold === 0 ? 0 : Math.min(threshold, s.open + j * v),
      };
      if (visit(0, next, null, -1)) return;
    }
    return;
  }
  const mandatory = countOf(model.table, stage, v);
  const left = model.jokers - s.u;
  const rows = values.rowsAt(s);
  const weight = model.cardWeight + v;
  const others = feasible.demandBesides(v, stage, s.c);
  for (let o = 0; o < rows.length; o += STRIDE) {
    const row = optionRow(rows, o);
    const real = s.real + row.group;
    const most = Math.max(row.group, s.most);
    if (!values.moveFits(s, left - row.jokers, others, row.out, real, most)) continue;
    const c: PerSuit = [...s.c];
    c[stage] = row.out;
    const next: State = {
      v,
      stage: stage + 1,
      c,
      u: s.u + row.jokers,
      real,
      most,
      open: threshold === 0 ? 0 : Math.min(threshold, s.open + row.open),
    };
    if (visit((row.real - mandatory) * weight, next, rows, o)) return;
  }
}
