import { createRng } from '@tabula/core';
import { Bench } from 'tinybench';
import {
  createRummyGame,
  findPlays,
  Game,
  isValidMeld,
  type LayoutMeld,
  Meld,
  Round,
  type RummyState,
  rummyGame,
  Table,
  validateMeld,
} from '../src/index.js';
import { slowPositions } from '../test/slow-positions.js';

const melds = [
  'Kh,Kd,Ks',
  'wb,5d,6d',
  '5d,wb,wr,8d',
  'Ac,2c,3c,4c,5c,6c,7c,8c,9c,Tc,Jc,Qc,Kc',
  'wb,2c,3c,4c,5c,6c,7c,8c,9c,Tc,Jc,Qc,Kc',
  'wb,wr,9c',
  'Khr,Kdb,Ksr,Kcb',
  '7hr,8hr,9hb,Thr,Jhb',
  // invalid ones: a search meets many more of these
  'wb,Ah,2h',
  'Qh,Kh,wb',
  '3h,2h,Ah',
  'Kh,Kh,Ks',
  'Ah,2h,4h',
  'Ah,2h,3c',
  'Kh,Kd',
  '9s,Ts,Js,Qs,Ks,wb',
].map((m) => m.split(','));

// A realistic mid-round: two decks, eleven melds on the table, an opened player holding ten cards.
const state: RummyState = rummyGame.fromJSON({
  rules: { decks: 2, jokers: 2, handSize: 14, openingPoints: 30, jokerPenalty: 30 },
  status: 'playing',
  hands: [
    ['8cr', '2sb', 'Tdr', 'Jdr', 'Qdr', 'Asb', '4sr', '9cb', 'Kcb', '6hr'],
    ['2cr', '3cr', '4cr', '5hr', '5sr', '7db', '8db', 'Jcb', 'Qcb', 'Ksr', 'wrr'],
  ],
  stock: ['3dr', '4dr', '5dr', '6dr', '7dr'],
  table: [
    { kind: 'group', cards: ['Khr', 'Kdb', 'Ksb'] },
    { kind: 'run', cards: ['3hr', '4hr', '5hb', '6hb', '7hr', '8hr', '9hr', 'Thb'] },
    { kind: 'group', cards: ['9dr', '9hb', '9sr', 'wbr'] },
    { kind: 'run', cards: ['Asr', '2sr', '3sr'] },
    { kind: 'run', cards: ['5cb', '6cb', '7cb'] },
    { kind: 'group', cards: ['Qhr', 'Qsr', 'Qcr'] },
    { kind: 'run', cards: ['8sb', '9sb', 'Tsb', 'Jsb'] },
    { kind: 'group', cards: ['Acr', 'Adr', 'Ahr'] },
    { kind: 'run', cards: ['2db', '3db', '4db', '5db', '6db'] },
    { kind: 'group', cards: ['Tcr', 'Thr', 'Tsr'] },
    { kind: 'run', cards: ['Jhr', 'Qhb', 'Khb'] },
  ],
  opened: [true, true],
  current: 0,
  passes: 0,
  winner: null,
  scores: [0, 0],
});

// Seat 0 splits the long heart run, puts 6hr on the second half, lays Td-Jd-Qd and extends the clubs.
const layout: LayoutMeld[] = [
  ['Khr', 'Kdb', 'Ksb'],
  ['3hr', '4hr', '5hb', '6hb'],
  ['6hr', '7hr', '8hr', '9hr', 'Thb'],
  ['9dr', '9hb', '9sr', 'wbr'],
  ['Asr', '2sr', '3sr', '4sr'],
  ['5cb', '6cb', '7cb', '8cr', '9cb'],
  ['Qhr', 'Qsr', 'Qcr'],
  ['8sb', '9sb', 'Tsb', 'Jsb'],
  ['Acr', 'Adr', 'Ahr', 'Asb'],
  ['2db', '3db', '4db', '5db', '6db'],
  ['Tcr', 'Thr', 'Tsr'],
  ['Jhr', 'Qhb', 'Khb'],
  ['Tdr', 'Jdr', 'Qdr'],
];
const after = Round.play(state, 0, layout);
if (after.hands[0]!.join() !== '2sb,Kcb') throw new Error(`unexpected hand ${after.hands[0]}`);

