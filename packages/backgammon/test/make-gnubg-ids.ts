// Writes test/fixtures/gnubg-ids.jsonl: Position and Match IDs that GNU Backgammon
// itself printed, each beside the fields its commands set up.
// Needs the Debian package gnubg (1.07): apt-get install -y gnubg. Run:
//   npx tsx --conditions=@tabula/source packages/backgammon/test/make-gnubg-ids.ts
// Each case runs `gnubg -t -q` with SETUP, its own commands and `show board`, and
// keeps the last Position ID and Match ID gnubg printed. Player 0 is gnubg's first
// player ("gnubg", O), player 1 the second ("root", X).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MatchIdFields } from '../src/match-id.js';

/** gnubg's own player moves by hand; nothing is rolled or started on its own. */
const SETUP = ['set player 0 human', 'set automatic roll off', 'set automatic game off'];

/** The fields of a fresh money game with player 0 on roll and no dice, to build cases from. */
const BASE: MatchIdFields = {
  cubeValue: 1,
  cubeOwner: null,
  onRoll: 0,
  crawford: false,
  gameState: 'playing',
  turn: 0,
  doubled: false,
  resigned: null,
  dice: null,
  length: 0,
  score: [0, 0],
  jacoby: false,
};

/** A position with a checker on the bar (from the public fixture, case pub-00000). */
const BAR_POSITION = 'zFYtSCDgAQOcbQ';
/** Player on roll: one checker on the ace point; the other: two on each of their home points and one more. */
const LAST_CHECKER = '27YBACAAAAAAAA';

