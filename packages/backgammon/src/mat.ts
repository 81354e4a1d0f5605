import { type Static, Type } from '@sinclair/typebox';
import { IllegalActionError, InvalidInputError, parseWith } from '@tabula/core';
import { checkersAt, indexOfPip, pipOfIndex, sameBoard, start as startBoard } from './board.js';
import { MAX_MAT_LINE_LENGTH, RULE_TAGS } from './mat-parse.js';
import { isMatch } from './match.js';
import { scoreAfter } from './match-rules.js';
import { applySteps } from './moves.js';
import type {
  BackgammonState,
  Board,
  LogEntry,
  MatchGame,
  MatchState,
  Score,
  Side,
  Step,
} from './schemas.js';
import { fromJSON, opponent } from './state.js';

export { MAX_MAT_FILE_LENGTH, MAX_MAT_LINE_LENGTH } from './mat-parse.js';
export { type MatFile, type MatReadOptions, readMatFile } from './mat-read.js';

/**
 * Jellyfish `.mat` match files, the text format gnubg, eXtremeGammon and
 * most backgammon programs exchange matches in: `writeMatFile` writes a match
 * (or one game at a table) as gnubg 1.07 lays one out, and `readMatFile`
 * reads one back by replaying it at a table, so that what comes back is a
 * state the engine itself made, every move checked.
 *
 * ```text
 * ; [Player 1 "Ann"]
 *
 *  5 point match
 *
 *  Game 1
 *  Ann : 0                        Bob : 0
 *   1)                             63: 24/18 13/10
 *   2) 52: 13/8 24/22               Doubles => 2
 *   3)  Drops
 *       Wins 1 point
 * ```
 *
 * A game is two columns, the first player's (seat 0) on the left; each
 * entry is a roll and its move in the mover's own pips (25 the bar, 0 off,
 * one die a step, `*` a hit), a cube action, or the game's end, `Wins n
 * points`: its full points, uncapped, as gnubg writes them. A resignation is
 * no entry of its own: the game ends with a Wins line while it is still
 * under way.
 */

const closed = { additionalProperties: false } as const;

/** How wide gnubg writes the left column ("%3d) %-27s ") and the first player's name and score ("%-31s"). */
const LEFT_WIDTH = 27;
const NAME_WIDTH = 31;
/** Where the right column starts. */
const RIGHT_COLUMN = 33;
/** The longest name a file holds. */
const MAX_NAME_LENGTH = 200;

/** Extra header tags (`Site`, `Event`, `EventDate`, ...) and a comment for `writeMatFile`. */
export const MatWriteOptionsSchema = Type.Object(
  {
    /** Tags written first, in this order, as `; [Name "value"]`. */
    tags: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** A comment, written as `; ` lines after the tags. */
    comment: Type.Optional(Type.String()),
  },
  closed,
);
export type MatWriteOptions = Static<typeof MatWriteOptionsSchema>;

// --- Writing ---------------------------------------------------------------------------------

function unwritable(path: string, message: string): never {
  throw new InvalidInputError('invalid_input', path, message);
}

function badState(path: string, message: string): never {
  throw new InvalidInputError('invalid_state', path, message);
}

function checkName(name: string, seat: Side): void {
  const path = `$.names[${seat}]`;
  if (name.length > MAX_NAME_LENGTH)
    unwritable(path, `a .mat file holds names of at most ${MAX_NAME_LENGTH} characters`);
  if (name !== name.trim())
    unwritable(path, 'a .mat file cannot hold a name that starts or ends with a space');
  if (/[:\r\n]/.test(name))
    unwritable(path, 'a .mat file cannot hold a name with a colon or a line break (it ends the name)');
}

