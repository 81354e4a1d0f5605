import {
  type BackgammonAction,
  type BackgammonState,
  type Board,
  backgammonGame,
  formatPlay,
  Table,
} from '@tabula/backgammon';
import { type Agent, type AnyGame, createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { outrightWins, twoGamesOf } from '../test/match.js';
import { backgammonAgents, evaluate, heuristicAgent, winChance } from './backgammon.js';
import { randomAgent } from './random.js';

const game = backgammonGame as AnyGame;
const CUBE_OFF = { cube: false, length: 1, crawford: false };

/** A board from each seat's checkers as { pip: count } in its own pips (25 the bar); the rest are off. */
function position(x: Record<number, number>, o: Record<number, number>): Board {
  const total = (stacks: Record<number, number>) => Object.values(stacks).reduce((sum, n) => sum + n, 0);
  return {
    // White's pip p is point p - 1, Black's pip p is point 24 - p.
    points: Array.from({ length: 24 }, (_, i) => (x[i + 1] ?? 0) - (o[24 - i] ?? 0)),
    bar: [x[25] ?? 0, o[25] ?? 0],
    off: [15 - total(x), 15 - total(o)],
  };
}

const START = { 24: 2, 13: 5, 8: 3, 6: 5 };

function stateOf(fields: Partial<BackgammonState>): BackgammonState {
  const base = Table.create({ cube: true, length: 1, crawford: false }, ['White', 'Black']);
  return Table.fromJSON(JSON.parse(JSON.stringify({ ...base, phase: 'decide', toAct: 0, ...fields })));
}

function choose(state: BackgammonState, agent = heuristicAgent()): BackgammonAction {
  const seat = state.toAct as 0 | 1;
  const legal = backgammonGame.legalActions(state, seat);
  const action = agent.act(backgammonGame.view(state, seat), legal, {
    seat,
    rng: createRng(1),
  }) as BackgammonAction;
  expect(legal).toContainEqual(action);
  return action;
}

const played = (state: BackgammonState) => {
  const action = choose(state);
  return action.type === 'move' ? formatPlay(state.board, state.toAct as 0 | 1, action.steps) : action.type;
};

function matchUp(config: unknown, games: number): Promise<number> {
  const heuristic = heuristicAgent() as Agent<unknown, unknown>;
  return outrightWins(game as AnyGame, config, heuristic, randomAgent(), games, 1000);
}

describe('heuristic backgammon agent', () => {
  it('beats the random agent in at least 80% of 400 seeded games, seats alternating', async () => {
    const won = await matchUp(game.defaultConfig(), 400);
    console.log(`heuristic against random, cube on: won ${won} of 400`);
    expect(won).toBeGreaterThanOrEqual(320);
  });

  it('wins on checker play alone: at least 90% of 400 games without the cube', async () => {
    const won = await matchUp(CUBE_OFF, 400);
    console.log(`heuristic against random, cube off: won ${won} of 400`);
    expect(won).toBeGreaterThanOrEqual(360);
  });

  it('is registered as heuristic and plays the same game from the same seed', async () => {
    expect(backgammonAgents.map((e) => e.name)).toEqual([
      'heuristic',
      'pubeval',
      'neural-0',
      'neural-1',
      'neural-2',
      'expert',
    ]);
    const [once, again] = await twoGamesOf(game, game.defaultConfig(), backgammonAgents, 'heuristic', 77);
    expect(again).toEqual(once);
  });

  it('makes points with the opening rolls', () => {
    const opening = (dice: [number, number]) =>
      played(stateOf({ board: position(START, START), phase: 'move', dice }));
    expect(opening([6, 1])).toBe('13/7 8/7');
    expect(opening([3, 1])).toBe('8/5 6/5');
    expect(opening([4, 2])).toBe('8/4 6/4');
  });

  it('bears off as many checkers as it can in a race', () => {
    const race = stateOf({
      board: position({ 6: 1, 5: 1, 3: 4, 2: 3 }, { 5: 6, 6: 6 }),
      phase: 'move',
      dice: [6, 5],
    });
    expect(played(race)).toBe('6/off 5/off');
    const small = stateOf({ board: position({ 6: 2, 1: 2 }, { 5: 6, 6: 6 }), phase: 'move', dice: [1, 1] });
    // 1-1: two checkers off from the 1 point, and the rest of the roll moves the 6s down.
    const move = choose(small);
    expect(move.type === 'move' && move.steps.filter((step) => step.to === 'off').length).toBe(2);
  });

  it('counts a blot within direct range of an opposing checker as a risk', () => {
    // White's blot on its 10 with Black's back checker 6 pips behind it, or 8 pips behind.
    const direct = position({ 10: 1, 6: 14 }, { 21: 1, 19: 14 });
    const indirect = position({ 10: 1, 6: 14 }, { 23: 1, 19: 14 });
    // Black's checker 2 pips further back is 2 pips more lead for White; exposure must outweigh it.
    expect(evaluate(indirect, 0) - evaluate(direct, 0)).toBeGreaterThan(4);
  });

  it('doubles when well ahead, rolls otherwise, takes unless hopeless, and drops then', () => {
    // A race: 75 pips against 105.
    const ahead = stateOf({ board: position({ 6: 5, 5: 5, 4: 5 }, { 8: 5, 7: 5, 6: 5 }) });
    expect(winChance(ahead.board, 0)).toBeGreaterThan(0.9);
    expect(choose(ahead)).toEqual({ type: 'double' });
    const behind = stateOf({ board: position({ 8: 5, 7: 5, 6: 5 }, { 6: 5, 5: 5, 4: 5 }) });
    expect(winChance(behind.board, 0)).toBeLessThan(0.2);
    expect(choose(behind)).toEqual({ type: 'roll' });
    // Far ahead with a gammon in sight: too good to double, it plays on.
    const tooGood = stateOf({ board: position({ 6: 5, 5: 5, 4: 5 }, { 12: 5, 11: 5, 10: 5 }) });
    expect(choose(tooGood)).toEqual({ type: 'roll' });
    const even = stateOf({ board: position(START, START) });
    expect(choose(even)).toEqual({ type: 'roll' });

    const offer = (board: Board) =>
      backgammonGame.apply(stateOf({ board }), 0, { type: 'double' }, createRng(1));
    expect(choose(offer(position({ 6: 4, 5: 4, 4: 4, 3: 3 }, { 6: 4, 5: 4, 4: 4, 3: 2, 2: 1 })))).toEqual({
      type: 'take',
    });
    expect(choose(offer(position({ 2: 2 }, { 24: 15 })))).toEqual({ type: 'drop' });
  });

  it('accepts a resignation unless it offers a single game when a gammon is likely', () => {
    const resign = (board: Board) =>
      backgammonGame.apply(stateOf({ board }), 0, { type: 'resign', kind: 'single' }, createRng(1));
    expect(choose(resign(position(START, START)))).toEqual({ type: 'accept' });
    expect(choose(resign(position({ 24: 15 }, { 3: 15 })))).toEqual({ type: 'decline' });
  });
});
