/**
 * The rounds `bench/legal-scan.ts` plays to find slow positions: bots pick
 * among the plays of the bounded search alone (`createRummyGame({
 * solverPlay: false })`), half the time the first listed (the most cards),
 * otherwise any listed action. The positions do not depend on the solver.
 */
import { createRng } from '@tabula/core';
import { createRummyGame, type RummyState } from '../src/index.js';

const chooser = createRummyGame({ solverPlay: false });

/** Calls `visit` with every state of the round of `seed` where a seat is to act, and its step number. */
export function scanRound(
  seed: number,
  players: number,
  visit: (state: RummyState, step: number) => void,
  steps = Number.POSITIVE_INFINITY,
): void {
  const rng = createRng(seed);
  let state = chooser.setup({ players }, rng);
  for (let step = 0; state.status === 'playing' && step < steps; step++) {
    visit(state, step);
    const listed = chooser.legalActions(state, state.current);
    const action = listed.length > 1 && rng.int(0, 1) === 0 ? listed[1]! : rng.pick(listed);
    state = chooser.apply(state, state.current, action, rng);
  }
}

/** The state of the round of `seed` at `step`. */
export function scanPosition(seed: number, players: number, step: number): RummyState {
  let found: RummyState | null = null;
  scanRound(
    seed,
    players,
    (state, at) => {
      if (at === step) found = state;
    },
    step + 1,
  );
  if (found === null) throw new Error(`the round of seed ${seed} ends before step ${step}`);
  return found;
}
