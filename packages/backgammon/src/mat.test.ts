import { readFileSync } from 'node:fs';
import { InvalidInputError, NotationError } from '@tabula/core';
import { fuzzRuns, thrownBy } from '@tabula/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutText } from '../test/make-gnubg-mat.js';
import { asFileHolds, CONFIGS, DEFAULT_PLAY, playRandom } from '../test/random-match.js';
import { SequenceDice } from './dice.js';
import { MAX_MAT_FILE_LENGTH, MAX_MAT_LINE_LENGTH, readMatFile, writeMatFile } from './mat.js';
import { isMatch, Match } from './match.js';
import type { BackgammonState, MatchState } from './schemas.js';
import { Table } from './table.js';

const fixture = (name: string) => readFileSync(new URL(`../test/fixtures/${name}`, import.meta.url), 'utf8');

function matchOf(state: BackgammonState | MatchState): MatchState {
  if (!isMatch(state)) throw new Error('expected a match');
  return state;
}

/**
 * What a gnubg file says, read with regular expressions of its own: the score before each
 * game, and who wins how many points (the right column's Wins starts after column 16).
 */
function fileSays(text: string): { scores: number[][]; wins: { seat: number; points: number }[] } {
  const scores = [...text.matchAll(/^ \S.* : (\d+) +\S.* : (\d+)$/gm)].map((m) => [
    Number(m[1]),
    Number(m[2]),
  ]);
  const wins = [...text.matchAll(/^(.*?)Wins (\d+) points?/gm)].map((m) => ({
    seat: (m[1] ?? '').length >= 16 ? 1 : 0,
    points: Number(m[2]),
  }));
  return { scores, wins };
}

/** Text lines without trailing spaces and without the rule tags we write and gnubg does not. */
const compared = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => !/^; \[(Player [12]|Crawford|Jacoby|Beaver|Games) /.test(line));

const GNUBG_FILES = [
  'gnubg-3pt.mat',
  'gnubg-5pt.mat',
  'gnubg-5pt-dance.mat',
  'gnubg-1pt.mat',
  'gnubg-money.mat',
];

