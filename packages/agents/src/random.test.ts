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

  it('leaves out the action types it avoids while anything else is legal', async () => {
    const agent = randomAgent<null, { type: string }>({ avoid: ['double'] });
    const rng = createRng(3);
    const legal = [{ type: 'roll' }, { type: 'double' }];
    for (let i = 0; i < 50; i++) expect(agent.act(null, legal, { seat: 0, rng })).toEqual({ type: 'roll' });
    // With nothing else to do it still acts.
    expect(agent.act(null, [{ type: 'double' }], { seat: 0, rng })).toEqual({ type: 'double' });
    // Without the option, both come up.
    const plain = randomAgent<null, { type: string }>();
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add((await plain.act(null, legal, { seat: 0, rng })).type);
    expect(seen).toEqual(new Set(['roll', 'double']));
  });
});
