import { randomInt } from 'node:crypto';
import { createRng, InvalidInputError, type Rng, type RngState, type Seed, TabulaError } from '@tabula/core';

/**
 * The table's only source of randomness. `die()` gives one die, 1 to 6. The
 * table calls it for the opening roll and for every roll (auto-rolls
 * included) and nowhere else, so the same dice replay the same game.
 */
export interface Dice {
  die(): number;
}

/** Fair dice from the operating system's cryptographic generator (`crypto.randomInt`, unbiased). */
export class RandomDice implements Dice {
  die(): number {
    return randomInt(1, 7);
  }
}

/** Fixed dice for tests: hands out the given values in order and throws (`invalid_argument`) when they run out. */
export class SequenceDice implements Dice {
  private readonly values: readonly number[];
  private next = 0;

  constructor(values: readonly number[]) {
    if (!Array.isArray(values))
      throw new InvalidInputError('invalid_input', '$', 'the dice must be a list of numbers');
    values.forEach((v, i) => {
      if (!Number.isInteger(v) || v < 1 || v > 6) {
        throw new InvalidInputError('invalid_input', `$[${i}]`, `a die shows 1 to 6, got ${String(v)}`);
      }
    });
    this.values = values.slice();
  }

  die(): number {
    const value = this.values[this.next];
    if (value === undefined) {
      throw new TabulaError(
        'invalid_argument',
        `SequenceDice ran out: all ${this.values.length} dice were used and another was asked for`,
      );
    }
    this.next++;
    return value;
  }

  /** How many dice are left. */
  remaining(): number {
    return this.values.length - this.next;
  }
}

/** Reproducible dice from the project's seeded generator; `save()` lets a game resume with the same future dice. */
export class SeededDice implements Dice {
  private readonly rng: Rng;

  constructor(from: Seed | RngState) {
    this.rng = createRng(from);
  }

  die(): number {
    return this.rng.int(1, 6);
  }

  /** The generator's state as JSON: `new SeededDice(saved)` rolls exactly what this one would roll next. */
  save(): RngState {
    return this.rng.save();
  }
}

/**
 * Dice drawn from a core `Rng`, such as the chance stream the game
 * definition is given: each die is `rng.int(1, 6)`.
 */
export class RngDice implements Dice {
  constructor(private readonly rng: Rng) {}

  die(): number {
    return this.rng.int(1, 6);
  }
}
