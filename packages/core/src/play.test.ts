import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { Agent, GameDefinition } from './contract.js';
import { AgentFailedError, IllegalActionError, InvalidInputError } from './errors.js';
import { type GameRecord, playGame, replay } from './play.js';
import { jsonPath, parseWith } from './validate.js';

// Race to 10: each turn the seat to act rolls a die (chance) or adds 1 (safe).
type State = { totals: number[]; turn: number };
type Action = { type: 'roll' | 'step' };
const race: GameDefinition<State, Action, null, State> = {
  id: 'race',
  version: '1',
  seatCount: () => 2,
  defaultConfig: () => null,
  setup: () => ({ totals: [0, 0], turn: 0 }),
  toAct: (s) => (s.totals.some((t) => t >= 10) ? [] : [s.turn]),
  legalActions: (s, seat) =>
    s.totals.some((t) => t >= 10) || seat !== s.turn ? [] : [{ type: 'roll' }, { type: 'step' }],
  apply(s, seat, action, rng) {
    if (seat !== s.turn) throw new IllegalActionError('not_your_turn', 'not your turn');
    const step = action.type === 'roll' ? rng.int(1, 6) : 1;
    return { totals: s.totals.map((total, i) => (i === seat ? total + step : total)), turn: 1 - seat };
  },
  view: (s) => s,
  outcome: (s) => {
    const w = s.totals.findIndex((t) => t >= 10);
    return w < 0
      ? null
      : { scores: s.totals.map((_, i) => (i === w ? 1 : -1)), winners: [w], reason: 'reached 10' };
  },
  fromJSON: (json) => json as State,
  schemas: { config: Type.Null(), action: Type.Any(), state: Type.Any(), view: Type.Any() },
};

const picker: Agent<State, Action> = { name: 'picker', act: (_v, legal, ctx) => ctx.rng.pick(legal) };

describe('playGame and replay', () => {
  it('plays to the end, and the record replays to the same final state', async () => {
    const { record, state, outcome } = await playGame(race, null, [picker, picker], 99);
    expect(outcome.winners).toHaveLength(1);
    expect(record.players).toEqual(['picker', 'picker']);
    const states = replay(race, JSON.parse(JSON.stringify(record)));
    expect(states).toHaveLength(record.actions.length + 1);
    expect(states.at(-1)).toEqual(state);
  });

  it('gives the same game for the same seed and another for another seed', async () => {
    const a = await playGame(race, null, [picker, picker], 5);
    const b = await playGame(race, null, [picker, picker], 5);
    expect(b.record).toEqual(a.record);
    const others = await Promise.all([6, 7, 8, 9].map((s) => playGame(race, null, [picker, picker], s)));
    expect(others.some((o) => JSON.stringify(o.record.actions) !== JSON.stringify(a.record.actions))).toBe(
      true,
    );
  });

  it('refuses records of another game, another version or with a refused action', async () => {
    const { record } = await playGame(race, null, [picker, picker], 1);
    expect(() => replay(race, { ...record, game: 'chess' })).toThrow(/not race/);
    expect(() => replay(race, { ...record, version: '0' })).toThrow(/rules 0/);
    const bad = { ...record, actions: [{ seat: 1, action: { type: 'step' } }] };
    expect(() => replay(race, bad)).toThrow(InvalidInputError);
    expect(() => replay(race, bad)).toThrow(/\$\.actions\[0\]/);
  });

  it('refuses a record whose stated outcome is not the one its actions give, at $.outcome', async () => {
    const { record, outcome } = await playGame(race, null, [picker, picker], 1);
    const loser = 1 - (outcome.winners[0] as number);
    const refusal = (changed: Partial<GameRecord>) => {
      try {
        replay(race, { ...record, ...changed });
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidInputError);
        expect((error as InvalidInputError).code).toBe('invalid_record');
        return (error as InvalidInputError).path;
      }
      return 'accepted';
    };
    expect(refusal({ outcome: { ...outcome, winners: [loser] } })).toBe('$.outcome');
    expect(refusal({ outcome: { ...outcome, scores: [0, 0] } })).toBe('$.outcome');
    expect(refusal({ outcome: { ...outcome, reason: 'resigned' } })).toBe('$.outcome');
    // An unfinished game says so with null; a finished one may not.
    expect(refusal({ outcome: null })).toBe('$.outcome');
    expect(refusal({ outcome: { ...outcome }, actions: record.actions.slice(0, 1) })).toBe('$.outcome');
    expect(refusal({ outcome: null, actions: record.actions.slice(0, 1) })).toBe('accepted');
    // A record without an outcome (written by hand) is not checked against one.
    const { outcome: _, ...withoutOutcome } = record;
    expect(refusal(withoutOutcome)).toBe('accepted');
    expect(() => replay(race, record)).not.toThrow();
  });

  it('names a refused config at its place in the record: $.config..., not $...', () => {
    const configured: typeof race = {
      ...race,
      seatCount: (config) =>
        parseWith(Type.Object({ length: Type.Integer() }), config, 'The config', 'invalid_config') && 2,
    };
    const record: GameRecord = { game: 'race', version: '1', config: { length: 'x' }, seed: 1, actions: [] };
    expect(() => replay(configured, record)).toThrow(/^\$\.config\.length: The config is not valid/);
    try {
      replay(configured, record);
    } catch (error) {
      expect((error as InvalidInputError).path).toBe('$.config.length');
      expect((error as InvalidInputError).code).toBe('invalid_record');
    }
  });

  it('tells the caller the first state, and each action with the states before and after it', async () => {
    const states: unknown[] = [];
    const steps: unknown[] = [];
    const { record, state: last } = await playGame(race, null, [picker, picker], 3, {
      onStart: (state) => states.push(state),
      onAction: ({ seat, action, before, state, index }) => {
        expect(before).toBe(states.at(-1));
        expect(index).toBe(steps.length);
        steps.push({ seat, action });
        states.push(state);
      },
    });
    expect(steps).toEqual(record.actions);
    expect(states.at(-1)).toBe(last);
    expect(states).toEqual(replay(race, record));
  });

  it('needs one agent per seat', async () => {
    await expect(playGame(race, null, [picker], 1)).rejects.toThrow(/needs 2 agents/);
  });

  it('asks an agent that acts without a view without computing one, and plays the same game', async () => {
    let views = 0;
    const counted: typeof race = {
      ...race,
      view: (s) => {
        views++;
        return s;
      },
    };
    const blind: Agent<State, Action> = {
      name: 'picker',
      act: () => {
        throw new Error('act is not called when actWithoutView is given');
      },
      actWithoutView: (legal, ctx) => ctx.rng.pick(legal),
    };
    const seeing = await playGame(counted, null, [picker, picker], 11);
    expect(views).toBe(seeing.record.actions.length);
    views = 0;
    const mixed = await playGame(counted, null, [blind, picker], 11);
    expect(mixed.record).toEqual(seeing.record);
    expect(views).toBe(mixed.record.actions.filter((a) => a.seat === 1).length);
  });

  it('waits for agents that answer with a promise, and plays the same game as with answers at once', async () => {
    const later: Agent<State, Action> = {
      name: 'picker',
      act: async (_v, legal, ctx) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return ctx.rng.pick(legal);
      },
    };
    const now = await playGame(race, null, [picker, picker], 4);
    expect((await playGame(race, null, [later, later], 4)).record).toEqual(now.record);
  });
});

