import { describe, expect, it } from 'vitest';
import { groupsWithoutJokers } from './feasible.js';
import { groupsFit } from './options.js';

/** Every vector of four counts from 0 to `most`. */
function* counts(most: number, length = 4): Generator<number[]> {
  if (length === 0) {
    yield [];
    return;
  }
  for (const rest of counts(most, length - 1)) for (let n = 0; n <= most; n++) yield [n, ...rest];
}

describe('the joker demand of groups', () => {
  it('finds the most groups without jokers', () => {
    expect(groupsWithoutJokers([1, 1, 1, 0])).toBe(1);
    expect(groupsWithoutJokers([2, 1, 1, 1])).toBe(1);
    expect(groupsWithoutJokers([2, 2, 2, 0])).toBe(2);
    expect(groupsWithoutJokers([2, 2, 1, 1])).toBe(2);
    expect(groupsWithoutJokers([4, 4, 0, 0])).toBe(0);
  });

  // `demand` charges half a joker per group card beyond what groups without jokers hold, suit by suit;
  // the bound is sound only if the groups of a value always need that many jokers
  it('never charges more than the jokers the groups of a value need (every count up to 4 copies)', () => {
    let checked = 0;
    for (const available of counts(4)) {
      const free = groupsWithoutJokers(available);
      for (const grouped of counts(4)) {
        if (grouped.some((n, s) => n > available[s]!)) continue;
        const real = grouped.reduce((a, b) => a + b, 0);
        if (real === 0) continue;
        let jokers = 0;
        while (!groupsFit(real, Math.max(...grouped), jokers)) jokers++;
        const beyond = grouped.reduce((sum, n, s) => sum + Math.max(0, n - Math.min(available[s]!, free)), 0);
        expect(beyond).toBeLessThanOrEqual(2 * jokers);
        checked++;
      }
    }
    expect(checked).toBe(15 ** 4 - 5 ** 4);
  });
});
