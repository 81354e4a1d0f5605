import { createRng } from '@tabula/core';
import { Bench } from 'tinybench';
import { type Action, type Legal, SeededDice, Table, type TableState } from '../src/index.js';
import { addLegalPlaysBench } from './legal-plays.js';

const bench = new Bench({ time: 1000 });

// --- Moves.legalPlays ---------------------------------------------------------
addLegalPlaysBench(bench);

// --- Table: complete games ----------------------------------------------------

/** A random bot: a random legal play; with the cube on it doubles now and then and takes most doubles. */
function randomBot(rng: ReturnType<typeof createRng>) {
  return (_state: TableState, legal: Legal): Action => {
    if (legal.canTake) return rng.int(0, 3) > 0 ? { type: 'take' } : { type: 'drop' };
    if (legal.canRoll) return legal.canDouble && rng.int(0, 9) === 0 ? { type: 'double' } : { type: 'roll' };
    return { type: 'move', steps: legal.plays.length === 0 ? [] : rng.pick(legal.plays) };
  };
}

let seed = 0;
function playGame(cube: boolean): TableState {
  seed++;
  const dice = new SeededDice(seed);
  const bot = randomBot(createRng(seed));
  let state = Table.start(Table.create({ cube, length: 1, crawford: false }, ['Ann', 'Bob']), dice);
  while (Table.live(state)) {
    const seat = state.toAct;
    state = Table.apply(state, seat, bot(state, Table.legal(state, seat)), dice);
  }
  return state;
}

bench.add('Table: one complete game, random bots, cube off', () => {
  playGame(false);
});
bench.add('Table: one complete game, random bots, cube on', () => {
  playGame(true);
});

await bench.run();
console.table(bench.table());
