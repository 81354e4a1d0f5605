import type { Board, Side, Step } from '../src/schemas.js';

/**
 * A backgammon move generator written the obvious way, as the yardstick of
 * `npm run bench`: plain JavaScript over the plain `Board`, no tricks. It
 * tries every distinct die left on every checker, recursively, copying the
 * board at each step; keeps the sequences that play the most dice (bearing
 * off the last checker plays them all), then the higher die when only one
 * die of a non-double plays; and keeps one play per board, by the board's
 * key string. It returns what `legalPlays` returns, steps and board for each
 * play (the set is the same; the order and the steps chosen for a board may
 * differ), so the two do the same work. It shares no code with `moves.ts`.
 */
export interface NaivePlay {
  steps: Step[];
  board: Board;
}

export function naiveLegalPlays(board: Board, side: Side, roll: readonly [number, number]): NaivePlay[] {
  const sign = side === 0 ? 1 : -1;
  const other = side === 0 ? 1 : 0;
  // Seat 0's pip p is index p - 1; seat 1's is index 24 - p.
  const indexOf = (pip: number) => (side === 0 ? pip - 1 : 24 - pip);
  const mine = (b: Board, pip: number) => Math.max(0, b.points[indexOf(pip)]! * sign);
  const theirs = (b: Board, pip: number) => Math.max(0, -b.points[indexOf(pip)]! * sign);
  const copy = (b: Board): Board => ({
    points: [...b.points],
    bar: [b.bar[0], b.bar[1]],
    off: [b.off[0], b.off[1]],
  });
  const allHome = (b: Board) => {
    if (b.bar[side] > 0) return false;
    for (let pip = 7; pip <= 24; pip++) if (mine(b, pip) > 0) return false;
    return true;
  };

  /** The board after one checker moves from `from` (25: the bar) by `die`, or null when it may not. */
  const step = (b: Board, from: number, die: number): Board | null => {
    const to = from - die;
    if (to >= 1 && theirs(b, to) >= 2) return null;
    if (to <= 0) {
      if (!allHome(b)) return null;
      // A die higher than needed bears off only from the highest point.
      if (to < 0) for (let pip = from + 1; pip <= 6; pip++) if (mine(b, pip) > 0) return null;
    }
    const next = copy(b);
    if (from === 25) next.bar[side] -= 1;
    else next.points[indexOf(from)]! -= sign;
    if (to <= 0) {
      next.off[side] += 1;
      return next;
    }
    if (theirs(next, to) === 1) {
      next.points[indexOf(to)] = 0;
      next.bar[other] += 1;
    }
    next.points[indexOf(to)]! += sign;
    return next;
  };

  const dice = roll[0] === roll[1] ? [roll[0], roll[0], roll[0], roll[0]] : [roll[0], roll[1]];
  const sequences: { steps: Step[]; dice: number[]; board: Board }[] = [];

  const search = (b: Board, left: number[], steps: Step[], used: number[]) => {
    let moved = false;
    if (b.off[side] < 15) {
      for (const die of new Set(left)) {
        const rest = [...left];
        rest.splice(rest.indexOf(die), 1);
        const sources = b.bar[side] > 0 ? [25] : [24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13];
        if (b.bar[side] === 0) for (let pip = 12; pip >= 1; pip--) sources.push(pip);
        for (const from of sources) {
          if (from !== 25 && mine(b, from) === 0) continue;
          const next = step(b, from, die);
          if (next === null) continue;
          moved = true;
          const to = from - die;
          const s: Step = { from: from === 25 ? 'bar' : indexOf(from), to: to <= 0 ? 'off' : indexOf(to) };
          search(next, rest, [...steps, s], [...used, die]);
        }
      }
    }
    if (!moved) sequences.push({ steps, dice: used, board: b });
  };
  search(board, dice, [], []);

  const played = (s: (typeof sequences)[number]) => (s.board.off[side] === 15 ? dice.length : s.dice.length);
  const most = Math.max(...sequences.map(played));
  if (most === 0) return [];
  let kept = sequences.filter((s) => played(s) === most);
  if (most === 1 && roll[0] !== roll[1]) {
    const higher = Math.max(roll[0], roll[1]);
    if (kept.some((s) => s.dice[0] === higher)) kept = kept.filter((s) => s.dice[0] === higher);
  }
  const byKey = new Map<string, NaivePlay>();
  for (const s of kept) {
    const key = `${s.board.points.join(',')}:${s.board.bar.join(',')}:${s.board.off.join(',')}`;
    if (!byKey.has(key)) byKey.set(key, { steps: s.steps, board: s.board });
  }
  return [...byKey.values()];
}
