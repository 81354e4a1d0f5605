import type { Rng } from '@tabula/core';
import type { Board } from '../src/board.js';

/**
 * A random sound position: 15 checkers a seat spread over the points, the
 * bar and off, never both seats on one point. Some boards are sparse (most
 * checkers off), some crowded, some with checkers on the bar.
 */
export function randomBoard(rng: Rng): Board {
  const points = new Array<number>(24).fill(0);
  const bar: [number, number] = [0, 0];
  const off: [number, number] = [0, 0];
  const offChance = rng.int(0, 100);
  const barChance = rng.int(0, 10);
  for (const side of [0, 1] as const) {
    const sign = side === 0 ? 1 : -1;
    for (let checker = 0; checker < 15; checker++) {
      const roll = rng.int(0, 99);
      if (roll < offChance / 2) off[side]++;
      else if (roll < offChance / 2 + barChance) bar[side]++;
      else {
        // A point that the other seat does not hold; the bar when every try lands on one.
        let placed = false;
        for (let tries = 0; tries < 10 && !placed; tries++) {
          const i = rng.int(0, 23);
          const n = points[i] ?? 0;
          if (n * sign >= 0) {
            points[i] = n + sign;
            placed = true;
          }
        }
        if (!placed) bar[side]++;
      }
    }
  }
  return { points, bar, off };
}

/** The same position with the seats swapped: each seat's checkers where the other's were, from its own side. */
export function mirror(board: Board): Board {
  return {
    points: board.points.map((_, i) => -(board.points[23 - i] ?? 0)),
    bar: [board.bar[1], board.bar[0]],
    off: [board.off[1], board.off[0]],
  };
}
