import assert from 'node:assert/strict';
import { Board, gnubgIdOf, readMatchId, SequenceDice, stateFromGnubgId, Table } from '@tabula/backgammon';

// The opening position as a Position ID: the same from either side.
assert.equal(Board.toPositionId(Board.start(), 0), '4HPwATDgc/ABMA');

// Ann (seat 0) opens with 6-1 in a 7-point match that Bob leads 4-2. A table plays one game,
// so the match around it (length, score, and the Jacoby rule for money) is given beside it.
const dice = new SequenceDice([6, 1]);
const state = Table.start(Table.create({ cube: true, length: 7, crawford: true }, ['Ann', 'Bob']), dice);
const id = gnubgIdOf(state, { length: 7, score: [2, 4] });
assert.equal(id, '4HPwATDgc/ABMA:MAHnACAAIAAE');

// gnubg's `set board 4HPwATDgc/ABMA` and `set matchid MAHnACAAIAAE` set up the same position, and
// the pair reads back to the table state (the dice larger first) and the match around it.
const { state: back, match } = stateFromGnubgId(id, { names: ['Ann', 'Bob'] });
assert.deepEqual(back.board, state.board);
assert.deepEqual([back.phase, back.toAct, back.dice], ['move', 0, [6, 1]]);
assert.deepEqual(match, { length: 7, score: [2, 4], jacoby: false });

// A Match ID alone, as plain fields: here one gnubg printed after `new match 7`, `set score 2 4`,
// `set cube value 4`, `set cube owner 1`, `set turn 1` and `set dice 2 5`.
const fields = readMatchId('UonqACAAIAAE');
assert.deepEqual([fields.cubeValue, fields.cubeOwner, fields.onRoll, fields.dice], [4, 1, 1, [5, 2]]);
console.log(fields);
