/**
 * Manipulation rummy under the shared contract of `@tabula/core`: the pure
 * round functions of `round.ts` behind a `GameDefinition`, so that agents,
 * the simulator, the command line and the server can run it.
 */
import {
  type GameDefinition,
  IllegalActionError,
  InvalidInputError,
  matches,
  type Outcome,
  parseWith,
  type Seat,
  shown,
  TabulaError,
} from '@tabula/core';
import { InvalidRulesError } from './errors.js';
import { sameCards } from './meld.js';
import { describeAction, parseAction } from './notation.js';
import * as Round from './round.js';
import { DEFAULT_RULES, rulesProblem } from './rules.js';
import {
  ActionSchema,
  ConfigSchema,
  type RulesConfig,
  type RummyAction,
  type RummyConfig,
  type RummyState,
  type RummyView,
  StateSchema,
  ViewSchema,
} from './schemas.js';
import { findPlays } from './search.js';
import { DEFAULT_SOLVE_STEPS, solveValid } from './solver/solve.js';
import { fromJSON } from './state.js';
import { renderView, viewFor } from './view.js';

/**
 * The players and the full rules of a config, checked: the schema, the
 * rules' own limits, and enough cards for every hand.
 *
 * @throws InvalidInputError `invalid_config` with the path of the first problem.
 */
export function configRules(config: unknown): { players: number; rules: RulesConfig } {
  const c = parseWith(ConfigSchema, config, 'The rummy config', 'invalid_config');
  const rules: RulesConfig = { ...DEFAULT_RULES, ...c.rules };
  const problem = rulesProblem(rules);
  if (problem) throw new InvalidRulesError(problem.field, problem.message, `$.rules.${problem.field}`);
  const cards = 52 * rules.decks + rules.jokers;
  if (c.players * rules.handSize > cards) {
    throw new InvalidInputError(
      'invalid_config',
      '$.players',
      `${c.players} players of ${rules.handSize} cards need ${c.players * rules.handSize} cards, the deck has ${cards}`,
    );
  }
  return { players: c.players, rules };
}

/** Whether two layouts are the same play, whatever the order of their melds and of the cards in them. */
function sameLayout(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  if (a.length !== b.length) return false;
  const matched = new Uint8Array(b.length);
  next: for (const meld of a) {
    for (let j = 0; j < b.length; j++) {
      if (matched[j] === 0 && sameCards(meld, b[j]!)) {
        matched[j] = 1;
        continue next;
      }
    }
    return false;
  }
  return true;
}

/**
 * A number that `sameLayout`'s equal layouts share (sums do not depend on
 * order): most listed plays differ from the solver's in it, and only those
 * that do not are compared meld by meld.
 */
function layoutHash(layout: readonly (readonly string[])[]): number {
  let sum = 0;
  for (const meld of layout) {
    let cards = 0;
    for (const card of meld) {
      let h = 0x811c9dc5;
      for (let i = 0; i < card.length; i++) h = Math.imul(h ^ card.charCodeAt(i), 0x01000193);
      cards = (cards + h) | 0;
    }
    // mixed, so that the same cards in other melds give another sum
    sum = (sum + Math.imul(cards ^ (cards >>> 15), 0x2c1b3c6d)) | 0;
  }
  return sum;
}

/**
 * Whether `play` accepts a layout given as an action gives it: card lists,
 * each meld's kind guessed. The solver's melds carry their kinds, and a run of
 * one regular card and jokers (`9d,wb,wr`: 9-10-J, 30 points) reads as a group
 * from its cards (27 points): before opening that may fall short.
 */
function acceptedAsCards(position: Round.PlayPosition, layout: readonly string[][]): boolean {
  try {
    Round.settlePlay(position, layout);
    return true;
  } catch (error) {
    if (error instanceof IllegalActionError) return false;
    throw error;
  }
}

/**
 * The solver's best play first (within `steps` search steps, so the list is
 * the same on every machine) when `play` accepts it as cards, then the
 * bounded search's plays that differ from it.
 */
function listedLayouts(state: RummyState, seat: Seat, solverPlay: boolean, steps: number): string[][][] {
  const found = findPlays(state, seat).map((p) => p.layout);
  if (!solverPlay) return found;
  const position: Round.PlayPosition = {
    table: state.table,
    hand: state.hands[seat] ?? [],
    opened: state.opened[seat] === true,
    rules: state.rules,
  };
  const best = solveValid(position, { maxSteps: steps });
  if (best.kind !== 'play') return found;
  const layout = best.layout.map((m) => m.cards.slice());
  if (!acceptedAsCards(position, layout)) return found;
  // Only a layout of the same hash can be the same: the melds are matched for those alone.
  const hash = layoutHash(layout);
  const same = (l: readonly (readonly string[])[]) => layoutHash(l) === hash && sameLayout(layout, l);
  return [layout, ...found.filter((l) => !same(l))];
}

