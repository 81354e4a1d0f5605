import assert from 'node:assert/strict';
import { backgammonGame as game, SequenceDice, Table } from '@tabula/backgammon';
import { gameStreams, replay } from '@tabula/core';

// 8 s a move are free; beyond that, time comes off a reserve of 2 minutes (per table, or per match).
const clock = { delayMs: 8_000, reserveMs: 120_000 };
const dice = new SequenceDice([6, 1, 3, 1]);
let state = Table.start(
  Table.create({ cube: false, length: 1, crawford: false, clock }, ['Ann', 'Bob']),
  dice,
);

// The host measures how long a seat took and sends it with the action: Ann took 20 s, 12 s beyond the delay.
const open = [
  { from: 12, to: 6 },
  { from: 7, to: 6 },
];
state = Table.apply(state, 0, { type: 'move', steps: open, elapsedMs: 20_000 }, dice);
assert.deepEqual(state.reserveMs, [108_000, 120_000]);

// Bob does not answer in time: the host says so, and he loses as for a forfeit (here a backgammon).
state = Table.apply(state, 1, { type: 'timeout', elapsedMs: 128_001 }, dice);
for (const entry of state.log.slice(-2)) console.log(entry.text);
assert.equal(state.result?.how, 'timeout');

// Under the contract the elapsed times are part of the actions, so a record replays exactly.
const config = { cube: true, length: 3, crawford: true, clock };
const { chance } = gameStreams(5, 2);
let match = game.setup(config, chance);
const actions = [];
while (game.outcome(match) === null && actions.length < 40) {
  const seat = match.toAct ?? 0;
  const [first] = game.legalActions(match, seat);
  assert(first !== undefined, 'a seat to act has a legal action');
  const action = { ...first, elapsedMs: 9_500 };
  match = game.apply(match, seat, action, chance);
  actions.push({ seat, action });
}
const record = { game: 'backgammon', version: game.version, config, seed: 5, actions };
assert.deepEqual(replay(game, record).at(-1), match);
// Views show the clocks: "Clock: 8.0 s delay a move; White 1:30, Black 1:30 in reserve".
console.log(
  game
    .render(game.view(match, null))
    .split('\n')
    .find((line) => line.startsWith('Clock')),
);
