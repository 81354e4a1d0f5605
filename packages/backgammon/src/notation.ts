import { TabulaError } from '@tabula/core';
import { type Board, checkersAt, indexOfPip, key, pipOfIndex, type Side } from './board.js';
import { applySteps, type Step } from './moves.js';

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

/**
 * One checker's path as a person writes it, in the mover's own pips: 25 is
 * the bar, 0 is off. `via` holds the points named on the way (`13/7*\/5` has
 * via [7]); `count` is the `(2)` suffix.
 */
export interface WrittenMove {
  from: number;
  via: number[];
  to: number;
  count: number;
}

const PATH = /^(bar|\d+)\*?((?:\/(?:bar|off|\d+)\*?)+)(?:\((\d)\))?$/;

function badNotation(message: string): never {
  throw new TabulaError('bad_notation', message);
}

function readPoint(text: string, token: string): number {
  if (text === 'bar') return BAR;
  if (text === 'off') return OFF;
  const pip = Number(text);
  if (pip > BAR) badNotation(`"${token}": ${text} is not a point; points are 1 to 24, the bar 25, off 0`);
  return pip;
}

/**
 * Reads a play in gnubg's notation (`24/18 13/11`, `8/5(2)`, `bar/22*`,
 * `6/off`, `13/7*\/5`, `24/13`) without looking at a board: moves are
 * separated by spaces or commas, `*` marks are optional, case does not matter,
 * and 25 and 0 may stand for the bar and off. Throws `TabulaError`
 * (`bad_notation`) naming the first token it cannot read.
 */
export function readPlayText(text: string): WrittenMove[] {
  const tokens = text
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
    const points = [match[1] as string, ...(match[2] as string).split('/').slice(1)].map((p) =>
      readPoint(p.replace('*', ''), token),
    );
    const count = match[3] === undefined ? 1 : Number(match[3]);
    if (count < 1 || count > 4) badNotation(`"${token}": a move is repeated 1 to 4 times, not ${count}`);
    for (let i = 1; i < points.length; i++) {
      const before = points[i - 1] as number;
      const after = points[i] as number;
      if (after >= before)
        badNotation(`"${token}": checkers move down in your own pips, ${before} to ${after} does not`);
    }
    return {
      from: points[0] as number,
      via: points.slice(1, -1),
      to: points[points.length - 1] as number,
      count,
    };
  });
}

/**
 * The board that written moves describe: each path moves one checker (times
 * its count), hitting a lone opposing checker wherever it lands, on the named
 * points on the way and at the end. A merged move (`24/13`) lands nowhere in
 * between, as gnubg writes it only when the checker hit nothing there. Paths
 * are played from the highest source down, as gnubg sorts them, so a checker
 * that arrives on a point can move on from it. Dice are not checked here.
 * Throws `TabulaError` (`no_such_play`) for a move the board cannot make.
 */
export function boardAfterText(board: Board, side: Side, moves: readonly WrittenMove[]): Board {
  const points = board.points.slice();
  const bar: [number, number] = [board.bar[0], board.bar[1]];
  const off: [number, number] = [board.off[0], board.off[1]];
  const other: Side = side === 0 ? 1 : 0;
  const sign = side === 0 ? 1 : -1;
  const refuse = (message: string): never => {
    throw new TabulaError('no_such_play', message);
  };
  const land = (pip: number, written: string) => {
    const i = indexOfPip(side, pip);
    const theirs = (points[i] as number) * -sign;
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
        if ((points[i] as number) * sign <= 0)
          refuse(`${written}: you have no checker on your ${m.from} point`);
        points[i] = (points[i] as number) - sign;
      }
      for (const pip of m.via) land(pip, written);
      if (m.to === OFF) off[side]++;
      else {
        land(m.to, written);
        const i = indexOfPip(side, m.to);
        points[i] = (points[i] as number) + sign;
      }
    }
  }
  return { points, bar, off };
}

/**
 * A play typed in gnubg's notation, resolved against the legal plays (each a
 * list of steps): the first one that reaches the board the text describes.
 * Any step order and any way of writing the same play is accepted, so
 * `formatPlay` of a legal play always reads back to it. Throws `TabulaError`:
 * `bad_notation` for text that is not a move, `no_such_play` when no legal
 * play reaches that board (the message shows some that do exist).
 */
export function parsePlay(
  text: string,
  board: Board,
  side: Side,
  plays: readonly (readonly Step[])[],
): Step[] {
  const target = key(boardAfterText(board, side, readPlayText(text)));
  for (const steps of plays) {
    if (key(applySteps(board, side, steps)) === target) return steps.map((s) => ({ from: s.from, to: s.to }));
  }
  const shown = plays.slice(0, 6).map((steps) => formatPlay(board, side, steps));
  const more = plays.length > shown.length ? `, ... (${plays.length} in all)` : '';
  throw new TabulaError(
    'no_such_play',
    plays.length === 0
      ? `"${text.trim()}" cannot be played: no move is possible, so pass`
      : `"${text.trim()}" is not a legal play here; legal plays are ${shown.join('; ')}${more}`,
  );
}
