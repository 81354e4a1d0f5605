import assert from 'node:assert/strict';
import { createRng } from '@tabula/core';
import { defaultDeck, positionOf, SkirmishSolver, skirmishGame, solveSkirmish } from '@tabula/skirmish';

// Every position of the 5-ship game (ships 1..5, planets P1..P5 of the default deck).
const solved = solveSkirmish({ ships: 5 });
assert.ok(Math.abs(solved.value - 0.5) < 1e-12); // both seats hold the same fleet
const [opening] = solved.openings; // the first planet is worth 1 VP in every deal
console.log(opening?.strategy); // [{ ship: 1, probability: 0 }, { ship: 2, probability: 0.478 }, ...]

// An uneven position: seat 0 holds 1, 3, 5 and seat 1 holds 2, 4, 5; a 1-VP planet is in
// the pot, a 1-VP and a 2-VP one face down, and seat 0 leads by a point.
const position = {
  hands: [
    [1, 3, 5],
    [2, 4, 5],
  ] as const,
  deck: [1, 2],
  pot: 1,
  lead: 1,
};
const value = solved.valueOf(position); // seat 0's chance of winning, a shared win counting half
console.log(value.toFixed(4)); // 0.4545
const [mine] = solved.strategyAt(position);
// Seat 0 mixes its 1 and its 3 and keeps the 5, which only ties.
console.log(mine.map((m) => `${m.ship}: ${m.probability.toFixed(3)}`).join(', ')); // 1: 0.455, 3: 0.545, 5: 0.000
assert.equal(mine[2]?.probability, 0);

// Any two-player state of the engine, through what is public (never the deck order).
const solver = new SkirmishSolver('vp');
const config = { players: 2, fleet: [1, 2, 3, 4], planets: defaultDeck().slice(0, 4) };
const state = skirmishGame.setup(config, createRng(7));
const start = solver.solve(positionOf(state));
assert.ok(Math.abs(start.value) < 1e-12); // the expected VP difference of an even start
console.log(start.strategies[0].map((m) => `${m.ship}: ${m.probability.toFixed(3)}`).join(', ')); // 1: 0.391, 2: 0.273, 3: 0.336, 4: 0.000