describe('gnubg match files', () => {
  it.each(GNUBG_FILES)('%s: every game, score and winner as the file says', (name) => {
    const text = fixture(name);
    const { state, tags, comment } = readMatFile(text);
    expect(state.names).toEqual(['Ann', 'Bob']);
    expect(tags).toEqual({ EventDate: expect.stringMatching(/^\d{4}\.\d\d\.\d\d$/) });
    expect(comment).toBe('');
    const says = fileSays(text);
    const games = isMatch(state) ? Match.history(state) : [{ score: [0, 0], result: state.result }];
    expect(games.map((g) => g.score)).toEqual(says.scores);
    expect(games.map((g) => ({ seat: g.result?.winner, points: g.result?.points }))).toEqual(says.wins);
  });

  it('a 5-point match: drops, takes, the Crawford game, a post-Crawford backgammon capped at the length', () => {
    const state = matchOf(readMatFile(fixture('gnubg-5pt.mat')).state);
    expect(Match.scoreSheet(state)).toEqual([
      { score: [0, 0], crawford: false, winner: 1, kind: 'single', how: 'dropped', points: 1 },
      { score: [0, 1], crawford: false, winner: 1, kind: 'single', how: 'resigned', points: 2 },
      { score: [0, 3], crawford: false, winner: 0, kind: 'single', how: 'dropped', points: 1 },
      { score: [1, 3], crawford: false, winner: 1, kind: 'single', how: 'dropped', points: 1 },
      { score: [1, 4], crawford: true, winner: 0, kind: 'single', how: 'resigned', points: 1 },
      { score: [2, 4], crawford: false, winner: 1, kind: 'backgammon', how: 'resigned', points: 1 },
    ]);
    expect(state.match).toMatchObject({ score: [2, 5], result: { winner: 1, how: 'score' } });
    expect(state.config).toEqual({ cube: true, length: 5, crawford: true });
    const last = Match.history(state).at(-1);
    expect(last?.cube).toEqual({ value: 2, owner: 1 });
    expect(last?.result.points).toBe(6);
  });

  it('a 3-point match: a gammon resigned, the Crawford game, a post-Crawford double taken', () => {
    const state = matchOf(readMatFile(fixture('gnubg-3pt.mat')).state);
    expect(Match.scoreSheet(state).map((row) => [row.crawford, row.how, row.kind, row.points])).toEqual([
      [false, 'resigned', 'gammon', 2],
      [true, 'resigned', 'single', 1],
      [false, 'resigned', 'single', 1],
    ]);
    expect(Match.history(state)[2]?.log.filter((e) => e.type === 'double' || e.type === 'take').length).toBe(
      2,
    );
  });

  it('two passes in a row: the stuck player sends the empty move', () => {
    const state = matchOf(readMatFile(fixture('gnubg-5pt-dance.mat')).state);
    const game = Match.history(state)[3];
    const empty = game?.log.filter((e) => e.type === 'move' && e.steps?.length === 0) ?? [];
    expect(empty.length).toBe(2);
    expect(Match.scoreSheet(state)[1]).toMatchObject({ how: 'played', kind: 'gammon', points: 4 });
  });

  it('a 1-point match is one game at a table', () => {
    const { state } = readMatFile(fixture('gnubg-1pt.mat'));
    expect(isMatch(state)).toBe(false);
    expect(state.config).toEqual({ cube: true, length: 1, crawford: false });
    expect(state.result).toEqual({ winner: 1, kind: 'single', how: 'resigned', points: 1 });
  });

  it('a money session: as many games as the file, scored uncapped', () => {
    const state = matchOf(readMatFile(fixture('gnubg-money.mat')).state);
    expect(state.config).toEqual({ cube: true, length: 1, crawford: false, money: { games: 3 } });
    expect(state.match).toMatchObject({ score: [2, 4], result: { winner: 1, how: 'session' } });
    // gnubg played it with the Jacoby rule, which the file does not say; no gammon came of it.
    const jacoby = { cube: true, length: 1, crawford: false, money: { jacoby: true, games: 3 } };
    expect(matchOf(readMatFile(fixture('gnubg-money.mat'), { config: jacoby }).state).match.score).toEqual([
      2, 4,
    ]);
  });

  it.each(GNUBG_FILES)('%s written back as gnubg wrote it, but for rolls gnubg resigned before', (name) => {
    const text = fixture(name);
    const file = readMatFile(text);
    const ours = compared(writeMatFile(file.state, { tags: file.tags, comment: file.comment }));
    const theirs = compared(text);
    expect(ours.length).toBe(theirs.length);
    const differ = ours.flatMap((line, i) => (line === theirs[i] ? [] : [[theirs[i], line]]));
    // gnubg lets a player who may not double resign before rolling; at a table the dice are rolled at
    // once, so such a game comes back with a roll (the first that can be played) before its Wins line.
    const expected: Record<string, string[][]> = {
      'gnubg-3pt.mat': [
        [' 25) 61: 2/0 1/0', ' 25) 61: 2/0 1/0                 21:'],
        [`${' '.repeat(34)}Wins 2 points`, ` 31) 21:${' '.repeat(25)}Wins 2 points`],
      ],
      'gnubg-5pt.mat': [
        [' 21) 63: 3/0 4/0', ' 21) 63: 3/0 4/0                 21:'],
        [`${' '.repeat(34)}Wins 6 points`, ` 24) 21:${' '.repeat(25)}Wins 6 points`],
      ],
    };
    expect(differ).toEqual(expected[name] ?? []);
  });
});

