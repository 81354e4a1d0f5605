import { createRng, gameStreams, IllegalActionError, NotationError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { CUBE_OFF, CUBE_ON, position, refusal, stateWith } from '../test/helpers.js';
import { backgammonGame as game } from './definition.js';
import type { BackgammonState } from './schemas.js';

const { describe: describeAction, parseAction } = game;

const parseIn = (s: BackgammonState, text: string) =>
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
    expect(refusal(() => parseIn(decide, 'take')).code).toBe('wrong_phase');
    const typo = refusal(() => parseIn(decide, 'fly away'));
    expect(typo).toBeInstanceOf(NotationError);
    expect(typo.code).toBe('invalid_notation');
    expect(refusal(() => parseIn(decide, 'resign triple')).code).toBe('invalid_notation');
    const early = refusal(() => parseIn(decide, '13/7 8/7'));
    expect(early).toBeInstanceOf(IllegalActionError);
    expect(early.code).toBe('wrong_phase');
    const opening = stateWith({ phase: 'move', dice: [6, 1] });
    const wrong = refusal(() => parseIn(opening, '13/9 13/11'));
    expect(wrong).toBeInstanceOf(IllegalActionError);
    expect(wrong.code).toBe('illegal_move');
    expect(wrong.message).toContain('13/7 8/7');
    expect(refusal(() => parseIn(opening, 'pass'))).toMatchObject({
      code: 'illegal_move',
      message: expect.stringContaining('A move is possible'),
    });
    expect(refusal(() => parseIn(opening, '13/x')).code).toBe('invalid_notation');
    // Not this seat's turn: nothing is legal.
    const other = parseAction.bind(null, 'resign', game.view(opening, 1), game.legalActions(opening, 1));
    expect(refusal(other).code).toBe('wrong_phase');
  });
});
