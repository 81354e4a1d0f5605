import { NotationError } from '@tabula/core';
import { MAX_CUBE, MAX_MATCH_LENGTH, type Side } from './schemas.js';

/**
 * The text of a Jellyfish `.mat` match file, read into plain data and
 * nothing more: header tags and comments, the match length, and each game's
 * players, score and entries (rolls with their moves, cube actions, wins),
 * each entry with its line and the player whose column it stands in. Whether
 * the entries make a game is `readMatFile`'s job (mat.ts), which replays
 * them at a table.
 *
 * Lines are read without regular expressions that could backtrack: a line
 * is split into whitespace-separated tokens, and each token is checked on
 * its own.
 */

/**
 * The longest `.mat` text read, in characters: about 1 MB, over a thousand
 * games (a 25-point match is some 50 kB). Reading replays every move, about
 * a second for 400 games.
 */
export const MAX_MAT_FILE_LENGTH = 1_000_000;

/** The longest line read, in characters; gnubg reads lines of up to 1024. */
export const MAX_MAT_LINE_LENGTH = 1000;

/** A roll and the move played with it (empty when none was written). */
export interface RollEntry {
  kind: 'roll';
  seat: Side;
  line: number;
  /** The dice in the order written. */
  dice: [number, number];
  /** The move as written, `24/18 13/11`; '' when nothing was. */
  moves: string;
  /** Written `???`: the player rolled and then resigned (as eXtremeGammon writes it). */
  resigns: boolean;
}

/** A double (or a beaver, a take-and-redouble) and the cube value written, if any. */
export interface CubeEntry {
  kind: 'double' | 'beaver';
  seat: Side;
  line: number;
  value: number | null;
}

export interface AnswerEntry {
  kind: 'take' | 'drop';
  seat: Side;
  line: number;
}

/** `Wins 2 points [and the match]`: the game's winner and the points written. */
export interface WinEntry {
  kind: 'win';
  seat: Side;
  line: number;
  points: number;
  andMatch: boolean;
}

export type MatEntry = RollEntry | CubeEntry | AnswerEntry | WinEntry;

export interface MatGameText {
  /** The game's number, from 1. */
  number: number;
  /** The line of `Game n`. */
  line: number;
  /** The line of the players and the score. */
  scoreLine: number;
  names: [string, string];
  score: [number, number];
  entries: MatEntry[];
}

export interface MatTag {
  value: string;
  line: number;
}

export interface MatText {
  /** The header tags (`; [Site "..."]`), in the order written. */
  tags: Map<string, MatTag>;
  /** The header's other comment lines, without their `;`. */
  comment: string[];
  /** The match length: 0 for a money session. */
  length: number;
  lengthLine: number;
  games: MatGameText[];
  /** The number of lines. */
  lines: number;
}

/** The header tags the reader takes the players and the rules from, and the writer writes itself. */
export const RULE_TAGS: ReadonlySet<string> = new Set([
  'Player 1',
  'Player 2',
  'Crawford',
  'Jacoby',
  'Beaver',
  'Cube',
  'Games',
  'Clock',
  'Termination',
  'Variation',
]);

export function badLine(line: number, message: string): never {
  throw new NotationError('invalid_notation', `.mat line ${line}: ${message}`);
}

function quoted(text: string): string {
  const short = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return JSON.stringify(short);
}

/** The text split into lines, checked: text, not too long, no line too long. */
function linesOf(text: unknown): string[] {
  if (typeof text !== 'string') throw new NotationError('invalid_notation', 'A .mat file is text');
  if (text.length > MAX_MAT_FILE_LENGTH)
    throw new NotationError(
      'invalid_notation',
      `The .mat text is ${text.length} characters long; at most ${MAX_MAT_FILE_LENGTH} are read`,
    );
  // A byte order mark, as eXtremeGammon writes one.
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const lines = body.split(/\r\n|\r|\n/);
  lines.forEach((line, i) => {
    if (line.length > MAX_MAT_LINE_LENGTH)
      badLine(i + 1, `the line is ${line.length} characters long; a line has at most ${MAX_MAT_LINE_LENGTH}`);
  });
  return lines;
}

/** A whole number written in digits only, or null. */
function digits(text: string, max: number): number | null {
  if (text.length === 0 || text.length > 9) return null;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c < 48 || c > 57) return null;
  }
  const n = Number(text);
  return n <= max ? n : null;
}

/** A tag line's name and value, `[Name "value"]`, or null when the comment is no tag. */
function tagOf(body: string): { name: string; value: string } | null {
  if (!body.startsWith('[') || !body.endsWith(']')) return null;
  const inner = body.slice(1, -1);
  const open = inner.indexOf('"');
  const close = inner.lastIndexOf('"');
  if (open <= 0 || close <= open || inner.slice(close + 1).trim() !== '') return null;
  const name = inner.slice(0, open).trim();
  return name === '' ? null : { name, value: inner.slice(open + 1, close) };
}

