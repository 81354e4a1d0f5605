import { describe, expect, it } from 'vitest';
import { NumberMemo } from './memo.js';

describe('NumberMemo', () => {
  it('keeps values by key through growth, and a memo given back comes empty', () => {
    const memo = NumberMemo.take();
    const keys = Array.from({ length: 20_000 }, (_, i) => i * 4_294_967_311 + 7);
    for (const [i, key] of keys.entries()) memo.set(key, i + 0.5);
    memo.set(keys[3]!, -1);
    expect(memo.size).toBe(keys.length);
    expect(memo.get(keys[3]!)).toBe(-1);
    expect(memo.get(keys[19_999]!)).toBe(19_999.5);
    expect(memo.get(5)).toBeNaN();
    NumberMemo.giveBack(memo);
    const next = NumberMemo.take();
    expect(next.size).toBe(0);
    expect(next.get(keys[19_999]!)).toBeNaN();
    next.set(keys[0]!, Number.NEGATIVE_INFINITY);
    expect(next.get(keys[0]!)).toBe(Number.NEGATIVE_INFINITY);
    NumberMemo.giveBack(next);
  });
});
