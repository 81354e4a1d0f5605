// The same random game played twice: by the engine alone (the game's own
// functions and a random bot choosing among the options the contract lists,
// from the same generators) and through the contract (`playGame` with
// `randomAgent`s). Both play the very same game from a seed, so the
// difference in time is what the contract costs.
import { randomAgent } from '@tabula/agents';
import {
  type BackgammonAction,
  type BackgammonConfig,
  backgammonGame,
  RngDice,
  SEAT_NAMES,
  Table,
} from '@tabula/backgammon';
import { type AnyGame, gameStreams, playGame, type Rng } from '@tabula/core';
import { configRules, findPlays, Round, type RummyState, rummyGame, solve } from '@tabula/rummy';
import {
  defaultDeck,
  newGame,
  phpShuffle,
  playCard,
  scores,
  skirmishGame,
  standardFleet,
} from '@tabula/skirmish';

/** What a played game came to: its length and scores, to check that both ways played the same game. */
export interface Played {
  readonly actions: number;
  readonly scores: readonly number[];
}

export interface EnginePair {
  readonly game: AnyGame;
  readonly config: unknown;
  readonly engine: (seed: number) => Played;
  readonly contract: (seed: number) => Promise<Played>;
}

function contractOf(game: AnyGame, config: unknown) {
  return async (seed: number): Promise<Played> => {
    const { record, outcome } = await playGame(game, config, [randomAgent(), randomAgent()], seed);
    return { actions: record.actions.length, scores: outcome.scores };
  };
}

const pick = (rngs: readonly Rng[], seat: number) => rngs[seat] as Rng;

// --- backgammon: Table, and the options as the definition lists them ------------------------------

const BACKGAMMON: BackgammonConfig = { cube: true, length: 1, crawford: false };

function backgammonEngine(seed: number): Played {
  const { chance, agents } = gameStreams(seed, 2);
  const dice = new RngDice(chance);
  let state = Table.start(Table.create(BACKGAMMON, SEAT_NAMES), dice);
  let actions = 0;
  while (state.toAct !== null) {
    const seat = state.toAct;
    // The definition's `legalActions` is the engine's own listing of `Table.legal` (no contract around it).
    const options = backgammonGame.legalActions(state, seat) as BackgammonAction[];
    state = Table.apply(state, seat, pick(agents, seat).pick(options), dice);
    actions++;
  }
  const scores = [0, 0];
  if (state.result !== null) {
    scores[state.result.winner] = state.result.points;
    scores[1 - state.result.winner] = -state.result.points;
  }
  return { actions, scores };
}

// --- rummy: the round functions, the solver's play and the bounded search's ---------------------

const RUMMY = { players: 2 };

const layoutKey = (layout: readonly (readonly string[])[]) =>
  layout
    .map((meld) => meld.slice().sort().join(','))
    .sort()
    .join(';');

/** The layouts `rummyGame` lists: the solver's best play first, then the search's others. */
function rummyLayouts(state: RummyState, seat: number): string[][][] {
  const found = findPlays(state, seat).map((p) => p.layout);
  const best = solve({
    table: state.table,
    hand: state.hands[seat] ?? [],
    opened: state.opened[seat] === true,
    rules: state.rules,
  });
  if (best.kind !== 'play') return found;
  const layout = best.layout.map((m) => m.cards.slice());
  const key = layoutKey(layout);
  return [layout, ...found.filter((l) => layoutKey(l) !== key)];
}

function rummyEngine(seed: number): Played {
  const { chance, agents } = gameStreams(seed, 2);
  const { players, rules } = configRules(RUMMY);
  let state = Round.deal(rules, players, Round.shuffledDeck(rules, chance));
  let actions = 0;
  while (state.status === 'playing') {
    const seat = state.current;
    const layouts = rummyLayouts(state, seat);
    // The list is the turn (draw or pass) and then the layouts: the same pick as the contract's.
    const k = pick(agents, seat).int(0, layouts.length);
    const layout = layouts[k - 1];
    if (layout !== undefined) state = Round.play(state, seat, layout);
    else state = state.stock.length > 0 ? Round.draw(state, seat) : Round.pass(state, seat);
    actions++;
  }
  return { actions, scores: state.scores };
}

// --- skirmish: the rules functions, each seat a random ship of its hand ----------------------------

const SKIRMISH = { players: 2 };

function skirmishEngine(seed: number): Played {
  const { chance, agents } = gameStreams(seed, 2);
  let state = newGame(2, standardFleet(), phpShuffle(defaultDeck(), chance.int(0, 0xffffffff)));
  let actions = 0;
  while (state.endReason === null) {
    // Every seat yet to play this battle plays, in seat order.
    for (let seat = 0; seat < state.plays.length; seat++) {
      if (state.plays[seat] !== null) continue;
      const ships = [...new Set(state.hands[seat])].sort((a, b) => a - b);
      state = playCard(state, seat, pick(agents, seat).pick(ships));
      actions++;
    }
  }
  return { actions, scores: scores(state) };
}

export const ENGINES: Readonly<Record<string, EnginePair>> = {
  backgammon: {
    game: backgammonGame as AnyGame,
    config: BACKGAMMON,
    engine: backgammonEngine,
    contract: contractOf(backgammonGame as AnyGame, BACKGAMMON),
  },
  rummy: {
    game: rummyGame as AnyGame,
    config: RUMMY,
    engine: rummyEngine,
    contract: contractOf(rummyGame as AnyGame, RUMMY),
  },
  skirmish: {
    game: skirmishGame as AnyGame,
    config: SKIRMISH,
    engine: skirmishEngine,
    contract: contractOf(skirmishGame as AnyGame, SKIRMISH),
  },
};
