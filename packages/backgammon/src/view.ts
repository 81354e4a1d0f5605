import type { Seat } from '@tabula/core';
import { formatTime } from './clock.js';
import { drawBoard, MARKS } from './diagram.js';
import { isMatch, postCrawford, scoreSheet } from './match.js';
import { formatDice } from './notation.js';
import {
  type BackgammonState,
  type BackgammonView,
  type MatchState,
  type MatchView,
  type Side,
  VIEW_LOG_ENTRIES,
} from './schemas.js';
import { copyEntry, copyTable, opponent } from './state.js';
import { checkSeat } from './table.js';

/** The latest log entries: in a match, those of the game before lead into a game just begun. */
function recentOf(state: BackgammonState | MatchState): BackgammonState['log'] {
  const { log } = state;
  const before = log.length < VIEW_LOG_ENTRIES && isMatch(state) ? state.match.games.at(-1)?.log : undefined;
  const entries =
    before === undefined ? log.slice(-VIEW_LOG_ENTRIES) : [...before, ...log].slice(-VIEW_LOG_ENTRIES);
  return entries.map(copyEntry);
}

function matchViewOf(state: MatchState): MatchView {
  return {
    score: [state.match.score[0], state.match.score[1]],
    game: state.match.games.length + 1,
    postCrawford: postCrawford(state),
    sheet: scoreSheet(state),
    result: state.match.result === null ? null : { ...state.match.result },
  };
}

/**
 * What `seat` (or a spectator, null) sees: the same for everyone but for
 * `viewer`, since backgammon hides nothing but the dice still to come. A
 * fresh copy: an agent that scribbles on its view must not reach the state.
 * In a match it adds `match` (the score, the game's number, the score
 * sheet), and a game just begun shows the end of the game before in `recent`.
 *
 * @throws IllegalActionError `unknown_seat` for a seat other than 0, 1 or null.
 */
export function viewFor(state: BackgammonState | MatchState, seat: Seat | null): BackgammonView {
  if (seat !== null) checkSeat(seat);
  const view: BackgammonView = { viewer: seat, ...copyTable(state), recent: recentOf(state) };
  if (state.beaver !== undefined) view.beaver = state.beaver;
  if (isMatch(state)) view.match = matchViewOf(state);
  return view;
}

/** A seat as the viewer reads it: "You" for the viewer's own, "White (X)" for another. */
function who(view: BackgammonView, seat: Side): string {
  return seat === view.viewer ? 'You' : `${view.names[seat]} (${MARKS[seat]})`;
}

/** A seat as the subject of a verb: "you double", "White doubles". */
function subject(view: BackgammonView, seat: Side, verb: string): string {
  return seat === view.viewer ? `you ${verb}` : `${view.names[seat]} ${verb}s`;
}

function cubeLine(view: BackgammonView): string {
  if (!view.config.cube) return 'Cube: off';
  if (view.crawfordGame) return 'Cube: none (the Crawford game)';
  const { value, owner } = view.cube;
  if (owner === null) return `Cube: ${value}, centered`;
  return `Cube: ${value}, owned by ${owner === view.viewer ? 'you' : view.names[owner]}`;
}

function turnLine(view: BackgammonView): string {
  const seat = view.toAct;
  if (seat === null) return view.phase === 'idle' ? 'The game has not started' : 'The game is over';
  const other = opponent(seat);
  const dice = view.dice === null ? '' : formatDice(view.dice);
  switch (view.phase) {
    case 'decide':
      return `${who(view, seat)} to roll or double`;
    case 'move':
      return `${who(view, seat)} to play ${dice}`;
    case 'cube_offered':
      if (view.beaver === true)
        return `${who(view, seat)} to take or drop: ${subject(view, other, 'beaver')} to ${view.cube.value * 2}`;
      return `${who(view, seat)} to take${view.config.money?.beavers === true ? ', beaver' : ''} or drop: ${subject(view, other, 'double')} to ${view.cube.value * 2}`;
    default: {
      const kind = view.resignation?.kind ?? 'single';
      return `${who(view, seat)} to accept or decline: ${subject(view, other, 'offer')} to resign (${kind})`;
    }
  }
}

/** A seat's name for a score line: "you" for the viewer's own. */
function named(view: BackgammonView, seat: Side): string {
  return seat === view.viewer ? 'You' : view.names[seat];
}

function matchLines(view: BackgammonView, match: MatchView): string[] {
  const { config } = view;
  const [a, b] = match.score;
  const score = `${named(view, 0)} ${a}, ${named(view, 1)} ${b}`;
  const lines: string[] = [];
  if (config.money !== undefined) {
    const rules = [
      config.money.jacoby === true ? 'Jacoby' : '',
      config.money.beavers === true ? 'beavers' : '',
    ]
      .filter((r) => r !== '')
      .join(', ');
    const games = config.money.games ?? 1;
    lines.push(
      `Money session, game ${Math.min(match.game, games)} of ${games}${rules ? ` (${rules})` : ''}: ${score}`,
    );
  } else {
    const stage = view.crawfordGame ? '; the Crawford game' : match.postCrawford ? '; post-Crawford' : '';
    lines.push(`Match to ${config.length}, game ${match.game}: ${score}${stage}`);
  }
  const r = match.result;
  if (r !== null) {
    const winner =
      r.winner === null
        ? 'nobody wins (even)'
        : `${named(view, r.winner)} ${r.winner === view.viewer ? 'win' : 'wins'}`;
    const how =
      r.how === 'timeout'
        ? `: ${r.winner === null ? 'a seat' : named(view, opponent(r.winner))} ran out of time`
        : r.how === 'forfeit'
          ? `: ${r.winner === null ? 'a seat' : named(view, opponent(r.winner))} forfeited`
          : '';
    lines.push(`${config.money !== undefined ? 'Session' : 'Match'} over, ${winner} ${a}-${b}${how}`);
  }
  return lines;
}

function clockLine(view: BackgammonView): string | null {
  const clock = view.config.clock;
  const reserve = view.reserveMs;
  if (clock === undefined || reserve === undefined) return null;
  return (
    `Clock: ${formatTime(clock.delayMs)} delay a move; ` +
    `${named(view, 0)} ${formatTime(reserve[0])}, ${named(view, 1)} ${formatTime(reserve[1])} in reserve`
  );
}

/**
 * The view as terminal text: the last few log lines, the board drawn from
 * the viewer's side (seat 0's for a spectator) in the viewer's own pips, the
 * cube, the match score and the clocks where there are any, the dice, and
 * whose turn it is in plain words ("You to play 6-3", "Black (O) to roll").
 */
export function renderView(view: BackgammonView): string {
  const lines = view.recent.slice(-3).map((entry) => `  ${entry.text}`);
  lines.push(drawBoard(view.board, view.names, view.viewer ?? 0), cubeLine(view));
  if (view.match !== undefined) lines.push(...matchLines(view, view.match));
  const clock = clockLine(view);
  if (clock !== null) lines.push(clock);
  if (view.dice !== null) lines.push(`Dice: ${formatDice(view.dice)}`);
  if (view.result !== null) {
    const r = view.result;
    const winner = r.winner === view.viewer ? 'You win' : `${view.names[r.winner]} wins`;
    lines.push(`Result: ${winner} ${r.points} (${r.kind}, ${r.how})`);
  } else lines.push(turnLine(view));
  return lines.join('\n');
}