describe('writeMatFile and readMatFile, a round trip', () => {
  it('matches, money sessions and single games played at random come back as they were', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.nat(CONFIGS.length - 1),
        fc.option(fc.nat(400), { nil: null }),
        fc.boolean(),
        (seed, which, stopAfter, forfeits) => {
          const config = CONFIGS[which] ?? { cube: true, length: 5, crawford: true };
          const state = playRandom(config, seed, {
            double: 15,
            resign: 2,
            forfeit: forfeits ? 0.3 : 0,
            stopAfter,
          });
          const text = writeMatFile(state);
          const back = readMatFile(text).state;
          // What a file does not hold: the opening roll's ties, declined resignations, the dice's order.
          expect(asFileHolds(back)).toEqual(asFileHolds(state));
          expect(writeMatFile(back)).toBe(text);
        },
      ),
      { numRuns: fuzzRuns(120) },
    );
  });

  it('a match ended by forfeit: the Termination tag', () => {
    const live = matchOf(
      playRandom({ cube: true, length: 7, crawford: true }, 3, { ...DEFAULT_PLAY, stopAfter: 60 }),
    );
    expect(Match.live(live)).toBe(true);
    const s = Match.forfeit(live, live.toAct ?? 0);
    const text = writeMatFile(s);
    expect(text).toContain('; [Termination "forfeit"]');
    const back = matchOf(readMatFile(text).state);
    expect(back.match.result).toEqual({ winner: matchOf(s).match.result?.winner, how: 'forfeit' });
    expect(asFileHolds(back)).toEqual(asFileHolds(s));
  });

  it('a match lost on time: the clock and the Termination tag; the times themselves are not in a file', () => {
    const clock = { delayMs: 8000, reserveMs: 60_000 };
    const config = { cube: true, length: 3, crawford: true, clock };
    let s = playRandom(config, 11, { ...DEFAULT_PLAY, stopAfter: 40 });
    const seat = s.toAct ?? 0;
    s = Match.apply(matchOf(s), seat, { type: 'timeout', elapsedMs: 70_000 }, new SequenceDice([]));
    const text = writeMatFile(s);
    expect(text).toContain('; [Clock "delay 8000 ms, reserve 60000 ms"]');
    expect(text).toContain('; [Termination "timeout"]');
    const back = matchOf(readMatFile(text).state);
    expect(back.config).toEqual(config);
    expect(asFileHolds(back).match).toEqual(asFileHolds(matchOf(s)).match);
    expect(back.log.at(-2)).toMatchObject({ type: 'timeout', seat });
    expect(back.board).toEqual(s.board);
  });

  it('tags and a comment round-trip; our own tags are written from the state', () => {
    const state = playRandom({ cube: false, length: 5, crawford: false }, 8);
    const tags = { Site: 'Club "Anchor"', EventDate: '2024.05.01', Round: '3' };
    const text = writeMatFile(state, { tags, comment: 'First line\n\n  indented' });
    expect(text.split('\n').slice(0, 9)).toEqual([
      '; [Site "Club "Anchor""]',
      '; [EventDate "2024.05.01"]',
      '; [Round "3"]',
      '; [Player 1 "Ann"]',
      '; [Player 2 "Bob Lee"]',
      '; [Crawford "Off"]',
      '; [Cube "Off"]',
      '',
      '; First line',
    ]);
    const file = readMatFile(text);
    expect(file.tags).toEqual(tags);
    expect(file.comment).toBe('First line\n\n  indented');
    expect(file.state.config).toEqual({ cube: false, length: 5, crawford: false });
    expect(writeMatFile(file.state, { tags: file.tags, comment: file.comment })).toBe(text);
  });

  it('an idle match and an idle table: the header alone', () => {
    const idle = Match.create({ cube: true, length: 9, crawford: true }, ['Ann', 'Bob']);
    const text = writeMatFile(idle);
    expect(text).toBe('; [Player 1 "Ann"]\n; [Player 2 "Bob"]\n; [Crawford "On"]\n\n 9 point match\n\n');
    expect(readMatFile(text).state).toEqual(idle);
    const table = Table.create({ cube: true, length: 1, crawford: false }, ['Ann', 'Bob']);
    expect(readMatFile(writeMatFile(table)).state).toEqual(table);
  });
});