describe('parseWith', () => {
  const schema = Type.Object({ board: Type.Object({ points: Type.Array(Type.Integer()) }) });

  it('returns valid data as it is', () => {
    const value = { board: { points: [1, 2] } };
    expect(parseWith(schema, value, 'A board')).toBe(value);
  });

  it('names the path of the first problem', () => {
    expect(() => parseWith(schema, { board: { points: [1, 'x'] } }, 'A board')).toThrow(
      /\$\.board\.points\[1\]/,
    );
    expect(jsonPath('/hands/2/0')).toBe('$.hands[2][0]');
    expect(jsonPath('/a b')).toBe('$["a b"]');
    expect(jsonPath('')).toBe('$');
  });
});

describe('an agent that fails forfeits', () => {
  // Acts twice, then fails as an external program that stopped answering would.
  const failing = (after: number): Agent<State, Action> => {
    let acted = 0;
    return {
      name: 'failing',
      act: async (_v, legal, ctx) => {
        if (acted++ >= after) throw new AgentFailedError('the program stopped (exit code 1)');
        return ctx.rng.pick(legal);
      },
    };
  };

  it('ends the game there: the seat loses, the others win, no points move, and the record says why', async () => {
    const { record, outcome } = await playGame(race, null, [picker, failing(2)], 3);
    expect(outcome).toEqual({ scores: [0, 0], winners: [0], reason: 'forfeit' });
    expect(record.forfeit).toEqual({ seat: 1, reason: 'the program stopped (exit code 1)' });
    expect(record.actions).toHaveLength(5);
    // The record replays, forfeit included, to the same outcome.
    const states = replay(race, JSON.parse(JSON.stringify(record)));
    expect(states).toHaveLength(6);
  });

  it("uses the game's own forfeit rule where it has one", async () => {
    const withRule: typeof race = {
      ...race,
      forfeit: (s, seat) => ({ totals: s.totals.map((t, i) => (i === seat ? t : 10)), turn: s.turn }),
    };
    const { record, outcome, state } = await playGame(withRule, null, [failing(0), picker], 3);
    expect(outcome).toEqual({ scores: [-1, 1], winners: [1], reason: 'reached 10' });
    expect((state as State).totals[1]).toBe(10);
    expect(replay(withRule, record).at(-1)).toEqual(state);
  });

  it('throws any other error of an agent: a bug is no forfeit', async () => {
    const buggy: Agent<State, Action> = {
      name: 'buggy',
      act: () => {
        throw new Error('a bug');
      },
    };
    await expect(playGame(race, null, [buggy, picker], 1)).rejects.toThrow('a bug');
  });

  it('refuses a record whose forfeit comes after the end or names no seat', async () => {
    const { record } = await playGame(race, null, [picker, picker], 1);
    expect(() => replay(race, { ...record, forfeit: { seat: 0, reason: 'x' } })).toThrow(/\$\.forfeit: /);
    const { record: cut } = await playGame(race, null, [picker, failing(1)], 1);
    expect(() => replay(race, { ...cut, forfeit: { seat: 2, reason: 'x' } })).toThrow(/\$\.forfeit\.seat/);
  });
});
