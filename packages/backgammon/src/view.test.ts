import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { CUBE_OFF, CUBE_ON, position, stateWith } from '../test/helpers.js';
import { backgammonGame as game } from './definition.js';
import { drawBoard } from './diagram.js';
import type { BackgammonAction } from './schemas.js';

const { render } = game;

describe('render', () => {
  it('draws the board with the cube, the dice and whose turn it is', () => {
    const opening = game.setup(CUBE_ON, createRng(4));
    const text = render(game.view(opening, null));
    const mover = opening.names[opening.toAct as number] as string;
    expect(text).toContain(drawBoard(opening.board, opening.names));
    expect(text).toContain('Cube: 1, centered');
    expect(text).toMatch(/Dice: \d-\d/);
    expect(text).toContain(`${mover} (${opening.toAct === 0 ? 'X' : 'O'}) to play`);
    expect(text).toContain((opening.log.at(-1) as { text: string }).text);

    const offered = game.apply(
      stateWith({ cube: { value: 2, owner: 0 } }),
      0,
      { type: 'double' },
      createRng(1),
    );
    expect(render(game.view(offered, null))).toContain('Bob (O) to take or drop: Ann doubles to 4');
    expect(render(game.view(offered, 1))).toContain('You to take or drop: Ann doubles to 4');
    expect(render(game.view(offered, 0))).toContain('Bob (O) to take or drop: you double to 4');
    expect(render(game.view(offered, 1))).toContain('Cube: 2, owned by Ann');
    expect(render(game.view(offered, 0))).toContain('Cube: 2, owned by you');
    const dropped = game.apply(offered, 1, { type: 'drop' } as BackgammonAction, createRng(1));
    expect(render(game.view(dropped, null))).toContain('Result: Ann wins 2 (single, dropped)');
    expect(render(game.view(dropped, 0))).toContain('Result: You win 2 (single, dropped)');
    expect(render(game.view(stateWith({ config: CUBE_OFF, phase: 'move', dice: [3, 1] }), 0))).toContain(
      'Cube: off',
    );
  });
});

describe('render for a seat', () => {
  // The input that failed: seat 1 saw the board in seat 0's pips and "White (X) to play", never "you".
  it("draws the board from the viewer's side, in the pips the viewer types moves in", () => {
    // Bob (O) has 2 checkers on his 6 point and 1 on his 24; Ann (X) 3 on her 8 point, which is Bob's 17.
    const s = stateWith({
      board: position({ 8: 3 }, { 6: 2, 24: 1 }),
      phase: 'move',
      toAct: 1,
      dice: [6, 3],
    });
    const bobs = render(game.view(s, 1)).split('\n');
    const board = bobs.slice(bobs.indexOf('  13 14 15 16 17 18        19 20 21 22 23 24'));
    expect(board.slice(0, 3)).toEqual([
      '  13 14 15 16 17 18        19 20 21 22 23 24',
      ' +------------------+-----+------------------+   X Ann: pips 24, bar 0, off 12',
      ' |             X    |     |                O |',
    ]);
    expect(board.slice(12, 16)).toEqual([
      ' |                  |     | O                |',
      ' +------------------+-----+------------------+   O Bob: pips 36, bar 0, off 12',
      '  12 11 10  9  8  7         6  5  4  3  2  1',
      'Cube: 1, centered',
    ]);
    expect(bobs.at(-1)).toBe('You to play 6-3');
    // The moves he types are in those pips: his checker on the 24 and one on the 6.
    expect(game.legalActions(s, 1).map((a) => game.describe(a, s))).toContain('24/18 6/3');
    // Ann and a spectator see it from seat 0's side, with the mover named.
    for (const seat of [0, null]) {
      const text = render(game.view(s, seat));
      expect(text).toContain(drawBoard(s.board, s.names));
      expect(text.split('\n').at(-1)).toBe('Bob (O) to play 6-3');
    }
  });

  it('says who is to roll in plain words', () => {
    const deciding = stateWith({ phase: 'decide', toAct: 0 });
    expect(render(game.view(deciding, 0)).split('\n').at(-1)).toBe('You to roll or double');
    expect(render(game.view(deciding, 1)).split('\n').at(-1)).toBe('Ann (X) to roll or double');
  });
});
