import { type Agent, type AnyGame, createRng, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import {
  createDeck,
  createRummyGame,
  DEFAULT_RULES,
  DEFAULT_SOLVE_STEPS,
  type RummyState,
  rummyGame,
  solve,
} from '@tabula/rummy';
import { describe, expect, it } from 'vitest';
import { outrightWins } from '../test/match.js';
import { randomAgent } from './random.js';
import { greedyRummyAgent } from './rummy.js';
import { solverRummyAgent } from './rummy-solver.js';

describe('the solver rummy agent', () => {
  it('wins at least 60% of 400 seeded two-player games against the greedy agent', async () => {
    const solver = solverRummyAgent() as unknown as Agent<unknown, unknown>;
    const greedy = greedyRummyAgent() as unknown as Agent<unknown, unknown>;
    const wins = await outrightWins(
      rummyGame as AnyGame,
      rummyGame.defaultConfig(2),
      solver,
      greedy,
      400,
      5000,
    );
    expect(wins).toBeGreaterThanOrEqual(240);
  }, 600_000);

  it('beats a random agent that is offered its own best play too, in at least 65% of 100 games', async () => {
    const solver = solverRummyAgent() as unknown as Agent<unknown, unknown>;
    const random = randomAgent();
    const wins = await outrightWins(
      rummyGame as AnyGame,
      rummyGame.defaultConfig(2),
      solver,
      random,
      100,
      9000,
    );
    expect(wins).toBeGreaterThanOrEqual(65);
  }, 300_000);
});

/**
 * A big table from a seeded 4-player round (the rummy package's slow positions,
 * seed 15, step 81: 25 melds, 83 table cards, a hand of 5), where the exact
 * solver takes over a million steps: bots laying the most cards half the time.
 */
function bigTable(): RummyState {
  const chooser = createRummyGame({ solverPlay: false });
  const rng = createRng(15);
  let state = chooser.setup({ players: 4 }, rng);
  for (let step = 0; step < 81; step++) {
    const listed = chooser.legalActions(state, state.current);
    const action = listed.length > 1 && rng.int(0, 1) === 0 ? listed[1]! : rng.pick(listed);
    state = chooser.apply(state, state.current, action, rng);
  }
  return state;
}

describe('the solver rummy agent on a big table (issue 11, item 4)', () => {
  const state = bigTable();
  const seat = state.current;
  const view = rummyGame.view(state, seat);
  const legal = rummyGame.legalActions(state, seat);
  const position = { table: state.table, hand: state.hands[seat]!, opened: true, rules: state.rules };

  it("plays the solver's answer within DEFAULT_SOLVE_STEPS (counted steps: the same on every machine)", async () => {
    expect(state.table).toHaveLength(25);
    const answer = solve(position, { maxSteps: DEFAULT_SOLVE_STEPS });
    expect(answer.optimal).toBe(false);
    expect(answer.stats.steps).toBeLessThanOrEqual(2 * DEFAULT_SOLVE_STEPS);
    if (answer.kind !== 'play') throw new Error('the solver found no play');
    const action = await solverRummyAgent().act(view, legal, { seat, rng: createRng(1) });
    expect(action).toEqual({ type: 'play', layout: answer.layout.map((m) => m.cards.slice()) });
    expect(() => rummyGame.apply(state, seat, action, createRng(0))).not.toThrow();
  });

  it('takes a budget of its own, and refuses one that is not a number of steps', async () => {
    const action = await solverRummyAgent({ maxSteps: 500 }).act(view, legal, { seat, rng: createRng(1) });
    const answer = solve(position, { maxSteps: 500 });
    expect(action).toEqual(
      answer.kind === 'play' ? { type: 'play', layout: answer.layout.map((m) => m.cards.slice()) } : legal[0],
    );
    expect(() => rummyGame.apply(state, seat, action, createRng(0))).not.toThrow();
    for (const maxSteps of [-1, Number.NaN]) {
      expect(thrownBy(() => solverRummyAgent({ maxSteps }), TabulaError).code).toBe('invalid_argument');
    }
  });
});

describe('the solver rummy agent before opening', () => {
  it("does not play the solver's opening when, as cards, it falls short", async () => {
    // the solver opens with 9d-wb-wr, a run worth 30; as cards it reads as a group of nines, worth 27
    const hand = 'wbr,5cb,9dr,3cb,2hr,Ahb,4hb,5hb,Adr,2sb,4db,2sr,wrr,8cr'.split(',');
    const table = ['9sr,Tsr,Jsb', '6hr,7hr,8hr'].map((m) => m.split(','));
    const onTable = table.flat();
    const rest = createDeck(DEFAULT_RULES).filter((c) => !hand.includes(c) && !onTable.includes(c));
    const state: RummyState = {
      rules: { ...DEFAULT_RULES },
      status: 'playing',
      hands: [hand, rest.slice(0, 14)],
      stock: rest.slice(14),
      table: table.map((cards) => ({ kind: cards[0]![0] === cards[1]![0] ? 'group' : 'run', cards })),
      opened: [false, true],
      current: 0,
      passes: 0,
      winner: null,
      scores: [0, 0],
    };
    const legal = rummyGame.legalActions(state, 0);
    const action = await solverRummyAgent().act(rummyGame.view(state, 0), legal, {
      seat: 0,
      rng: createRng(1),
    });
    // nothing else opens here: the agent draws, as listed, where it played the refused opening before
    expect(legal).toEqual([{ type: 'draw' }]);
    expect(action).toEqual({ type: 'draw' });
    expect(() => rummyGame.apply(state, 0, action, createRng(0))).not.toThrow();
  });
});
