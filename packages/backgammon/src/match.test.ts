import { InvalidInputError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { expectRefused, NAMES, position, refusal } from '../test/helpers.js';
import { type Dice, SeededDice, SequenceDice } from './dice.js';
import { Match } from './match.js';
import type { BackgammonAction, BackgammonConfig, MatchState, PositionKind, Side } from './schemas.js';
import { fromJSON } from './state.js';
import { Table } from './table.js';

const M5: BackgammonConfig = { cube: true, length: 5, crawford: true };
const other = (seat: Side): Side => (seat === 0 ? 1 : 0);

/** A started match (the first game's opening roll made from `dice`). */
function begun(config: BackgammonConfig, dice: Dice = new SeededDice(1)): MatchState {
  return Match.start(Match.create(config, NAMES), dice);
}

/** The seat to act (the test fails when nobody is). */
function actor(s: MatchState): Side {
  if (s.toAct === null) throw new Error(`nobody is to act in phase ${s.phase}`);
  return s.toAct;
}

/** The first action a seat may take that neither doubles nor resigns: roll, or the first legal play. */
function plain(s: MatchState): BackgammonAction {
  const legal = Match.legal(s, actor(s));
  if (legal.canRoll) return { type: 'roll' };
  if (s.phase === 'move') return { type: 'move', steps: legal.plays[0] ?? [] };
  throw new Error(`no plain action in phase ${s.phase}`);
}

/** Plays plain actions until `seat` is to act in decide or move. */
function untilTurnOf(s: MatchState, seat: Side, dice: Dice): MatchState {
  let state = s;
  while (state.toAct !== seat || (state.phase !== 'decide' && state.phase !== 'move'))
    state = Match.apply(state, actor(state), plain(state), dice);
  return state;
}

/** Plays plain actions until a seat is to roll or double. */
function untilDecide(s: MatchState, dice: Dice): MatchState {
  let state = s;
  while (state.phase !== 'decide') state = Match.apply(state, actor(state), plain(state), dice);
  return state;
}

/** `winner` wins the game at the table: the loser resigns `kind` on its turn and the winner accepts. */
function win(s: MatchState, winner: Side, kind: PositionKind, dice: Dice): MatchState {
  const loser = other(winner);
  const state = untilTurnOf(s, loser, dice);
  const offered = Match.apply(state, loser, { type: 'resign', kind }, dice);
  return Match.apply(offered, winner, { type: 'accept' }, dice);
}

/** `doubler` doubles on its turn and the other seat takes. */
function doubleTaken(s: MatchState, doubler: Side, dice: Dice): MatchState {
  let state = s;
  while (state.toAct !== doubler || state.phase !== 'decide')
    state = Match.apply(state, actor(state), plain(state), dice);
  const offered = Match.apply(state, doubler, { type: 'double' }, dice);
  return Match.apply(offered, other(doubler), { type: 'take' }, dice);
}

/** The state as a save would give it back: JSON, then `fromJSON`. */
const reloaded = (s: MatchState) => fromJSON(JSON.parse(JSON.stringify(s)));

describe('Match.create and Match.start', () => {
  it('makes an idle match at 0-0 and opens the first game as a table does', () => {
    const idle = Match.create(M5, NAMES);
    expect(idle).toMatchObject({
      phase: 'idle',
      crawfordGame: false,
      match: { score: [0, 0], games: [], result: null },
    });
    const dice = new SequenceDice([6, 1]);
    const s = Match.start(idle, dice);
    const { match, ...table } = s;
    expect(table).toEqual(Table.start(Table.create(M5, NAMES), new SequenceDice([6, 1])));
    expect(match).toEqual({ score: [0, 0], games: [], result: null });
    expect(reloaded(s)).toEqual(s);
  });

  it('refuses a config that plays one game, a money session with a length, and an over-long match', () => {
    for (const [config, path] of [
      [{ cube: true, length: 1, crawford: false }, '$.length'],
      [{ cube: true, length: 3, crawford: false, money: {} }, '$.length'],
      [{ cube: true, length: 1, crawford: true, money: {} }, '$.crawford'],
      [{ cube: true, length: 65, crawford: true }, '$.length'],
      [{ cube: true, length: 5, crawford: true, jacoby: true }, '$.jacoby'],
    ] as const) {
      const error = refusal(() => Match.create(config as BackgammonConfig, NAMES));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error).toMatchObject({ code: 'invalid_config', path });
    }
    expect(Match.create({ cube: true, length: 64, crawford: true }, NAMES).config.length).toBe(64);
  });
});

