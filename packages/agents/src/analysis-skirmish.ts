import { type AnyGame, createRng, type Rng, type Seat, TabulaError } from '@tabula/core';
import {
  playCard,
  type SkirmishAction,
  type SkirmishState,
  scores,
  skirmishGame,
  viewFor,
} from '@tabula/skirmish';
import type { DecisionContext, GameAnalyser, Judgement } from './analysis.js';
import { chooseBid, opponentCards } from './skirmish-bid.js';

/**
 * Rollouts per legal card unless told otherwise: enough to tell a wasted top
 * ship (several VP) from a sound bid, not to rank bids a VP apart.
 */
export const DEFAULT_ROLLOUTS = 32;

/** A seed for one rollout of one decision, mixed from the analysis seed (Weyl-style constants, so nearby inputs spread). */
function rolloutSeed(seed: number, index: number, rollout: number): number {
  let h = Math.imul((seed | 0) ^ 0x5bd1e995, 0x9e3779b1);
  h = Math.imul(h ^ (index + 1), 0x85ebca6b);
  h = Math.imul(h ^ (rollout + 1), 0xc2b2ae35);
  return (h ^ (h >>> 15)) | 0;
}

/**
 * A state the seat cannot tell from the real one: its own hand and everything
 * public as they are, the card each other seat has committed to this battle
 * (if any) drawn at random from that seat's remaining ships, and the
 * face-down planets shuffled. Which ships each other seat still holds is
 * known from the revealed history when every fleet started the same
 * (`opponentCards`, `bySeat`): `pool` lists them seat by seat. Otherwise
 * `pool` is the others' actual ships, shuffled and dealt at random, which
 * tells the analysis which ships are out there but not who holds them.
 */
function sampleState(
  state: SkirmishState,
  seat: Seat,
  pool: readonly number[],
  bySeat: boolean,
  rng: Rng,
): SkirmishState {
  const cards = bySeat ? pool.slice() : rng.shuffle(pool);
  const hands = state.hands.map((h) => h.slice());
  const plays = state.plays.slice();
  state.hands.forEach((held, other) => {
    if (other === seat) return;
    const pending = plays[other] !== null ? 1 : 0;
    const dealt = cards.splice(0, held.length + pending);
    if (pending === 1) {
      const at = rng.int(0, dealt.length - 1);
      plays[other] = dealt[at] ?? null;
      dealt.splice(at, 1);
    }
    hands[other] = dealt;
  });
  const deck = [...state.deck.slice(0, state.revealed), ...rng.shuffle(state.deck.slice(state.revealed))];
  return { ...state, hands, plays, deck };
}

/** Plays a game out with the bidder in every seat, each with its own generator; the final VP by seat. */
function playOut(state: SkirmishState, seeds: readonly number[]): number[] {
  const rngs = seeds.map((s) => createRng(s));
  let s = state;
  while (s.endReason === null) {
    for (let seat = 0; seat < s.plays.length; seat++) {
      if (s.plays[seat] !== null || s.endReason !== null) continue;
      const hand = s.hands[seat] ?? [];
      s = playCard(s, seat, chooseBid(viewFor(s, seat), seat, hand, rngs[seat] ?? null));
    }
  }
  return scores(s);
}

/** How the skirmish analysis estimates. */
export interface SkirmishAnalyserOptions {
  /** Rollouts per legal card (default `DEFAULT_ROLLOUTS`). */
  readonly rollouts?: number;
}

/**
 * Skirmish analysis by rollouts: the bidder offers no values, so each legal
 * card of a decision is worth the seat's mean final VP over a fixed number of
 * games played out by the bidder in every seat from that decision. Each
 * rollout first deals what the seat cannot see (the card each other seat has
 * committed, among the ships it still holds, and the order of the face-down
 * planets) at random, and
 * every card is tried on the same deals and the same generators (common
 * random numbers), so that the differences between cards are not noise of
 * the deals. Seeded by the analysis seed and the decision's place: the same
 * seed gives the same values. Loss in expected VP; an error from 1 VP, a
 * blunder from 3 VP. The estimates are noisy: at 32 rollouts a sound bid may
 * show up to about a VP of loss (the best of 15 noisy means is biased up),
 * so single errors near the threshold are doubtful; more rollouts narrow it.
 */
export function skirmishAnalyser(options: SkirmishAnalyserOptions = {}): GameAnalyser {
  const rollouts = options.rollouts ?? DEFAULT_ROLLOUTS;
  if (!Number.isSafeInteger(rollouts) || rollouts < 1) {
    throw new TabulaError(
      'invalid_argument',
      `rollouts must be a whole number, 1 or more, got ${String(rollouts)}`,
    );
  }
  return {
    game: skirmishGame as AnyGame,
    analyser: `${rollouts} bidder rollouts a card, hidden cards dealt at random: expected final VP`,
    unit: 'VP',
    errorAt: 1,
    blunderAt: 3,
    judge(untrusted: unknown, seat: Seat, action: unknown, context: DecisionContext): Judgement | null {
      const state = untrusted as SkirmishState;
      const played = action as SkirmishAction;
      const legal = skirmishGame.legalActions(state, seat);
      if (legal.length < 2) return null;
      // What the seat's view says each other seat holds, seat by seat; else the others' ships, pooled.
      const known = opponentCards(viewFor(state, seat), seat);
      const pool =
        known ??
        state.hands.flatMap((held, other) => {
          if (other === seat) return [];
          const pending = state.plays[other];
          return pending === null || pending === undefined ? held : [...held, pending];
        });
      const totals = legal.map(() => 0);
      for (let r = 0; r < rollouts; r++) {
        const rng = createRng(rolloutSeed(context.seed, context.index, r));
        const sampled = sampleState(state, seat, pool, known !== null, rng);
        const seeds = state.hands.map(() => rng.int(-0x80000000, 0x7fffffff));
        legal.forEach((option, i) => {
          const final = playOut(playCard(sampled, seat, option.card), seeds);
          totals[i] = (totals[i] ?? 0) + (final[seat] ?? 0);
        });
      }
      const values = totals.map((t) => t / rollouts);
      let bestAt = 0;
      values.forEach((v, i) => {
        if (v > (values[bestAt] ?? -Infinity)) bestAt = i;
      });
      const playedAt = legal.findIndex((a) => a.card === played.card);
      const best = legal[bestAt] as SkirmishAction;
      const playedValue = values[playedAt] ?? Number.NaN;
      const bestValue = values[bestAt] ?? Number.NaN;
      const rank = 1 + values.filter((v) => v > playedValue).length;
      return {
        kind: 'bid',
        played: skirmishGame.describe?.(played, state) ?? `play ${played.card}`,
        playedValue: Math.round(playedValue * 1e6) / 1e6,
        best: skirmishGame.describe?.(best, state) ?? `play ${best.card}`,
        bestAction: best,
        bestValue: Math.round(bestValue * 1e6) / 1e6,
        options: legal.length,
        note: `ranked ${rank} of ${legal.length}; pot ${state.pot.map((p) => p.id).join(', ') || 'empty'}`,
      };
    },
  };
}
