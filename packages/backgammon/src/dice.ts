import { Type } from '@sinclair/typebox';
import { createRng, parseWith, type Rng, type RngState, type Seed, TabulaError } from '@tabula/core';
import { DieSchema } from './schemas.js';

/** What `SequenceDice` hands out: dice 1 to 6, in order. */
const DiceSequenceSchema = Type.Array(DieSchema);

/**
 * The table's only source of randomness. `die()` gives one die, 1 to 6. The
 * table calls it for the opening roll and for every roll (auto-rolls
 * included) and nowhere else, so the same dice replay the same game.
 */
export interface Dice {
  die(): number;
}

/**
 * Fair dice from the platform's cryptographic generator (Web Crypto, in Node
 * and in browsers alike). A byte of 252 or more is drawn again: 252 is the
 * largest multiple of 6 a byte holds, so every face keeps the same chance.
 */
export class RandomDice implements Dice {
  private readonly byte = new Uint8Array(1);

  die(): number {
    for (;;) {
      crypto.getRandomValues(this.byte);
      const value = this.byte[0] as number;
      if (value < 252) return (value % 6) + 1;
    }
  }
}

/** Fixed dice for tests: hands out the given values in order and throws (`invalid_argument`) when they run out. */
export class SequenceDice implements Dice {
  private readonly values: readonly number[];
  private next = 0;

  /**
   * @throws InvalidInputError `invalid_input` for values that are not a list of dice 1 to 6 (a hole in
   *   the list included), naming the first bad one: `$[1]`.
   */
  constructor(values: readonly number[]) {
    this.values = parseWith(DiceSequenceSchema, values, 'The dice', 'invalid_input').slice();
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
