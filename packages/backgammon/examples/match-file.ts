import assert from 'node:assert/strict';
import {
  type BackgammonAction,
  Board,
  gnubgIdOf,
  isMatch,
  Match,
  type MatchState,
  readMatFile,
  SeededDice,
  type Side,
  writeMatFile,
} from '@tabula/backgammon';

// A 3-point match between two simple bots: double 20 pips ahead, always take, play the first move.
const bot = (s: MatchState, seat: Side): BackgammonAction => {
  const legal = Match.legal(s, seat);
  if (legal.canTake) return { type: 'take' };
  const lead = Board.pipCount(s.board, seat === 0 ? 1 : 0) - Board.pipCount(s.board, seat);
  if (legal.canDouble && lead >= 20) return { type: 'double' };
  if (legal.canRoll) return { type: 'roll' };
  return { type: 'move', steps: legal.plays[0] ?? [] };
};
const dice = new SeededDice(4);
let state = Match.start(Match.create({ cube: true, length: 3, crawford: true }, ['Ann', 'Bob']), dice);
while (Match.live(state)) state = Match.apply(state, state.toAct, bot(state, state.toAct), dice);

// The match as a Jellyfish .mat file, laid out as gnubg writes one: `import mat` in gnubg reads it.
const text = writeMatFile(state, { tags: { Event: 'Club night' } });
console.log(text.split('\n').slice(0, 14).join('\n'));

// Read back, the file replays to the same match: every game, score and result.
const back = readMatFile(text).state;
assert(isMatch(back), 'a 3-point match comes back as a Match');
assert.deepEqual(Match.scoreSheet(back), Match.scoreSheet(state));
assert.deepEqual(back.match.result, state.match.result);

// A file from elsewhere, cut off in the middle of a game: the state is where the file stops, so
// gnubg's IDs of it come with the match's own length and score, as gnubg shows them.
const partial = [
  ' 5 point match',
  '',
  ' Game 1',
  ' Ann : 0                        Bob : 0',
  '  1)                             63: 24/18 13/10',
  '  2) 52: 13/8 24/22               Doubles => 2',
  '  3)  Drops                       Wins 1 point',
  '',
  ' Game 2',
  ' Ann : 0                        Bob : 1',
  '  1) 31: 8/5 6/5                 64: 24/18 13/9',
  '  2) 62:',
].join('\n');
const read = readMatFile(partial).state;
assert(isMatch(read) && read.phase === 'move');
console.log(
  `Game ${read.match.games.length + 1} at ${read.match.score.join('-')}, Ann to play 6-2: ${gnubgIdOf(read)}`,
);
