// The interoperability check of writeMatFile against GNU Backgammon, run by hand (the
// tests do not need gnubg). Needs the Debian package gnubg (1.07):
//   npx tsx --conditions=@tabula/source packages/backgammon/test/check-gnubg-mat.ts [matches]
// For each of a number of matches, money sessions and single games played by the random
// policy of random-match.ts (finished, or cut off in progress), it writes the .mat file,
// has gnubg `import mat` it, `export match mat` it again and `show board`, and checks
// that (1) gnubg's export has the same games, line for line from " N point match" on
// (trailing spaces aside), and (2) the position gnubg ends on has our gnubgIdOf: the same
// Position ID and Match ID (but for the turn bit after a resignation, which gnubg's
// import leaves with the resigner and its play gives the winner, as ours does).
// With --beavers it plays money sessions with beavers instead, and compares the
// position gnubg ends on.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeMatFile } from '../src/mat.js';
import { isMatch } from '../src/match.js';
import { gnubgIdOf, readGnubgId } from '../src/match-id.js';
import type { BackgammonConfig } from '../src/schemas.js';
import { playRandom } from './random-match.js';

const GNUBG = existsSync('/usr/games/gnubg') ? '/usr/games/gnubg' : 'gnubg';

/** What gnubg plays by when it imports a file: the Crawford rule in every match, no beavers. */
const CONFIGS: BackgammonConfig[] = [
  { cube: true, length: 1, crawford: false },
  { cube: true, length: 3, crawford: true },
  { cube: true, length: 5, crawford: true },
  { cube: true, length: 7, crawford: true },
  { cube: false, length: 5, crawford: true },
  { cube: true, length: 1, crawford: false, money: { jacoby: false, games: 3 } },
  { cube: true, length: 1, crawford: false, money: { jacoby: true, games: 2 } },
];

/**
 * The games of a file, each move's steps sorted: gnubg sorts them when it reads a file
 * (and then marks a hit on the first step it sorts to the point).
 */
const body = (text: string) =>
  text
    .slice(text.search(/^ \d+ point match$/m))
    .split('\n')
    .map((line) =>
      line.trimEnd().replace(/([1-6][1-6]:)((?: \d+\/\d+\*?)+)/g, (_, roll: string, moves: string) => {
        const steps = moves.trim().split(' ');
        const hits = steps.filter((s) => s.endsWith('*')).map((s) => s.split('/')[1]);
        const plain = steps.map((s) => s.replace('*', '')).sort();
        return `${roll} ${plain.join(' ')} hits ${hits.sort().join(',')}`;
      }),
    )
    .join('\n')
    .trim();

/** Money sessions with beavers, for `--beavers`: only those with a beaver are checked. */
const BEAVERS: BackgammonConfig = {
  cube: true,
  length: 1,
  crawford: false,
  money: { beavers: true, jacoby: false, games: 2 },
};

/**
 * `--beavers`: sessions in which a beaver was played. gnubg writes a beaver back as
 * `Beavers => 4` (with no Takes), so only the position it ends on is compared.
 */
function beavers(count: number, dir: string): void {
  let checked = 0;
  let same = 0;
  for (let seed = 1; checked < count && seed < 100 * count; seed++) {
    const state = playRandom(BEAVERS, seed, { double: 30, resign: 0, forfeit: 0, stopAfter: null });
    if (!JSON.stringify(state).includes('"beaver"')) continue;
    checked++;
    const ours = join(dir, `beaver-${seed}.mat`);
    writeFileSync(ours, writeMatFile(state));
    const shown = execFileSync(GNUBG, ['-t', '-q'], {
      input: `set beavers 1\nset jacoby off\nimport mat ${ours}\nshow board\n`,
      encoding: 'utf8',
    });
    const position = [...shown.matchAll(/Position ID: (\S+)/g)].at(-1)?.[1];
    if (position === gnubgIdOf(state).split(':')[0]) same++;
    else console.log(`FAIL ${seed}: gnubg ends on ${position}, ours is ${gnubgIdOf(state)} (${ours})`);
  }
  console.log(`${same} of ${checked} sessions with beavers end where gnubg ends`);
}

function main(): void {
  const count = Number(process.argv[2] ?? 60);
  if (process.argv.includes('--beavers')) {
    beavers(count, mkdtempSync(join(tmpdir(), 'gnubg-check-')));
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'gnubg-check-'));
  let failed = 0;
  for (let seed = 1; seed <= count; seed++) {
    const config = CONFIGS[seed % CONFIGS.length] ?? { cube: true, length: 5, crawford: true };
    const stopAfter = seed % 3 === 0 ? 20 + ((seed * 37) % 300) : null;
    const state = playRandom(config, seed, { double: 15, resign: 2, forfeit: 0, stopAfter });
    const ours = join(dir, `ours-${seed}.mat`);
    const back = join(dir, `back-${seed}.mat`);
    writeFileSync(ours, writeMatFile(state));
    const jacoby = config.money?.jacoby === true ? 'on' : 'off';
    const shown = execFileSync(GNUBG, ['-t', '-q'], {
      input: `set jacoby ${jacoby}\nimport mat ${ours}\nexport match mat ${back}\nshow board\n`,
      encoding: 'utf8',
    });
    const problems: string[] = [];
    if (/WARNING|Invalid move|Unrecognised/i.test(shown))
      problems.push(`gnubg warned: ${shown.match(/.*(WARNING|Invalid|Unrecognised).*/i)?.[0]}`);
    if (body(readFileSync(back, 'utf8')) !== body(readFileSync(ours, 'utf8')))
      problems.push('gnubg wrote the games back differently');
    const position = [...shown.matchAll(/Position ID: (\S+)/g)].at(-1)?.[1];
    const matchId = [...shown.matchAll(/Match ID {3}: (\S+)/g)].at(-1)?.[1];
    const theirs = readGnubgId(`${position}:${matchId}`);
    // A lone table's game is written as a 1-point match; gnubgIdOf writes it as money unless told.
    const r = isMatch(state) ? null : state.result;
    const match = isMatch(state)
      ? undefined
      : { length: 1, score: r === null ? [0, 0] : r.winner === 0 ? [r.points, 0] : [0, r.points] };
    const mine = readGnubgId(gnubgIdOf(state, match as never));
    // After a resignation gnubg's import leaves the turn with the resigner and keeps the dice rolled
    // before it; a table gives the winner the turn (as gnubg's play does) and keeps no dice.
    const resigned = (m: typeof theirs.match) =>
      m.gameState === 'resigned' ? { ...m, turn: 0, dice: null } : m;
    const same =
      JSON.stringify(theirs.board) === JSON.stringify(mine.board) &&
      JSON.stringify(resigned(theirs.match)) === JSON.stringify(resigned(mine.match));
    if (!same)
      problems.push(`gnubg ends on ${position}:${matchId}, ours is ${gnubgIdOf(state, match as never)}`);
    const what = `${seed}: ${JSON.stringify(config)}${stopAfter === null ? '' : ` cut after ${stopAfter} actions`}`;
    if (problems.length > 0) {
      failed++;
      console.log(`FAIL ${what}\n  ${problems.join('\n  ')}\n  files: ${ours} ${back}`);
    } else console.log(`ok   ${what}`);
  }
  console.log(`${count - failed} of ${count} read back by gnubg as written`);
}

main();
