import { Board, Moves, type Side } from '@tabula/backgammon';
import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { generateMoves, MoveList } from './movegen.js';
import { boardOf, newPosition, positionOf, swapSides } from './position.js';

/** Plays random games with the engine and compares, at every turn, the engine's resulting boards with ours. */
function compareOnRandomGames(seed: number, games: number): number {
  const rng = createRng(seed);
  const list = new MoveList();
  const pos = newPosition();
  let checked = 0;
  for (let g = 0; g < games; g++) {
    let board = Board.start();
    let seat: Side = 0;
    for (let turn = 0; turn < 400; turn++) {
      const roll = [rng.int(1, 6), rng.int(1, 6)] as const;
      const plays = Moves.legalPlays(board, seat, roll);
      const engine = new Set(plays.map((p) => Board.key(p.board)));
      const n = generateMoves(positionOf(board, seat, pos), roll[0], roll[1], list);
      const ours = new Set<string>();
      for (let k = 0; k < n; k++) ours.add(Board.key(boardOf(list.view(k), seat)));
      if (plays.length === 0) ours.delete(Board.key(board)) || ours.add('missing pass');
      expect([...ours].sort(), `${Board.key(board)} seat ${seat} roll ${roll}`).toEqual([...engine].sort());
      checked++;
      if (plays.length > 0) board = rng.pick(plays).board;
      if (board.off[seat] === 15) break;
      seat = seat === 0 ? 1 : 0;
    }
  }
  return checked;
}

describe('generateMoves', () => {
  it('reaches exactly the boards the engine lists, over random games', () => {
    expect(compareOnRandomGames(14, 60)).toBeGreaterThan(3000);
  });

  it('keeps the position unchanged when nothing can be played', () => {
    // Seat 0 on the bar against seat 1's closed home board (indexes 18..23).
    const closed = {
      points: [14, ...new Array<number>(17).fill(0), -2, -2, -2, -2, -2, -2],
      bar: [1, 0] as [number, number],
      off: [0, 3] as [number, number],
    };
    const pos = positionOf(closed, 0);
    const list = new MoveList();
    expect(generateMoves(pos, 6, 5, list)).toBe(1);
    expect([...list.view(0)]).toEqual([...pos]);
  });

  it('swapSides twice is the identity', () => {
    const pos = positionOf(Board.start(), 1);
    const a = swapSides(pos, newPosition());
    expect([...swapSides(a, newPosition())]).toEqual([...pos]);
  });
});
