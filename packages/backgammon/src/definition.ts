import { Value } from '@sinclair/typebox/value';
import {
  type GameDefinition,
  IllegalActionError,
  type Outcome,
  parseWith,
  type Seat,
  TabulaError,
} from '@tabula/core';
import type { Side } from './board.js';
import { describeAction, parseTypedAction, renderView } from './definition-text.js';
import { RngDice } from './dice.js';
import { ActionSchema, ConfigSchema, StateSchema, VIEW_LOG_ENTRIES, ViewSchema } from './schemas.js';
import { Table } from './table.js';
import { readAction } from './table-actions.js';
import type { Action, LogEntry, TableConfig, TableState } from './table-state.js';

/**
 * What a seat (or a spectator) sees. Backgammon hides nothing but the dice
 * still to come, so this is the state itself, with only the latest log
 * entries (`recent`) since the full log grows with every roll.
 */
export interface BackgammonView extends Omit<TableState, 'log'> {
  /** The last entries of the log (at most `VIEW_LOG_ENTRIES`), oldest first. */
  recent: LogEntry[];
}

/** The names `setup` gives the seats: seat 0 plays White (X), seat 1 Black (O). */
export const SEAT_NAMES: readonly [string, string] = ['White', 'Black'];

function copyEntry(entry: LogEntry): LogEntry {
  const out: LogEntry = { ...entry };
  if (entry.dice !== undefined) out.dice = [entry.dice[0], entry.dice[1]];
  if (entry.steps !== undefined) out.steps = entry.steps.map((s) => ({ from: s.from, to: s.to }));
  return out;
}

/** A fresh copy: an agent that scribbles on its view must not reach the state. */
function viewOf(state: TableState): BackgammonView {
  const { board } = state;
  return {
    phase: state.phase,
    toAct: state.toAct,
    dice: state.dice === null ? null : [state.dice[0], state.dice[1]],
    board: {
      points: board.points.slice(),
      bar: [board.bar[0], board.bar[1]],
      off: [board.off[0], board.off[1]],
    },
    cube: { value: state.cube.value, owner: state.cube.owner },
    result: state.result === null ? null : { ...state.result },
    names: [state.names[0], state.names[1]],
    config: { ...state.config },
    crawfordGame: state.crawfordGame,
    passes: state.passes,
    resignation: state.resignation === null ? null : { ...state.resignation },
    recent: state.log.slice(-VIEW_LOG_ENTRIES).map(copyEntry),
  };
}

const FIELDS: Readonly<Record<Action['type'], readonly string[]>> = {
  roll: ['type'],
  double: ['type'],
  take: ['type'],
  drop: ['type'],
  move: ['type', 'steps'],
  resign: ['type', 'kind'],
  accept: ['type'],
  decline: ['type'],
};

/**
 * The table reads the fields it needs and ignores the rest; a game record
 * should hold exactly what was played, so anything beyond the schema is refused.
 */
function checkAction(action: unknown): asserts action is Action {
  if (Value.Check(ActionSchema, action)) return;
  const read = readAction(action); // throws bad_action naming a wrong type or field
  const extra = Object.keys(action as object).find((k) => !FIELDS[read.type].includes(k));
  const problem =
    extra !== undefined
      ? `has a field "${extra}" that a ${read.type} action does not take`
      : 'has more than 4 steps or a step with extra fields';
  throw new IllegalActionError('bad_action', `The action ${JSON.stringify(action)} ${problem}`);
}

function outcomeOf(state: TableState): Outcome | null {
  const r = state.result;
  if (r === null) return null;
  const scores = [0, 0];
  scores[r.winner] = r.points;
  scores[r.winner === 0 ? 1 : 0] = -r.points;
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
function legalActionsOf(state: TableState, seat: Seat): Action[] {
  if (seat !== 0 && seat !== 1) return [];
  const legal = Table.legal(state, seat);
  const out: Action[] = [];
  if (legal.canRoll) out.push({ type: 'roll' });
  if (legal.canDouble) out.push({ type: 'double' });
  if (legal.canTake) out.push({ type: 'take' });
  if (legal.canDrop) out.push({ type: 'drop' });
  if (legal.canAccept) out.push({ type: 'accept' });
  if (legal.canDecline) out.push({ type: 'decline' });
  if (state.phase === 'move' && state.toAct === seat) {
    if (legal.plays.length === 0) out.push({ type: 'move', steps: [] });
    for (const steps of legal.plays) out.push({ type: 'move', steps });
  }
  return out;
}

type Definition = GameDefinition<TableState, Action, TableConfig, BackgammonView>;

/** The contract with its optional text functions present. */
export type BackgammonGame = Definition & Required<Pick<Definition, 'describe' | 'render' | 'parseAction'>>;

/**
 * Backgammon under the shared contract: one game (no match score) at a
 * `Table`, seats 0 and 1. The state is the `TableState`; all chance (the
 * opening roll, every roll) draws from the `rng` given to `setup` and
 * `apply`, one `rng.int(1, 6)` a die.
 */
export const backgammonGame: BackgammonGame = {
  id: 'backgammon',
  version: '1',

  seatCount(config) {
    parseWith(ConfigSchema, config, 'The backgammon config', 'invalid_config');
    return 2;
  },

  defaultConfig(seats = 2) {
    if (seats !== 2) throw new TabulaError('bad_seat_count', `Backgammon is played by 2 seats, not ${seats}`);
    // The cube is on so that agents meet doubles.
    return { cube: true, length: 1, crawford: false };
  },

  setup(config, rng) {
    const checked = parseWith(ConfigSchema, config, 'The backgammon config', 'invalid_config');
    return Table.start(Table.create(checked, SEAT_NAMES), new RngDice(rng));
  },

  toAct(state) {
    return state.toAct === null ? [] : [state.toAct];
  },

  legalActions: legalActionsOf,

  apply(state, seat, action, rng) {
    checkAction(action);
    return Table.apply(state, seat as Side, action, new RngDice(rng));
  },

  view(state) {
    return viewOf(state);
  },

  outcome: outcomeOf,

  schemas: { config: ConfigSchema, action: ActionSchema, state: StateSchema, view: ViewSchema },

  describe: describeAction,
  render: renderView,
  parseAction: parseTypedAction,
};
