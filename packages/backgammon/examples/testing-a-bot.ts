import assert from 'node:assert/strict';
import { SequenceDice, Table } from '@tabula/backgammon';

// SequenceDice hands out the dice you give it, in order, and throws when it runs out.
const dice = new SequenceDice([6, 1, 3, 1]);
const table = Table.create({ cube: false, length: 1, crawford: false }, ['Ann', 'Bob']);
let state = Table.start(table, dice);

// The first two dice are the opening roll: seat 0 rolls 6, seat 1 rolls 1,
// so seat 0 opens and plays 6-1.
assert.equal(state.phase, 'move');
assert.equal(state.toAct, 0);
assert.deepEqual(state.dice, [6, 1]);

// Make the point: 13/7 8/7. The cube is off, so the table rolls Bob's 3-1 at once.
state = Table.apply(
  state,
  0,
  {
    type: 'move',
    steps: [
      { from: 12, to: 6 },
      { from: 7, to: 6 },
    ],
  },
  dice,
);
assert.equal(state.toAct, 1);
assert.deepEqual(state.dice, [3, 1]);
assert.equal(dice.remaining(), 0);

for (const entry of state.log) console.log(entry.text);
