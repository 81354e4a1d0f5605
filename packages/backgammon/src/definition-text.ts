import { IllegalActionError, TabulaError } from '@tabula/core';
import type { Side } from './board.js';
import type { BackgammonView } from './definition.js';
import { drawBoard, MARKS } from './diagram.js';
import type { Step } from './moves.js';
import { formatDice, formatPlay, parsePlay } from './notation.js';
import { type Action, KINDS, type ResignKind, type TableState } from './table-state.js';

/** The words `describeAction` writes and `parseTypedAction` reads for the actions without fields. */
const WORDS = ['roll', 'double', 'take', 'drop', 'accept', 'decline'] as const;
type Word = (typeof WORDS)[number];

/**
 * An action for people: a move in gnubg's notation in the mover's own pips
 * (`13/7 8/7`, `bar/22*`, `6/off(2)`), `pass` for the empty move, otherwise
 * the action word (`roll`, `double`, `take`, `resign gammon`, ...).
 * `state` is the state the action is played in.
 */
export function describeAction(action: Action, state: TableState): string {
  switch (action.type) {
    case 'move':
      return action.steps.length === 0 ? 'pass' : formatPlay(state.board, state.toAct ?? 0, action.steps);
    case 'resign':
      return `resign ${action.kind}`;
    default:
      return action.type;
  }
}

function notNow(message: string): never {
  throw new IllegalActionError('not_legal_now', message);
}

function whatIsLegal(legal: readonly Action[]): string {
  const types = [...new Set(legal.map((a) => (a.type === 'move' ? 'a move' : a.type)))];
  return types.length === 0 ? 'nothing: it is not your turn' : types.join(', ');
}

const movesOf = (legal: readonly Action[]): Step[][] =>
  legal.flatMap((a) => (a.type === 'move' ? [a.steps] : []));

/**
 * A typed action: `roll`, `double`, `take`, `drop`, `accept`, `decline`,
 * `resign` (a single game) or `resign single|gammon|backgammon`, `pass` (the
 * empty move of a stuck seat), or a move in gnubg's notation in the mover's
 * own pips (`24/18 13/11`, `8/5(2)`, `bar/22`, `6/off`, `24/13`,
 * `13/7*\/5`), matched to the legal play that reaches the same board. Throws
 * `TabulaError` with a message that says what is wrong: `bad_notation` for
 * text that is no action, `not_legal_now` for an action the position does not
 * allow, `no_such_play` for a move that matches no legal play.
 */
export function parseTypedAction(text: string, view: BackgammonView, legal: readonly Action[]): Action {
  const typed = text.trim().toLowerCase().split(/\s+/).join(' ');
  if ((WORDS as readonly string[]).includes(typed)) {
    const word = typed as Word;
    if (!legal.some((a) => a.type === word)) notNow(`You cannot ${word} now; you may: ${whatIsLegal(legal)}`);
    return { type: word } as Action;
  }
  if (typed === 'resign' || typed.startsWith('resign ')) {
    const kind = typed === 'resign' ? 'single' : typed.slice('resign '.length);
    if (!(KINDS as readonly string[]).includes(kind)) {
      throw new TabulaError('bad_notation', `Resign single, gammon or backgammon, not "${kind}"`);
    }
    if (legal.length === 0 || (view.phase !== 'decide' && view.phase !== 'move'))
      notNow(`You can resign only on your turn, before or instead of a move; you may: ${whatIsLegal(legal)}`);
    return { type: 'resign', kind: kind as ResignKind };
  }
  const plays = movesOf(legal);
  if (typed === 'pass' || typed === 'no move') {
    if (plays.length === 1 && plays[0]?.length === 0) return { type: 'move', steps: [] };
    notNow(
      plays.length > 0
        ? `A move is possible, so you cannot pass; for example ${describeMove(view, plays[0] as Step[])}`
        : `There is no move to pass; you may: ${whatIsLegal(legal)}`,
    );
  }
  if (!typed.includes('/')) {
    throw new TabulaError(
      'bad_notation',
      `"${text.trim()}" is not an action: type roll, double, take, drop, accept, decline, pass, ` +
        'resign [single|gammon|backgammon], or a move like 24/18 13/11',
    );
  }
  if (plays.length === 0 || view.toAct === null)
    notNow(`It is not time to move; you may: ${whatIsLegal(legal)}`);
  if (plays.length === 1 && plays[0]?.length === 0) notNow('No move is possible with these dice: type pass');
  return { type: 'move', steps: parsePlay(typed, view.board, view.toAct, plays) };
}

function describeMove(view: BackgammonView, steps: readonly Step[]): string {
  return formatPlay(view.board, view.toAct ?? 0, steps);
}

function who(view: BackgammonView, seat: Side): string {
  return `${view.names[seat]} (${MARKS[seat]})`;
}

function cubeLine(view: BackgammonView): string {
  if (!view.config.cube) return 'Cube: off';
  if (view.crawfordGame) return 'Cube: none (the Crawford game)';
  const { value, owner } = view.cube;
  return owner === null ? `Cube: ${value}, centered` : `Cube: ${value}, owned by ${view.names[owner]}`;
}

function turnLine(view: BackgammonView): string {
  const seat = view.toAct;
  if (seat === null) return view.phase === 'idle' ? 'The game has not started' : 'The game is over';
  const other: Side = seat === 0 ? 1 : 0;
  const dice = view.dice === null ? '' : formatDice(view.dice);
  switch (view.phase) {
    case 'decide':
      return `${who(view, seat)} to roll or double`;
    case 'move':
      return `${who(view, seat)} to play ${dice}`;
    case 'cube_offered':
      return `${who(view, seat)} to take or drop: ${view.names[other]} doubles to ${view.cube.value * 2}`;
    default: {
      const kind = view.resignation?.kind ?? 'single';
      return `${who(view, seat)} to accept or decline: ${view.names[other]} offers to resign (${kind})`;
    }
  }
}

/** The view as terminal text: the last few log lines, the board, the cube, the dice and whose turn it is. */
export function renderView(view: BackgammonView): string {
  const lines = view.recent.slice(-3).map((entry) => `  ${entry.text}`);
  lines.push(drawBoard(view.board, view.names), cubeLine(view));
  if (view.dice !== null) lines.push(`Dice: ${formatDice(view.dice)}`);
  if (view.result !== null) {
    const r = view.result;
    lines.push(`Result: ${view.names[r.winner]} wins ${r.points} (${r.kind}, ${r.how})`);
  } else lines.push(turnLine(view));
  return lines.join('\n');
}
