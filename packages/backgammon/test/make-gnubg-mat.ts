// Writes the gnubg-*.mat fixtures (matches GNU Backgammon played against itself and
// exported) and test/fixtures/gnubg-mat-ids.jsonl (the IDs gnubg shows after importing
// them, whole or cut short). Needs the Debian package gnubg (1.07):
//   apt-get install -y gnubg
//   npx tsx --conditions=@tabula/source packages/backgammon/test/make-gnubg-mat.ts
// gnubg's dice come from `set seed`, so a run writes the same games again; only the
// EventDate tag (today's date) changes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const GNUBG = existsSync('/usr/games/gnubg') ? '/usr/games/gnubg' : 'gnubg';
const FIXTURES = new URL('./fixtures/', import.meta.url).pathname;

/** Both players are gnubg at 0 plies (fast); the names are set after play, since `new match` resets them. */
const PLAYERS = [
  'set player 0 gnubg',
  'set player 1 gnubg',
  'set player 0 chequerplay evaluation plies 0',
  'set player 1 chequerplay evaluation plies 0',
  'set player 0 cubedecision evaluation plies 0',
  'set player 1 cubedecision evaluation plies 0',
];
const NAMES = ['set player 0 name Ann', 'set player 1 name Bob'];

/** The matches: each played by gnubg against itself from `set seed`, then exported. */
export const MATCHES: { file: string; what: string; commands: string[] }[] = [
  {
    file: 'gnubg-3pt.mat',
    what: '3-point match: a gammon resigned, the Crawford game, a post-Crawford double taken',
    commands: ['set seed 1', 'new match 3'],
  },
  {
    file: 'gnubg-5pt.mat',
    what: '5-point match: doubles dropped and taken, the Crawford game, a post-Crawford backgammon (6 points, capped)',
    commands: ['set seed 7', 'new match 5'],
  },
  {
    file: 'gnubg-5pt-dance.mat',
    what: '5-point match with many dances, among them both players in a row (two passes)',
    commands: ['set seed 5', 'new match 5'],
  },
  {
    file: 'gnubg-1pt.mat',
    what: '1-point match: one game',
    commands: ['set seed 3', 'new match 1'],
  },
  {
    file: 'gnubg-money.mat',
    what: 'money session of three games with the Jacoby rule: a double taken, a redouble dropped',
    commands: [
      'set automatic game off',
      'set jacoby on',
      'set seed 5',
      'new session',
      'new game',
      'new game',
    ],
  },
];

/**
 * Positions gnubg shows after `import mat` of a fixture, whole or cut after line
 * `keep` (1-based) with that line replaced by `last`: gnubg stops where the file
 * does, so these are match positions in the middle of a match.
 */
export const CUTS: { file: string; what: string; keep?: number; last?: string }[] = [
  {
    file: 'gnubg-5pt.mat',
    what: 'game 2 at 0-1, Ann owns the cube at 2: Bob rolled 3-3',
    keep: 29,
    last: '  6) 63: 13/10 21/15             33:',
  },
  {
    file: 'gnubg-5pt.mat',
    what: 'game 5, the Crawford game at 1-4: Bob rolled 5-4',
    keep: 83,
    last: '  3) 21: 6/5 6/4                 54:',
  },
  {
    file: 'gnubg-5pt.mat',
    what: 'game 6, post-Crawford at 2-4: Ann doubled, Bob took, Ann rolled 6-1',
    keep: 108,
    last: '  3) 61:',
  },
  {
    file: 'gnubg-3pt.mat',
    what: 'game 3, post-Crawford at 1-2: Ann doubles',
    keep: 63,
    last: '  2)  Doubles => 2',
  },
  {
    file: 'gnubg-money.mat',
    what: 'money game 2 at 0-2: Ann to roll or double',
    keep: 39,
  },
  { file: 'gnubg-3pt.mat', what: 'the match over: Ann resigned a single game at cube 2, 1-4 (uncapped)' },
  { file: 'gnubg-5pt.mat', what: 'the match over: Ann resigned a backgammon at cube 2, 2-10 (uncapped)' },
  { file: 'gnubg-5pt-dance.mat', what: 'the match over: Ann resigned a gammon at cube 2, 4-7 (uncapped)' },
  { file: 'gnubg-1pt.mat', what: 'the 1-point match over: Ann resigned a single game, 0-1' },
  { file: 'gnubg-money.mat', what: 'the session over: Bob resigned a single game at cube 2, 2-4' },
];

/** The text of a cut: the first `keep` lines, the last replaced. */
export function cutText(text: string, cut: { keep?: number; last?: string }): string {
  if (cut.keep === undefined) return text;
  const lines = text.split('\n').slice(0, cut.keep);
  if (cut.last !== undefined) lines[lines.length - 1] = cut.last;
  return `${lines.join('\n')}\n`;
}

function gnubg(commands: string[]): string {
  return execFileSync(GNUBG, ['-t', '-q'], { input: `${commands.join('\n')}\n`, encoding: 'utf8' });
}

function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'gnubg-mat-'));
  for (const match of MATCHES) {
    const out = join(FIXTURES, match.file);
    gnubg([...PLAYERS, ...match.commands, ...NAMES, `export match mat ${out}`]);
    console.log(`${match.file}: ${match.what}`);
  }
  const lines: string[] = [];
  CUTS.forEach((cut, i) => {
    const path = join(dir, `cut-${i}.mat`);
    writeFileSync(path, cutText(readFileSync(join(FIXTURES, cut.file), 'utf8'), cut));
    // The Jacoby rule off: gnubg reads a money file with its own setting, and the files do not say.
    const shown = gnubg(['set jacoby off', `import mat ${path}`, 'show board']);
    const position = [...shown.matchAll(/Position ID: (\S+)/g)].at(-1)?.[1];
    const matchId = [...shown.matchAll(/Match ID {3}: (\S+)/g)].at(-1)?.[1];
    if (position === undefined || matchId === undefined) throw new Error(`no IDs for ${cut.what}`);
    lines.push(JSON.stringify({ ...cut, id: `${position}:${matchId}` }));
  });
  writeFileSync(join(FIXTURES, 'gnubg-mat-ids.jsonl'), `${lines.join('\n')}\n`);
  console.log(`gnubg-mat-ids.jsonl: ${lines.length} positions`);
}

if (process.argv[1] === new URL(import.meta.url).pathname) main();
