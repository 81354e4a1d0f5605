import { createRng, gameStreams } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { CUBE_OFF, CUBE_ON, position, refusal, stateWith } from '../test/helpers.js';
import { backgammonGame as game } from './definition.js';
import { drawBoard } from './diagram.js';
import type { Action, TableState } from './table-state.js';

const describeAction = game.describe as NonNullable<typeof game.describe>;
const parseAction = game.parseAction as NonNullable<typeof game.parseAction>;
const render = game.render as NonNullable<typeof game.render>;

const parseIn = (s: TableState, text: string) =>
  parseAction(text, game.view(s, s.toAct), game.legalActions(s, s.toAct as number));

describe('describe and parseAction', () => {
  it('write moves in gnubg notation and the other actions as words', () => {
    const opening = stateWith({ phase: 'move', dice: [6, 1] });
    expect(
      describeAction(
        {
          type: 'move',
          steps: [
            { from: 12, to: 6 },
            { from: 7, to: 6 },
          ],
        },
        opening,
      ),
    ).toBe('13/7 8/7');
    expect(describeAction({ type: 'move', steps: [] }, opening)).toBe('pass');
    expect(describeAction({ type: 'roll' }, opening)).toBe('roll');
    expect(describeAction({ type: 'resign', kind: 'gammon' }, opening)).toBe('resign gammon');
    const black = stateWith({ phase: 'move', toAct: 1, dice: [6, 4] });
    expect(
      describeAction(
        {
          type: 'move',
          steps: [
            { from: 0, to: 6 },
            { from: 11, to: 15 },
          ],
        },
        black,
      ),
    ).toBe('24/18 13/9');
  });

  it('read back listed actions of 40 random games to the same next state', () => {
    let checked = 0;
    for (let seed = 0; seed < 40; seed++) {
      const { chance, agents } = gameStreams(seed, 2);
      let s = game.setup(seed % 3 === 0 ? CUBE_ON : CUBE_OFF, chance);
      while (s.toAct !== null) {
        const seat = s.toAct;
        const legal = game.legalActions(s, seat);
        const view = game.view(s, seat);
        // Up to 12 a turn: parsing scans the legal plays, and a double can have hundreds.
        const sample = legal.length <= 12 ? legal : Array.from({ length: 12 }, () => agents[1]!.pick(legal));
        for (const action of sample) {
          const parsed = parseAction(describeAction(action, s), view, legal);
          // The same steps, not just the same board: the log records them.
          if (JSON.stringify(parsed) !== JSON.stringify(action))
            expect([describeAction(action, s), parsed]).toEqual([describeAction(action, s), action]);
          checked++;
        }
        s = game.apply(s, seat, agents[0]!.pick(legal), chance);
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  });

  it('read resignations, other spellings of a move, and pass', () => {
    const decide = stateWith({});
    expect(parseIn(decide, 'Resign Gammon')).toEqual({ type: 'resign', kind: 'gammon' });
    expect(parseIn(decide, 'resign')).toEqual({ type: 'resign', kind: 'single' });
    expect(parseIn(decide, ' ROLL ')).toEqual({ type: 'roll' });
    const opening = stateWith({ phase: 'move', dice: [6, 5] });
    const run = parseIn(opening, '24/18/13');
    expect(run).toEqual(parseIn(opening, '24/13'));
    expect(game.apply(opening, 0, run, createRng(1)).board).toEqual(
      position({ 13: 6, 8: 3, 6: 5, 24: 1 }, { 24: 2, 13: 5, 8: 3, 6: 5 }),
    );
  });

  it('say what is wrong with text that is no legal action', () => {
    const decide = stateWith({});
    expect(refusal(() => parseIn(decide, 'take')).message).toContain('you may: roll, double');
    expect(refusal(() => parseIn(decide, 'fly away')).code).toBe('bad_notation');
    expect(refusal(() => parseIn(decide, 'resign triple')).code).toBe('bad_notation');
    expect(refusal(() => parseIn(decide, '13/7 8/7')).code).toBe('not_legal_now');
    const opening = stateWith({ phase: 'move', dice: [6, 1] });
    const wrong = refusal(() => parseIn(opening, '13/9 13/11'));
    expect(wrong.code).toBe('no_such_play');
    expect(wrong.message).toContain('13/7 8/7');
    expect(refusal(() => parseIn(opening, 'pass')).message).toContain('A move is possible');
    expect(refusal(() => parseIn(opening, '13/x')).code).toBe('bad_notation');
    // Not this seat's turn: nothing is legal.
    const other = parseAction.bind(null, 'resign', game.view(opening, 1), game.legalActions(opening, 1));
    expect(refusal(other).code).toBe('not_legal_now');
  });
});

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
    const dropped = game.apply(offered, 1, { type: 'drop' } as Action, createRng(1));
    expect(render(game.view(dropped, null))).toContain('Result: Ann wins 2 (single, dropped)');
    expect(render(game.view(stateWith({ config: CUBE_OFF, phase: 'move', dice: [3, 1] }), 0))).toContain(
      'Cube: off',
    );
  });
});
