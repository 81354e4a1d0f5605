import type { TSchema } from '@sinclair/typebox';
import type { Rng, Seed } from './rng.js';
import type { Seat } from './types.js';

/** How a finished game came out: one score per seat (points, VP, ...) and who won. */
export interface Outcome {
  /** `scores[seat]`: the game's own measure; higher is better. */
  readonly scores: readonly number[];
  /** The seats that won; several when they share the win, none for a draw. */
  readonly winners: readonly Seat[];
  /** A short reason in the game's words (`gammon`, `stalemate`, `normal`, ...). */
  readonly reason: string;
}

/** JSON Schemas (TypeBox) for everything that crosses a trust boundary. */
export interface GameSchemas {
  readonly config: TSchema;
  readonly action: TSchema;
  readonly state: TSchema;
  readonly view: TSchema;
}

/**
 * What every game implements so that agents, the simulator, the command line
 * and the server can run it without knowing its rules. All functions are pure
 * over plain JSON data: they return new states and never change their input.
 */
export interface GameDefinition<State, Action, Config, View> {
  /** A stable name: 'backgammon', 'rummy', 'skirmish'. */
  readonly id: string;
  /** The rules version; a game record stores it so old records replay under the rules they were played with. */
  readonly version: string;
  /** The seats a config seats (2 for backgammon, the player count for rummy and skirmish). */
  seatCount(config: Config): number;
  /** A sensible default config, for commands that take none. */
  defaultConfig(seats?: number): Config;
  /** A new game. Anything random at the start (a shuffle, the opening roll) draws from `rng`. */
  setup(config: Config, rng: Rng): State;
  /** The seats that may act now: one for turn-based games, several for simultaneous moves; empty once over. */
  toAct(state: State): Seat[];
  /** A useful finite list of legal actions for a seat; empty for a seat not to act. */
  legalActions(state: State, seat: Seat): Action[];
  /** The state after `seat` plays `action`; chance (dice, draws) comes from `rng`. Throws `IllegalActionError`. */
  apply(state: State, seat: Seat, action: Action, rng: Rng): State;
  /** What a seat (or a spectator, `null`) may know: never another seat's secrets, never future chance. */
  view(state: State, seat: Seat | null): View;
  /** The result once the game is over; `null` while it is live. */
  outcome(state: State): Outcome | null;
  /**
   * A state from untrusted JSON (a save, a client): the state schema, then the
   * rules a schema cannot say (checker counts, card conservation, ...).
   * Throws `InvalidInputError` (`invalid_state`) with the path of the first problem.
   */
  fromJSON(json: unknown): State;
  readonly schemas: GameSchemas;
  /**
   * The finished state when `seat` forfeits a live game (its agent failed),
   * for a game with a forfeit rule of its own (backgammon scores the position
   * as a lost game). Left out, `forfeitOutcome` gives the general one: the seat
   * loses, every other seat wins, and no points move.
   */
  forfeit?(state: State, seat: Seat): State;
  /** An action in the game's own notation, for people ("24/18 13/11", "play 7"). */
  describe?(action: Action, state: State): string;
  /**
   * A view drawn as text for a terminal. `previous` is the same seat's view
   * when it last looked (left out the first time): from the two the game may
   * say what changed for the seat (the card it drew) and leave out what it
   * said before (a key to its notation). Both are the seat's own views, so
   * nothing hidden can show.
   */
  render?(view: View, previous?: View): string;
  /**
   * A person's typed action (notation such as "24/18 13/11" or a rummy layout)
   * for a seat with this view. Throws `NotationError` for text that is no
   * action and `IllegalActionError` for an action the position does not allow.
   */
  parseAction?(text: string, view: View, legal: readonly Action[]): Action;
}

/**
 * Any game, for code that handles games generically (registries, the command
 * line). Method parameters are checked both ways, so every fully typed game is one.
 */
export type AnyGame = GameDefinition<unknown, unknown, unknown, unknown>;

/** What an agent is told besides its view and the legal actions. */
export interface AgentContext {
  readonly seat: Seat;
  /** The agent's own seeded generator, so bots are reproducible too. */
  readonly rng: Rng;
  /** A soft time budget for this decision, in milliseconds. */
  readonly budgetMs?: number;
}

/** A player program. It sees its seat's view and the legal actions, never the state. */
export interface Agent<View, Action> {
  readonly name: string;
  act(view: View, legal: readonly Action[], ctx: AgentContext): Action | Promise<Action>;
  /**
   * For an agent that chooses without looking at its view (a random agent):
   * the same choice as `act`, drawing the same numbers from `ctx.rng`, without
   * the view. `playGame` calls it when present and so never computes a view
   * nobody reads.
   */
  actWithoutView?(legal: readonly Action[], ctx: AgentContext): Action | Promise<Action>;
}

/** The types of a game definition, for generic code. */
export type StateOf<G> = G extends GameDefinition<infer S, unknown, unknown, unknown> ? S : never;
export type ActionOf<G> = G extends GameDefinition<unknown, infer A, unknown, unknown> ? A : never;
export type ConfigOf<G> = G extends GameDefinition<unknown, unknown, infer C, unknown> ? C : never;
export type ViewOf<G> = G extends GameDefinition<unknown, unknown, unknown, infer V> ? V : never;

export type { Seed };
