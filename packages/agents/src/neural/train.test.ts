import { describe, expect, it } from 'vitest';
import { encode, Inputs } from './encode.js';
import { START } from './selfplay.js';
import { evaluatorOf, initialTraining, train, widenContact } from './train.js';

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

  it('widens the contact net without changing what it says, then trains the new units too', () => {
    const narrow = train(initialTraining(10, 4, 2, 0.1), 4, null);
    const wide = widenContact(narrow, 7);
    expect(wide.contactHidden).toBe(7);
    expect(wide.race).toBe(narrow.race);
    const x = encode(START, new Inputs());
    const before = Array.from(evaluatorOf(narrow, null).contact.forward(x));
    const after = Array.from(evaluatorOf(wide, null).contact.forward(x));
    for (let k = 0; k < before.length; k++) expect(after[k]).toBeCloseTo(before[k]!, 6);
    expect(widenContact(narrow, 7).contact).toBe(wide.contact);
    const trained = evaluatorOf(train(wide, 4, null), null).contact;
    expect(trained.w2.subarray(4 * 5).some((w) => w !== 0)).toBe(true);
    expect(() => widenContact(narrow, 3)).toThrow(RangeError);
  });
});
