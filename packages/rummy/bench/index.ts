import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { buildWorkloads, expectedTables, runMelds, runRounds, runTables, tryMelds } from './workloads.js';

// `bench/index.ts workloads` runs only the three workloads of the PHP comparison and their first passes.
const only = process.argv[2] === 'workloads';

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
if (!only)
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

// The workloads compared with the PHP library (see workloads.ts): the same inputs on every run.
const work = buildWorkloads();
const meldOk = work.melds.filter((text) => runMelds([text]) === 1);
const meldRefused = work.melds.filter((text) => runMelds([text]) === 0);
const twoPlayers = work.rounds.filter((r) => r.players === 2);
const fourPlayers = work.rounds.filter((r) => r.players === 4);
const tablesTotal = expectedTables(work.tables);
function check(what: string, got: number, expected: number): void {
  if (got !== expected) throw new Error(`${what}: got ${got}, expected ${expected}`);
}
// A play refused at its last check (an opening 7 points short) and the same play accepted (30 to open), as values.
const openingLayout = opening.map((m) => m.toJSON());
const openingPosition = { table: state.table, hand: state.hands[0]!, opened: false, rules: state.rules };
const shortPosition = { ...openingPosition, rules: { ...state.rules, openingPoints: 40 } };
const shortRefusal = Round.checkPlay(shortPosition, openingLayout);
if (
  !Round.checkPlay(openingPosition, openingLayout).ok ||
  shortRefusal.ok ||
  shortRefusal.code !== 'opening_too_low'
)
  throw new Error('the opening should be accepted with 30 points to open, refused with 40');
const task = {
  melds: `melds: Meld.fromString x${work.melds.length} (${meldOk.length} valid, refusals caught)`,
  meldsValid: `melds: Meld.fromString, the ${meldOk.length} valid`,
  meldsRefused: `melds: Meld.fromString, the ${meldRefused.length} refused (thrown)`,
  tryMelds: `melds: Meld.tryFromString x${work.melds.length} (refusals as values)`,
  tryValid: `melds: Meld.tryFromString, the ${meldOk.length} valid`,
  tryRefused: `melds: Meld.tryFromString, the ${meldRefused.length} refused`,
  playAccepted: 'Round.checkPlay: 12-meld opening, accepted',
  playRefused: 'Round.checkPlay: the same opening refused at the last check (a value)',
  tables: `tables: ${work.tables.length} pairs parsed, isPreservedIn, newMeldsIn + points`,
  rounds2: `rounds: ${twoPlayers.length} scripted 2-player rounds through Game`,
  rounds4: `rounds: ${fourPlayers.length} scripted 4-player rounds through Game`,
};
bench
  .add(task.melds, () => check('valid melds', runMelds(work.melds), meldOk.length))
  .add(task.meldsValid, () => {
    sink += runMelds(meldOk);
  })
  .add(task.meldsRefused, () => {
    sink += runMelds(meldRefused);
  })
  .add(task.tryMelds, () => check('valid melds', tryMelds(work.melds), meldOk.length))
  .add(task.tryValid, () => {
    sink += tryMelds(meldOk);
  })
  .add(task.tryRefused, () => {
    sink += tryMelds(meldRefused);
  })
  .add(task.playAccepted, () => {
    if (Round.checkPlay(openingPosition, openingLayout).ok) sink++;
  })
  .add(task.playRefused, () => {
    if (!Round.checkPlay(shortPosition, openingLayout).ok) sink++;
  })
  .add(task.tables, () => check('tables', runTables(work.tables), tablesTotal))
  .add(task.rounds2, () => {
    sink += runRounds(twoPlayers);
  })
  .add(task.rounds4, () => {
    sink += runRounds(fourPlayers);
  });
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
if (!only) {
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
}

// Per item: the mean time of a task over its items.
const perItem = (name: string, items: number) => `${(1e6 / hz(name) / items).toFixed(2)} µs`;
console.log(
  `melds through Meld.fromString: ${perItem(task.melds, work.melds.length)} a meld (mixed), ` +
    `${perItem(task.meldsValid, meldOk.length)} a valid one, ${perItem(task.meldsRefused, meldRefused.length)} a refused one`,
);
console.log(
  `melds through Meld.tryFromString: ${perItem(task.tryMelds, work.melds.length)} a meld (mixed), ` +
    `${perItem(task.tryValid, meldOk.length)} a valid one, ${perItem(task.tryRefused, meldRefused.length)} a refused one`,
);
console.log(
  `Round.checkPlay of a 12-meld opening: ${perItem(task.playAccepted, 1)} accepted, ${perItem(task.playRefused, 1)} refused`,
);
const slowResult = slowBench.tasks[0]?.result as { latency?: { mean: number; max: number } } | undefined;
if (slowResult?.latency) {
  const { mean, max } = slowResult.latency;
  console.log(
    `legalActions on the ${slow.length} slowest positions: ${(mean / slow.length).toFixed(1)} ms each on average (${mean.toFixed(0)} ms for all, at most ${max.toFixed(0)} ms)`,
  );
}
console.log(`tables: ${Math.round(hz(task.tables) * work.tables.length)} pairs/s`);
console.log(
  `rounds through Game: ${Math.round(hz(task.rounds2) * twoPlayers.length)} 2-player rounds/s, ` +
    `${Math.round(hz(task.rounds4) * fourPlayers.length)} 4-player rounds/s`,
);

// The first pass of each workload in a fresh process (the median of five processes): the time, and the CPU
// time of all its threads (the compiler's too), steadier than the time when other work shares the machine.
const dir = mkdtempSync(join(tmpdir(), 'rummy-bench-'));
const inputs = join(dir, 'inputs.json');
writeFileSync(inputs, JSON.stringify(work));
const script = fileURLToPath(new URL('./first-pass.ts', import.meta.url));
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log('first passes in a fresh process (median of 5 processes), ms:');
const rows = [];
for (const which of ['melds', 'tables', 'rounds']) {
  type Pass = { imported: number; first: number; firstCpu: number; second: number; tenth: number };
  const runs = Array.from({ length: 5 }, () => {
    const out = execFileSync(process.execPath, [...process.execArgv, script, which, inputs], {
      encoding: 'utf8',
    });
    return JSON.parse(out) as Pass;
  });
  const m = (key: keyof Pass) => Number(median(runs.map((r) => r[key])).toFixed(1));
  rows.push({
    workload: which,
    import: m('imported'),
    first: m('first'),
    'first (CPU)': m('firstCpu'),
    second: m('second'),
    tenth: m('tenth'),
  });
}
console.table(rows);
rmSync(dir, { recursive: true });
if (sink < 0) console.log(sink);
