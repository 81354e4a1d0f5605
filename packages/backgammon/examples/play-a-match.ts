import assert from 'node:assert/strict';
import {
  type BackgammonAction,
  Board,
  Match,
  type MatchState,
  SeededDice,
  type Side,
} from '@tabula/backgammon';

// A 5-point match with the Crawford rule between two simple bots.
const dice = new SeededDice(7);
let state = Match.start(Match.create({ cube: true, length: 5, crawford: true }, ['Ann', 'Bob']), dice);

// The bot doubles when it leads the race by 20 pips, always takes, and plays the first legal move.
const bot = (s: MatchState, seat: Side): BackgammonAction => {
  const legal = Match.legal(s, seat);
  if (legal.canTake) return { type: 'take' };
  const lead = Board.pipCount(s.board, seat === 0 ? 1 : 0) - Board.pipCount(s.board, seat);
  if (legal.canDouble && lead >= 20) return { type: 'double' };
  if (legal.canRoll) return { type: 'roll' };
  return { type: 'move', steps: legal.plays[0] ?? [] };
};

// Match.apply plays at the table; a game that ends is scored and the next one starts at once.
while (Match.live(state)) state = Match.apply(state, state.toAct, bot(state, state.toAct), dice);

// The score sheet: the score before each game, the Crawford game, who won what, and the points scored.
for (const [i, row] of Match.scoreSheet(state).entries()) {
  const crawford = row.crawford ? ' (Crawford)' : '';
  const who = state.names[row.winner];
  console.log(
    `Game ${i + 1}${crawford}: ${row.score.join('-')}, ${who} wins ${row.points} (${row.how} ${row.kind})`,
  );
}
const { result, score } = state.match;
assert(result !== null && result.winner !== null, 'the loop ends only when the match is over');
console.log(`${state.names[result.winner]} wins the match ${score.join('-')}`);
// Every finished game is kept whole (its log, cube and result) for a match file or a review.
assert.equal(Match.history(state).at(-1)?.log.at(-1)?.type, 'result');
