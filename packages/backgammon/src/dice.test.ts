import { InvalidInputError, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { RandomDice, SeededDice, SequenceDice } from './dice.js';

const draw = (dice: { die(): number }, n: number) => Array.from({ length: n }, () => dice.die());

describe('SequenceDice', () => {
  it('hands out the given values in order, then throws', () => {
    const dice = new SequenceDice([6, 1, 3]);
    expect(draw(dice, 3)).toEqual([6, 1, 3]);
    expect(dice.remaining()).toBe(0);
    expect(() => dice.die()).toThrow(TabulaError);
    expect(() => dice.die()).toThrow(
      expect.objectContaining({ code: 'invalid_argument', message: expect.stringContaining('ran out') }),
    );
  });

  it('keeps its own copy of the values', () => {
    const values = [2, 4];
    const dice = new SequenceDice(values);
    values[0] = 5;
    expect(dice.die()).toBe(2);
  });

  it('refuses a list with a hole (issue 11, item 7: die() gave undefined)', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    for (const values of [new Array(2), [1, , 3]]) {
      const e = thrownBy(() => new SequenceDice(values as number[]), InvalidInputError);
      expect(e.code).toBe('invalid_input');
      expect(e.path).toBe(values.length === 2 ? '$[0]' : '$[1]');
    }
    expect(thrownBy(() => new SequenceDice('6,1' as never), InvalidInputError).path).toBe('$');
    expect(thrownBy(() => new SequenceDice(null as never), InvalidInputError).code).toBe('invalid_input');
  });

  it.each([[[0]], [[7]], [[1, 2.5]], [['3']]])('refuses %j, naming the bad die', (values) => {
    try {
      new SequenceDice(values as number[]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidInputError);
      expect((e as InvalidInputError).code).toBe('invalid_input');
      expect((e as InvalidInputError).path).toBe(`$[${values.length - 1}]`);
    }
  });
});

describe('SeededDice', () => {
  it('gives the same dice for the same seed, and other dice for another seed', () => {
    expect(draw(new SeededDice(9), 40)).toEqual(draw(new SeededDice(9), 40));
    expect(draw(new SeededDice(9), 40)).not.toEqual(draw(new SeededDice(10), 40));
  });

  it('resumes from save() with the same future dice', () => {
    const dice = new SeededDice(4);
    draw(dice, 13);
    const resumed = new SeededDice(JSON.parse(JSON.stringify(dice.save())));
    expect(draw(resumed, 30)).toEqual(draw(dice, 30));
  });

  it('rolls every face from 1 to 6 and nothing else', () => {
    const values = draw(new SeededDice(1), 3000);
    expect([...new Set(values)].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // Each face should come up about 500 times; 400..600 is more than 4 standard deviations wide.
    for (let face = 1; face <= 6; face++) {
      const n = values.filter((v) => v === face).length;
      expect(n).toBeGreaterThan(400);
      expect(n).toBeLessThan(600);
    }
  });
});

describe('RandomDice', () => {
  it('rolls every face from 1 to 6 and nothing else', () => {
    const values = draw(new RandomDice(), 3000);
    expect([...new Set(values)].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (let face = 1; face <= 6; face++) {
      const n = values.filter((v) => v === face).length;
      expect(n).toBeGreaterThan(400);
      expect(n).toBeLessThan(600);
    }
  });
});
