import {
  type BackgammonAction,
  type BackgammonState,
  type Legal,
  RandomDice,
  type Side,
  Table,
} from '@tabula/backgammon';

// A bot is a function. It gets the state, its seat and the legal options, and
// returns an action. This one plays the first legal move.
const bot = (state: BackgammonState, _seat: Side, legal: Legal): BackgammonAction =>
  state.phase === 'move' ? { type: 'move', steps: legal.plays[0] ?? [] } : { type: 'roll' };

const dice = new RandomDice();
let state = Table.start(Table.create({ cube: false, length: 1, crawford: false }, ['Ann', 'Bob']), dice);

while (Table.live(state)) {
  const seat = state.toAct;
  state = Table.apply(state, seat, bot(state, seat, Table.legal(state, seat)), dice);
}

if (state.result === null) throw new Error('the loop ends only when the game is complete');
console.log(`${state.names[state.result.winner]} wins by ${state.result.kind}`);
