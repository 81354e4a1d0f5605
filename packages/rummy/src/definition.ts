/**
 * Manipulation rummy under the shared contract of `@tabula/core`: the pure
 * round functions of `round.ts` behind a `GameDefinition`, so that agents,
 * the simulator, the command line and the server can run it.
 */
import { type GameDefinition, InvalidInputError, type Outcome, parseWith, type Seat } from '@tabula/core';
import { UnknownPlayerError } from './errors.js';
import { actionOf, describeAction, parseActionText, type RummyAction, renderView } from './notation.js';
import { deal, draw, pass, play, type RoundState, shuffledDeck } from './round.js';
import { DEFAULT_RULES, type RulesConfig, rulesProblem } from './rules.js';
import { ActionSchema, ConfigSchema, StateSchema, ViewSchema } from './schemas.js';
import { findPlays } from './search.js';
import { solve } from './solver/solve.js';
import { type RoundView, viewRound } from './view.js';

export type { RummyAction } from './notation.js';

/** A config of `rummyGame`: the number of players and, optionally, some or all of the rules. */
export interface RummyConfig {
  /** Seats 0 .. players - 1, in join order; seat 0 starts. */
  readonly players: number;
  /** Left-out fields take `DEFAULT_RULES` (2 decks, 2 jokers, 14 cards, 30 to open, 30 a joker). */
  readonly rules?: Partial<RulesConfig>;
}

/**
 * The players and the full rules of a config, checked: the schema, the
 * rules' own ranges, and enough cards for every hand.
 *
 * @throws InvalidInputError `invalid_config` with the path of the first problem.
 */
export function configRules(config: unknown): { players: number; rules: RulesConfig } {
  const c = parseWith(ConfigSchema, config, 'The rummy config', 'invalid_config');
  const rules: RulesConfig = { ...DEFAULT_RULES, ...c.rules };
  const problem = rulesProblem(rules);
  if (problem) throw new InvalidInputError('invalid_config', `$.rules.${problem.field}`, problem.message);
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

function checkSeat(state: RoundState, seat: Seat | null): void {
  if (seat !== null && (!Number.isInteger(seat) || seat < 0 || seat >= state.hands.length)) {
    throw new UnknownPlayerError(`There is no player at seat ${seat}.`);
  }
}

/** The same play whatever the order of its melds and of the cards in them. */
function layoutKey(layout: readonly (readonly string[])[]): string {
  return layout
    .map((meld) => meld.slice().sort().join(','))
    .sort()
    .join(';');
}

/**
 * The exact solver's best play first (no time budget, so the list is the same
 * on every machine), then the bounded search's plays that differ from it.
 */
function listedLayouts(state: RoundState, seat: Seat, solverPlay: boolean): string[][][] {
  const found = findPlays(state, seat).map((p) => p.layout);
  if (!solverPlay) return found;
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

/** How `createRummyGame` lists plays. */
export interface RummyGameOptions {
  /**
   * List the exact solver's best play first (default true). Without it the
   * list is the bounded search's alone, some twenty times cheaper: for bulk
   * random playouts where the best play does not matter.
   */
  readonly solverPlay?: boolean;
}

/**
 * Manipulation rummy (one round) as a `GameDefinition`. The state is the pure
 * `RoundState`, the view `viewRound`'s. `legalActions` lists draw or pass,
 * the solver's best play and the plays `findPlays` finds (at most 200);
 * `apply` accepts every legal layout, listed or not.
 * `rummyGame` is `createRummyGame()`.
 */
export function createRummyGame(
  options: RummyGameOptions = {},
): GameDefinition<RoundState, RummyAction, RummyConfig, RoundView> {
  const solverPlay = options.solverPlay ?? true;
  /**
   * The plays found for a state, kept while the state lives: callers (the
   * conformance kit, the command line) ask for the same state's actions several
   * times. States are values that nobody changes, so the list never goes stale.
   */
  const listed = new WeakMap<RoundState, readonly (readonly string[])[][]>();
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
      return deal(rules, players, shuffledDeck(rules, rng));
    },

    toAct(state) {
      return state.status === 'playing' ? [state.current] : [];
    },

    legalActions(state, seat) {
      if (state.status !== 'playing' || seat !== state.current) return [];
      let layouts = listed.get(state);
      if (layouts === undefined) {
        layouts = listedLayouts(state, seat, solverPlay);
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
      const checked = actionOf(action);
      switch (checked.type) {
        case 'draw':
          return draw(state, seat);
        case 'pass':
          return pass(state, seat);
        default:
          return play(state, seat, checked.layout);
      }
    },

    view(state, seat) {
      checkSeat(state, seat);
      return viewRound(state, seat);
    },

    outcome(state): Outcome | null {
      if (state.status !== 'over' || state.winner === null) return null;
      return {
        scores: state.scores.slice(),
        winners: [state.winner],
        reason: state.hands[state.winner]!.length === 0 ? 'out' : 'stalemate',
      };
    },

    schemas: { config: ConfigSchema, action: ActionSchema, state: StateSchema, view: ViewSchema },

    describe(action, state) {
      return describeAction(action, state);
    },

    render(view) {
      return renderView(view);
    },

    parseAction(text, view) {
      return parseActionText(text, view);
    },
  };
}

export const rummyGame = createRummyGame();
