import assert from 'node:assert/strict';
import { Card, Group, Hand, InvalidMeldError, Meld, Run, Table, validateMeld } from '@tabula/rummy';

// Cards: rank + suit + optional back (r or b tells the two decks apart)
const king = Card.fromString('Khr');
assert.deepEqual([king.rank, king.suit, king.back, king.value], ['K', 'h', 'r', 13]);
assert.equal(king.toString(), 'Kh');
assert.equal(king.toString({ withBack: true }), 'Khr');
assert.equal(king.toText(), 'K♥');
assert.throws(() => Card.fromString('wh'), /Invalid card "wh"/); // a joker is wb or wr

// Runs: jokers take the value their position implies
const run = new Run(Card.listFromString('wb,5d,6d'));
assert.deepEqual(run.getValues(), [4, 5, 6]);
assert.equal(run.getPoints(), 15);
assert.throws(() => new Run(Card.listFromString('Qh,Kh,wb')), /cannot go above the king, got wb/);

// Guessing: a group when the regular cards share one rank (and at most 4 cards)
const kings = Meld.fromString('wb,wr,Kh');
assert.ok(kings instanceof Group);
assert.equal(kings.getPoints(), 39);

// Scrambled runs are refused, unless anyOrder is asked for
try {
  Meld.fromString('Jd,Td,Qd');
} catch (error) {
  assert.ok(error instanceof InvalidMeldError);
  console.log(error.rule, '-', error.message); // run_consecutive - Cards in a run must be consecutive, got Td.
}
assert.equal(Meld.fromString('Jd,Td,wb,Kd', { anyOrder: true }).toString(), 'Td,Jd,wb,Kd');

// The fast check behind it all works on card strings
console.log(validateMeld(['5d', 'wb', 'wr', '8d'])); // { valid: true, kind: 'run', points: 26 }

// Tables and hands
const table = Table.fromString('Khr,Kdb,Ksr;5cr,6cr,7cb');
assert.equal(table.toString(), 'Kh,Kd,Ks;5c,6c,7c');
assert.equal(table.toString({ withBack: true }), 'Khr,Kdb,Ksr;5cr,6cr,7cb');
assert.ok(table.isPreservedIn(Table.fromString('5cr,6cr,7cb;Ksr,Kdb,Khr;9d,9s,9c')));
const hand = Hand.fromString('Kh,Ah,2c,wb');
assert.equal(hand.toText(), '2♣ A♥ K♥ wb');
assert.equal(hand.getPenalty(), 46); // 13 + 1 + 2 + 30