describe('readMatFile: what other programs write', () => {
  const xg = [
    '\uFEFF; [Site "XG Mobile"]',
    '; [Player 1 "Ken Smith"]',
    '; [Player 2 "XG-Intermediate"]',
    '; [Crawford "On"]',
    '; [Jacoby "Off"]',
    '; [CubeLimit "1024"]',
    '; [Variation "Backgammon"]',
    '',
    '2 point match',
    '',
    'Game 1 ',
    'Ken Smith : 0                        XG-Intermediate : 0 ',
    '  1) 31: 8/5 6/5                     Doubles => 2',
    '  2)  Takes                          62: 24/18 13/11',
    '  3) 66: 13/7 13/7 8/2 8/2           43: 25/21 24/21',
    '  4)  Doubles => 4                    Drops',
    '      Wins 2 points and the match',
    '',
  ].join('\r\n');

  it('eXtremeGammon: a byte order mark, CRLF, no leading spaces, player tags, "and the match"', () => {
    const file = readMatFile(xg);
    const state = matchOf(file.state);
    expect(state.names).toEqual(['Ken Smith', 'XG-Intermediate']);
    expect(file.tags).toEqual({ Site: 'XG Mobile', CubeLimit: '1024' });
    expect(state.match).toMatchObject({ score: [2, 0], result: { winner: 0, how: 'score' } });
    expect(Match.history(state)[0]?.result).toEqual({ winner: 0, kind: 'single', how: 'dropped', points: 2 });
  });

  it('"Cannot Move" for a roll with no legal move', () => {
    const text = fixture('gnubg-5pt.mat');
    const dance = ' 12) 66:                         22:';
    expect(text).toContain(dance);
    const edited = text.replace(dance, ' 12) 66: Cannot Move             22:');
    expect(readMatFile(edited).state).toEqual(readMatFile(text).state);
  });

  it('"???": rolled, then resigned; a double answered by the Wins line is a drop', () => {
    const text = [
      ' 0 point match',
      ' Game 1',
      ' Ann : 0                        Bob : 0',
      '  1) 31: 8/5 6/5                 42: 8/4 6/4',
      '  2) 21: ???                     Wins 1 point',
      ' Game 2',
      ' Ann : 0                        Bob : 1',
      '  1) 31: 8/5 6/5                  Doubles => 2',
      '                                  Wins 1 point',
    ].join('\n');
    const state = matchOf(readMatFile(text).state);
    expect(Match.scoreSheet(state).map((row) => [row.winner, row.how])).toEqual([
      [1, 'resigned'],
      [1, 'dropped'],
    ]);
  });

  it('moves written in other ways: merged (24/13), repeated (6/2(2)), in any order', () => {
    const text = [
      ' 1 point match',
      ' Game 1',
      ' Ann : 0                        Bob : 0',
      '  1) 65: 24/13                   44: 6/2(2) 13/9(2)',
      '  2) 21: 6/5 13/11               31: 6/5 8/5',
    ].join('\n');
    const { state } = readMatFile(text);
    expect(state.log.map((e) => e.text).slice(1, 4)).toEqual([
      'Ann 6-5: 24/13',
      'Bob rolls 4-4',
      'Bob 4-4: 13/9(2) 6/2(2)',
    ]);
    expect([state.phase, state.toAct]).toEqual(['decide', 0]);
  });

  it('steps that are not the dice (62: 13/9 9/5, two 4s) are read by the board they reach, and kept as the dice play it', () => {
    const text = [
      ' 1 point match',
      ' Game 1',
      ' Ann : 0                        Bob : 0',
      '  1) 62: 13/9 9/5',
    ].join('\n');
    const { state } = readMatFile(text);
    expect(state.log[1]?.text).toBe('Ann 6-2: 13/5');
    expect(writeMatFile(state)).toMatch(/ {2}1\) 62: (13\/7 7\/5|13\/11 11\/5)\n/);
  });

  it('a beaver as gnubg writes it: the doubled player doubles again, and the doubler takes', () => {
    const text = [
      '; [Beaver "On"]',
      ' 0 point match',
      ' Game 1',
      ' Ann : 0                        Bob : 0',
      '  1) 31: 8/5 6/5                  Doubles => 2',
      '  2)  Doubles => 4                Takes',
      '  3)                             62: 24/18 13/11',
    ].join('\n');
    const state = matchOf(readMatFile(text).state);
    expect(state.cube).toEqual({ value: 4, owner: 0 });
    expect(state.log.map((e) => e.type)).toEqual([
      'opening',
      'move',
      'double',
      'beaver',
      'take',
      'roll',
      'move',
    ]);
    expect(writeMatFile(state)).toContain(text.split('\n').slice(4).join('\n'));
    const refused = thrownBy(() => readMatFile(text.replace('; [Beaver "On"]\n', '')), NotationError);
    expect(refused.message).toContain(
      '.mat line 5: Ann beavers (answers the double with a double), but these rules',
    );
  });

  it('beavers as eXtremeGammon writes them, the take of a beaver left to the next roll', () => {
    const config = { cube: true, length: 1, crawford: false, money: { beavers: true } };
    const text = [
      '; [Beaver "On"]',
      ' 0 point match',
      ' Game 1',
      ' Ann : 0                        Bob : 0',
      '  1) 31: 8/5 6/5                  Doubles => 2',
      '  2)  Beavers => 4               ',
      '  3)                             62: 24/18 13/11',
    ].join('\n');
    const state = matchOf(readMatFile(text).state);
    expect(state.config).toEqual({ ...config, money: { beavers: true } });
    expect(state.cube).toEqual({ value: 4, owner: 0 });
    expect(state.log.map((e) => e.type)).toEqual([
      'opening',
      'move',
      'double',
      'beaver',
      'take',
      'roll',
      'move',
    ]);
  });
});

