import { type AnyGame, createRng, IllegalActionError } from '@tabula/core';
import { rummyGame } from '@tabula/rummy';
import { skirmishGame } from '@tabula/skirmish';
import { describe, expect, it } from 'vitest';
import { humanAgent, Quit, SHOWN_ACTIONS, type Terminal } from './human.js';

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
  it('shows the view and the listed actions, and asks again with the reason until the answer is legal', async () => {
    const terminal = typing('#0', '#99', 'play banana', 'play 7');
    const agent = humanAgent(game, terminal, (action) => `<${JSON.stringify(action)}>`);
    expect(await agent.act(view, legal, ctx)).toEqual({ type: 'play', card: 7 });
    expect(terminal.lines[0]).toBe(game.render?.(view));
    expect(terminal.lines).toContain(`  #1  <${JSON.stringify(legal[0])}>`);
    expect(terminal.lines).toContain(`  #15 <${JSON.stringify(legal[14])}>`);
    const refusals = terminal.lines.filter((line) => line.startsWith('Not accepted: '));
    expect(refusals).toHaveLength(3);
    expect(refusals[0]).toBe('Not accepted: There is no #0 in the list: choose #1 to #15');
    expect(refusals[1]).toBe('Not accepted: There is no #99 in the list: choose #1 to #15');
  });

  it('picks from the list with #N, in every game the same', async () => {
    expect(await humanAgent(game, typing('#2'), String).act(view, legal, ctx)).toBe(legal[1]);
    expect(await humanAgent(game, typing('# 3'), String).act(view, legal, ctx)).toBe(legal[2]);
  });

  it('reads a bare number as the game reads it: a ship in skirmish, not a place in the list', async () => {
    // The input that failed: "7" sent ship 8 once ship 7 was no longer first in line.
    const later = legal.filter((a) => (a as { card: number }).card !== 1);
    expect(await humanAgent(game, typing('7'), String).act(view, later, ctx)).toEqual({
      type: 'play',
      card: 7,
    });
    expect(await humanAgent(game, typing('7'), String).act(view, legal, ctx)).toEqual({
      type: 'play',
      card: 7,
    });
  });

  it('says when there is only one choice', async () => {
    const terminal = typing('#2', '#1');
    expect(await humanAgent(game, terminal, String).act(view, legal.slice(0, 1), ctx)).toBe(legal[0]);
    expect(terminal.lines).toContain('Not accepted: There is no #2 in the list: #1 is the only one');
  });

  it('in rummy with draw the only listed action, a wrong number says so (issue 11, item 15: "Choose 1 to 1")', async () => {
    const rummy = rummyGame as AnyGame;
    const round = rummy.setup({ players: 2, rules: { decks: 1, jokers: 0, handSize: 3 } }, createRng(1));
    const only = rummy.legalActions(round, 0);
    expect(only).toEqual([{ type: 'draw' }]);
    const terminal = typing('#2', '2', '#1');
    expect(await humanAgent(rummy, terminal, String).act(rummy.view(round, 0), only, ctx)).toEqual({
      type: 'draw',
    });
    const refusals = terminal.lines.filter((line) => line.startsWith('Not accepted: '));
    expect(refusals[0]).toBe('Not accepted: There is no #2 in the list: #1 is the only one');
    expect(refusals[1]).toMatch(/^Not accepted: Not an action: "2"\. Type "draw", "pass"/);
  });

  it('takes only #N when the game has no notation', async () => {
    const numbersOnly = { ...game, parseAction: undefined, render: undefined };
    const terminal = typing('play 7', '1', '#1');
    expect(await humanAgent(numbersOnly, terminal, String).act(view, legal, ctx)).toBe(legal[0]);
    expect(terminal.lines).toContain('Not accepted: Type # and the number of an action: choose #1 to #15');
    expect(terminal.lines.filter((line) => line.startsWith('Not accepted: '))).toHaveLength(2);
  });

  it('lists at most SHOWN_ACTIONS, and #N picks only a listed one', async () => {
    const many = Array.from({ length: SHOWN_ACTIONS + 5 }, (_, card) => ({ type: 'play', card }));
    const terminal = typing(`#${SHOWN_ACTIONS + 1}`, `#${SHOWN_ACTIONS}`);
    const numbersOnly = { ...game, parseAction: undefined, render: undefined };
    expect(await humanAgent(numbersOnly, terminal, String).act(view, many, ctx)).toBe(
      many[SHOWN_ACTIONS - 1],
    );
    expect(terminal.lines).toContain('  ... and 5 more (type one in notation)');
    expect(terminal.lines).toContain(
      `Not accepted: There is no #${SHOWN_ACTIONS + 1} in the list: choose #1 to #${SHOWN_ACTIONS}`,
    );
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
