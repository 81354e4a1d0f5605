import { IllegalActionError, InvalidInputError, matches, NotationError, parseWith } from '@tabula/core';
import {
  type Board,
  checkersAt,
  indexOfPip,
  pipOfIndex,
  readBoard,
  readPosition,
  readSide,
} from './board.js';
import { formatTime } from './clock.js';
import { type Roll, readRoll } from './moves.js';
import { cachedPlays } from './play-cache.js';
import {
  type BackgammonAction,
  type BackgammonState,
  type BackgammonView,
  DicePairSchema,
  PositionKindSchema,
  type Side,
  type Step,
  StepsSchema,
  type WrittenMove,
  WrittenMovesSchema,
} from './schemas.js';

/**
 * The longest text the readers take: a play is a few dozen characters, and a
 * bound keeps a paste of a book from costing time.
 */
export const MAX_NOTATION_LENGTH = 1000;

/** Typed text, checked: a string of at most `MAX_NOTATION_LENGTH` characters (`NotationError`, `invalid_notation`). */
function readText(text: unknown): string {
  if (typeof text !== 'string') throw new NotationError('invalid_notation', 'Notation is text');
  if (text.length > MAX_NOTATION_LENGTH)
    throw new NotationError(
      'invalid_notation',
      `The text is ${text.length} characters long; an action is at most ${MAX_NOTATION_LENGTH}`,
    );
  return text;
}

const BAR = 25;
const OFF = 0;

function pointText(pip: number): string {
  return pip === BAR ? 'bar' : pip === OFF ? 'off' : String(pip);
}

/**
 * A play in gnubg's notation, in the mover's own pips: `24/18 13/11`,
 * `bar/22`, `6/off`, `13/7*` (a hit), `24/20(2)`. Moves are sorted by source
 * then destination, highest first; one checker's consecutive moves are merged
 * (`24/13`), keeping each point where it hit on the way, starred. Follows
 * gnubg's FormatMove, so a position gives the text gnubg prints for it. `board`
 * is the position before the play; an empty play gives ''.
 */
export function formatPlay(board: Board, side: Side, steps: readonly Step[]): string {
  return writePlay(
    readBoard(board),
    readSide(side),
    parseWith(StepsSchema, steps, 'The steps', 'invalid_input'),
  );
}

/** `formatPlay` without the checks, for the table's own boards and plays. */
export function writePlay(board: Board, side: Side, steps: readonly Step[]): string {
  const other: Side = side === 0 ? 1 : 0;
  // Whether the opponent stood on the mover's pip before the play: a move ending there hit.
  const hits = (pip: number) =>
    pip !== OFF && pip !== BAR && checkersAt(board, other, indexOfPip(side, pip)) > 0;
  const moves = steps
    .map((s): [number, number] => [
      s.from === 'bar' ? BAR : pipOfIndex(side, s.from),
      s.to === 'off' ? OFF : pipOfIndex(side, s.to),
    ])
    .sort((a, b) => b[0] - a[0] || b[1] - a[1]);

  // One path a checker: a move that starts where an earlier path ends continues it, keeping a point
  // where it hit on the way in `via`.
  const paths: (WrittenMove | null)[] = moves.map(([from, to]) => ({ from, via: [], to, count: 1 }));
  paths.forEach((path, i) => {
    if (path === null) return;
    for (let j = i + 1; j < paths.length; j++) {
      const next = paths[j];
      if (next === null || next === undefined || next.from !== path.to) continue;
      if (hits(path.to)) path.via.push(path.to);
      path.to = next.to;
      paths[j] = null;
    }
  });
  const written: WrittenMove[] = [];
  for (const path of paths) {
    if (path === null) continue;
    const same = written.find((w) => w.from === path.from && w.to === path.to && sameVia(w.via, path.via));
    if (same === undefined) written.push(path);
    else same.count++;
  }

  const marked = new Set<number>(); // a point is marked as hit once only
  return written
    .map(({ from, via, to, count }) => {
      let text = pointText(from);
      for (const pip of via) {
        text += `/${pointText(pip)}*`;
        marked.add(pip);
      }
      text += `/${pointText(to)}`;
      if (!marked.has(to) && hits(to)) {
        text += '*';
        marked.add(to);
      }
      return count > 1 ? `${text}(${count})` : text;
    })
    .join(' ');
}