describe('readMatFile refuses a file that does not replay, naming the line', () => {
  const five = fixture('gnubg-5pt.mat');
  const edit = (from: string, to: string, text = five) => {
    expect(text).toContain(from);
    return text.replace(from, to);
  };
  const refusal = (text: unknown, options = {}) =>
    thrownBy(() => readMatFile(text as string, options), NotationError);

  it.each([
    ['no text', 42, 'A .mat file is text'],
    ['no match length', '; just a comment\n', 'names its match length'],
    ['text before the match length', 'hello\n 5 point match\n', '.mat line 1: expected the match length'],
    ['a match too long', ' 65 point match\n', 'line 1: the match length is 0 (money) to 64 points'],
    ['a game out of order', edit(' Game 2', ' Game 3'), 'line 22: expected game 2, got "Game 3"'],
    ['a game before the match length', ' Game 1\n 5 point match\n', 'line 1: expected the match length'],
    [
      'a bad score line',
      edit(' Ann : 0                        Bob : 1', ' Ann 0 Bob 1'),
      'line 23: expected the players and the score',
    ],
    [
      'a wrong score',
      edit(' Ann : 0                        Bob : 1', ' Ann : 0                        Bob : 2'),
      'line 23: the score before game 2 is 0-1 by the games before it, not 0-2',
    ],
    [
      'other players',
      edit(' Ann : 0                        Bob : 3', ' Ann : 0                        Cid : 3'),
      'line 49: the players are Ann and Bob (from game 1), not Ann and Cid',
    ],
    [
      'an illegal move',
      edit('  2) 52: 13/8 24/22', '  2) 52: 13/8 24/21'),
      'line 8: Ann\'s 52: 13/8 24/21: "13/8 24/21" is not a legal play with 5-2',
    ],
    [
      'a move in the wrong column',
      edit(
        '  2) 52: 13/8 24/22              63: 8/5 11/5',
        '  2)                             52: 13/8 24/22',
      ),
      "line 8: Bob's 52: 13/8 24/22, but Ann is to roll or double",
    ],
    [
      'a double in the Crawford game',
      edit('  3) 21: 6/5 6/4                 54: 6/2 13/8', '  3) 21: 6/5 6/4                  Doubles => 2'),
      'line 83: Bob doubles, but may not: this is the Crawford game',
    ],
    [
      'a double to the wrong value',
      edit(
        '  3) 52: 25/23 13/8               Doubles => 2',
        '  3) 52: 25/23 13/8               Doubles => 4',
      ),
      'line 26: Bob doubles to 4, but the cube is at 1: a double offers 2',
    ],
    [
      'a take with no double',
      edit(' 11) 51: 2/1 21/16               42: 8/4* 4/2', ' 11)  Takes                      42: 8/4* 4/2'),
      'line 17: Ann takes',
    ],
    [
      "a Wins line that is not the game's",
      edit(
        ' 14)  Drops                       Wins 1 point',
        ' 14)  Drops                       Wins 2 points',
      ),
      'line 20: Bob wins 2 points, but the game (dropped, single) is worth 1 point',
    ],
    [
      'the wrong winner',
      edit(' 14)  Drops                       Wins 1 point', ' 14)  Drops\n      Wins 1 point'),
      'line 21: Ann wins 1 point, but Bob won the game (dropped)',
    ],
    [
      '"and the match" too early',
      edit('Wins 2 points\n\n Game 3', 'Wins 2 points and the match\n\n Game 3'),
      'line 46: Bob wins 2 points "and the match", but the match goes on',
    ],
    [
      'a game after the match',
      `${five}\n Game 7\n Ann : 2   Bob : 5\n`,
      'line 132: the match was over after game 6',
    ],
    [
      'a move after the end',
      edit(
        ' 14)  Drops                       Wins 1 point',
        ' 14)  Drops                       Wins 1 point\n 15) 31: 8/5 6/5',
      ),
      "line 21: Ann's 31: 8/5 6/5, but the game is over",
    ],
    [
      'an opening double',
      edit('  1) 61: 13/7 8/7', '  1) 66: 13/7 13/7 8/2 8/2'),
      'line 50: the opening roll is 6-6: each player rolls one die, and a tie is rolled again',
    ],
    [
      'an entry that is none',
      edit(
        '  1)                             51: 13/8 24/23',
        '  1)                             51: 13/8 24/23 Bingo',
      ),
      'line 60: Bob\'s 51: 13/8 24/23 Bingo: "bingo" is not a move',
    ],
    [
      'a word that is no entry',
      edit('  1)                             51: 13/8 24/23', '  1) Hello'),
      'line 60: cannot read "Hello"',
    ],
    [
      'three entries on a line',
      edit('  2) 43: 13/10 24/20             32: 23/21 24/21', '  2) 43: 13/10 24/20 32: 23/21 24/21 Takes'),
      'line 61: 3 entries on one line',
    ],
    [
      'raccoons',
      edit('  2)  Doubles => 2                Takes', '  2)  Doubles => 2                Raccoons => 8'),
      'line 107: "Raccoons => 8": raccoons (a second beaver) are not played',
    ],
    ['a bad Wins line', edit('Wins 6 points', 'Wins six points'), 'line 129: "Wins six points"'],
    ['another variant', `; [Variation "Nackgammon"]\n${five}`, 'line 1: only backgammon is played here'],
    ['a bad tag value', `; [Crawford "Maybe"]\n${five}`, 'line 1: the tag Crawford is "On" or "Off"'],
    ['a tag twice', `; [Site "a"]\n; [Site "b"]\n${five}`, 'line 2: the tag Site is given twice'],
    ['a bad clock', `; [Clock "8 seconds"]\n${five}`, 'line 1: the tag Clock is written'],
    [
      'rules that do not fit',
      `; [Games "3"]\n${five}`,
      "line 4: the header's rules do not fit a 5-point match",
    ],
    [
      'a game without a result',
      edit(' 14)  Drops                       Wins 1 point', ' 14)  Takes'),
      'line 22: game 1 has no result, but game 2 follows',
    ],
  ])('%s', (_what, text, message) => {
    const error = refusal(text);
    expect(error.code).toBe('invalid_notation');
    expect(error.message).toContain(message);
  });

  it('the Termination tag on a match whose last game ended otherwise', () => {
    const cut = `; [Termination "forfeit"]\n${cutText(five, { keep: 80 })}`;
    const error = refusal(cut, { dice: new SequenceDice([5, 2]) });
    expect(error.message).toContain(
      'line 1: the match ended by forfeit (the tag Termination), but its last game ends',
    );
  });

  it('a resignation by the player who is not to act', () => {
    const right = ' '.repeat(34);
    // After Ann's move Bob may double: he is to roll or double, so Ann cannot resign.
    const decide = edit(
      '  3) 53: 8/3 6/3                 62: 13/7 7/5',
      `  3) 53: 8/3 6/3\n${right}Wins 1 point`,
    );
    expect(refusal(decide).message).toContain(
      'line 10: Bob wins 1 point with the game under way, so Ann resigned, but Bob is to roll or double: ' +
        'a player resigns on their own turn',
    );
    // Ann owns the cube: after her move the table rolls for Bob at once.
    const rolls = edit(
      '  5) 32: 23/21 24/21             43: 13/10 10/6',
      `  5) 32: 23/21 24/21\n${right}Wins 2 points`,
    );
    expect(refusal(rolls).message).toContain(
      "line 29: Bob wins 2 points with the game under way, so Ann resigned, but it is Bob's turn",
    );
  });

  it('text too long, a line too long', () => {
    expect(refusal(' '.repeat(MAX_MAT_FILE_LENGTH + 1)).message).toContain(`at most ${MAX_MAT_FILE_LENGTH}`);
    expect(refusal(`${five}\n${'x'.repeat(MAX_MAT_LINE_LENGTH + 1)}`).message).toContain(
      'line 132: the line is 1001 characters long',
    );
  });

  it('a file that ends where the table rolls by itself needs dice, and takes them', () => {
    // Cut after Ann's move in game 2: Bob may not double (Ann owns the cube), so the table rolls for him.
    const cut = cutText(five, { keep: 28, last: '  5) 32: 23/21 24/21' });
    expect(refusal(cut).message).toContain('line 29: the file ends in game 2 where the table rolls at once');
    const state = readMatFile(cut, { dice: new SequenceDice([4, 2]) }).state;
    expect([state.phase, state.toAct, state.dice]).toEqual(['move', 1, [4, 2]]);
    // Between games of a match that goes on: the next game's opening roll.
    const between = cutText(five, { keep: 20 });
    expect(refusal(between).message).toContain('the opening roll of game 2 is not in the file');
    const next = matchOf(readMatFile(between, { dice: new SequenceDice([3, 5]) }).state);
    expect([next.match.games.length, next.toAct, next.dice]).toEqual([1, 1, [3, 5]]);
  });

  it('options: a config that does not fit the file, options that are not options', () => {
    const wrong = thrownBy(
      () => readMatFile(five, { config: { cube: true, length: 7, crawford: true } }),
      InvalidInputError,
    );
    expect([wrong.code, wrong.message]).toEqual(['invalid_config', expect.stringContaining('5-point match')]);
    expect(thrownBy(() => readMatFile(five, { dice: 6 } as never), InvalidInputError).code).toBe(
      'invalid_input',
    );
    expect(thrownBy(() => readMatFile(five, { speed: 1 } as never), InvalidInputError).path).toBe('$.speed');
    // The Crawford rule off, as the header could say: the double of the Crawford game is then allowed.
    const noCrawford = { cube: true, length: 5, crawford: false };
    const doubled = five.replace(
      '  3) 21: 6/5 6/4                 54: 6/2 13/8',
      '  3) 21: 6/5 6/4                  Doubles => 2\n  4)  Drops',
    );
    expect(refusal(doubled).message).toContain('this is the Crawford game');
    const cut = cutText(doubled, { keep: 85, last: `${' '.repeat(34)}Wins 1 point` });
    expect(matchOf(readMatFile(cut, { config: noCrawford }).state).match.result).toEqual({
      winner: 1,
      how: 'score',
    });
  });
});