describe('scoring a match', () => {
  it('keeps each finished game whole with the score before it, and starts the next game at once', () => {
    const dice = new SeededDice(2);
    const first = begun(M5, dice);
    const doubled = doubleTaken(first, other(actor(first)), dice);
    const winner = actor(doubled);
    const before = untilTurnOf(doubled, other(winner), dice);
    const s = win(doubled, winner, 'single', dice);
    // The next game has begun: a fresh table, its opening roll made and its first move due.
    expect(s.phase).toBe('move');
    expect(s.log).toHaveLength(1);
    expect(s.log[0]?.type).toBe('opening');
    expect(s.cube).toEqual({ value: 1, owner: null });
    expect(s.match.score).toEqual(winner === 0 ? [2, 0] : [0, 2]);
    const [game] = s.match.games;
    expect(s.match.games).toHaveLength(1);
    expect(game).toMatchObject({
      score: [0, 0],
      crawford: false,
      cube: { value: 2, owner: other(winner) },
      result: { winner, kind: 'single', how: 'resigned', points: 2 },
      points: 2,
    });
    // The whole log of the finished game: the opening, every roll and move, the cube, the resignation.
    expect(game?.log.slice(0, before.log.length)).toEqual(before.log);
    expect(game?.log.map((e) => e.type)).toEqual(
      expect.arrayContaining(['opening', 'move', 'double', 'take', 'resign', 'accept', 'result']),
    );
    expect(reloaded(s)).toEqual(s);
  });

  it('caps the points at what the winner needs, so the score never passes the length', () => {
    const dice = new SeededDice(3);
    // Ann wins a gammon (2) and a backgammon (3): 5-0 at a 5-point match.
    let s = win(begun(M5, dice), 0, 'gammon', dice);
    expect(s.match.score).toEqual([2, 0]);
    s = win(s, 0, 'backgammon', dice);
    expect(s.match.score).toEqual([5, 0]);
    // From 2-0 a gammon at a 4-cube is worth 8, but Ann needed 3.
    let t = win(begun(M5, dice), 0, 'gammon', dice);
    t = doubleTaken(t, 1, dice);
    t = doubleTaken(t, 0, dice);
    expect(t.cube).toEqual({ value: 4, owner: 1 });
    t = win(t, 0, 'gammon', dice);
    expect(t.match.score).toEqual([5, 0]);
    expect(t.result).toMatchObject({ winner: 0, kind: 'gammon', points: 8 });
    expect(Match.scoreSheet(t).map((row) => row.points)).toEqual([2, 3]);
  });

  it('ends the match when a seat reaches the length: the last game stays at the table, actions are refused', () => {
    const dice = new SeededDice(4);
    let s = win(begun(M5, dice), 1, 'backgammon', dice);
    s = win(s, 1, 'gammon', dice);
    expect(s.match.result).toEqual({ winner: 1, how: 'score' });
    expect(s.phase).toBe('complete');
    expect(s.toAct).toBeNull();
    expect(Match.live(s)).toBe(false);
    expect(s.match.score).toEqual([0, 5]);
    // match.games holds the games before the one at the table; the history has them all.
    expect(s.match.games).toHaveLength(1);
    const history = Match.history(s);
    expect(history).toHaveLength(2);
    expect(history[1]).toMatchObject({
      score: [0, 3],
      crawford: false,
      result: { winner: 1, kind: 'gammon', how: 'resigned', points: 2 },
      points: 2,
    });
    expect(history[1]?.log).toEqual(s.log);
    expectRefused(s, () => Match.apply(s, 0, { type: 'roll' }, dice), 'game_over');
    expectRefused(s, () => Match.forfeit(s, 0), 'game_over');
    expectRefused(s, () => Match.start(s, dice), 'game_over');
    expect(reloaded(s)).toEqual(s);
  });

  it('scores an accepted resignation by the match rules: the kind times the cube, capped', () => {
    const dice = new SeededDice(5);
    let s = win(begun(M5, dice), 0, 'single', dice);
    s = win(s, 0, 'single', dice);
    s = win(s, 0, 'single', dice);
    expect(s.match.score).toEqual([3, 0]);
    // Bob resigns a backgammon at a 2-cube: 6 points offered, Ann needed 2.
    s = doubleTaken(s, 1, dice);
    s = win(s, 0, 'backgammon', dice);
    expect(s.match).toMatchObject({ score: [5, 0], result: { winner: 0, how: 'score' } });
    expect(Match.scoreSheet(s).at(-1)).toEqual({
      score: [3, 0],
      crawford: false,
      winner: 0,
      kind: 'backgammon',
      how: 'resigned',
      points: 2,
    });
  });

  it('forfeits the match: the game at the table is lost as Table.forfeit scores it, and the match with it', () => {
    const dice = new SeededDice(6);
    let s = win(begun(M5, dice), 0, 'gammon', dice);
    s = win(s, 0, 'gammon', dice);
    expect(s.match.score).toEqual([4, 0]);
    const gone = Match.forfeit(s, 0);
    expect(gone.result).toMatchObject({ winner: 1, how: 'forfeit', kind: 'backgammon', points: 3 });
    expect(gone.match).toMatchObject({ score: [4, 3], result: { winner: 1, how: 'forfeit' } });
    expect(reloaded(gone)).toEqual(gone);
  });
});

