import { Value } from '@sinclair/typebox/value';
import { createRng, gameStreams, IllegalActionError, type Rng } from '@tabula/core';
import { runConformance } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { CUBE_OFF, CUBE_ON, position, refusal, stateWith } from '../test/helpers.js';
import { checkerCount, key } from './board.js';
import { backgammonGame as game } from './definition.js';
import { isMatch } from './match.js';
import { applySteps } from './moves.js';
import {
  type BackgammonAction,
  type BackgammonConfig,
  type BackgammonState,
  MAX_CUBE,
  type MatchState,
  type Step,
  ViewSchema,
} from './schemas.js';
import { cubeAllows } from './state.js';
import { Table } from './table.js';

/** 15 checkers a seat, a sound cube, and the phase agreeing with who acts, the dice and the result. */
function invariant(s: BackgammonState): string | null {
  for (const side of [0, 1] as const) {
    const n = checkerCount(s.board, side);
    if (n !== 15) return `seat ${side} has ${n} checkers`;
    if (s.board.bar[side] < 0 || s.board.off[side] < 0) return `seat ${side} has a negative bar or off count`;
  }
  const { value, owner } = s.cube;
  if (!Number.isInteger(value) || value < 1 || value > MAX_CUBE || (value & (value - 1)) !== 0)
    return `the cube shows ${value}, not a power of two from 1 to ${MAX_CUBE}`;
  if (owner === null && value !== 1) return `a centered cube shows ${value}`;
  if (!s.config.cube && owner !== null) return 'the cube is owned at a table without a cube';
  if ((s.toAct === null) !== (s.phase === 'complete')) return `toAct ${s.toAct} in phase ${s.phase}`;
  if ((s.result === null) !== (s.phase !== 'complete'))
    return `result ${JSON.stringify(s.result)} in phase ${s.phase}`;
  const diceDue = s.phase === 'move' || s.resignation?.phase === 'move';
  if ((s.dice !== null) !== diceDue) return `dice ${JSON.stringify(s.dice)} in phase ${s.phase}`;
  if (s.result !== null && s.result.points % value !== 0) return 'the points are not a multiple of the cube';
  return null;
}

const boardsOf = (s: BackgammonState, seat: 0 | 1) =>
  new Set(Table.legal(s, seat).plays.map((steps) => key(applySteps(s.board, seat, steps))));

/** Whether `steps` would be refused: a step the board forbids, or a board no legal play reaches. */
function refusedPlay(s: BackgammonState, seat: 0 | 1, steps: Step[]): boolean {
  try {
    return !boardsOf(s, seat).has(key(applySteps(s.board, seat, steps)));
  } catch {
    return true;
  }
}

/** Plausible actions the rules must refuse in `s` for `seat`. */
function invalidActions(s: BackgammonState, seat: number): unknown[] {
  // The kit itself offers a seat not to act the other seat's listed actions; resigning is never listed.
  if (s.toAct !== seat) return [{ type: 'resign', kind: 'single' }];
  const out: unknown[] = [
    { type: 'resign', kind: 'triple' },
    { type: 'move' },
    { type: 'move', steps: [{ from: 24, to: 3 }] },
    { type: 'roll', extra: 1 },
    { type: 'move', steps: [{ from: 'bar', to: 20, hit: true }] },
  ];
  const side = seat as 0 | 1;
  const notIn = (...types: BackgammonAction['type'][]) =>
    (['roll', 'double', 'take', 'drop', 'accept', 'decline'] as const)
      .filter((t) => !types.includes(t))
      .map((type) => ({ type }));
  switch (s.phase) {
    case 'decide':
      out.push(...notIn('roll', 'double'), { type: 'move', steps: [] });
      break;
    case 'cube_offered':
      out.push(...notIn('take', 'drop'), { type: 'move', steps: [] }, { type: 'resign', kind: 'gammon' });
      break;
    case 'move': {
      out.push(...notIn());
      const plays = Table.legal(s, side).plays;
      if (plays.length === 0) {
        out.push({ type: 'move', steps: [{ from: side === 0 ? 23 : 0, to: side === 0 ? 22 : 1 }] });
        break;
      }
      out.push({ type: 'move', steps: [] });
      const first = plays[0] as Step[];
      const candidates: Step[][] = [
        first.slice(0, -1), // too few dice
        [...first, ...first], // too many
        first.map((step) => ({
          from: step.to === 'off' ? 0 : step.to,
          to: step.from === 'bar' ? 'off' : step.from,
        })), // backwards
        [{ from: s.board.points.indexOf(0), to: 0 }], // from an empty point
      ];
      for (const steps of candidates) if (refusedPlay(s, side, steps)) out.push({ type: 'move', steps });
      break;
    }
  }
  if (s.phase !== 'decide' || !cubeAllows(s, side)) out.push({ type: 'double' });
  return out;
}

