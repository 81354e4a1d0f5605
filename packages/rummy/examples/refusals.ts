import assert from 'node:assert/strict';
import { InvalidMeldError, Meld, Round, Table } from '@tabula/rummy';

// Meld.fromString throws for cards that make no meld; Meld.tryFromString returns the refusal instead
const meld = Meld.tryFromString('Kh,Kd,Ks');
assert.ok(meld.ok);
assert.equal(meld.meld.getPoints(), 39);

const refused = Meld.tryFromString('Jd,Td,Qd');
assert.ok(!refused.ok);
console.log(refused.code, refused.rule, refused.card); // invalid_meld run_consecutive Td
console.log(refused.message); // Cards in a run must be consecutive, got Td.
// the very error Meld.fromString throws, built only when asked for
const error = refused.toError();
assert.ok(error instanceof InvalidMeldError);
assert.equal(error.message, refused.message);

// a table: the refusal of its first meld that is no meld (a bad card too)
const table = Table.tryFromString('Kh,Kd,Ks;5c,6c,7x');
assert.ok(!table.ok);
console.log(table.code, '-', table.message); // invalid_card - Invalid card "7x" in "5c,6c,7x": unknown suit "x" (c, d, h, s).

// a play: Round.tryPlay is Round.play returning the refusal (Round.checkPlay does the same from a position)
const rules = { decks: 1, jokers: 1, handSize: 4, openingPoints: 30, jokerPenalty: 30 };
const state = Round.deal(rules, 2, 'Tc,Jc,Qc,9d,Kh,Kd,Ks,wb,2c'.split(','));
const early = Round.tryPlay(state, 1, [['Kh', 'Kd', 'Ks']]);
assert.ok(!early.ok);
console.log(early.code, '-', early.message); // not_your_turn - It is seat 0's turn, not seat 1's.
const played = Round.tryPlay(state, 0, [['Tc', 'Jc', 'Qc']]);
assert.ok(played.ok);
assert.deepEqual(played.state, Round.play(state, 0, [['Tc', 'Jc', 'Qc']]));
