import assert from 'node:assert/strict';
import { DEFAULT_RULES, NotYourTurnError, Round, type RummyState, rummyGame, viewFor } from '@tabula/rummy';

// The rules as pure functions over plain JSON: each returns a new state, the old one is untouched.
const rules = { ...DEFAULT_RULES, decks: 1, jokers: 1, handSize: 4 };
// seat 0: Tc,Jc,Qc,9d - seat 1: Kh,Kd,Ks,wb - stock: 2c
const start: RummyState = Round.deal(rules, 2, 'Tc,Jc,Qc,9d,Kh,Kd,Ks,wb,2c'.split(','));

// A play is the new layout of the whole table: card strings (kind guessed) or { kind, cards }
let state = Round.play(start, 0, [['Tc', 'Jc', 'Qc']]);
assert.deepEqual(state.hands[0], ['9d']);
assert.deepEqual(start.hands[0], ['Tc', 'Jc', 'Qc', '9d']);

assert.throws(() => Round.draw(state, 0), NotYourTurnError);
state = Round.play(state, 1, [{ kind: 'run', cards: ['Tc', 'Jc', 'Qc'] }, ['Kh', 'Kd', 'Ks']]);
state = Round.draw(state, 0);
// once opened, seat 1 may change any meld: the joker goes on the run and the hand is empty
state = Round.play(state, 1, [
  ['Tc', 'Jc', 'Qc', 'wb'],
  ['Kh', 'Kd', 'Ks'],
]);

assert.equal(state.status, 'over');
console.log(state.winner, state.scores); // 1 [ -11, 11 ]
console.log(viewFor(state, 0).hand); // [ '9d', '2c' ]
// plain JSON: a saved state reads back (checked) as the same state
assert.deepEqual(rummyGame.fromJSON(JSON.parse(JSON.stringify(state))), state);