/** How `createRummyGame` lists plays. */
export interface RummyGameOptions {
  /**
   * List the solver's best play first (default true). Without it the
   * list is the bounded search's alone, some twenty times cheaper: for bulk
   * random playouts where the best play does not matter.
   */
  readonly solverPlay?: boolean;
  /**
   * The solver's work budget, in search steps (`SolveOptions.maxSteps`;
   * default `DEFAULT_SOLVE_STEPS`). Past it the play listed first is the best
   * the solver found so far: `legalActions` answers in bounded time, and as
   * steps are counted the same way everywhere, the list is still the same on
   * every machine. `Infinity` for the exact play whatever it costs.
   */
  readonly solverSteps?: number;
}

/**
 * Manipulation rummy (one round) as a `GameDefinition`. The state is the pure
 * `RummyState`, the view `viewFor`'s. `legalActions` lists draw or pass,
 * the solver's best play and the plays `findPlays` finds (at most 200);
 * `apply` accepts every legal layout, listed or not.
 * `rummyGame` is `createRummyGame()`.
 */
export function createRummyGame(
  options: RummyGameOptions = {},
): GameDefinition<RummyState, RummyAction, RummyConfig, RummyView> {
  const solverPlay = options.solverPlay ?? true;
  const solverSteps = options.solverSteps ?? DEFAULT_SOLVE_STEPS;
  if (typeof solverSteps !== 'number' || !(solverSteps >= 0)) {
    throw new TabulaError(
      'invalid_argument',
      `solverSteps must be a number of steps, 0 or more (or Infinity), got ${shown(solverSteps)}`,
    );
  }
  /**
   * The plays found for a state, kept while the state lives: callers (the
   * conformance kit, the command line) ask for the same state's actions several
   * times. States are values that nobody changes, so the list never goes stale.
   */
  const listed = new WeakMap<RummyState, readonly (readonly string[])[][]>();
  return {
    id: 'rummy',
    version: '1',

    seatCount(config) {
      return configRules(config).players;
    },

    defaultConfig(seats = 2) {
      const config = { players: seats };
      configRules(config);
      return config;
    },

    setup(config, rng) {
      const { players, rules } = configRules(config);
      return Round.deal(rules, players, Round.shuffledDeck(rules, rng));
    },

    toAct(state) {
      return state.status === 'playing' ? [state.current] : [];
    },

    legalActions(state, seat) {
      if (state.status !== 'playing' || seat !== state.current) return [];
      let layouts = listed.get(state);
      if (layouts === undefined) {
        layouts = listedLayouts(state, seat, solverPlay, solverSteps);
        listed.set(state, layouts);
      }
      const turn: RummyAction = state.stock.length > 0 ? { type: 'draw' } : { type: 'pass' };
      // Fresh arrays on every call, so that a caller changing an action cannot change the next list.
      return [
        turn,
        ...layouts.map((layout): RummyAction => ({ type: 'play', layout: layout.map((m) => m.slice()) })),
      ];
    },

    apply(state, seat, action) {
      if (!matches(ActionSchema, action)) {
        throw new IllegalActionError(
          'invalid_action',
          `Not a rummy action: ${shown(action)}. An action is { "type": "draw" }, { "type": "pass" } or { "type": "play", "layout": [[cards], ...] }.`,
        );
      }
      switch (action.type) {
        case 'draw':
          return Round.draw(state, seat);
        case 'pass':
          return Round.pass(state, seat);
        default:
          return Round.play(state, seat, action.layout);
      }
    },

    view: viewFor,

    outcome(state): Outcome | null {
      if (state.status !== 'over' || state.winner === null) return null;
      return {
        scores: state.scores.slice(),
        winners: [state.winner],
        reason: state.hands[state.winner]?.length === 0 ? 'out' : 'stalemate',
      };
    },

    fromJSON: (json) => fromJSON(json),

    schemas: { config: ConfigSchema, action: ActionSchema, state: StateSchema, view: ViewSchema },

    describe: describeAction,

    render: renderView,

    parseAction,
  };
}

export const rummyGame = createRummyGame();
