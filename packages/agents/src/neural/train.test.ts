import { describe, expect, it } from 'vitest';
import { initialTraining, train } from './train.js';

describe('training', () => {
  it('gives the same weights from the same seed, and others from another', () => {
    const a = train(initialTraining(7, 4, 2, 0.1), 6, null);
    const b = train(initialTraining(7, 4, 2, 0.1), 6, null);
    const c = train(initialTraining(8, 4, 2, 0.1), 6, null);
    expect(a.games).toBe(6);
    expect(a.contact).toBe(b.contact);
    expect(a.race).toBe(b.race);
    expect(a.rng).toEqual(b.rng);
    expect(c.contact).not.toBe(a.contact);
    // Training changed the weights it started from.
    expect(a.contact).not.toBe(initialTraining(7, 4, 2, 0.1).contact);
  });

  it('resumes from a checkpoint exactly where a longer run would be', () => {
    const once = train(initialTraining(9, 4, 2, 0.1), 6, null);
    const twice = train(JSON.parse(JSON.stringify(train(initialTraining(9, 4, 2, 0.1), 3, null))), 3, null);
    expect(twice.contact).toBe(once.contact);
    expect(twice.race).toBe(once.race);
  });
});