describe('writeMatFile refuses what a file cannot hold', () => {
  const state = matchOf(readMatFile(fixture('gnubg-5pt.mat')).state);

  it.each([
    ['a colon in a name', { ...state, names: ['Ann: the best', 'Bob'] }, '$.names[0]'],
    ['spaces around a name', { ...state, names: ['Ann', ' Bob'] }, '$.names[1]'],
  ])('%s', (_what, bad, path) => {
    const error = thrownBy(() => writeMatFile(bad as MatchState), InvalidInputError);
    expect([error.code, error.path]).toEqual(['invalid_input', path]);
  });

  it('tags the writer writes itself, tags it cannot write, options that are not options', () => {
    const own = thrownBy(() => writeMatFile(state, { tags: { Crawford: 'Off' } }), InvalidInputError);
    expect([own.code, own.path]).toEqual(['invalid_input', '$.tags["Crawford"]']);
    expect(thrownBy(() => writeMatFile(state, { tags: { 'A"B': 'x' } }), InvalidInputError).code).toBe(
      'invalid_input',
    );
    expect(thrownBy(() => writeMatFile(state, { tags: { Site: 'a\nb' } }), InvalidInputError).code).toBe(
      'invalid_input',
    );
    expect(thrownBy(() => writeMatFile(state, { colour: 'red' } as never), InvalidInputError).code).toBe(
      'invalid_input',
    );
  });

  it('a state fromJSON refuses, a log that does not replay', () => {
    expect(thrownBy(() => writeMatFile({ ...state, phase: 'nap' } as never), InvalidInputError).code).toBe(
      'invalid_state',
    );
    const m = matchOf(state);
    const game = m.match.games[0];
    const moved = game?.log.findIndex((e) => e.type === 'move' && (e.steps?.length ?? 0) > 0) ?? -1;
    const log = game?.log.map((e, i) => (i === moved ? { ...e, steps: [{ from: 2, to: 1 }] } : e));
    const broken = { ...m, match: { ...m.match, games: [{ ...game, log }, ...m.match.games.slice(1)] } };
    const error = thrownBy(() => writeMatFile(broken as MatchState), InvalidInputError);
    expect([error.code, error.path]).toEqual(['invalid_state', `$.match.games[0].log[${moved}].steps`]);
  });
});
