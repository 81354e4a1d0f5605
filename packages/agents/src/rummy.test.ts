import { type Agent, type AnyGame, createRng } from '@tabula/core';
import {
  createDeck,
  createRummyGame,
  DEFAULT_RULES,
  Round,
  type RummyAction,
  rummyGame,
} from '@tabula/rummy';
import { describe, expect, it } from 'vitest';
import { outrightWins, twoGamesOf } from '../test/match.js';
import { randomAgent } from './random.js';
import { greedyRummyAgent, laidBy, rummyAgents } from './rummy.js';

/** A round dealt from a pre-arranged deck: seat 0's 14 cards, seat 1's, then the stock. */
function arranged(hand0: string, hand1: string) {
  const top = [...hand0.split(','), ...hand1.split(',')];
  return Round.deal(DEFAULT_RULES, 2, [...top, ...createDeck(DEFAULT_RULES).filter((c) => !top.includes(c))]);
}
const MARTY = 'Khr,Kdr,Ksr,5cr,6cr,wbr,8cr,2dr,9hr,Tsb,3hb,Jcr,4db,Ahr';
const BIFF = 'Qhr,Qdr,7sr,2sb,9cb,Tdr,3sr,6hb,8db,Jhr,4cr,5sr,Kcb,Adb';
const ctx = { seat: 0, rng: createRng(1) };

describe('the greedy rummy agent', () => {
  it('is registered by name and plays only legal actions, the same way twice', async () => {
    expect(rummyAgents.map((e) => e.name)).toEqual(['greedy', 'solver']);
    const [first, again] = await twoGamesOf(rummyGame, { players: 2 }, rummyAgents, 'greedy', 11);
    expect(again).toEqual(first);
    expect(first.length).toBeGreaterThan(10);
  });

  it('counts what a play lays from the view of the table', () => {
    const state = rummyGame.apply(
      arranged(MARTY, BIFF),
      0,
      { type: 'play', layout: [['Kdr', 'Khr', 'Ksr']] },
      createRng(0),
    );
    const view = rummyGame.view(state, 1);
    expect(
      laidBy(
        [
          ['Kdr', 'Khr', 'Ksr', 'Kcb'],
          ['Qhr', 'Qdr', 'wrr'],
        ],
        view,
      ),
    ).toEqual({
      cards: 4,
      jokers: 1,
      points: 13 + 12 + 12 + 30,
    });
  });

  it('lays the most cards its own search finds, keeping the joker on a tie', () => {
    const state = arranged(MARTY, BIFF);
    const view = rummyGame.view(state, 0);
    const best = {
      type: 'play',
      layout: [
        ['5cr', '6cr', 'wbr', '8cr'],
        ['Kdr', 'Khr', 'Ksr'],
      ],
    };
    expect(greedyRummyAgent().act(view, rummyGame.legalActions(state, 0), ctx)).toEqual(best);
    // It searches its view itself: a list offering only the draw, or a smaller play, changes nothing.
    expect(greedyRummyAgent().act(view, [{ type: 'draw' }], ctx)).toEqual(best);
    const smaller: RummyAction[] = [{ type: 'draw' }, { type: 'play', layout: [['Kdr', 'Khr', 'wbr']] }];
    expect(greedyRummyAgent().act(view, smaller, ctx)).toEqual(best);
  });

  it('draws without a play, and passes once the stock is empty', () => {
    // No three cards of this hand make a meld.
    const state = arranged('2cr,4dr,6hr,8sr,Tcr,Qdb,Ahr,3sb,5cr,7dr,9hr,Jsr,Kcr,2db', BIFF);
    const view = rummyGame.view(state, 0);
    expect(greedyRummyAgent().act(view, rummyGame.legalActions(state, 0), ctx)).toEqual({ type: 'draw' });
    expect(greedyRummyAgent().act(view, [{ type: 'pass' }], ctx)).toEqual({ type: 'pass' });
    expect(() => greedyRummyAgent().act(view, [], ctx)).toThrow(/no legal action/);
  });

  it('beats random in at least 65% of 400 seeded two-player games, with the search listing the plays', async () => {
    // The contract issue's setting: the random agent picks among the bounded search's plays. Once the
    // solver's best play is listed too (rummyGame), random picks the exact best play now and then and
    // wins most games against greedy: see the next test.
    const searchOnly = createRummyGame({ solverPlay: false });
    const greedy = greedyRummyAgent() as unknown as Agent<unknown, unknown>;
    const random = randomAgent();
    const wins = await outrightWins(
      searchOnly as AnyGame,
      searchOnly.defaultConfig(2),
      greedy,
      random,
      400,
      1000,
    );
    expect(wins).toBeGreaterThanOrEqual(260);
  });

  it('loses to a random agent that is offered the solver play (measured, so the README can say so)', async () => {
    const greedy = greedyRummyAgent() as unknown as Agent<unknown, unknown>;
    const random = randomAgent();
    const wins = await outrightWins(
      rummyGame as AnyGame,
      rummyGame.defaultConfig(2),
      greedy,
      random,
      100,
      1000,
    );
    expect(wins).toBeLessThan(50);
  });
});
