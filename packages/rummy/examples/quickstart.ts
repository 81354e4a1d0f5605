import assert from 'node:assert/strict';
import { IllegalActionError } from '@tabula/core';
import { Game, Meld, Player, Rules } from '@tabula/rummy';

const rules = new Rules(); // 2 decks, 2 jokers, 14 cards each, 30 points to open
const game = new Game(rules);
const marty = new Player('Marty McFly');
const biff = new Player('Biff Tannen');
game.join(marty);
game.join(biff);

// game.deal() shuffles (pass { seed } to reproduce a round); here the deck is pre-arranged:
// block dealing gives Marty the first 14 cards, Biff the next 14, the rest is the stock.
const marty14 = 'Khr,Kdr,Ksr,5cr,6cr,wbr,8cr,2dr,9hr,Tsb,3hb,Jcr,4db,Ahr'.split(',');
const biff14 = 'Qhr,Qdr,7sr,2sb,9cb,Tdr,3sr,6hb,8db,Jhr,4cr,5sr,Kcb,Adb'.split(',');
const top = [...marty14, ...biff14];
game.deal([...top, ...rules.createDeck().filter((card) => !top.includes(card.key))]);

assert.equal(game.getCurrentPlayer(), marty);
console.log(game.getHand(marty).toText()); // 5♣ 6♣ 8♣ J♣ 2♦ 4♦ K♦ A♥ 3♥ 9♥ K♥ T♠ K♠ wb
console.log(game.getStockCount()); // 78

// 1. play: submit the new layout of the whole table
game.play(marty, [
  Meld.fromString('Khr,Kdr,Ksr'), // a group (the PHP library's Set): 39 points
  Meld.fromString('5cr,6cr,wbr,8cr'), // a run, the joker standing for the 7: 26 points
]);
assert.equal(game.hasOpened(marty), true);

// 2. draw a card from the stock
const card = game.draw(biff);
console.log(`Biff drew ${card.toText()}`); // Biff drew 2♣

// 3. pass, only when the stock is empty
try {
  game.pass(marty);
} catch (error) {
  assert.ok(error instanceof IllegalActionError);
  console.log(error.code, '-', error.message); // stock_not_empty - Cannot pass while the stock is not empty: ...
}

// State
console.log(game.getTable().toString()); // Kh,Kd,Ks;5c,6c,wb,8c
assert.equal(game.getTable().getCards().length, 7);
assert.equal(game.getCurrentPlayer(), marty);
assert.equal(game.isOver(), false);
assert.equal(game.getWinner(), null);
assert.equal(game.getScore(marty), 0); // meaningful once the round is over