describe('backgammonGame conformance', () => {
  it('passes the kit over 1000 seeded random playouts, with and without the cube', () => {
    const report = runConformance<BackgammonState, BackgammonConfig>(game, {
      games: 1000,
      seed: 1,
      // With the cube on, random agents double and drop within a few turns, so those playouts are
      // short and test the cube; one in 25 plays without it, to the last checker off. The kit
      // serializes the whole state (log included) at every step, so a full game costs ~150 ms.
      config: (rng: Rng) => (rng.int(0, 24) === 0 ? CUBE_OFF : CUBE_ON),
      invariant,
      // Backgammon hides nothing but the dice still to come, which no state holds: there is no variant to make.
      hiddenVariant: () => null,
      invalidActions,
      // The cheap checks run at every step; the deep ones (legal sample, refusals, schemas) every 10th.
      legalSample: 2,
      checkEvery: 10,
    });
    expect(report.games).toBe(1000);
    expect(report.actions).toBeGreaterThan(10_000);
    expect(report.legalActionsApplied).toBeGreaterThan(3_000);
    expect(report.refusalsChecked).toBeGreaterThan(40_000);
  });

  /** The table's invariant, and the match's: a match state, the score within the length, no double in the Crawford game. */
  function matchInvariant(s: BackgammonState | MatchState): string | null {
    const table = invariant(s);
    if (table !== null) return table;
    if (!isMatch(s)) return 'a match config gave a state without its match';
    const { score } = s.match;
    if (s.config.money === undefined && Math.max(...score) > s.config.length)
      return `the score ${score.join('-')} passes the length ${s.config.length}`;
    if (s.crawfordGame && s.log.some((e) => e.type === 'double')) return 'a double in the Crawford game';
    if ((s.match.result === null) !== (s.phase !== 'complete'))
      return `match result ${JSON.stringify(s.match.result)} in phase ${s.phase}`;
    return null;
  }

  it('passes the kit over seeded random 5-point matches with the Crawford rule', () => {
    const report = runConformance<BackgammonState | MatchState, BackgammonConfig>(game, {
      games: 40,
      seed: 101,
      config: { cube: true, length: 5, crawford: true },
      invariant: matchInvariant,
      hiddenVariant: () => null,
      invalidActions,
      legalSample: 2,
      checkEvery: 10,
    });
    expect(report.games).toBe(40);
    expect(report.actions).toBeGreaterThan(2_000);
    expect(report.notationChecks).toBeGreaterThan(100);
  });

  it('passes the kit over seeded random money sessions with the Jacoby rule and beavers', () => {
    const report = runConformance<BackgammonState | MatchState, BackgammonConfig>(game, {
      games: 60,
      seed: 201,
      config: { cube: true, length: 1, crawford: false, money: { jacoby: true, beavers: true, games: 3 } },
      invariant: matchInvariant,
      hiddenVariant: () => null,
      invalidActions,
      legalSample: 2,
      checkEvery: 5,
    });
    expect(report.games).toBe(60);
    expect(report.actions).toBeGreaterThan(1_000);
  });

  it('passes the kit over seeded random money games with the Jacoby rule alone, and matches with a clock', () => {
    for (const config of [
      { cube: true, length: 1, crawford: false, money: { jacoby: true } },
      { cube: true, length: 3, crawford: true, clock: { delayMs: 8_000, reserveMs: 120_000 } },
    ]) {
      const report = runConformance<BackgammonState | MatchState, BackgammonConfig>(game, {
        games: 20,
        seed: 301,
        config,
        invariant: matchInvariant,
        hiddenVariant: () => null,
        invalidActions,
        legalSample: 2,
        checkEvery: 10,
      });
      expect(report.games).toBe(20);
    }
  });
});