const sameVia = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((pip, k) => pip === b[k]);

/** A roll as people write it, the larger die first: `6-1`. Dice that are no roll throw `InvalidInputError` (`invalid_input`). */
export function formatDice(dice: readonly [number, number]): string {
  if (!matches(DicePairSchema, dice)) readRoll(dice);
  return `${Math.max(dice[0], dice[1])}-${Math.min(dice[0], dice[1])}`;
}

const PATH = /^(bar|\d+)\*?((?:\/(?:bar|off|\d+)\*?)+)(?:\((\d)\))?$/;

function badNotation(message: string): never {
  throw new NotationError('invalid_notation', message);
}

function readPoint(text: string, token: string): number {
  const point = text.replace('*', '');
  if (point === 'bar') return BAR;
  if (point === 'off') return OFF;
  const pip = Number(point);
  if (pip > BAR) badNotation(`"${token}": ${point} is not a point; points are 1 to 24, the bar 25, off 0`);
  return pip;
}

/**
 * Reads a play in gnubg's notation (`24/18 13/11`, `8/5(2)`, `bar/22*`,
 * `6/off`, `13/7*\/5`, `24/13`) without looking at a board: moves are
 * separated by spaces or commas, `*` marks are optional, case does not matter,
 * and 25 and 0 may stand for the bar and off. Throws `NotationError`
 * (`invalid_notation`) naming the first token it cannot read.
 */
export function readPlayText(text: string): WrittenMove[] {
  const tokens = readText(text)
    .trim()
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) badNotation('A move is written like "24/18 13/11"; got nothing');
  return tokens.map((token) => {
    const match = PATH.exec(token);
    if (match === null) {
      badNotation(
        `"${token}" is not a move: write from/to in your own pips, like 24/18, bar/22, 6/off or 8/5(2)`,
      );
    }
    const [, source = '', rest = '', times] = match;
    const from = readPoint(source, token);
    const via = rest
      .split('/')
      .slice(1)
      .map((point) => readPoint(point, token));
    const to = via.pop() ?? from;
    const count = times === undefined ? 1 : Number(times);
    if (count < 1 || count > 4) badNotation(`"${token}": a move is repeated 1 to 4 times, not ${count}`);
    let before = from;
    for (const after of [...via, to]) {
      if (after >= before)
        badNotation(`"${token}": checkers move down in your own pips, ${before} to ${after} does not`);
      before = after;
    }
    return { from, via, to, count };
  });
}

/**
 * The board that written moves describe: each path moves one checker (times
 * its count), hitting a lone opposing checker wherever it lands, on the named
 * points on the way and at the end. A merged move (`24/13`) lands nowhere in
 * between, as gnubg writes it only when the checker hit nothing there. Paths
 * are played from the highest source down, as gnubg sorts them, so a checker
 * that arrives on a point can move on from it. Dice are not checked here.
 * Throws `IllegalActionError` (`illegal_move`) for a move the board cannot make.
 */
export function boardAfterText(board: Board, side: Side, moves: readonly WrittenMove[]): Board {
  const position = readPosition(board);
  readSide(side);
  const written = parseWith(WrittenMovesSchema, moves, 'The moves', 'invalid_input');
  written.forEach(({ from, via, to }, i) => {
    let before = from;
    for (const [k, after] of [...via, to].entries()) {
      if (after >= before)
        throw new InvalidInputError(
          'invalid_input',
          k < via.length ? `$[${i}].via[${k}]` : `$[${i}].to`,
          `checkers move down in their own pips, ${before} to ${after} does not`,
        );
      before = after;
    }
  });
  return textBoard(position, side, written);
}

