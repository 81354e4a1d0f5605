import { checkAction, type GameDefinition, type Outcome, type Seat, shown, TabulaError } from '@tabula/core';
import { RngDice } from './dice.js';
import { checkMatchConfig, isMatch, Match } from './match.js';
import { playsMatch } from './match-rules.js';
import { describeAction, parseAction } from './notation.js';
import {
  ActionSchema,
  type BackgammonAction,
  type BackgammonConfig,
  type BackgammonState,
  type BackgammonView,
  ConfigSchema,
  GameStateSchema,
  type MatchState,
  ViewSchema,
} from './schemas.js';
import { fromJSON, opponent } from './state.js';
import { checkSeat, Table } from './table.js';
import { renderView, viewFor } from './view.js';

/** The names `setup` gives the seats: seat 0 plays White (X), seat 1 Black (O). */
export const SEAT_NAMES: readonly [string, string] = ['White', 'Black'];

/**
 * A match's outcome: the match score (in a money session each seat's net
 * points), the winner, and how it ended with the score, "score 5-3".
 */
function matchOutcome(state: MatchState): Outcome | null {
  const r = state.match.result;
  if (r === null) return null;
  const [a, b] = state.match.score;
  const scores = state.config.money === undefined ? [a, b] : [a - b, b - a];
  return { scores, winners: r.winner === null ? [] : [r.winner], reason: `${r.how} ${a}-${b}` };
}

function outcomeOf(state: BackgammonState | MatchState): Outcome | null {
  if (isMatch(state)) return matchOutcome(state);
  const r = state.result;
  if (r === null) return null;
  const scores = [0, 0];
  scores[r.winner] = r.points;
  scores[opponent(r.winner)] = -r.points;
  const reason = r.how === 'played' ? r.kind : r.how === 'dropped' ? 'dropped' : `${r.how} ${r.kind}`;
  return { scores, winners: [r.winner], reason };
}

/**
 * Legal actions as `Table.legal` gives them: roll, double, take, drop,
 * accept, decline, one move per legal play (in `Moves.legalPlays` order), and
 * the empty move when the table waits for a stuck seat to pass. Resignations
 * are not listed (a random agent would resign at every turn), but `apply`
 * takes them whenever the rules allow.
 */
function legalActionsOf(state: BackgammonState, seat: Seat): BackgammonAction[] {
  if (seat !== 0 && seat !== 1) return [];
  const legal = Table.legal(state, seat);
  const out: BackgammonAction[] = [];
  if (legal.canRoll) out.push({ type: 'roll' });
  if (legal.canDouble) out.push({ type: 'double' });
  if (legal.canTake) out.push({ type: 'take' });
  if (legal.canDrop) out.push({ type: 'drop' });
  if (legal.canBeaver === true) out.push({ type: 'beaver' });
  if (legal.canAccept) out.push({ type: 'accept' });
  if (legal.canDecline) out.push({ type: 'decline' });
  if (state.phase === 'move' && state.toAct === seat) {
    if (legal.plays.length === 0) out.push({ type: 'move', steps: [] });
    for (const steps of legal.plays) out.push({ type: 'move', steps });
  }
  return out;
}

type Definition = GameDefinition<
  BackgammonState | MatchState,
  BackgammonAction,
  BackgammonConfig,
  BackgammonView
>;

/** The contract with its optional text functions present. */
export type BackgammonGame = Definition & Required<Pick<Definition, 'describe' | 'render' | 'parseAction'>>;

/**
 * Backgammon under the shared contract, seats 0 and 1: one game at a `Table`
 * when the config's length is 1 (the state is a `BackgammonState`), a whole
 * `Match` when it is above 1 or the config has `money` (the state is a
 * `MatchState`: the game at the table plus `match`). All chance (the opening
 * rolls, every roll) draws from the `rng` given to `setup` and `apply`, one
 * `rng.int(1, 6)` a die.
 */
export const backgammonGame: BackgammonGame = {
  id: 'backgammon',
  version: '1',

  seatCount(config) {
    checkMatchConfig(config, 'The backgammon config');
    return 2;
  },

  defaultConfig(seats = 2) {
    if (seats !== 2)
      throw new TabulaError('invalid_argument', `Backgammon is played by 2 seats, not ${shown(seats)}`);
    // The cube is on so that agents meet doubles.
    return { cube: true, length: 1, crawford: false };
  },

  setup(config, rng) {
    const checked = checkMatchConfig(config, 'The backgammon config');
    const dice = new RngDice(rng);
    if (playsMatch(checked)) return Match.start(Match.create(checked, SEAT_NAMES), dice);
    return Table.start(Table.create(checked, SEAT_NAMES), dice);
  },

  toAct(state) {
    return state.toAct === null ? [] : [state.toAct];
  },

  legalActions: legalActionsOf,

  apply(state, seat, action, rng) {
    checkAction(ActionSchema, action, 'backgammon');
    checkSeat(seat);
    const dice = new RngDice(rng);
    return isMatch(state) ? Match.apply(state, seat, action, dice) : Table.apply(state, seat, action, dice);
  },

  view: viewFor,
  outcome: outcomeOf,
  fromJSON,

  // A seat whose agent fails loses as a forfeit scores it: the game at the table by its position
  // (single, gammon or backgammon, times the cube), and a match with it.
  forfeit(state, seat) {
    checkSeat(seat);
    return isMatch(state) ? Match.forfeit(state, seat) : Table.forfeit(state, seat);
  },

  schemas: { config: ConfigSchema, action: ActionSchema, state: GameStateSchema, view: ViewSchema },

  describe: describeAction,
  render: renderView,
  parseAction,
};