const rngDie = (seed: number) => {
  const rng = createRng(seed);
  return { die: () => rng.int(1, 6) };
};

/** Plays random listed actions from `state` until `stop` says so or the game ends. */
function playUntil(
  seed: number,
  config: BackgammonConfig,
  stop: (s: BackgammonState) => boolean,
): BackgammonState {
  const { chance, agents } = gameStreams(seed, 2);
  let s = game.setup(config, chance);
  while (s.toAct !== null && !stop(s))
    s = game.apply(s, s.toAct, agents[0]!.pick(game.legalActions(s, s.toAct)), chance);
  return s;
}

describe('setup and config', () => {
  it('opens the game at a table, with the dice drawn from the rng one rng.int(1, 6) a die', () => {
    const s = game.setup(CUBE_ON, createRng(7));
    expect(s).toEqual(Table.start(Table.create(CUBE_ON, ['White', 'Black']), rngDie(7)));
    expect(s.phase).toBe('move');
    expect(game.setup(CUBE_ON, createRng(7))).toEqual(s);
    const openings = new Set(
      Array.from({ length: 30 }, (_, i) => JSON.stringify(game.setup(CUBE_ON, createRng(i)).dice)),
    );
    expect(openings.size).toBeGreaterThan(5);
  });

  it('has two seats and a default config with the cube on', () => {
    expect(game.defaultConfig()).toEqual(CUBE_ON);
    expect(game.defaultConfig(2)).toEqual(CUBE_ON);
    expect(game.seatCount(CUBE_OFF)).toBe(2);
    expect(refusal(() => game.defaultConfig(3))).toMatchObject({
      code: 'invalid_argument',
      message: expect.stringContaining('2 seats, not 3'),
    });
  });

  it('refuses a bad config, naming the field', () => {
    const bad = refusal(() => game.setup({ cube: true, length: 0, crawford: false }, createRng(1)));
    expect(bad.code).toBe('invalid_config');
    expect(bad.message).toContain('$.length');
    expect(refusal(() => game.seatCount({ ...CUBE_ON, jacoby: true } as BackgammonConfig)).message).toContain(
      '$.jacoby',
    );
  });
});

