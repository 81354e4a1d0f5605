import { type Static, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { GameDefinition } from '../contract.js';
import { type ErrorCode, IllegalActionError, InvalidInputError } from '../errors.js';
import { parseWith } from '../validate.js';
import { ConformanceError, runConformance } from './conformance.js';
import { mutate } from './fuzz.js';

// A toy game to prove the kit: each seat holds a secret card; seats take turns
// to raise (at most 3 raises) or show; the higher card wins the pot.
const ActionSchema = Type.Union([
  Type.Object({ type: Type.Literal('raise') }),
  Type.Object({ type: Type.Literal('show') }),
]);
type Action = Static<typeof ActionSchema>;
const StateSchema = Type.Object({
  cards: Type.Array(Type.Integer()),
  pot: Type.Integer(),
  turn: Type.Integer(),
  shown: Type.Boolean(),
});
type State = Static<typeof StateSchema>;
const ViewSchema = Type.Object({
  mine: Type.Union([Type.Integer(), Type.Null()]),
  theirs: Type.Union([Type.Integer(), Type.Null()]),
  pot: Type.Integer(),
});
type View = Static<typeof ViewSchema>;

const over = (s: State) => s.shown || s.pot >= 4;

const highCard: GameDefinition<State, Action, null, View> = {
  id: 'high-card',
  version: '1',
  seatCount: () => 2,
  defaultConfig: () => null,
  setup(config, rng) {
    parseWith(Type.Null(), config, 'The high-card config', 'invalid_config');
    return { cards: [rng.int(1, 10), rng.int(1, 10)], pot: 1, turn: 0, shown: false };
  },
  toAct: (s) => (over(s) ? [] : [s.turn]),
  legalActions: (s, seat) => (over(s) || seat !== s.turn ? [] : [{ type: 'raise' }, { type: 'show' }]),
  apply(s, seat, action) {
    if (over(s)) throw new IllegalActionError('game_over', 'The game is over');
    if (seat !== s.turn) throw new IllegalActionError('not_your_turn', `It is seat ${s.turn}'s turn`);
    const type = (action as { type?: unknown } | null)?.type;
    if (type === 'raise') return { ...s, pot: s.pot + 1, turn: 1 - s.turn };
    if (type === 'show') return { ...s, shown: true };
    throw new IllegalActionError('invalid_action', 'An action is raise or show');
  },
  view: (s, seat) => ({
    mine: seat === null ? null : (s.cards[seat] ?? null),
    theirs: over(s) && seat !== null ? (s.cards[1 - seat] ?? null) : null,
    pot: s.pot,
  }),
  outcome(s) {
    if (!over(s)) return null;
    const [a, b] = s.cards as [number, number];
    const winners = a === b ? [] : a > b ? [0] : [1];
    return {
      scores: [a > b ? s.pot : a < b ? -s.pot : 0, b > a ? s.pot : b < a ? -s.pot : 0],
      winners,
      reason: 'show',
    };
  },
  fromJSON: (json) => parseWith(StateSchema, json, 'A high-card state', 'invalid_state'),
  schemas: { config: Type.Null(), action: ActionSchema, state: StateSchema, view: ViewSchema },
};

const hiddenVariant = (s: State, seat: number | null) => {
  if (over(s)) return null;
  return { ...s, cards: s.cards.map((card, i) => (i === seat ? card : (card % 10) + 1)) };
};

describe('runConformance', () => {
  it('passes a sound game and counts what it checked', () => {
    const report = runConformance(highCard, { games: 300, hiddenVariant });
    expect(report.games).toBe(300);
    expect(report.actions).toBeGreaterThan(300);
    expect(report.legalActionsApplied).toBeGreaterThan(0);
    expect(report.refusalsChecked).toBeGreaterThan(0);
    expect(report.leakChecks).toBeGreaterThan(0);
  });

  it('catches a view that leaks the other seat’s card', () => {
    const leaky = {
      ...highCard,
      view: (s: State, seat: number | null) => ({ ...highCard.view(s, seat), theirs: s.cards[1] ?? null }),
    };
    expect(() => runConformance(leaky, { games: 20, hiddenVariant })).toThrow(/cannot see/);
  });

  it('catches an apply that changes its input', () => {
    const mutating = {
      ...highCard,
      apply(s: State, seat: number, action: Action, rng: Parameters<typeof highCard.apply>[3]) {
        const next = highCard.apply(s, seat, action, rng);
        s.pot += 0.5;
        return next;
      },
    };
    expect(() => runConformance(mutating, { games: 5 })).toThrow(ConformanceError);
  });

  it('catches a refusal of the wrong class or code, and an action that should be refused', () => {
    const lax = { ...highCard, apply: (s: State) => ({ ...s, shown: true }) };
    expect(() => runConformance(lax, { games: 5 })).toThrow(/allowed to play/);
    const untyped = {
      ...highCard,
      apply(s: State, seat: number, action: Action, rng: Parameters<typeof highCard.apply>[3]) {
        try {
          return highCard.apply(s, seat, action, rng);
        } catch {
          throw new Error('no');
        }
      },
    };
    expect(() => runConformance(untyped, { games: 5 })).toThrow(/is not a IllegalActionError/);
    const uncoded = {
      ...highCard,
      apply(s: State, seat: number, action: Action, rng: Parameters<typeof highCard.apply>[3]) {
        try {
          return highCard.apply(s, seat, action, rng);
        } catch {
          throw new IllegalActionError('bad_action' as ErrorCode, 'no');
        }
      },
    };
    expect(() => runConformance(uncoded, { games: 5 })).toThrow(/not in ERROR_CODES/);
  });

  it('catches a config or a state that should be refused, and a state fromJSON does not take back', () => {
    const trusting = {
      ...highCard,
      setup: (_c: null, rng: Parameters<typeof highCard.setup>[1]) => highCard.setup(null, rng),
    };
    expect(() => runConformance(trusting, { games: 1 })).toThrow(/setup with the config .* was accepted/);
    const gullible = { ...highCard, fromJSON: (json: unknown) => json as State };
    expect(() => runConformance(gullible, { games: 1 })).toThrow(/fromJSON of .* was accepted/);
    const forgetful = { ...highCard, fromJSON: (json: unknown) => ({ ...highCard.fromJSON(json), pot: 1 }) };
    expect(() => runConformance(forgetful, { games: 5 })).toThrow(
      /fromJSON of the saved state gives another state/,
    );
  });

  it('catches legal actions listed for a seat that is not to act, and a game that never ends', () => {
    const chatty = { ...highCard, legalActions: (s: State) => (over(s) ? [] : [{ type: 'raise' as const }]) };
    expect(() => runConformance(chatty, { games: 5 })).toThrow(/not to act but has legal actions/);
    const endless = { ...highCard, outcome: () => null, toAct: (s: State) => [s.turn] };
    expect(() => runConformance(endless, { games: 1, maxActions: 50 })).toThrow();
  });

  it('catches a loaded state that is stuck: live, but no seat to act with a legal action', () => {
    const loaded = new WeakSet<object>();
    const stuckOnLoad = {
      ...highCard,
      fromJSON(json: unknown) {
        const state = highCard.fromJSON(json);
        loaded.add(state);
        return state;
      },
      toAct: (s: State) => (loaded.has(s) ? [] : highCard.toAct(s)),
    };
    expect(() => runConformance(stuckOnLoad, { games: 2 })).toThrow(/fromJSON accepts a stuck state/);
  });

  it('plays on from the mutated states fromJSON accepts, and catches one that is stuck', () => {
    // Seat 2 does not exist: a state whose turn is 2 is stuck, and a sound fromJSON refuses it.
    const mutants = (s: State) => [{ ...s, turn: 2 }, { ...s, pot: 3 }, { ...s, cards: [] }, 'garbage'];
    const careful = {
      ...highCard,
      fromJSON(json: unknown) {
        const state = highCard.fromJSON(json);
        if (state.turn > 1 || state.cards.length !== 2)
          throw new InvalidInputError('invalid_state', '$.turn', 'no such seat');
        return state;
      },
    };
    const report = runConformance(careful, { games: 20, mutants });
    expect(report.mutantsChecked).toBeGreaterThan(0);
    expect(report.mutantsAccepted).toBeGreaterThan(0);
    expect(report.mutantsAccepted).toBeLessThan(report.mutantsChecked);
    expect(() => runConformance(highCard, { games: 20, mutants })).toThrow(/seat 2 is to act but/);
    // Random mutations of real states: the sound game refuses or plays on from each.
    const random = runConformance(careful, {
      games: 20,
      mutants: (s, rng) => Array.from({ length: 5 }, () => mutate(s, rng, rng.int(1, 2))),
    });
    expect(random.mutantsChecked).toBeGreaterThan(100);
  });

  it("checks a game's own forfeit rule: it ends the game, and the seat that forfeits loses", () => {
    // The forfeiting seat's card turns to 0 and the cards are shown: it loses.
    const fair: typeof highCard = {
      ...highCard,
      forfeit: (s, seat) => ({
        ...s,
        shown: true,
        cards: s.cards.map((c, i) => (i === seat ? 0 : Math.max(c, 1))),
      }),
    };
    expect(() => runConformance(fair, { games: 10 })).not.toThrow();
    const idle: typeof highCard = { ...highCard, forfeit: (s) => s };
    expect(() => runConformance(idle, { games: 5 })).toThrow(/forfeit of seat \d does not end the game/);
    const backwards: typeof highCard = {
      ...highCard,
      forfeit: (s, seat) => ({ ...s, shown: true, cards: s.cards.map((_, i) => (i === seat ? 11 : 0)) }),
    };
    expect(() => runConformance(backwards, { games: 5 })).toThrow(/wins by its own forfeit/);
    const careless: typeof highCard = {
      ...highCard,
      forfeit: (s, seat) => {
        s.shown = true;
        return { ...s, cards: s.cards.map((c, i) => (i === seat ? 0 : Math.max(c, 1))) };
      },
    };
    expect(() => runConformance(careless, { games: 5 })).toThrow(/forfeit changed the state/);
  });

  it('catches a game that does not replay from its seed', () => {
    let calls = 0;
    const drifting = {
      ...highCard,
      setup: (c: null, rng: Parameters<typeof highCard.setup>[1]) => ({
        ...highCard.setup(c, rng),
        turn: calls++ % 2,
      }),
    };
    expect(() => runConformance(drifting, { games: 10 })).toThrow(/replaying/);
  });
});
