import { backgammonGame as g } from '@tabula/backgammon';
import { createRng } from '@tabula/core';

const rng = createRng(5);
const pick = createRng(7);
let s = g.setup({ cube: false, length: 1, crawford: false }, rng);
let n = 0,
  view = 0,
  legal = 0,
  maxLegal = 0;
while (g.outcome(s) === null) {
  const seat = g.toAct(s)[0]!;
  const l = g.legalActions(s, seat);
  const v = JSON.stringify(g.view(s, seat)).length;
  const lj = JSON.stringify(l).length;
  view += v;
  legal += lj;
  maxLegal = Math.max(maxLegal, lj);
  n++;
  s = g.apply(s, seat, pick.pick(l), rng);
}
console.log({
  n,
  view: view / n,
  legal: legal / n,
  maxLegal,
  sample: JSON.stringify(g.view(s, 0)).slice(0, 1500),
});
