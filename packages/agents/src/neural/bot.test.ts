import { type BackgammonState, Board, backgammonGame, Table } from '@tabula/backgammon';
import { type AnyGame, playGame } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { heuristicAgent } from '../backgammon.js';
import { agentsFor, defaultAgentFor } from '../registry.js';
import { evaluateCube, evaluatePlays, neuralAgent, pubevalAgent, shippedEvaluator } from './bot.js';
import { evaluateAfterMove, moneyEquity } from './evaluator.js';
import { generateMoves, MoveList, ROLLS } from './movegen.js';
import { OUTPUTS } from './net.js';
import { positionOf } from './position.js';
import { evaluatePlied, STRENGTHS } from './search.js';

const game = backgammonGame as AnyGame;

function stateOf(fields: Partial<BackgammonState>): BackgammonState {
  const base = Table.create({ cube: true, length: 1, crawford: false }, ['White', 'Black']);
  return Table.fromJSON(JSON.parse(JSON.stringify({ ...base, phase: 'decide', toAct: 0, ...fields })));
}

describe('the neural agents', () => {
  it('are registered, expert last (the default opponent)', () => {
    const names = [...agentsFor('backgammon').keys()];
    for (const name of ['pubeval', 'neural-0', 'neural-1', 'neural-2', 'expert', 'random-cube'])
      expect(names).toContain(name);
    expect(defaultAgentFor('backgammon')).toBe('expert');
  });

  it('play whole money games with the cube, every action legal (the contract checks), the same from the same seed', async () => {
    const config = { cube: true, length: 1, crawford: false };
    const agents = [neuralAgent('neural-0', STRENGTHS['neural-0']), heuristicAgent()];
    const first = await playGame(game, config, agents, 5);
    const again = await playGame(game, config, agents, 5);
    expect(again.record.actions).toEqual(first.record.actions);
    expect(first.outcome.winners.length).toBe(1);
  });

  it('play a match to 5 with the cube at 1-ply', async () => {
    const config = { cube: true, length: 5, crawford: true };
    const { outcome } = await playGame(
      game,
      config,
      [neuralAgent('neural-1', STRENGTHS['neural-1']), pubevalAgent()],
      11,
    );
    expect(outcome.winners.length).toBe(1);
  }, 120_000);

  it('lists plays best first; the first is what neural-0 plays', () => {
    const state = stateOf({ phase: 'move', dice: [3, 1] });
    const plays = evaluatePlays(state, 0, [3, 1], 'neural-0');
    expect(plays.length).toBe(16);
    for (let i = 1; i < plays.length; i++) expect(plays[i]!.equity).toBeLessThanOrEqual(plays[i - 1]!.equity);
    const legal = backgammonGame.legalActions(state, 0);
    const action = neuralAgent('neural-0', STRENGTHS['neural-0']).act(backgammonGame.view(state, 0), legal, {
      seat: 0,
      rng: undefined as never,
    });
    expect(action).toEqual({ type: 'move', steps: plays[0]!.steps });
  });

  it('doubles a crushing position, and the opponent passes', () => {
    // White has borne off 12 with 3 on its 1-point; Black has all 15 back on White's home board side.
    const board = { ...Board.start(), points: [3, ...new Array<number>(17).fill(0), -5, -5, -5, 0, 0, 0] };
    const state = stateOf({ board: { points: board.points, bar: [0, 0], off: [12, 0] } });
    const cube = evaluateCube(state, 0, 0);
    expect(cube.probabilities[0]).toBeGreaterThan(0.99);
    expect(cube.take).toBe(false);
  });
});

describe('the search', () => {
  it("1-ply is the average over the 21 rolls of the roller's best 0-ply play", () => {
    const ev = shippedEvaluator();
    const pos = positionOf(Board.start(), 0);
    const list = new MoveList();
    const p = new Float64Array(OUTPUTS);
    const best = new Float64Array(OUTPUTS);
    const sum = new Float64Array(OUTPUTS);
    for (const [a, b, w] of ROLLS) {
      const n = generateMoves(pos, a, b, list);
      let top = Number.NEGATIVE_INFINITY;
      for (let k = 0; k < n; k++) {
        const e = moneyEquity(evaluateAfterMove(ev, list.view(k), p));
        if (e > top) {
          top = e;
          best.set(p);
        }
      }
      for (let k = 0; k < OUTPUTS; k++) sum[k]! += (w * best[k]!) / 36;
    }
    const searched = evaluatePlied(ev, pos, 1, new Float64Array(OUTPUTS));
    for (let k = 0; k < OUTPUTS; k++) expect(searched[k]).toBeCloseTo(sum[k]!, 12);
  });

  it('ranks the filtered plays deeper at 1-ply and keeps the rest below them', () => {
    const state = stateOf({ phase: 'move', dice: [6, 4] });
    const plays = evaluatePlays(state, 0, [6, 4], 'neural-1');
    const deep = plays.filter((p) => p.plies === 1).length;
    expect(deep).toBeGreaterThan(1);
    expect(deep).toBeLessThanOrEqual(8);
    expect(plays.slice(0, deep).every((p) => p.plies === 1)).toBe(true);
  });
});
