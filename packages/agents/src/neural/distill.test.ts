import { describe, expect, it } from 'vitest';
import { fitTargets, targetSet } from './distill.js';
import { encode, Inputs } from './encode.js';
import { classify } from './evaluator.js';
import { OUTPUTS } from './net.js';
import { POSITION_SIZE } from './position.js';
import { evaluatorOf, initialTraining, train } from './train.js';

const tiny = () => evaluatorOf(train(initialTraining(3, 6, 3, 0.1), 20, null), null);

describe('distillation', () => {
  it('pairs positions of self-play games with their 1-ply chances, the same from the same seed', () => {
    const a = targetSet(tiny(), 5, 2);
    const b = targetSet(tiny(), 5, 2);
    expect(a.count).toBeGreaterThan(20);
    expect(a.positions).toEqual(b.positions);
    expect(a.targets).toEqual(b.targets);
    expect(targetSet(tiny(), 6, 2).positions).not.toEqual(a.positions);
    for (let i = 0; i < a.count; i++) {
      const p = a.targets.subarray(i * OUTPUTS, (i + 1) * OUTPUTS);
      for (const x of p) expect(x >= 0 && x <= 1).toBe(true);
      // A gammon is part of its win or loss, a backgammon part of its gammon.
      expect(p[1]!).toBeLessThanOrEqual(p[0]! + 1e-6);
      expect(p[2]!).toBeLessThanOrEqual(p[1]! + 1e-6);
      expect(p[3]!).toBeLessThanOrEqual(1 - p[0]! + 1e-6);
      expect(p[4]!).toBeLessThanOrEqual(p[3]! + 1e-6);
    }
  });

  it('brings the nets closer to the targets, deterministically', () => {
    const set = targetSet(tiny(), 7, 3);
    const error = (ev: ReturnType<typeof tiny>) => {
      const x = new Inputs();
      let sum = 0;
      for (let i = 0; i < set.count; i++) {
        const pos = set.positions.subarray(i * POSITION_SIZE, (i + 1) * POSITION_SIZE);
        const net = classify(ev, pos) === 'contact' ? ev.contact : ev.race;
        const out = net.forward(encode(pos, x));
        for (let k = 0; k < OUTPUTS; k++) sum += (out[k]! - set.targets[i * OUTPUTS + k]!) ** 2;
      }
      return sum / set.count;
    };
    const before = tiny();
    const fitted = tiny();
    fitTargets(fitted, [set], 20, 0.1, 1);
    expect(error(fitted)).toBeLessThan(0.5 * error(before));
    const again = tiny();
    fitTargets(again, [set], 20, 0.1, 1);
    expect(again.contact.weights()).toEqual(fitted.contact.weights());
  });
});