describe('legalActions and apply', () => {
  it('lists one move per legal play, and nothing for the seat not to act', () => {
    const s = game.setup(CUBE_OFF, createRng(3));
    const seat = s.toAct as 0 | 1;
    expect(game.legalActions(s, seat)).toEqual(
      Table.legal(s, seat).plays.map((steps) => ({ type: 'move', steps })),
    );
    expect(game.legalActions(s, seat === 0 ? 1 : 0)).toEqual([]);
    expect(game.legalActions(s, 2)).toEqual([]);
  });

  it('lists roll and double, then take and drop', () => {
    const decide = stateWith({});
    expect(game.legalActions(decide, 0)).toEqual([{ type: 'roll' }, { type: 'double' }]);
    const offered = game.apply(decide, 0, { type: 'double' }, createRng(1));
    expect(game.legalActions(offered, 1)).toEqual([{ type: 'take' }, { type: 'drop' }]);
    const taken = game.apply(offered, 1, { type: 'take' }, createRng(1));
    expect(taken.cube).toEqual({ value: 2, owner: 1 });
    expect(taken.toAct).toBe(0);
  });

  it('does not list resignations but plays them, then lists accept and decline', () => {
    const decide = stateWith({});
    expect(game.legalActions(decide, 0).some((a) => a.type === 'resign')).toBe(false);
    const offered = game.apply(decide, 0, { type: 'resign', kind: 'gammon' }, createRng(1));
    expect(game.legalActions(offered, 1)).toEqual([{ type: 'accept' }, { type: 'decline' }]);
    const declined = game.apply(offered, 1, { type: 'decline' }, createRng(1));
    expect(declined.phase).toBe('decide');
    expect(game.outcome(game.apply(offered, 1, { type: 'accept' }, createRng(1)))).toEqual({
      scores: [-2, 2],
      winners: [1],
      reason: 'resigned gammon',
    });
  });

  it('lists the empty move exactly when a stuck table waits for it', () => {
    const stuck = position(
      { 25: 1, 13: 2, 14: 2, 15: 2, 16: 2, 17: 2, 18: 2, 1: 2 },
      { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 },
    );
    const s = stateWith({ board: stuck, cube: { value: 2, owner: 0 } });
    // 3-2 for seat 0 and 6-6 for seat 1: two passes in a row, then the table waits.
    const dice = [3, 2, 6, 6];
    const rng = { int: () => dice.shift() as number } as unknown as Rng;
    const waiting = game.apply(s, 0, { type: 'roll' }, rng);
    expect(waiting).toMatchObject({ phase: 'move', toAct: 1, passes: 2 });
    expect(game.legalActions(waiting, 1)).toEqual([{ type: 'move', steps: [] }]);
    expect(game.apply(waiting, 1, { type: 'move', steps: [] }, createRng(1)).phase).toBe('decide');
  });

  it('refuses fields an action does not take, and leaves the state as it was', () => {
    const s = stateWith({});
    const before = JSON.stringify(s);
    for (const action of [
      { type: 'roll', dice: [6, 6] },
      { type: 'resign', kind: 'single', points: 1 },
      { type: 'move', steps: [{ from: 12, to: 6, hit: false }] },
    ]) {
      const error = refusal(() => game.apply(s, 0, action as unknown as BackgammonAction, createRng(1)));
      expect(error).toBeInstanceOf(IllegalActionError);
      expect(error.code).toBe('invalid_action');
    }
    expect(
      refusal(() =>
        game.apply(s, 0, { type: 'roll', dice: [6, 6] } as unknown as BackgammonAction, createRng(1)),
      ).message,
    ).toContain('$.dice');
    expect(refusal(() => game.apply(s, 1, { type: 'roll' }, createRng(1))).code).toBe('not_your_turn');
    expect(refusal(() => game.apply(s, 0, { type: 'take' }, createRng(1))).code).toBe('wrong_phase');
    expect(JSON.stringify(s)).toBe(before);
  });
});

describe('view', () => {
  it('is the state with the last log entries, the same for every seat but for whose view it is, and a copy', () => {
    const s = playUntil(11, CUBE_OFF, (x) => x.log.length > 30);
    const view = game.view(s, 0);
    expect(view.viewer).toBe(0);
    expect({ ...game.view(s, 1), viewer: 0 }).toEqual(view);
    expect({ ...game.view(s, null), viewer: 0 }).toEqual(view);
    expect(refusal(() => game.view(s, 2)).code).toBe('unknown_seat');
    const { log, ...rest } = s;
    expect(view).toEqual({ viewer: 0, ...rest, recent: log.slice(-10) });
    expect(Value.Check(game.schemas.view, view)).toBe(true);
    view.board.points[0] = 99;
    (view.recent[0] as { text: string }).text = 'scribbled';
    expect(s.board.points[0]).not.toBe(99);
    expect(s.log.some((e) => e.text === 'scribbled')).toBe(false);
  });

  it('holds nothing about the rng: the next roll is not in it', () => {
    const s = stateWith({});
    const view = JSON.stringify(game.view(s, 0));
    expect(view).toBe(JSON.stringify(game.view(JSON.parse(JSON.stringify(s)), 0)));
    const rolls = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const rng = createRng(seed);
      const saved = rng.save();
      const next = game.apply(s, 0, { type: 'roll' }, rng);
      rolls.add(JSON.stringify(next.log.find((e) => e.type === 'roll')?.dice));
      const text = JSON.stringify(game.view(next, null)) + JSON.stringify(next);
      expect(text).not.toContain('xoroshiro');
      for (const word of saved.state.filter((n) => Math.abs(n) > 1e6))
        expect(text).not.toContain(String(word));
    }
    // The same view is followed by many different rolls: the view cannot tell them.
    expect(rolls.size).toBeGreaterThan(5);
    // A single game's view has every field the view schema requires; the optional ones are a match's,
    // a clock's and a pending beaver's.
    expect(game.schemas.view).toBe(ViewSchema);
    const required: string[] = ViewSchema.required ?? [];
    const { properties } = ViewSchema;
    expect(Object.keys(game.view(s, 0)).sort()).toEqual([...required].sort());
    expect(Object.keys(properties).filter((key) => !required.includes(key))).toEqual([
      'reserveMs',
      'beaver',
      'match',
    ]);
  });
});