/** ` 5 point match`: the length, or null when the line is something else. */
function matchLengthOf(text: string): string | null {
  const words = text.split(/\s+/);
  const [n, point, match] = words;
  if (words.length !== 3 || n === undefined || point === undefined || match === undefined) return null;
  if (point.toLowerCase() !== 'point' || match.toLowerCase() !== 'match') return null;
  return n;
}

function gameNumberOf(text: string): string | null {
  const words = text.split(/\s+/);
  const [game, n] = words;
  if (words.length !== 2 || game === undefined || n === undefined || game.toLowerCase() !== 'game')
    return null;
  return n;
}

/** ` Ann : 0                        Bob : 2`: the names and the score. */
function scoreLineOf(text: string, line: number): { names: [string, string]; score: [number, number] } {
  const fail = (): never =>
    badLine(
      line,
      `expected the players and the score before the game, like " Ann : 0    Bob : 2", got ${quoted(text.trim())}`,
    );
  const first = text.indexOf(':');
  if (first < 0) return fail();
  const name0 = text.slice(0, first).trim();
  let at = first + 1;
  while (at < text.length && text[at] === ' ') at++;
  const start0 = at;
  while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57) at++;
  const score0 = digits(text.slice(start0, at), 32767);
  if (score0 === null || at >= text.length || !/\s/.test(text.charAt(at))) return fail();
  const second = text.indexOf(':', at);
  if (second < 0) return fail();
  const name1 = text.slice(at, second).trim();
  const score1 = digits(text.slice(second + 1).trim(), 32767);
  if (name0 === '' || name1 === '' || score1 === null) return fail();
  return { names: [name0, name1], score: [score0, score1] };
}

interface Token {
  text: string;
  column: number;
}

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++;
    if (at >= text.length) break;
    const start = at;
    while (at < text.length && text[at] !== ' ' && text[at] !== '\t') at++;
    tokens.push({ text: text.slice(start, at), column: start });
  }
  return tokens;
}

const KEYWORDS: Readonly<Record<string, MatEntry['kind'] | 'raccoon'>> = {
  double: 'double',
  doubles: 'double',
  beaver: 'beaver',
  beavers: 'beaver',
  raccoon: 'raccoon',
  raccoons: 'raccoon',
  take: 'take',
  takes: 'take',
  drop: 'drop',
  drops: 'drop',
  win: 'win',
  wins: 'win',
};

/** A roll token, `63:`: its dice, or null. */
function rollOf(token: string): [number, number] | null {
  if (token.length !== 3 || token[2] !== ':') return null;
  const a = token.charCodeAt(0) - 48;
  const b = token.charCodeAt(1) - 48;
  return a >= 1 && a <= 6 && b >= 1 && b <= 6 ? [a, b] : null;
}

function startsEntry(token: string): boolean {
  return rollOf(token) !== null || KEYWORDS[token.toLowerCase()] !== undefined;
}

const WHAT_ENTRIES =
  'a roll and its move ("63: 24/18 13/10"), "Doubles => 2", "Takes", "Drops", "Beavers => 4" or "Wins 1 point"';

/** One entry from its tokens (the first starts it). */
function entryOf(tokens: readonly Token[], seat: Side, line: number): MatEntry {
  const [head, ...rest] = tokens;
  if (head === undefined) return badLine(line, 'an empty entry');
  const words = rest.map((t) => t.text);
  const written = quoted(tokens.map((t) => t.text).join(' '));
  const dice = rollOf(head.text);
  if (dice !== null) {
    const joined = words.join(' ');
    if (/^\?{3,4}$/.test(joined)) return { kind: 'roll', seat, line, dice, moves: '', resigns: true };
    const moves = joined.toLowerCase() === 'cannot move' ? '' : joined;
    return { kind: 'roll', seat, line, dice, moves, resigns: false };
  }
  const kind = KEYWORDS[head.text.toLowerCase()];
  switch (kind) {
    case 'raccoon':
      return badLine(line, `${written}: raccoons (a second beaver) are not played`);
    case 'double':
    case 'beaver': {
      if (words.length === 0) return { kind, seat, line, value: null };
      const value = words.length === 2 && words[0] === '=>' ? digits(words[1] ?? '', 4 * MAX_CUBE) : null;
      if (value === null)
        return badLine(
          line,
          `${written}: a ${kind} is written "${head.text} => 2", with the cube's new value`,
        );
      return { kind, seat, line, value };
    }
    case 'take':
    case 'drop':
      if (words.length > 0) return badLine(line, `${written}: "${head.text}" stands alone`);
      return { kind, seat, line };
    case 'win': {
      const [n, unit, ...tail] = words;
      const points = digits(n ?? '', 3 * MAX_CUBE);
      const lowered = tail.join(' ').toLowerCase();
      if (
        points === null ||
        points < 1 ||
        (unit?.toLowerCase() !== 'point' && unit?.toLowerCase() !== 'points') ||
        (lowered !== '' && lowered !== 'and the match')
      )
        return badLine(line, `${written}: a game's end is written "Wins 2 points" (and "and the match")`);
      return { kind: 'win', seat, line, points, andMatch: lowered !== '' };
    }
    default:
      return badLine(line, `cannot read ${written}: expected ${WHAT_ENTRIES}`);
  }
}