describe('the Crawford game', () => {
  /** Ann 4, Bob 0 in a 5-point match: the next game is the Crawford game. */
  function annAtFour(config: BackgammonConfig, dice: Dice): MatchState {
    const s = win(begun(config, dice), 0, 'gammon', dice);
    return win(s, 0, 'gammon', dice);
  }

  it('follows the game in which a seat first comes to one point from the length: nobody may double', () => {
    const dice = new SeededDice(7);
    const s = annAtFour(M5, dice);
    expect(s.match.score).toEqual([4, 0]);
    expect(s.crawfordGame).toBe(true);
    expect(s.match.games.map((g) => g.crawford)).toEqual([false, false]);
    expect(Match.postCrawford(s)).toBe(false);
    // Nobody is ever asked to decide: the table rolls for each seat in turn.
    let t = s;
    for (let i = 0; i < 12; i++) {
      expect(t.phase).toBe('move');
      expect(Match.legal(t, actor(t)).canDouble).toBe(false);
      const seat = actor(t);
      const error = expectRefused(t, () => Match.apply(t, seat, { type: 'double' }, dice), 'cannot_double');
      expect(error.message).toMatch(/Crawford game: nobody may double/);
      t = Match.apply(t, actor(t), plain(t), dice);
    }
  });

  it('is followed by post-Crawford games, where the doubling is back; a gammon at 1-away still wins the match', () => {
    const dice = new SeededDice(8);
    let s = annAtFour(M5, dice);
    s = win(s, 1, 'single', dice);
    expect(s.match.score).toEqual([4, 1]);
    expect(s.crawfordGame).toBe(false);
    expect(Match.postCrawford(s)).toBe(true);
    expect(s.match.games.map((g) => g.crawford)).toEqual([false, false, true]);
    // Bob doubles at once, Ann takes: the cube is live again.
    s = doubleTaken(s, 1, dice);
    expect(s.cube).toEqual({ value: 2, owner: 0 });
    expect(Match.postCrawford(s)).toBe(true);
    // Ann, 1-away, wins a gammon at a 2-cube: 4 points on the board, 1 to her score, and the match.
    const won = win(s, 0, 'gammon', dice);
    expect(won.result).toMatchObject({ winner: 0, kind: 'gammon', points: 4 });
    expect(won.match).toMatchObject({ score: [5, 1], result: { winner: 0, how: 'score' } });
    expect(Match.scoreSheet(won).map((r) => [r.score, r.crawford, r.winner, r.points])).toEqual([
      [[0, 0], false, 0, 2],
      [[2, 0], false, 0, 2],
      [[4, 0], true, 1, 1],
      [[4, 1], false, 0, 1],
    ]);
    expect(reloaded(won)).toEqual(won);
  });

  it('lets the trailer win the match from a post-Crawford game, the points capped at what it needs', () => {
    const dice = new SeededDice(9);
    let s = annAtFour(M5, dice);
    s = win(s, 1, 'single', dice);
    s = doubleTaken(s, 1, dice);
    s = win(s, 1, 'backgammon', dice);
    expect(s.match).toMatchObject({ score: [4, 5], result: { winner: 1, how: 'score' } });
    expect(Match.scoreSheet(s).at(-1)?.points).toBe(4);
  });

  it('comes once: when the trailer also comes to 1-away in it, the next game is post-Crawford (double match point)', () => {
    const dice = new SeededDice(10);
    let s = win(begun({ cube: true, length: 3, crawford: true }, dice), 0, 'gammon', dice);
    expect(s.crawfordGame).toBe(true);
    s = win(s, 1, 'gammon', dice);
    expect(s.match.score).toEqual([2, 2]);
    expect(s.crawfordGame).toBe(false);
    expect(Match.postCrawford(s)).toBe(true);
    const decide = untilDecide(s, dice);
    expect(Match.legal(decide, actor(decide)).canDouble).toBe(true);
  });

  it('is not played when the config has crawford false', () => {
    const dice = new SeededDice(11);
    const s = annAtFour({ ...M5, crawford: false }, dice);
    expect(s.crawfordGame).toBe(false);
    expect(Match.postCrawford(s)).toBe(false);
    const decide = untilDecide(s, dice);
    expect(Match.legal(decide, actor(decide)).canDouble).toBe(true);
  });
});

