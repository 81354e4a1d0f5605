import { createRng, type Rng } from '@tabula/core';
import { encode, Inputs } from './encode.js';
import { classify, type Evaluator } from './evaluator.js';
import { OUTPUTS } from './net.js';
import { POSITION_SIZE, type Position } from './position.js';
import { evaluatePlied } from './search.js';
import { gameTurns, zeroPlyChooser } from './selfplay.js';

/*
 * Training after self-play: distillation of the look-ahead into the net.
 * TD(0) self-play levels off (the 64-unit net gained nothing between 395,000
 * and 540,000 games, nor with a lower rate or twice the hidden units). The
 * net's own 1-ply evaluation of a position (the average over the 21 rolls of
 * the position after the best play of each at 0-ply) is a better estimate
 * than its 0-ply one, so the nets are trained, by plain supervised descent,
 * toward the 1-ply chances of positions of self-play games: what the search
 * sees, the net learns to see at once (gnubg's nets were tuned toward
 * deeper evaluations in the same spirit). Positions the bear-off database
 * answers are left out; it is exact.
 */

/** Positions (roller on roll) with their 1-ply chances. */
export interface TargetSet {
  count: number;
  /** `count` positions of `POSITION_SIZE` each. */
  positions: Int8Array;
  /** `count` times the five chances. */
  targets: Float32Array;
}

/**
 * The positions of `games` 0-ply self-play games of `ev` from `seed`, each
 * with its 1-ply chances. Seeded: the same evaluator, seed and count give the
 * same set. `onGame` hears of each game's end (for progress).
 */
export function targetSet(
  ev: Evaluator,
  seed: number,
  games: number,
  onGame?: (done: number) => void,
): TargetSet {
  const positions: Position[] = [];
  const targets: Float64Array[] = [];
  const choose = zeroPlyChooser(ev);
  const dice: Rng = createRng(seed);
  const take = (pos: Position) => {
    if (classify(ev, pos) === 'bearoff') return;
    positions.push(pos.slice());
    targets.push(evaluatePlied(ev, pos, 1, new Float64Array(OUTPUTS)));
  };
  for (let g = 0; g < games; g++) {
    const game = gameTurns(dice);
    let step = game.next();
    while (!step.done) {
      const t = step.value;
      take(t.pos);
      step = game.next(choose(t.pos, t.list, t.n));
    }
    onGame?.(g + 1);
  }
  const set: TargetSet = {
    count: positions.length,
    positions: new Int8Array(positions.length * POSITION_SIZE),
    targets: new Float32Array(positions.length * OUTPUTS),
  };
  positions.forEach((pos, i) => {
    set.positions.set(pos, i * POSITION_SIZE);
    set.targets.set(targets[i]!, i * OUTPUTS);
  });
  return set;
}

/**
 * `epochs` passes of gradient descent at rate `alpha` over the positions of
 * `sets`, in an order shuffled from `seed`, each position training the net
 * that answers for it (contact or race) toward its target. Changes `ev`'s nets.
 */
export function fitTargets(
  ev: Evaluator,
  sets: readonly TargetSet[],
  epochs: number,
  alpha: number,
  seed: number,
): void {
  const rng = createRng(seed);
  const inputs = new Inputs();
  const order: [number, number][] = sets.flatMap((set, s) =>
    Array.from({ length: set.count }, (_, i): [number, number] => [s, i]),
  );
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const [s, i] of order) {
      const set = sets[s]!;
      const pos = set.positions.subarray(i * POSITION_SIZE, (i + 1) * POSITION_SIZE);
      const kind = classify(ev, pos);
      if (kind === 'bearoff') continue;
      (kind === 'contact' ? ev.contact : ev.race).train(
        encode(pos, inputs),
        set.targets.subarray(i * OUTPUTS, (i + 1) * OUTPUTS),
        alpha,
      );
    }
  }
}
