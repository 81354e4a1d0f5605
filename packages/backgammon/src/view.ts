import type { Seat } from '@tabula/core';
import { drawBoard, MARKS } from './diagram.js';
import { formatDice } from './notation.js';
import { type BackgammonState, type BackgammonView, type Side, VIEW_LOG_ENTRIES } from './schemas.js';
import { copyEntry, copyTable, opponent } from './state.js';
import { checkSeat } from './table.js';

/**
 * What `seat` (or a spectator, null) sees: the same for everyone but for
 * `viewer`, since backgammon hides nothing but the dice still to come. A
 * fresh copy: an agent that scribbles on its view must not reach the state.
 *
 * @throws IllegalActionError `unknown_seat` for a seat other than 0, 1 or null.
 */
export function viewFor(state: BackgammonState, seat: Seat | null): BackgammonView {
  if (seat !== null) checkSeat(seat);
  return { viewer: seat, ...copyTable(state), recent: state.log.slice(-VIEW_LOG_ENTRIES).map(copyEntry) };
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
      return `${who(view, seat)} to take or drop: ${subject(view, other, 'double')} to ${view.cube.value * 2}`;
    default: {
      const kind = view.resignation?.kind ?? 'single';
      return `${who(view, seat)} to accept or decline: ${subject(view, other, 'offer')} to resign (${kind})`;
    }
  }
}

/**
 * The view as terminal text: the last few log lines, the board drawn from
 * the viewer's side (seat 0's for a spectator) in the viewer's own pips, the
 * cube, the dice, and whose turn it is in plain words ("You to play 6-3",
 * "Black (O) to roll").
 */
export function renderView(view: BackgammonView): string {
  const lines = view.recent.slice(-3).map((entry) => `  ${entry.text}`);
  lines.push(drawBoard(view.board, view.names, view.viewer ?? 0), cubeLine(view));
  if (view.dice !== null) lines.push(`Dice: ${formatDice(view.dice)}`);
  if (view.result !== null) {
    const r = view.result;
    const winner = r.winner === view.viewer ? 'You win' : `${view.names[r.winner]} wins`;
    lines.push(`Result: ${winner} ${r.points} (${r.kind}, ${r.how})`);
  } else lines.push(turnLine(view));
  return lines.join('\n');
}
