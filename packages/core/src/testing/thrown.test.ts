import { describe, expect, it } from 'vitest';
import { IllegalActionError, TabulaError } from '../errors.js';
import { thrownBy } from './thrown.js';

describe('thrownBy', () => {
  it('returns what the call throws, checked against a class when one is given', () => {
    const refusal = new IllegalActionError('not_your_turn', 'wait');
    expect(
      thrownBy(() => {
        throw refusal;
      }),
    ).toBe(refusal);
    expect(
      thrownBy(() => {
        throw refusal;
      }, TabulaError),
    ).toBe(refusal);
  });

  it('fails when the call returns or throws something else', () => {
    expect(() => thrownBy(() => 1)).toThrow('expected an error');
    expect(() => thrownBy(() => 1, TabulaError)).toThrow('expected a TabulaError');
    expect(() =>
      thrownBy(() => {
        throw new Error('x');
      }, TabulaError),
    ).toThrow(/expected a TabulaError, got Error: x/);
  });
});