/** A money session at `config`, Ann to bear off her last checker with 2-1 against Bob's 15 checkers still on. */
function lastCheckerOff(config: BackgammonConfig, cube: MatchState['cube'], bob: Record<number, number>) {
  const s = begun(config);
  return Match.fromJSON({
    ...JSON.parse(JSON.stringify(s)),
    phase: 'move',
    toAct: 0,
    dice: [2, 1],
    passes: 0,
    board: position({ 1: 1 }, bob),
    cube,
  });
}

const bearOff: BackgammonAction = { type: 'move', steps: [{ from: 0, to: 'off' }] };

describe('money sessions', () => {
  const money = (options: NonNullable<BackgammonConfig['money']>): BackgammonConfig => ({
    cube: true,
    length: 1,
    crawford: false,
    money: options,
  });

  it('under the Jacoby rule count a gammon or a backgammon single while the cube was never turned', () => {
    const dice = new SeededDice(12);
    const jacoby = money({ jacoby: true, games: 3 });
    // Played out: a gammon and a backgammon at a centered cube, 1 point each.
    const gammon = Match.apply(
      lastCheckerOff(jacoby, { value: 1, owner: null }, { 6: 15 }),
      0,
      bearOff,
      dice,
    );
    expect(gammon.match.games[0]).toMatchObject({ result: { kind: 'gammon', points: 2 }, points: 1 });
    expect(gammon.match.score).toEqual([1, 0]);
    const backgammon = Match.apply(
      lastCheckerOff(jacoby, { value: 1, owner: null }, { 23: 15 }),
      0,
      bearOff,
      dice,
    );
    expect(backgammon.match.games[0]).toMatchObject({ result: { kind: 'backgammon', points: 3 }, points: 1 });
    // Resigned: the same rule.
    const resigned = win(begun(jacoby, dice), 1, 'gammon', dice);
    expect(resigned.match.games[0]).toMatchObject({ result: { kind: 'gammon', points: 2 }, points: 1 });
    expect(reloaded(resigned)).toEqual(resigned);
  });

  it('under the Jacoby rule count gammons in full once the cube was turned, and without the rule always', () => {
    const dice = new SeededDice(13);
    const jacoby = money({ jacoby: true, games: 3 });
    const turned = Match.apply(lastCheckerOff(jacoby, { value: 2, owner: 1 }, { 6: 15 }), 0, bearOff, dice);
    expect(turned.match.games[0]).toMatchObject({ result: { kind: 'gammon', points: 4 }, points: 4 });
    const taken = win(doubleTaken(begun(jacoby, dice), 0, dice), 0, 'gammon', dice);
    expect(taken.match.games[0]).toMatchObject({ cube: { value: 2, owner: 1 }, points: 4 });
    const plain = money({ games: 3 });
    const full = Match.apply(lastCheckerOff(plain, { value: 1, owner: null }, { 6: 15 }), 0, bearOff, dice);
    expect(full.match.games[0]).toMatchObject({ result: { kind: 'gammon', points: 2 }, points: 2 });
    expect(reloaded(full)).toEqual(full);
  });

  it('play their games, uncapped, and end with the seat ahead winning (nobody when even)', () => {
    const dice = new SeededDice(14);
    let s = begun(money({ games: 3 }), dice);
    s = doubleTaken(s, 0, dice);
    s = doubleTaken(s, 1, dice);
    s = win(s, 0, 'backgammon', dice);
    expect(s.match.score).toEqual([12, 0]);
    s = win(s, 1, 'single', dice);
    expect(s.match.result).toBeNull();
    s = win(s, 1, 'gammon', dice);
    expect(s.match).toMatchObject({ score: [12, 3], result: { winner: 0, how: 'session' } });
    expect(s.phase).toBe('complete');
    let even = win(begun(money({ games: 2 }), dice), 0, 'single', dice);
    even = win(even, 1, 'single', dice);
    expect(even.match).toMatchObject({ score: [1, 1], result: { winner: null, how: 'session' } });
    // One game when money gives no count.
    const one = win(begun(money({}), dice), 1, 'gammon', dice);
    expect(one.match).toMatchObject({ score: [0, 2], result: { winner: 1, how: 'session' } });
    expect(reloaded(one)).toEqual(one);
  });

  describe('with beavers', () => {
    const beavers = money({ beavers: true, games: 2 });

    /** Ann doubles on her turn; Bob is to answer. */
    function annDoubles(dice: Dice): MatchState {
      let s = begun(beavers, dice);
      while (s.toAct !== 0 || s.phase !== 'decide') s = Match.apply(s, actor(s), plain(s), dice);
      return Match.apply(s, 0, { type: 'double' }, dice);
    }

    it('let the doubled seat beaver: it takes and redoubles, keeping the cube; the doubler takes or drops', () => {
      const dice = new SeededDice(15);
      const offered = annDoubles(dice);
      expect(Match.legal(offered, 1)).toMatchObject({ canTake: true, canDrop: true, canBeaver: true });
      const beavered = Match.apply(offered, 1, { type: 'beaver' }, dice);
      expect(beavered).toMatchObject({
        phase: 'cube_offered',
        toAct: 0,
        beaver: true,
        cube: { value: 2, owner: 1 },
      });
      expect(beavered.log.at(-1)).toMatchObject({ type: 'beaver', seat: 1, value: 4 });
      expect(Match.legal(beavered, 0)).toMatchObject({ canTake: true, canDrop: true, canBeaver: false });
      expect(reloaded(beavered)).toEqual(beavered);
      // Ann takes: the cube is at 4, Bob's, and Ann rolls.
      const taken = Match.apply(beavered, 0, { type: 'take' }, dice);
      expect(taken).toMatchObject({ cube: { value: 4, owner: 1 }, toAct: 0 });
      expect(taken.beaver).toBeUndefined();
      expect(taken.log.find((e) => e.type === 'take')?.text).toBe(
        'Ann takes the beaver; the cube is at 4, owned by Bob',
      );
      expect(taken.log.at(-1)).toMatchObject({ type: 'roll', seat: 0 });
      // Ann drops instead: Bob wins the beavered cube, 2 points.
      const dropped = Match.apply(beavered, 0, { type: 'drop' }, dice);
      expect(dropped.match.games[0]).toMatchObject({
        result: { winner: 1, kind: 'single', how: 'dropped', points: 2 },
        points: 2,
      });
      expect(reloaded(dropped)).toEqual(dropped);
    });

    it('refuse a second beaver (no raccoons), a beaver out of turn or phase, and a beaver at a table without them', () => {
      const dice = new SeededDice(16);
      const offered = annDoubles(dice);
      const beavered = Match.apply(offered, 1, { type: 'beaver' }, dice);
      const again = expectRefused(
        beavered,
        () => Match.apply(beavered, 0, { type: 'beaver' }, dice),
        'cannot_double',
      );
      expect(again.message).toMatch(/beavered already/);
      expectRefused(offered, () => Match.apply(offered, 0, { type: 'beaver' }, dice), 'not_your_turn');
      const decide = untilDecide(begun(beavers, dice), dice);
      expectRefused(
        decide,
        () => Match.apply(decide, actor(decide), { type: 'beaver' }, dice),
        'wrong_phase',
      );
      // No beavers: a plain money session, a match, a table.
      for (const config of [money({}), M5]) {
        const decided = untilDecide(begun(config, dice), dice);
        const s = Match.apply(decided, actor(decided), { type: 'double' }, dice);
        const seat = actor(s);
        expect(Match.legal(s, seat).canBeaver).toBeUndefined();
        const error = expectRefused(s, () => Match.apply(s, seat, { type: 'beaver' }, dice), 'cannot_double');
        expect(error.message).toBe('Beavers are not played at this table');
      }
    });
  });
});

