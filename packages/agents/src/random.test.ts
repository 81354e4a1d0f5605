import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { randomAgent } from './random.js';

describe('randomAgent', () => {
  it('chooses the same without its view as with it, drawing the same numbers', () => {
    const agent = randomAgent<string, number>();
    const legal = [1, 2, 3, 4, 5, 6, 7];
    const seeing = createRng(9);
    const blind = createRng(9);
    for (let i = 0; i < 50; i++) {
      const withView = agent.act('a view', legal, { seat: 0, rng: seeing });
      expect(agent.actWithoutView?.(legal, { seat: 0, rng: blind })).toBe(withView);
    }
  });

  it('refuses to act with nothing to choose from, with or without a view', () => {
    const agent = randomAgent();
    expect(() => agent.act(null, [], { seat: 0, rng: createRng(1) })).toThrow(/no legal action/);
    expect(() => agent.actWithoutView?.([], { seat: 0, rng: createRng(1) })).toThrow(/no legal action/);
  });
});
