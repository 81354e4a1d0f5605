import { createRng, IllegalActionError, NotationError, type TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { play, playOut } from '../test/helpers.js';
import { skirmishGame as game } from './definition.js';

describe('notation', () => {
  const state = game.setup(game.defaultConfig(), createRng(9));
  const legal = game.legalActions(state, 0);

  it('describes every legal action in a form parseAction reads back', () => {
    const view = game.view(state, 0);
    for (const action of legal) {
      const text = game.describe!(action, state);
      expect(text).toBe(`play ${action.card}`);
      expect(game.parseAction!(text, view, legal)).toEqual(action);
      expect(game.parseAction!(String(action.card), view, legal)).toEqual(action);
    }
    expect(game.parseAction!('  PLAY   12 ', view, legal)).toEqual(play(12));
  });

  it('explains what is wrong with a typed play', () => {
    const view = game.view(state, 0);
    const codeOf = (text: string, actions = legal) =>
      (thrownBy(() => game.parseAction!(text, view, actions)) as TabulaError).code;
    expect(codeOf('play')).toBe('invalid_notation');
    expect(codeOf('seven')).toBe('invalid_notation');
    expect(codeOf('7 8')).toBe('invalid_notation');
    expect(thrownBy(() => game.parseAction!('seven', view, legal))).toBeInstanceOf(NotationError);
    expect(codeOf('play 16')).toBe('card_not_held');
    expect(codeOf('3', [])).toBe('not_your_turn');
    const over = playOut(state, createRng(4));
    expect((thrownBy(() => game.parseAction!('3', game.view(over, 0), [])) as TabulaError).code).toBe(
      'game_over',
    );
    expect(thrownBy(() => game.parseAction!('16', view, legal))).toBeInstanceOf(IllegalActionError);
    expect((thrownBy(() => game.parseAction!('16', view, legal)) as Error).message).toMatch(/ship 16/);
  });

  it('renders the pot, scores, who has played and the own hand, never a pending card of another; seats numbered as the contract numbers them (issue 11, item 17)', () => {
    let s = game.apply(state, 0, play(8), createRng(0));
    s = game.apply(s, 1, play(3), createRng(0));
    s = game.apply(s, 1, play(15), createRng(0));
    const text = game.render!(game.view(s, 0));
    expect(text).toContain(`Pot: ${game.view(s, 0).potTotalVp} VP`);
    expect(text).toMatch(/Seat 0 \(you\): \d+ VP, 1 planet, 14 ships, to play/);
    expect(text).toMatch(/Seat 1: 0 VP, 0 planets, 13 ships, has played/);
    expect(text).toContain('Your hand: 1 2 3 4 5 6 7 9 10 11 12 13 14 15');
    expect(text).toContain('Last battle: 8 vs 3: seat 0 took');
    expect(game.render!(game.view(s, null))).not.toMatch(/15/);
    const over = game.render!(game.view(playOut(state, createRng(4)), null));
    expect(over).toMatch(/Game over \(\w+\): seat \d/);
  });
});
