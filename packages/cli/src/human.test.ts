import { type AnyGame, createRng, IllegalActionError } from '@tabula/core';
import { skirmishGame } from '@tabula/skirmish';
import { describe, expect, it } from 'vitest';
import { humanAgent, Quit, type Terminal } from './human.js';

const game = skirmishGame as AnyGame;
const state = game.setup(game.defaultConfig(2), createRng(3));
const view = game.view(state, 0);
const legal = game.legalActions(state, 0);
const ctx = { seat: 0, rng: createRng(1) };

/** A terminal that answers with the given lines, then with the end of the input. */
function typing(...answers: string[]): Terminal & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    out: (line) => lines.push(line),
    ask: async () => answers.shift() ?? null,
  };
}

describe('the human agent', () => {
  it('shows the view and the numbered actions, and asks again with the reason until the answer is legal', async () => {
    const terminal = typing('0', '99', 'play banana', 'play 7');
    const agent = humanAgent(game, terminal, (action) => `<${JSON.stringify(action)}>`);
    expect(await agent.act(view, legal, ctx)).toEqual({ type: 'play', card: 7 });
    expect(terminal.lines[0]).toBe(game.render?.(view));
    expect(terminal.lines).toContain(`  1. <${JSON.stringify(legal[0])}>`);
    const refusals = terminal.lines.filter((line) => line.startsWith('Not accepted: '));
    expect(refusals).toHaveLength(3);
    expect(refusals[0]).toMatch(/Choose 1 to 15/);
  });

  it('picks by number from the legal list', async () => {
    expect(await humanAgent(game, typing('2'), String).act(view, legal, ctx)).toBe(legal[1]);
  });

  it('takes only numbers when the game has no notation', async () => {
    const numbersOnly = { ...game, parseAction: undefined, render: undefined };
    const terminal = typing('play 7', '1');
    expect(await humanAgent(numbersOnly, terminal, String).act(view, legal, ctx)).toBe(legal[0]);
    expect(terminal.lines).toContain('Not accepted: Type the number of an action, 1 to 15');
  });

  it('passes on what the notation refuses as illegal, and lets other errors through', async () => {
    const refusing = {
      ...game,
      parseAction: (text: string) => {
        if (text === 'late') throw new IllegalActionError('wrong_phase', 'Too late');
        throw new Error('a bug');
      },
    };
    const terminal = typing('late', 'bug');
    await expect(humanAgent(refusing, terminal, String).act(view, legal, ctx)).rejects.toThrow('a bug');
    expect(terminal.lines).toContain('Not accepted: Too late');
  });

  it('ends the game on "quit" and at the end of the input', async () => {
    await expect(humanAgent(game, typing('quit'), String).act(view, legal, ctx)).rejects.toThrow(Quit);
    await expect(humanAgent(game, typing(), String).act(view, legal, ctx)).rejects.toThrow(Quit);
  });
});