function checkTags(tags: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(tags).map(([name, value]) => {
    const path = `$.tags[${JSON.stringify(name)}]`;
    if (RULE_TAGS.has(name))
      unwritable(path, `the tag ${name} is written from the state (the players and the rules)`);
    if (name === '' || name !== name.trim() || /["[\]\r\n]/.test(name))
      unwritable(path, 'a tag name is text without quotes, brackets, line breaks or spaces at its ends');
    if (/[\r\n]/.test(value)) unwritable(path, 'a tag value has no line breaks');
    if (name.length + value.length + 7 > MAX_MAT_LINE_LENGTH)
      unwritable(path, `a tag line has at most ${MAX_MAT_LINE_LENGTH} characters`);
    return [name, value];
  });
}

const onOff = (on: boolean) => (on ? 'On' : 'Off');

/** The tags that say the players and the rules. */
function ruleTags(s: BackgammonState | MatchState): [string, string][] {
  const { config } = s;
  const tags: [string, string][] = [
    ['Player 1', s.names[0]],
    ['Player 2', s.names[1]],
  ];
  if (config.length > 1 || config.crawford) tags.push(['Crawford', onOff(config.crawford)]);
  const money = config.money;
  if (money?.jacoby !== undefined) tags.push(['Jacoby', onOff(money.jacoby)]);
  if (money?.beavers !== undefined) tags.push(['Beaver', onOff(money.beavers)]);
  if (money?.games !== undefined) tags.push(['Games', String(money.games)]);
  if (!config.cube) tags.push(['Cube', 'Off']);
  if (config.clock !== undefined)
    tags.push(['Clock', `delay ${config.clock.delayMs} ms, reserve ${config.clock.reserveMs} ms`]);
  const how = isMatch(s) ? s.match.result?.how : s.result?.how;
  if (how === 'forfeit' || how === 'timeout') tags.push(['Termination', how]);
  return tags;
}

/** A game to write: the score before it and its log. */
interface GameToWrite {
  score: Score;
  log: readonly LogEntry[];
  path: string;
  /** The board the log must lead to, when the state holds it (the game at the table). */
  board: Board | null;
}

function gamesToWrite(s: BackgammonState | MatchState): GameToWrite[] {
  if (!isMatch(s)) {
    if (s.phase === 'idle') return [];
    return [{ score: [0, 0], log: s.log, path: '$.log', board: s.board }];
  }
  let score: Score = [0, 0];
  const out: GameToWrite[] = s.match.games.map((g: MatchGame, i) => {
    score = scoreAfter(score, g.result.winner, g.points);
    return { score: g.score, log: g.log, path: `$.match.games[${i}].log`, board: null };
  });
  if (s.phase !== 'idle') out.push({ score, log: s.log, path: '$.log', board: s.board });
  return out;
}

/** A roll and its move as a `.mat` entry: `63: 24/18 18/15`, the larger die first. */
function rollText(dice: readonly [number, number], moves: string): string {
  const [a, b] = dice[0] >= dice[1] ? dice : [dice[1], dice[0]];
  return moves === '' ? `${a}${b}:` : `${a}${b}: ${moves}`;
}

/**
 * The steps of a move as gnubg writes them in a `.mat` file: one step a die,
 * in the order played, in the mover's pips (25 the bar, 0 off), `*` where a
 * step lands on an opposing blot (once a point).
 */
function matMoves(board: Board, seat: Side, steps: readonly Step[]): string {
  const other = opponent(seat);
  return steps
    .map((step, k) => {
      const from = step.from === 'bar' ? 25 : pipOfIndex(seat, step.from);
      const to = step.to === 'off' ? 0 : pipOfIndex(seat, step.to);
      const hit =
        step.to !== 'off' &&
        checkersAt(board, other, indexOfPip(seat, to)) > 0 &&
        !steps.slice(0, k).some((before) => before.to === step.to);
      return `${from}/${to}${hit ? '*' : ''}`;
    })
    .join(' ');
}

/** One entry to lay out: in whose column, its text, and whether it is the game's end. */
interface Written {
  seat: Side;
  text: string;
  win: boolean;
}

/** A game's entries from its log, the board replayed from the opening position to write the moves. */
function entriesToWrite(game: GameToWrite): Written[] {
  const out: Written[] = [];
  let board = startBoard();
  let rolled: { seat: Side; dice: [number, number] } | null = null;
  const flush = () => {
    if (rolled !== null) out.push({ seat: rolled.seat, text: rollText(rolled.dice, ''), win: false });
    rolled = null;
  };
  for (const [k, e] of game.log.entries()) {
    const path = `${game.path}[${k}]`;
    const seat = e.seat;
    if (seat === null) {
      if (e.type === 'opening') continue; // a tie, rolled again: the file holds the opening roll only
      badState(`${path}.seat`, `a ${e.type} entry needs the seat that acted`);
    }
    const dice = (): [number, number] => {
      if (e.dice === undefined) return badState(`${path}.dice`, `a ${e.type} entry needs its dice`);
      return [e.dice[0], e.dice[1]];
    };
    switch (e.type) {
      case 'opening':
      case 'roll':
        flush();
        rolled = { seat, dice: dice() };
        continue;
      case 'pass':
        out.push({ seat, text: rollText(dice(), ''), win: false });
        rolled = null;
        continue;
      case 'move': {
        const steps = e.steps ?? [];
        if (steps.length === 0) {
          flush();
          continue;
        }
        const roll = rolled?.dice ?? dice();
        let text: string;
        try {
          text = matMoves(board, seat, steps);
          board = applySteps(board, seat, steps);
        } catch (error) {
          if (error instanceof IllegalActionError)
            badState(`${path}.steps`, `the log does not replay from the opening position: ${error.message}`);
          throw error;
        }
        out.push({ seat, text: rollText(roll, text), win: false });
        rolled = null;
        continue;
      }
      case 'double':
        flush();
        out.push({ seat, text: ` Doubles => ${e.value ?? ''}`.trimEnd(), win: false });
        continue;
      case 'beaver':
        // As gnubg writes a beaver: the doubled player's redouble, which the doubler takes or drops.
        flush();
        out.push({ seat, text: ` Doubles => ${e.value ?? ''}`.trimEnd(), win: false });
        continue;
      case 'take':
        flush();
        out.push({ seat, text: ' Takes', win: false });
        continue;
      case 'drop':
        flush();
        out.push({ seat, text: ' Drops', win: false });
        continue;
      case 'result': {
        flush();
        const points = e.points ?? 1;
        const unit = points === 1 ? 'point' : 'points';
        out.push({ seat, text: ` Wins ${points} ${unit}`, win: true });
        continue;
      }
      default:
      // A resignation and its answer, a forfeit, a timeout: no entry. A roll before them is written
      // with the move after a declined resignation, or alone before the Wins line.
    }
  }
  flush();
  if (game.board !== null && !sameBoard(board, game.board))
    badState(game.path, 'the log does not lead from the opening position to the board');
  return out;
}

/** The game's lines, laid out in two columns as gnubg lays them (trailing spaces left out). */
function layOut(entries: readonly Written[]): string[] {
  const lines: string[] = [];
  let n = 0;
  let open: string | null = null;
  const line = (number: number, left: string, right: string) =>
    `${String(number).padStart(3)}) ${left.padEnd(LEFT_WIDTH)} ${right}`.trimEnd();
  const close = () => {
    if (open !== null) lines.push(line(n, open, ''));
    open = null;
  };
  for (const { seat, text, win } of entries) {
    if (seat === 1 && open !== null) {
      // gnubg writes a bare roll before a resignation without padding it, so its Wins line starts a column early.
      const bare = win && /^\d\d:$/.test(open);
      lines.push(
        bare ? `${String(n).padStart(3)}) ${open}${' '.repeat(25)}${text.trimStart()}` : line(n, open, text),
      );
      open = null;
    } else if (win) {
      close();
      lines.push(seat === 0 ? `     ${text}` : `${' '.repeat(RIGHT_COLUMN)}${text}`);
    } else if (seat === 0) {
      close();
      n++;
      open = text;
    } else {
      n++;
      lines.push(line(n, '', text));
    }
  }
  close();
  return lines;
}

function scoreLine(names: readonly [string, string], score: Score): string {
  const first = `${names[0]} : ${score[0]}`;
  return ` ${first.length >= NAME_WIDTH ? `${first} ` : first.padEnd(NAME_WIDTH)}${names[1]} : ${score[1]}`;
}

/**
 * A match, a money session, or one game at a table, as a Jellyfish `.mat`
 * file, laid out as gnubg 1.07 writes one: the header tags, ` 5 point match`
 * (0 for a money session, 1 for a table's game), then each game (the one
 * under way too): ` Game n`, the players and the score before it, the rolls
 * and moves two columns a line (seat 0 on the left), cube actions, and the
 * end, `Wins n points` (with `and the match` for the game that won it).
 *
 * The header names the players (`Player 1`, `Player 2`) and the rules gnubg
 * leaves to its settings (`Crawford`; `Jacoby`, `Beaver`, `Games` for a
 * money session; `Cube "Off"`; `Clock`; `Termination` for a match lost by
 * forfeit or on time), so `readMatFile` plays the file by them; gnubg keeps
 * them as the match's comment. `options.tags` (`Site`, `EventDate`, ...)
 * come first, then `options.comment` as `; ` lines.
 *
 * What the format has no words for is left out: the ties of an opening
 * roll, a declined resignation (and one still waiting for an answer), the
 * time each action took. The dice of a roll are written larger first.
 *
 * Throws `InvalidInputError`: the state as `fromJSON` refuses it
 * (`invalid_state`), a log that does not replay from the opening position
 * (`invalid_state`), a name the file cannot hold (a colon, a line break,
 * spaces at its ends, over 200 characters) or a bad tag (`invalid_input`).
 */
export function writeMatFile(state: BackgammonState | MatchState, options: MatWriteOptions = {}): string {
  const s = fromJSON(state);
  const opts = parseWith(MatWriteOptionsSchema, options, 'The options', 'invalid_input');
  checkName(s.names[0], 0);
  checkName(s.names[1], 1);
  const tags = [...checkTags(opts.tags ?? {}), ...ruleTags(s)];
  const lines = tags.map(([name, value]) => `; [${name} "${value}"]`);
  if (opts.comment !== undefined && opts.comment !== '') {
    lines.push('');
    for (const text of opts.comment.split(/\r\n|\r|\n/)) lines.push(text === '' ? ';' : `; ${text}`);
  }
  const length = isMatch(s) ? (s.config.money === undefined ? s.config.length : 0) : 1;
  lines.push('', ` ${length} point match`, '');
  gamesToWrite(s).forEach((game, i) => {
    lines.push(` Game ${i + 1}`, scoreLine(s.names, game.score), ...layOut(entriesToWrite(game)), '');
  });
  return `${lines.join('\n')}\n`;
}
