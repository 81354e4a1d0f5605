import { InvalidInputError, type Rng } from '@tabula/core';
import type { Inputs } from './encode.js';

/** The five outputs, each a chance for the player on roll: win, win a gammon, win a backgammon, lose a gammon, lose a backgammon. */
export const OUTPUTS = 5;
export const WIN = 0;
export const WIN_GAMMON = 1;
export const WIN_BACKGAMMON = 2;
export const LOSE_GAMMON = 3;
export const LOSE_BACKGAMMON = 4;

/**
 * A net with one hidden layer of sigmoid units and five sigmoid outputs.
 * The first layer's weights are stored by input (`w1[i * hidden + j]`) so a
 * sparse input adds one contiguous row. `forward` and `train` allocate
 * nothing; `hiddenOut` and `out` hold the last pass.
 */
export class Net {
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  readonly w2: Float32Array; // w2[j * OUTPUTS + k]
  readonly b2: Float32Array;
  readonly hiddenOut: Float64Array;
  readonly out = new Float64Array(OUTPUTS);
  private readonly deltaHidden: Float64Array;
  private readonly deltaOut = new Float64Array(OUTPUTS);

  constructor(
    readonly inputs: number,
    readonly hidden: number,
  ) {
    this.w1 = new Float32Array(inputs * hidden);
    this.b1 = new Float32Array(hidden);
    this.w2 = new Float32Array(hidden * OUTPUTS);
    this.b2 = new Float32Array(OUTPUTS);
    this.hiddenOut = new Float64Array(hidden);
    this.deltaHidden = new Float64Array(hidden);
  }

  /** Small uniform weights in [-scale, scale] from a seeded generator (so training from a seed repeats). */
  randomize(rng: Rng, scale = 0.1): this {
    const draw = () => (rng.int(0, 0xfffff) / 0xfffff - 0.5) * 2 * scale;
    for (const array of [this.w1, this.b1, this.w2, this.b2])
      for (let i = 0; i < array.length; i++) array[i] = draw();
    return this;
  }

  /** The outputs for sparse inputs, into `this.out`. */
  forward(x: Inputs): Float64Array {
    const H = this.hidden;
    const h = this.hiddenOut;
    const w1 = this.w1;
    for (let j = 0; j < H; j++) h[j] = this.b1[j]!;
    for (let k = 0; k < x.count; k++) {
      const v = x.value[k]!;
      const row = x.index[k]! * H;
      if (v === 1) for (let j = 0; j < H; j++) h[j]! += w1[row + j]!;
      else for (let j = 0; j < H; j++) h[j]! += v * w1[row + j]!;
    }
    for (let j = 0; j < H; j++) h[j] = 1 / (1 + Math.exp(-h[j]!));
    const w2 = this.w2;
    const out = this.out;
    for (let k = 0; k < OUTPUTS; k++) {
      let s = this.b2[k]!;
      for (let j = 0; j < H; j++) s += h[j]! * w2[j * OUTPUTS + k]!;
      out[k] = 1 / (1 + Math.exp(-s));
    }
    return out;
  }

  /**
   * One step of gradient descent on the squared error between the outputs
   * for `x` and `target`, at rate `alpha` (backpropagation through the
   * sigmoids; only the rows of the inputs present change).
   */
  train(x: Inputs, target: ArrayLike<number>, alpha: number): void {
    this.forward(x);
    const H = this.hidden;
    const h = this.hiddenOut;
    const out = this.out;
    const dOut = this.deltaOut;
    for (let k = 0; k < OUTPUTS; k++) {
      const o = out[k]!;
      dOut[k] = (target[k]! - o) * o * (1 - o);
    }
    const w2 = this.w2;
    const dH = this.deltaHidden;
    for (let j = 0; j < H; j++) {
      let s = 0;
      for (let k = 0; k < OUTPUTS; k++) s += dOut[k]! * w2[j * OUTPUTS + k]!;
      dH[j] = s * h[j]! * (1 - h[j]!);
    }
    for (let j = 0; j < H; j++) {
      const hj = alpha * h[j]!;
      for (let k = 0; k < OUTPUTS; k++) w2[j * OUTPUTS + k]! += hj * dOut[k]!;
    }
    for (let k = 0; k < OUTPUTS; k++) this.b2[k]! += alpha * dOut[k]!;
    const w1 = this.w1;
    for (let k = 0; k < x.count; k++) {
      const av = alpha * x.value[k]!;
      const row = x.index[k]! * H;
      for (let j = 0; j < H; j++) w1[row + j]! += av * dH[j]!;
    }
    for (let j = 0; j < H; j++) this.b1[j]! += alpha * dH[j]!;
  }

  /** Every weight, in the order `w1, b1, w2, b2`. */
  weights(): Float32Array {
    const all = new Float32Array(this.w1.length + this.b1.length + this.w2.length + this.b2.length);
    let o = 0;
    for (const a of [this.w1, this.b1, this.w2, this.b2]) {
      all.set(a, o);
      o += a.length;
    }
    return all;
  }

  /** Sets every weight from `weights()`'s order. */
  load(all: Float32Array): this {
    let o = 0;
    for (const a of [this.w1, this.b1, this.w2, this.b2]) {
      a.set(all.subarray(o, o + a.length));
      o += a.length;
    }
    return this;
  }
}

/** A net's weights as base64 of little-endian float32s (btoa: no Buffer, so it runs anywhere). */
export function netToBase64(net: Net): string {
  const w = net.weights();
  const bytes = new Uint8Array(w.buffer, w.byteOffset, w.byteLength);
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 0x8000)));
  return btoa(text);
}

/** A net from `netToBase64`'s text; the wrong size of text throws `InvalidInputError`. */
export function netFromBase64(inputs: number, hidden: number, text: string): Net {
  const binary = atob(text);
  const net = new Net(inputs, hidden);
  const expected = net.weights().length * 4;
  if (binary.length !== expected)
    throw new InvalidInputError(
      'invalid_input',
      '$',
      `A net of ${inputs} inputs and ${hidden} hidden units has ${expected} bytes of weights, got ${binary.length}`,
    );
  const bytes = new Uint8Array(expected);
  for (let i = 0; i < expected; i++) bytes[i] = binary.charCodeAt(i);
  return net.load(new Float32Array(bytes.buffer));
}
