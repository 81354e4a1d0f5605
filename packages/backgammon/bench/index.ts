import { createRng } from '@tabula/core';
import { Bench } from 'tinybench';
import {
  type BackgammonAction,
  type BackgammonState,
  backgammonGame,
  formatPlay,
  type Legal,
  Match,
  type MatchState,
  Moves,
  parsePlay,
  resetPlayCache,
  SeededDice,
  Table,
} from '../src/index.js';
import { publicCases as fixtureCases } from '../test/public-fixture.js';
import { addLegalPlaysBench, compareWithNaive } from './legal-plays.js';

const bench = new Bench({ time: 1000 });

// --- Moves.legalPlays ---------------------------------------------------------
addLegalPlaysBench(bench);

// --- Table: complete games ----------------------------------------------------

/** A random bot: a random legal play; with the cube on it doubles now and then and takes most doubles. */
function randomBot(rng: ReturnType<typeof createRng>) {
  return (_state: BackgammonState, legal: Legal): BackgammonAction => {
    if (legal.canTake) return rng.int(0, 3) > 0 ? { type: 'take' } : { type: 'drop' };
    if (legal.canRoll) return legal.canDouble && rng.int(0, 9) === 0 ? { type: 'double' } : { type: 'roll' };
    return { type: 'move', steps: legal.plays.length === 0 ? [] : rng.pick(legal.plays) };
  };
}

let seed = 0;
function playGame(cube: boolean): BackgammonState {
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

// --- Match: a whole match ----------------------------------------------------------

let matchSeed = 0;
/** A 5-point match with the Crawford rule through `Match`, the same random bots. */
function playMatch(): MatchState {
  matchSeed++;
  const dice = new SeededDice(matchSeed);
  const bot = randomBot(createRng(matchSeed));
  let state = Match.start(Match.create({ cube: true, length: 5, crawford: true }, ['Ann', 'Bob']), dice);
  while (Match.live(state)) {
    const seat = state.toAct;
    state = Match.apply(state, seat, bot(state, Match.legal(state, seat)), dice);
  }
  return state;
}

bench.add('Match: one 5-point match, random bots', () => {
  playMatch();
});

// --- The shared contract ---------------------------------------------------------

let contractSeed = 0;
/** A random playout through backgammonGame: legalActions, view and apply at every step. */
function playContract(cube: boolean): void {
  contractSeed++;
  const chance = createRng(contractSeed);
  const pick = createRng(-contractSeed);
  let state = backgammonGame.setup({ cube, length: 1, crawford: false }, chance);
  while (state.toAct !== null) {
    const seat = state.toAct;
    backgammonGame.view(state, seat);
    state = backgammonGame.apply(state, seat, pick.pick(backgammonGame.legalActions(state, seat)), chance);
  }
}

bench.add('backgammonGame: one random playout, cube off', () => {
  playContract(false);
});

const typedPlays = fixtureCases.map((c) => {
  const last = Moves.legalPlays(c.board, c.seat, c.dice).at(-1);
  return { ...c, text: last === undefined ? '' : formatPlay(c.board, c.seat, last.steps) };
});
bench.add(
  `parsePlay x ${fixtureCases.length} fixture positions (the last legal play of each)`,
  () => {
    for (const c of typedPlays) if (c.text !== '') parsePlay(c.text, c.board, c.seat, c.dice);
  },
  {
    // In a game the position's plays are cached since the roll: hold all 300, as a table holds its one.
    beforeAll: () => resetPlayCache(fixtureCases.length),
    afterAll: () => resetPlayCache(),
  },
);

await bench.run();
console.table(bench.table());
compareWithNaive();