/** `boardAfterText` without the checks, for moves `readPlayText` read. */
function textBoard(board: Board, side: Side, moves: readonly WrittenMove[]): Board {
  const points = board.points.slice();
  const bar: [number, number] = [board.bar[0], board.bar[1]];
  const off: [number, number] = [board.off[0], board.off[1]];
  const other: Side = side === 0 ? 1 : 0;
  const sign = side === 0 ? 1 : -1;
  const refuse = (message: string): never => {
    throw new IllegalActionError('illegal_move', message);
  };
  const land = (pip: number, written: string) => {
    const i = indexOfPip(side, pip);
    const theirs = (points[i] ?? 0) * -sign;
    if (theirs >= 2) refuse(`${written}: your ${pip} point is held by the opponent`);
    if (theirs === 1) {
      points[i] = 0;
      bar[other]++;
    }
  };
  const sorted = moves.map((m, n) => ({ m, n })).sort((a, b) => b.m.from - a.m.from || a.n - b.n);
  for (const { m } of sorted) {
    const written = [m.from, ...m.via, m.to].map(pointText).join('/');
    for (let k = 0; k < m.count; k++) {
      if (m.from === BAR) {
        if (bar[side] === 0) refuse(`${written}: you have no checker on the bar`);
        bar[side]--;
      } else {
        const i = indexOfPip(side, m.from);
        const mine = (points[i] ?? 0) * sign;
        if (mine <= 0) refuse(`${written}: you have no checker on your ${m.from} point`);
        points[i] = (mine - 1) * sign;
      }
      for (const pip of m.via) land(pip, written);
      if (m.to === OFF) off[side]++;
      else {
        land(m.to, written);
        const i = indexOfPip(side, m.to);
        points[i] = (points[i] ?? 0) + sign;
      }
    }
  }
  return { points, bar, off };
}

/**
 * A play typed in gnubg's notation, matched against the cached legal plays
 * of the position and roll by the board the text describes: the text is read
 * once and no legal play is replayed. Any step order and any way of writing
 * the same play is accepted, so `formatPlay` of a legal play always reads
 * back to its steps. Throws `NotationError` (`invalid_notation`) for text
 * that is not a move, `IllegalActionError` (`illegal_move`) when no legal
 * play reaches that board (the message shows some that do exist).
 */
export function parsePlay(text: string, board: Board, side: Side, roll: Roll): Step[] {
  return matchPlay(text, readPosition(board), readSide(side), readRoll(roll));
}

/** `parsePlay` without the checks of the position, for a view's own board and dice. */
function matchPlay(text: string, board: Board, side: Side, roll: Roll): Step[] {
  const reached = textBoard(board, side, readPlayText(text));
  const { plays, reaching } = cachedPlays(board, side, roll);
  const play = reaching(reached);
  if (play !== undefined) return play.steps.map((step) => ({ from: step.from, to: step.to }));
  const shown = plays.slice(0, 6).map((p) => writePlay(board, side, p.steps));
  const more = plays.length > shown.length ? `, ... (${plays.length} in all)` : '';
  throw new IllegalActionError(
    'illegal_move',
    plays.length === 0
      ? `"${text.trim()}" cannot be played: no move is possible, so pass`
      : `"${text.trim()}" is not a legal play with ${formatDice(roll)}; legal plays are ${shown.join('; ')}${more}`,
  );
}

/**
 * An action for people: a move in gnubg's notation in the mover's own pips
 * (`13/7 8/7`, `bar/22*`, `6/off(2)`), `pass` for the empty move, otherwise
 * the action word (`roll`, `double`, `take`, `beaver`, `resign gammon`,
 * `timeout after 1:05`, ...). An action's `elapsedMs` is not written.
 * `state` is the state the action is played in.
 */