// The facade refusing an opening: with 40 points to open, Td-Jd-Qd (33) passes checks 1 to 3 and fails the
// last one, so the whole check runs and the state is kept.
const rules = { ...state.rules, openingPoints: 40 };
const game = Game.fromJSON({
  rules,
  players: [
    { id: 'a', name: 'Alice' },
    { id: 'b', name: 'Bob' },
  ],
  round: { ...state, rules, opened: [false, true] },
});
const alice = game.getPlayers()[0]!;
const opening = [...Table.fromJSON(state.table).getMelds(), Meld.fromString('Tdr,Jdr,Qdr')];

// The search behind legalActions: the opening position of a dealt round, and seat 0 of the mid-round above.
const dealt = rummyGame.setup(rummyGame.defaultConfig(), createRng(15));
// A whole round under the contract, both seats picking uniformly among the listed actions (a new seed each time).
let roundSeed = 0;
let roundSteps = 0;
let rounds = 0;
function randomRound(): void {
  const rng = createRng(roundSeed++);
  let round = rummyGame.setup(rummyGame.defaultConfig(), rng);
  while (round.status === 'playing') {
    round = rummyGame.apply(
      round,
      round.current,
      rng.pick(rummyGame.legalActions(round, round.current)),
      rng,
    );
    roundSteps++;
  }
  rounds++;
}

const bench = new Bench({ time: 1000 });
let sink = 0;
bench
  .add(`isValidMeld x${melds.length}`, () => {
    for (const m of melds) if (isValidMeld(m)) sink++;
  })
  .add(`validateMeld x${melds.length} (messages for the invalid ones)`, () => {
    for (const m of melds) if (validateMeld(m).valid) sink++;
  })
  .add(`Meld.fromCards x8 (valid, Meld objects)`, () => {
    for (let i = 0; i < 8; i++) sink += Meld.fromCards(melds[i]!).getPoints();
  })
  .add('pure play: realistic 13-meld layout, accepted', () => {
    sink += Round.play(state, 0, layout).hands[0]!.length;
  })
  .add('Game.play: 12-meld opening refused at the last check', () => {
    try {
      game.play(alice, opening);
    } catch {
      sink++;
    }
  })
  .add('findPlays: opening position (14 cards, empty table)', () => {
    sink += findPlays(dealt, 0).length;
  })
  .add('findPlays: mid-round (10 cards, 11 melds on the table)', () => {
    sink += findPlays(state, 0).length;
  })
  .add('rummyGame: a whole 2-player random-vs-random round', randomRound);
await bench.run();
console.table(bench.table());

// legalActions on the slowest positions found in 4-player rounds (see legal.ts for each one), a fresh
// definition each time (a definition keeps the list of a state it was asked about); few iterations, as
// one takes a tenth of a second
const slow = slowPositions();
const slowBench = new Bench({ time: 0, iterations: 10 });
slowBench.add(
  `rummyGame.legalActions: the ${slow.length} slowest positions found, one after the other`,
  () => {
    for (const { state } of slow) sink += createRummyGame().legalActions(state, state.current).length;
  },
);
await slowBench.run();
console.table(slowBench.table());
const rate = (name: string) => bench.tasks.find((t) => t.name.startsWith(name))!.result;
const hz = (name: string) => {
  const r = rate(name) as { throughput?: { mean: number }; hz?: number } | undefined;
  return r?.throughput?.mean ?? r?.hz ?? 0;
};
console.log(
  `meld validations/s: isValidMeld ${Math.round(hz('isValidMeld') * melds.length)}, validateMeld ${Math.round(
    hz('validateMeld') * melds.length,
  )}`,
);
console.log(
  `play checks/s: pure ${Math.round(hz('pure play'))}, Game.play (refused opening) ${Math.round(hz('Game.play'))}`,
);
console.log(
  `random rounds: ${(1000 / hz('rummyGame')).toFixed(1)} ms each, ${(roundSteps / rounds).toFixed(0)} actions on average`,
);
const slowResult = slowBench.tasks[0]?.result as { latency?: { mean: number; max: number } } | undefined;
if (slowResult?.latency) {
  const { mean, max } = slowResult.latency;
  console.log(
    `legalActions on the ${slow.length} slowest positions: ${(mean / slow.length).toFixed(1)} ms each on average (${mean.toFixed(0)} ms for all, at most ${max.toFixed(0)} ms)`,
  );
}
if (sink < 0) console.log(sink);