/**
 * The entries of a line of a game: `  3) 53: 8/3 6/3                 62: 13/7 7/5`.
 * A numbered line has the first player's entry (seat 0) on the left and the
 * second's on the right; when only one entry stands far from the number, the
 * left one is empty. A line without a number (`      Wins 1 point`) holds one
 * entry, on the left when it starts within the first 16 columns.
 */
function entriesOf(text: string, line: number): MatEntry[] {
  let tokens = tokensOf(text);
  const [first] = tokens;
  if (first === undefined) return [];
  let numberEnd: number | null = null;
  if (first.text.endsWith(')') && digits(first.text.slice(0, -1), 99999) !== null) {
    numberEnd = first.column + first.text.length;
    tokens = tokens.slice(1);
  }
  const groups: Token[][] = [];
  for (const token of tokens) {
    const last = groups.at(-1);
    if (startsEntry(token.text)) groups.push([token]);
    else if (last === undefined)
      return badLine(line, `cannot read ${quoted(token.text)}: expected ${WHAT_ENTRIES}`);
    else last.push(token);
  }
  if (groups.length > 2)
    return badLine(line, `${groups.length} entries on one line; a line holds one for each player`);
  const [left, right] = groups;
  if (left === undefined) return [];
  const start = left[0]?.column ?? 0;
  const onRight = numberEnd === null ? start >= 16 : start - numberEnd > 3;
  if (right !== undefined) {
    if (onRight) return badLine(line, 'two entries in the right column');
    return [entryOf(left, 0, line), entryOf(right, 1, line)];
  }
  return [entryOf(left, onRight ? 1 : 0, line)];
}

/**
 * A `.mat` text as plain data. Throws `NotationError` (`invalid_notation`)
 * naming the line and the problem: not text, too long, a line too long, no
 * match length, a header line that is no comment, games out of order, a
 * score line that cannot be read, an entry that is none of the format's.
 */
export function parseMatText(text: unknown): MatText {
  const lines = linesOf(text);
  const tags = new Map<string, MatTag>();
  const comment: string[] = [];
  let at = 0;
  let length: number | null = null;
  let lengthLine = 0;
  for (; at < lines.length && length === null; at++) {
    const t = (lines[at] ?? '').trim();
    const line = at + 1;
    if (t === '') continue;
    if (t.startsWith(';') || t.startsWith('#')) {
      const body = t.slice(1).trim();
      const tag = tagOf(body);
      if (tag === null) comment.push(t.slice(1).replace(/^ /, ''));
      else if (tags.has(tag.name)) badLine(line, `the tag ${tag.name} is given twice`);
      else tags.set(tag.name, { value: tag.value, line });
      continue;
    }
    const n = matchLengthOf(t);
    if (n === null)
      badLine(
        line,
        `expected the match length (" 5 point match", 0 for a money session) or a comment starting with ";", got ${quoted(t)}`,
      );
    length = digits(n, 99999);
    if (length === null || length > MAX_MATCH_LENGTH)
      badLine(line, `the match length is 0 (money) to ${MAX_MATCH_LENGTH} points (as in gnubg), not ${n}`);
    lengthLine = line;
  }
  if (length === null)
    throw new NotationError(
      'invalid_notation',
      'A .mat file names its match length on a line such as " 5 point match"; this text has none',
    );

  const games: MatGameText[] = [];
  let game: MatGameText | null = null;
  let wantScore = false;
  for (; at < lines.length; at++) {
    const raw = lines[at] ?? '';
    const t = raw.trim();
    const line = at + 1;
    if (t === '') continue;
    const n = gameNumberOf(t);
    if (n !== null) {
      if (wantScore) badLine(line, `game ${games.length} has no line with the players and the score`);
      const number = digits(n, 99999);
      if (number !== games.length + 1)
        badLine(
          line,
          `expected game ${games.length + 1}, got ${quoted(t)}: games are numbered from 1 in order`,
        );
      game = { number, line, scoreLine: 0, names: ['', ''], score: [0, 0], entries: [] };
      games.push(game);
      wantScore = true;
      continue;
    }
    if (game === null) badLine(line, `expected " Game 1" after the match length, got ${quoted(t)}`);
    if (wantScore) {
      const { names, score } = scoreLineOf(raw, line);
      game.names = names;
      game.score = score;
      game.scoreLine = line;
      wantScore = false;
      continue;
    }
    game.entries.push(...entriesOf(raw, line));
  }
  if (wantScore) badLine(lines.length, `game ${games.length} has no line with the players and the score`);
  return { tags, comment, length, lengthLine, games, lines: lines.length };
}
