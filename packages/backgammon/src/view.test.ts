import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { CUBE_OFF, CUBE_ON, stateWith } from '../test/helpers.js';
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
    expect(render(game.view(offered, 1))).toContain('Bob (O) to take or drop: Ann doubles to 4');
    expect(render(game.view(offered, 1))).toContain('Cube: 2, owned by Ann');
    const dropped = game.apply(offered, 1, { type: 'drop' } as BackgammonAction, createRng(1));
    expect(render(game.view(dropped, null))).toContain('Result: Ann wins 2 (single, dropped)');
    expect(render(game.view(stateWith({ config: CUBE_OFF, phase: 'move', dice: [3, 1] }), 0))).toContain(
      'Cube: off',
    );
  });
});