describe('Match.fromJSON', () => {
  const dice = new SeededDice(17);
  let played = win(begun(M5, dice), 0, 'gammon', dice);
  played = win(played, 0, 'gammon', dice);
  played = untilTurnOf(played, 1, dice);
  const saved = () => JSON.parse(JSON.stringify(played));
  const path = (json: unknown) => (refusal(() => Match.fromJSON(json)) as InvalidInputError).path;

  it('takes back what the match made, and is the contract fromJSON for a state with match', () => {
    expect(Match.fromJSON(saved())).toEqual(played);
    expect(fromJSON(saved())).toEqual(played);
  });

  it('refuses a match whose score, games, Crawford flag or result disagree, naming the field', () => {
    const s = saved();
    expect(path({ ...s, match: { ...s.match, score: [4, 1] } })).toBe('$.match.score');
    const games = s.match.games;
    expect(path({ ...s, match: { ...s.match, games: [{ ...games[0], score: [0, 1] }, games[1]] } })).toBe(
      '$.match.games[0].score',
    );
    expect(path({ ...s, match: { ...s.match, games: [{ ...games[0], points: 1 }, games[1]] } })).toBe(
      '$.match.games[0].points',
    );
    expect(path({ ...s, match: { ...s.match, games: [{ ...games[0], crawford: true }, games[1]] } })).toBe(
      '$.match.games[0].crawford',
    );
    expect(path({ ...s, match: { ...s.match, games: [{ ...games[0], log: [] }, games[1]] } })).toBe(
      '$.match.games[0].log',
    );
    expect(path({ ...s, crawfordGame: false })).toBe('$.crawfordGame');
    expect(path({ ...s, cube: { value: 2, owner: 0 } })).toBe('$.cube');
    expect(path({ ...s, match: { ...s.match, result: { winner: 0, how: 'score' } } })).toBe('$.match.result');
    expect(path({ ...s, config: { ...s.config, length: 1 } })).toBe('$.config.length');
    expect(path({ ...s, config: { ...s.config, length: 99 } })).toBe('$.config.length');
    expect(path({ ...s, phase: 'idle', toAct: null, dice: null })).toBe('$.phase');
    expect(path({ ...s, match: { ...s.match, extra: 1 } })).toBe('$.match.extra');
    // A finished game that had already won the match cannot be followed by another.
    const won = { ...games[1], points: 3, result: { ...games[1].result, kind: 'backgammon', points: 3 } };
    won.log = [...won.log.slice(0, -1), { ...won.log.at(-1), kind: 'backgammon', points: 3 }];
    expect(path({ ...s, match: { ...s.match, games: [games[0], won], score: [5, 0] } })).toBe(
      '$.match.games[1]',
    );
  });

  it('refuses a finished match whose game at the table would not have ended it', () => {
    const dice2 = new SeededDice(18);
    const over = win(begun(M5, dice2), 1, 'backgammon', dice2);
    const done = win(over, 1, 'gammon', dice2);
    const json = JSON.parse(JSON.stringify(done));
    const single = {
      ...json,
      result: { ...json.result, kind: 'single', points: 1 },
      match: { ...json.match, score: [0, 4] },
    };
    expect(path(single)).toBe('$.phase');
  });
});

describe('steps sent with -0', () => {
  it('are logged as 0, so that the state survives JSON (found by the fuzz suite)', () => {
    const s = Table.fromJSON({
      ...Table.create({ cube: false, length: 1, crawford: false }, NAMES),
      phase: 'move',
      toAct: 0,
      dice: [2, 1],
      board: position({ 1: 1, 2: 1 }, { 6: 15 }),
    });
    const next = Table.apply(
      s,
      0,
      {
        type: 'move',
        steps: [
          { from: 1, to: -0 },
          { from: 0, to: 'off' },
        ],
      },
      new SequenceDice([3, 1]),
    );
    expect(Object.is(next.log.find((e) => e.type === 'move')?.steps?.[0]?.to, 0)).toBe(true);
    expect(Table.fromJSON(JSON.parse(JSON.stringify(next)))).toEqual(next);
  });
});
