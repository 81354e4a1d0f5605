import type { Seat } from '@tabula/core';
import { drawBoard, MARKS } from './diagram.js';
import { formatDice } from './notation.js';
import { type BackgammonState, type BackgammonView, type Side, VIEW_LOG_ENTRIES } from './schemas.js';
import { copyEntry, copyTable, opponent } from './state.js';

/**
 * What `seat` (or a spectator, null) sees: the same for everyone, since
 * backgammon hides nothing but the dice still to come. A fresh copy: an agent
 * that scribbles on its view must not reach the state.
 */
export function viewFor(state: BackgammonState, _seat: Seat | null): BackgammonView {
  return { ...copyTable(state), recent: state.log.slice(-VIEW_LOG_ENTRIES).map(copyEntry) };
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
  const other = opponent(seat);
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