const CASES: { name: string; commands: string[]; fields: MatchIdFields }[] = [
  {
    name: 'money session with the Jacoby rule, player 1 rolled 5-2',
    commands: ['set jacoby on', 'new session', 'set turn 1', 'set dice 5 2'],
    fields: { ...BASE, onRoll: 1, turn: 1, dice: [5, 2], jacoby: true },
  },
  {
    name: 'money session without the Jacoby rule, player 0 rolled 3-3',
    commands: ['set jacoby off', 'new session', 'set turn 0', 'set dice 3 3'],
    fields: { ...BASE, dice: [3, 3] },
  },
  {
    name: 'money session, player 0 to roll or double',
    commands: ['set jacoby off', 'new session', 'set turn 0'],
    fields: BASE,
  },
  {
    name: '7-point match at 2-4, cube 4 owned by player 1, who rolled 2-5 (written 5-2)',
    commands: [
      'new match 7',
      'set score 2 4',
      'set cube value 4',
      'set cube owner 1',
      'set turn 1',
      'set dice 2 5',
    ],
    fields: {
      ...BASE,
      cubeValue: 4,
      cubeOwner: 1,
      onRoll: 1,
      turn: 1,
      dice: [5, 2],
      length: 7,
      score: [2, 4],
    },
  },
  {
    name: '5-point match at 4-2, the Crawford game, player 1 rolled 6-1',
    commands: ['new match 5', 'set score 4 2', 'set crawford on', 'set turn 1', 'set dice 6 1'],
    fields: { ...BASE, crawford: true, onRoll: 1, turn: 1, dice: [6, 1], length: 5, score: [4, 2] },
  },
  {
    name: '5-point match at 2-4 after the Crawford game: player 0, the trailer, doubles',
    commands: ['new match 5', 'set score 2 4', 'set crawford off', 'set turn 0', 'double'],
    fields: { ...BASE, turn: 1, doubled: true, length: 5, score: [2, 4] },
  },
  {
    name: '9-point match at 3-5: player 0 owns the cube at 2 and redoubles',
    commands: [
      'new match 9',
      'set score 3 5',
      'set cube value 2',
      'set cube owner 0',
      'set turn 0',
      'double',
    ],
    fields: { ...BASE, cubeValue: 2, cubeOwner: 0, turn: 1, doubled: true, length: 9, score: [3, 5] },
  },
  {
    name: '5-point match: player 1 rolled 4-2 and offers to resign a gammon',
    commands: ['new match 5', 'set turn 1', 'set dice 4 2', 'resign gammon'],
    fields: { ...BASE, onRoll: 1, turn: 0, resigned: 'gammon', dice: [4, 2], length: 5 },
  },
  {
    name: 'money session: player 0 offers to resign a backgammon before rolling',
    commands: ['set jacoby off', 'new session', 'set turn 0', 'resign backgammon'],
    fields: { ...BASE, turn: 1, resigned: 'backgammon' },
  },
  {
    name: 'money session: player 1 doubles and player 0 drops',
    commands: ['set jacoby off', 'new session', 'set turn 1', 'double', 'drop'],
    fields: { ...BASE, onRoll: 1, turn: 0, gameState: 'dropped', score: [0, 1] },
  },
  {
    name: 'money session: player 0 resigns a gammon and player 1 accepts',
    commands: ['set jacoby off', 'new session', 'set turn 0', 'resign gammon', 'accept'],
    fields: { ...BASE, turn: 1, gameState: 'resigned', resigned: 'gammon', score: [0, 2] },
  },
  {
    name: 'money session: player 1 bears off the last checker with 2-1',
    commands: [
      'set jacoby off',
      'new session',
      'set turn 1',
      `set board ${LAST_CHECKER}`,
      'set dice 2 1',
      'move 1/off',
    ],
    fields: { ...BASE, gameState: 'over', score: [0, 1] },
  },
  {
    name: '3-point match at 1-0: player 0 has a checker on the bar and rolled 5-4',
    commands: ['new match 3', 'set score 1 0', 'set turn 0', `set board ${BAR_POSITION}`, 'set dice 4 5'],
    fields: { ...BASE, dice: [5, 4], length: 3, score: [1, 0] },
  },
  {
    name: '25-point match at 21-23, cube 8 owned by player 0; player 1 rolled 1-1',
    commands: [
      'new match 25',
      'set score 21 23',
      'set cube value 8',
      'set cube owner 0',
      'set turn 1',
      'set dice 1 1',
    ],
    fields: {
      ...BASE,
      cubeValue: 8,
      cubeOwner: 0,
      onRoll: 1,
      turn: 1,
      dice: [1, 1],
      length: 25,
      score: [21, 23],
    },
  },
  {
    name: 'money session with the Jacoby rule, cube 4096 owned by player 1, who is to roll',
    commands: ['set jacoby on', 'new session', 'set cube value 4096', 'set cube owner 1', 'set turn 1'],
    fields: { ...BASE, cubeValue: 4096, cubeOwner: 1, onRoll: 1, turn: 1, jacoby: true },
  },
];

/** Debian installs gnubg in /usr/games, which is not on every PATH. */
const GNUBG = existsSync('/usr/games/gnubg') ? '/usr/games/gnubg' : 'gnubg';
const home = mkdtempSync(join(tmpdir(), 'gnubg-ids-'));
const lines = CASES.map(({ name, commands, fields }) => {
  const input = `${[...SETUP, ...commands, 'show board'].join('\n')}\n`;
  const out = execFileSync(GNUBG, ['-t', '-q'], {
    input,
    encoding: 'utf8',
    env: { ...process.env, HOME: home },
  });
  const positionId = [...out.matchAll(/Position ID: (\S{14})/g)].at(-1)?.[1];
  const matchId = [...out.matchAll(/Match ID {3}: (\S{12})/g)].at(-1)?.[1];
  if (positionId === undefined || matchId === undefined) throw new Error(`no IDs for ${name}:\n${out}`);
  return JSON.stringify({ name, commands, positionId, matchId, fields });
});
writeFileSync(new URL('./fixtures/gnubg-ids.jsonl', import.meta.url), `${lines.join('\n')}\n`);
console.log(`wrote ${lines.length} cases`);
