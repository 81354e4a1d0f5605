import assert from 'node:assert/strict';
import { evaluateCube, evaluatePlays } from '@tabula/agents';
import { formatPlay, Table } from '@tabula/backgammon';

// The opening position, White (seat 0) to play a 3-1.
const table = Table.create({ cube: true, length: 1, crawford: false }, ['White', 'Black']);
const state = { ...table, phase: 'move' as const, toAct: 0 as const, dice: [3, 1] as [number, number] };

// Every legal play, best first, with the mover's chances after it and its equity.
const plays = evaluatePlays(state, 0, [3, 1], 'neural-1');
for (const p of plays.slice(0, 3))
  console.log(
    formatPlay(state.board, 0, p.steps),
    p.equity.toFixed(3),
    `win ${(100 * (p.probabilities[0] ?? 0)).toFixed(1)}%`,
  );
assert.equal(formatPlay(state.board, 0, plays[0]!.steps), '8/5 6/5');

// The cube: the opening position is no double, and a take.
const cube = evaluateCube({ ...state, dice: null }, 0, 1);
console.log(cube.verdict, cube.noDouble.toFixed(3));
assert.equal(cube.double, false);
assert.equal(cube.take, true);
