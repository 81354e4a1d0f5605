import assert from 'node:assert/strict';
import { Game, Player, solve } from '@tabula/rummy';

// The table, the player's hand (with backs), whether they have opened: the best play
const best = solve({
  table: 'Khr,Kdr,Ksr;4hr,5hr,6hr,7hr,8hr,9hr',
  hand: ['6hb', 'Kcr', 'wbr', '2sr'],
  opened: true,
});
if (best.kind === 'play') {
  console.log(best.cardsLaid, best.pointsLaid, best.optimal); // 3 49 true
  assert.deepEqual([best.cardsLaid, best.pointsLaid, best.optimal], [3, 49, true]);
  console.log(best.layout.map((meld) => meld.cards.join(',')));
  // [ '4hr,5hr,6hr', 'wbr,6hb,7hr,8hr,9hr', 'Kcr,Kdr,Khr,Ksr' ]
  console.log(best.explanation);
  // Lay 3 cards worth 49 points: 6♥ K♣ wb.
  // New melds: 4♥ 5♥ 6♥ | wb 6♥ 7♥ 8♥ 9♥ | K♣ K♦ K♥ K♠.
  // Table melds changed: K♥ K♦ K♠ | 4♥ 5♥ 6♥ 7♥ 8♥ 9♥.
  // Table melds unchanged: 0 of 2.
}

// Before opening the table stays as it is: only new melds from the hand, worth 30 points or more
console.log(solve({ table: 'Khr,Kdr,Ksr', hand: 'Tcr,Jcr,wbr,Kcr', opened: false }).explanation);
// Lay 4 cards worth 64 points: T♣ J♣ wb K♣.
// Opening with 46 points (30 needed). ...

// On the Game facade: the hint for a player in the current round, ready for game.play
const game = new Game();
const alice = new Player('Alice');
game.join(alice);
game.join(new Player('Bob'));
game.deal(undefined, { seed: 11 });
const hint = game.hint(alice, { budgetMs: 50 });
if (hint.kind === 'play') game.play(alice, hint.table);
else game.draw(alice);
assert.equal(game.getCurrentPlayer().id, 'Bob');
