import type { BackgammonView, Board, Side, Step } from '@tabula/backgammon';

/**
 * The board's words: pip counts, dice, clocks, steps in the mover's own pips.
 * Written here rather than imported from the engine's index, which also
 * brings node-only dice into the browser bundle.
 */

export const COLOURS = ['White', 'Black'] as const;

export function other(seat: Side): Side {
  return seat === 0 ? 1 : 0;
}

/** A seat's pips to bear off: each checker's own pip, the bar counting 25. */
export function pipCount(board: Board, seat: Side): number {
  let total = board.bar[seat] * 25;
  board.points.forEach((n, index) => {
    const mine = seat === 0 ? Math.max(n, 0) : Math.max(-n, 0);
    total += mine * (seat === 0 ? index + 1 : 24 - index);
  });
  return total;
}

export function diceText(dice: readonly number[]): string {
  return dice.join('-');
}

/** A step in the mover's own pips, gnubg's way: 13/7, bar/22, 6/off. */
export function stepText(seat: Side, step: Step): string {
  const from = step.from === 'bar' ? 'bar' : String(seat === 0 ? step.from + 1 : 24 - step.from);
  const to = step.to === 'off' ? 'off' : String(seat === 0 ? step.to + 1 : 24 - step.to);
  return `${from}/${to}`;
}

/** Milliseconds as m:ss (h:mm:ss from an hour). */
export function clockText(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The match line: its length or the money session, the game, the score, the Crawford state. */
export function matchText(view: BackgammonView, names: readonly [string, string]): string | null {
  const match = view.match;
  if (match === undefined) return null;
  const score = `${names[0]} ${match.score[0]}, ${names[1]} ${match.score[1]}`;
  if (view.config.money !== undefined)
    return `Money session, game ${match.game} of ${view.config.money.games ?? 1}: ${score}`;
  const stage = view.crawfordGame ? ' (Crawford game)' : match.postCrawford ? ' (post-Crawford)' : '';
  return `Match to ${view.config.length}, game ${match.game}: ${score}${stage}`;
}

export function clockLine(view: BackgammonView, names: readonly [string, string]): string | null {
  const clock = view.config.clock;
  const reserve = view.reserveMs;
  if (clock === undefined || reserve === undefined) return null;
  return `Clock: ${clockText(clock.delayMs)} delay; reserve ${names[0]} ${clockText(reserve[0])}, ${names[1]} ${clockText(reserve[1])}`;
}
