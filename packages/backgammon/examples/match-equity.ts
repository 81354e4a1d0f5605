import assert from 'node:assert/strict';
import { matchEquity, postCrawfordEquity, takePoint } from '@tabula/backgammon';

// Scores are "away": the points a player still needs. Ann leads 4-3 in a 5-point match:
// she is 1 away, Bob 2 away, and the next game is the Crawford game.
assert.equal(matchEquity(1, 2), 0.67736); // Ann's chance to win the match
assert.equal(matchEquity(2, 1), 0.32264); // Bob's

// Bob wins the Crawford game by a single point: 4-4, both 1 away, an even match.
assert.equal(matchEquity(1, 1), 0.5);
// After the Crawford game, with Ann still 1 away, a trailer 2 away has the post-Crawford table's chance.
assert.equal(postCrawfordEquity(2), 0.48803);

// Take points, from the table, gammons left out: the lowest chance to win the game at which
// a double is worth taking. At 2-away 2-away the taker needs what a drop leaves him.
assert.equal(takePoint(2, 2), 0.32264);
// 4-away, doubled by a player 2 away: a lost take ends the match, so it takes more.
console.log(`4-away taking from 2-away: ${(takePoint(4, 2) * 100).toFixed(1)}%`);
// Long matches come close to the money take point of 25%.
console.log(`7-away 7-away: ${(takePoint(7, 7) * 100).toFixed(1)}%`);