describe('outcome', () => {
  const bearOff = (o: Record<number, number>, cube: BackgammonState['cube']) =>
    game.apply(
      stateWith({ board: position({ 1: 1 }, o), phase: 'move', toAct: 0, dice: [2, 1], cube }),
      0,
      { type: 'move', steps: [{ from: 0, to: 'off' }] },
      createRng(1),
    );

  it('is null while the game is live', () => {
    expect(game.outcome(stateWith({}))).toBeNull();
  });

  it('gives the winner the points and the loser as many less', () => {
    expect(game.outcome(bearOff({ 6: 14 }, { value: 1, owner: null }))).toEqual({
      scores: [1, -1],
      winners: [0],
      reason: 'single',
    });
    expect(game.outcome(bearOff({ 12: 15 }, { value: 4, owner: 1 }))).toEqual({
      scores: [8, -8],
      winners: [0],
      reason: 'gammon',
    });
    expect(game.outcome(bearOff({ 23: 15 }, { value: 2, owner: 0 }))).toEqual({
      scores: [6, -6],
      winners: [0],
      reason: 'backgammon',
    });
    const offered = game.apply(
      stateWith({ cube: { value: 2, owner: 0 } }),
      0,
      { type: 'double' },
      createRng(1),
    );
    expect(game.outcome(game.apply(offered, 1, { type: 'drop' }, createRng(1)))).toEqual({
      scores: [2, -2],
      winners: [0],
      reason: 'dropped',
    });
  });
});

describe('schemas', () => {
  const played = playUntil(5, CUBE_ON, (s) => s.log.length > 12);
  const check = (schema: keyof typeof game.schemas, value: unknown) =>
    Value.Check(game.schemas[schema], value);

  it('accept what the game produces', () => {
    expect(check('config', game.defaultConfig())).toBe(true);
    expect(check('state', played)).toBe(true);
    expect(check('view', game.view(played, null))).toBe(true);
    for (const action of game.legalActions(played, played.toAct as number))
      expect(check('action', action)).toBe(true);
    expect(check('action', { type: 'resign', kind: 'backgammon' })).toBe(true);
  });

  it('reject bad input', () => {
    expect(check('config', { cube: true, length: 0, crawford: false })).toBe(false);
    expect(check('config', { ...CUBE_ON, jacoby: true })).toBe(false);
    expect(check('action', { type: 'pass' })).toBe(false);
    expect(check('action', { type: 'resign', kind: 'triple' })).toBe(false);
    expect(check('action', { type: 'move', steps: [{ from: 24, to: 18 }] })).toBe(false);
    expect(check('action', { type: 'move', steps: [{ from: 'off', to: 18 }] })).toBe(false);
    expect(
      check('state', { ...played, board: { ...played.board, points: played.board.points.slice(1) } }),
    ).toBe(false);
    expect(check('state', { ...played, cube: { value: 8192, owner: 0 } })).toBe(false);
    expect(check('state', { ...played, dice: [0, 7] })).toBe(false);
    expect(check('state', { ...played, rng: 1 })).toBe(false);
    const view = game.view(played, 0);
    expect(check('view', { ...view, log: played.log })).toBe(false);
    expect(check('view', { ...view, recent: [...view.recent, ...view.recent] })).toBe(false);
  });
});

describe('forfeit (an agent that failed)', () => {
  it('ends the game as Table.forfeit scores it, and a match with it', () => {
    const { chance } = gameStreams(4, 2);
    const state = game.setup(game.defaultConfig(), chance);
    const seat = state.toAct as 0 | 1;
    const after = game.forfeit?.(state, seat);
    expect(game.outcome(after as BackgammonState)).toMatchObject({
      winners: [1 - seat],
      reason: expect.stringMatching(/^forfeit/),
    });
    const match = game.setup({ cube: true, length: 5, crawford: true }, gameStreams(4, 2).chance);
    const lost = game.forfeit?.(match, 0) as MatchState;
    expect(game.outcome(lost)?.winners).toEqual([1]);
    expect(() => game.forfeit?.(state, 2)).toThrow(IllegalActionError);
  });
});
