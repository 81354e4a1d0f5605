import { type Board, checkersAt, indexOfPip, pipOfIndex, type Side } from './board.js';
import type { Step } from './moves.js';

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
  const other: Side = side === 0 ? 1 : 0;
  // Whether the opponent stood on the mover's pip before the play: a move ending there hit.
  const hits = (pip: number) =>
    pip !== OFF && pip !== BAR && checkersAt(board, other, indexOfPip(side, pip)) > 0;
  const moves = steps
    .map((s) => [
      s.from === 'bar' ? BAR : pipOfIndex(side, s.from),
      s.to === 'off' ? OFF : pipOfIndex(side, s.to),
    ])
    .sort((a, b) => (b[0] as number) - (a[0] as number) || (b[1] as number) - (a[1] as number));

  // Each path is a checker's source, the points where it hit on the way, and its destination.
  const paths: (number[] | null)[] = moves.map((m) => m.slice());
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const a = paths[i];
      const b = paths[j];
      if (!a || !b || a[a.length - 1] !== b[0]) continue;
      if (hits(a[a.length - 1] as number)) a.push(b[1] as number);
      else a[a.length - 1] = b[1] as number;
      paths[j] = null;
    }
  }
  const live = paths.filter((p): p is number[] => p !== null);
  const counts = live.map(() => 1);
  for (let i = 0; i < live.length; i++) {
    if (counts[i] === 0) continue;
    for (let j = i + 1; j < live.length; j++) {
      if (counts[j] !== 0 && samePath(live[i] as number[], live[j] as number[])) {
        counts[i] = (counts[i] as number) + 1;
        counts[j] = 0;
      }
    }
  }

  const marked = new Set<number>(); // a point is marked as hit once only
  const parts: string[] = [];
  live.forEach((path, i) => {
    if (counts[i] === 0) return;
    let text = pointText(path[0] as number);
    for (let k = 1; k < path.length - 1; k++) {
      text += `/${pointText(path[k] as number)}*`;
      marked.add(path[k] as number);
    }
    const to = path[path.length - 1] as number;
    text += `/${pointText(to)}`;
    if (!marked.has(to) && hits(to)) {
      text += '*';
      marked.add(to);
    }
    if ((counts[i] as number) > 1) text += `(${counts[i]})`;
    parts.push(text);
  });
  return parts.join(' ');
}

function samePath(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((p, k) => p === b[k]);
}

/** A roll as people write it, the larger die first: `6-1`. */
export function formatDice(dice: readonly [number, number]): string {
  return `${Math.max(dice[0], dice[1])}-${Math.min(dice[0], dice[1])}`;
}