export function describeAction(action: BackgammonAction, state: BackgammonState): string {
  switch (action.type) {
    case 'move':
      return action.steps.length === 0 ? 'pass' : writePlay(state.board, state.toAct ?? 0, action.steps);
    case 'resign':
      return `resign ${action.kind}`;
    case 'timeout':
      // Not typed by people (the host sends it), so parseAction does not read it.
      return `timeout after ${formatTime(action.elapsedMs)}`;
    default:
      return action.type;
  }
}

/** The words `describeAction` writes and `parseAction` reads for the actions without fields. */
const WORDS = ['roll', 'double', 'take', 'drop', 'beaver', 'accept', 'decline'] as const;

function notNow(message: string): never {
  throw new IllegalActionError('wrong_phase', message);
}

function whatIsLegal(legal: readonly BackgammonAction[]): string {
  const types = [...new Set(legal.map((a) => (a.type === 'move' ? 'a move' : a.type)))];
  return types.length === 0 ? 'nothing: it is not your turn' : types.join(', ');
}

/**
 * A typed action: `roll`, `double`, `take`, `drop`, `accept`, `decline`,
 * `resign` (a single game) or `resign single|gammon|backgammon`, `pass` (the
 * empty move of a stuck seat), or a move in gnubg's notation in the mover's
 * own pips (`24/18 13/11`, `8/5(2)`, `bar/22`, `6/off`, `24/13`,
 * `13/7*\/5`), read by `parsePlay`. Throws `NotationError`
 * (`invalid_notation`) for text that is no action, and `IllegalActionError`
 * for an action the position does not allow: `wrong_phase` when it is not
 * time for it, `illegal_move` for a move that matches no legal play (or a
 * pass while a move is possible).
 */
export function parseAction(
  text: string,
  view: BackgammonView,
  legal: readonly BackgammonAction[],
): BackgammonAction {
  const typed = readText(text).trim().toLowerCase().split(/\s+/).join(' ');
  const word = WORDS.find((w) => w === typed);
  if (word !== undefined) {
    if (!legal.some((a) => a.type === word)) notNow(`You cannot ${word} now; you may: ${whatIsLegal(legal)}`);
    return { type: word };
  }
  if (typed === 'resign' || typed.startsWith('resign ')) {
    const kind = typed === 'resign' ? 'single' : typed.slice('resign '.length);
    if (!matches(PositionKindSchema, kind)) badNotation(`Resign single, gammon or backgammon, not "${kind}"`);
    if (legal.length === 0 || (view.phase !== 'decide' && view.phase !== 'move'))
      notNow(`You can resign only on your turn, before or instead of a move; you may: ${whatIsLegal(legal)}`);
    return { type: 'resign', kind };
  }
  const plays = legal.flatMap((a) => (a.type === 'move' ? [a.steps] : []));
  const [first] = plays;
  const stuck = plays.length === 1 && first?.length === 0;
  if (typed === 'pass' || typed === 'no move') {
    if (stuck) return { type: 'move', steps: [] };
    if (first === undefined) notNow(`There is no move to pass; you may: ${whatIsLegal(legal)}`);
    throw new IllegalActionError(
      'illegal_move',
      `A move is possible, so you cannot pass; for example ${writePlay(view.board, view.toAct ?? 0, first)}`,
    );
  }
  if (!typed.includes('/')) {
    badNotation(
      `"${text.trim()}" is not an action: type roll, double, take, drop, accept, decline, pass, ` +
        'resign [single|gammon|backgammon], or a move like 24/18 13/11',
    );
  }
  if (first === undefined || view.toAct === null || view.dice === null)
    notNow(`It is not time to move; you may: ${whatIsLegal(legal)}`);
  if (stuck) throw new IllegalActionError('illegal_move', 'No move is possible with these dice: type pass');
  return { type: 'move', steps: matchPlay(typed, view.board, view.toAct, view.dice) };
}
