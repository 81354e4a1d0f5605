import { IllegalActionError, TabulaError } from '@tabula/core';
import {
  type Board,
  CHECKERS_PER_SIDE,
  clone,
  positionKind,
  type Side,
  start as startBoard,
} from './board.js';
import type { Dice } from './dice.js';
import { applySteps, type Roll, type Step } from './moves.js';
import { formatDice, formatPlay } from './notation.js';
import { cachedPlays } from './play-cache.js';
import { PHASES_FOR, readAction, WHAT_PHASE_WANTS } from './table-actions.js';
import { checkConfig, checkNames, fromJSON } from './table-json.js';
import {
  type Action,
  cubeAllows,
  type Legal,
  MAX_CUBE,
  MULTIPLIER,
  opponent,
  type ResignKind,
  type ResultHow,
  type TableConfig,
  type TableState,
} from './table-state.js';

/** A table whose game is under way: someone must act. */
export type LiveTableState = TableState & { toAct: Side };

const OPENING_TIE_LIMIT = 100;

const KIND_TEXT: Readonly<Record<ResignKind, string>> = {
  single: 'a single game',
  gammon: 'a gammon',
  backgammon: 'a backgammon',
};

function refuse(code: string, message: string): never {
  throw new IllegalActionError(code, message);
}

function pointsText(points: number): string {
  return points === 1 ? '1 point' : `${points} points`;
}

function rollDie(dice: Dice): number {
  const value = dice.die();
  if (!Number.isInteger(value) || value < 1 || value > 6) {
    throw new TabulaError('bad_die', `Dice.die() must give a whole number from 1 to 6, got ${String(value)}`);
  }
  return value;
}

function checkSeat(seat: unknown): asserts seat is Side {
  if (seat !== 0 && seat !== 1) refuse('bad_seat', `A seat is 0 or 1, got ${String(seat)}`);
}

/** A fresh top level with its own log array; the helpers below only ever assign its fields and push to its log. */
function draft(state: TableState): TableState {
  return { ...state, log: state.log.slice() };
}

function name(s: TableState, seat: Side): string {
  return s.names[seat];
}

/**
 * Makes an idle table for a game between `names[0]` (seat 0) and `names[1]`.
 * The board is the opening position; a match layer may set `crawfordGame`
 * before `start`.
 */
export function create(config: TableConfig, names: readonly [string, string]): TableState {
  checkConfig(config, 'config');
  checkNames(names, 'names');
  return {
    phase: 'idle',
    toAct: null,
    dice: null,
    board: startBoard(),
    cube: { value: 1, owner: null },
    result: null,
    log: [],
    names: [names[0], names[1]],
    config: { cube: config.cube, length: config.length, crawford: config.crawford },
    crawfordGame: false,
    passes: 0,
    resignation: null,
  };
}

/**
 * The opening roll: seat 0 rolls one die, then seat 1; ties are rolled
 * again. The higher die opens and plays both dice, stored as rolled (seat
 * 0's die first). The game is played from the idle state's board.
 */
export function start(state: TableState, dice: Dice): TableState {
  if (state.phase === 'complete') refuse('game_over', 'The game is over: make a new table with Table.create');
  if (state.phase !== 'idle') refuse('wrong_phase', `The game has already started (phase ${state.phase})`);
  const s = draft(state);
  for (let tie = 0; tie < OPENING_TIE_LIMIT; tie++) {
    const roll: [number, number] = [rollDie(dice), rollDie(dice)];
    const rolled = `Opening roll: ${name(s, 0)} ${roll[0]}, ${name(s, 1)} ${roll[1]}`;
    if (roll[0] === roll[1]) {
      s.log.push({ type: 'opening', seat: null, dice: roll, text: `${rolled}: a tie, rolling again` });
      continue;
    }
    const opener: Side = roll[0] > roll[1] ? 0 : 1;
    s.log.push({
      type: 'opening',
      seat: opener,
      dice: roll,
      text: `${rolled}: ${name(s, opener)} opens with ${formatDice(roll)}`,
    });
    return beginMove(s, opener, roll, dice);
  }
  throw new TabulaError(
    'bad_dice',
    `The opening roll tied ${OPENING_TIE_LIMIT} times in a row: the dice are not random`,
  );
}

/** `seat` has rolled `roll`: wait for its move, or pass when it has none. */
function beginMove(s: TableState, seat: Side, roll: Roll, dice: Dice): TableState {
  s.phase = 'move';
  s.toAct = seat;
  s.dice = [roll[0], roll[1]];
  if (cachedPlays(s.board, seat, roll).plays.length > 0) return s;
  s.passes += 1;
  const head = `${name(s, seat)} ${formatDice(roll)}: no legal move`;
  if (s.passes >= 2) {
    // A position where neither seat can move would otherwise roll on forever inside one call.
    s.log.push({
      type: 'pass',
      seat,
      dice: [roll[0], roll[1]],
      text: `${head}; ${s.passes} passes in a row, so the table waits for ${name(s, seat)} to send an empty move`,
    });
    return s;
  }
  s.log.push({ type: 'pass', seat, dice: [roll[0], roll[1]], text: `${head}, passes` });
  return nextTurn(s, opponent(seat), dice);
}

/** The dice pass to `seat`: it decides when it may double, otherwise the table rolls for it. */
function nextTurn(s: TableState, seat: Side, dice: Dice): TableState {
  if (cubeAllows(s, seat)) {
    s.phase = 'decide';
    s.toAct = seat;
    s.dice = null;
    return s;
  }
  return rollFor(s, seat, dice);
}

function rollFor(s: TableState, seat: Side, dice: Dice): TableState {
  const roll: [number, number] = [rollDie(dice), rollDie(dice)];
  s.log.push({ type: 'roll', seat, dice: roll, text: `${name(s, seat)} rolls ${formatDice(roll)}` });
  return beginMove(s, seat, roll, dice);
}

function finish(s: TableState, winner: Side, kind: ResignKind, how: ResultHow, points: number): TableState {
  s.phase = 'complete';
  s.toAct = null;
  s.dice = null;
  s.resignation = null;
  s.result = { winner, kind, how, points };
  const w = name(s, winner);
  const l = name(s, opponent(winner));
  const text =
    how === 'played'
      ? `${w} wins ${KIND_TEXT[kind]}, ${pointsText(points)}`
      : how === 'dropped'
        ? `${w} wins: ${l} dropped the cube, ${pointsText(points)}`
        : how === 'resigned'
          ? `${w} wins ${KIND_TEXT[kind]} by resignation, ${pointsText(points)}`
          : `${w} wins ${KIND_TEXT[kind]} by forfeit, ${pointsText(points)}`;
  s.log.push({ type: 'result', seat: winner, kind, points, text });
  return s;
}

function checkDouble(state: TableState, seat: Side): void {
  if (!state.config.cube) refuse('cube_disabled', 'The cube is off at this table: doubling is not played');
  if (state.crawfordGame) refuse('cannot_double', 'This is the Crawford game: nobody may double');
  if (state.cube.owner !== null && state.cube.owner !== seat) {
    refuse('cannot_double', `${name(state, state.cube.owner)} owns the cube: only the owner may double`);
  }
  if (state.cube.value >= MAX_CUBE) refuse('cannot_double', `The cube is at its highest value, ${MAX_CUBE}`);
}

/**
 * `seat` acts. Returns the new state; the given one is never changed. Throws
 * `IllegalActionError` with a stable code when the rules refuse the action.
 * `dice` is read only when the action leads to a roll (a roll, a take, or the
 * auto-roll after a move).
 */
export function apply(state: TableState, seat: Side, action: Action, dice: Dice): TableState {
  checkSeat(seat);
  if (state.phase === 'complete') refuse('game_over', 'The game is over');
  const a = readAction(action);
  if (state.phase === 'idle') refuse('wrong_phase', 'The game has not started: call Table.start first');
  if (seat !== state.toAct) {
    const toAct = state.toAct as Side;
    refuse('not_your_turn', `It is ${name(state, toAct)}'s turn (seat ${toAct}), not seat ${seat}'s`);
  }
  if (a.type === 'double') checkDouble(state, seat);
  if (!PHASES_FOR[a.type].includes(state.phase)) {
    refuse('wrong_phase', `Cannot ${a.type} in phase ${state.phase}: ${WHAT_PHASE_WANTS[state.phase]}`);
  }
  const s = draft(state);
  const who = name(s, seat);
  switch (a.type) {
    case 'roll':
      return rollFor(s, seat, dice);
    case 'double': {
      const value = s.cube.value * 2;
      s.log.push({ type: 'double', seat, value, text: `${who} doubles to ${value}` });
      s.phase = 'cube_offered';
      s.toAct = opponent(seat);
      return s;
    }
    case 'take': {
      const value = s.cube.value * 2;
      s.cube = { value, owner: seat };
      s.log.push({
        type: 'take',
        seat,
        value,
        text: `${who} takes; the cube is at ${value}, owned by ${who}`,
      });
      return rollFor(s, opponent(seat), dice);
    }
    case 'drop':
      s.log.push({ type: 'drop', seat, text: `${who} drops` });
      return finish(s, opponent(seat), 'single', 'dropped', s.cube.value);
    case 'move':
      return move(s, seat, a.steps, dice);
    case 'resign': {
      const points = s.cube.value * MULTIPLIER[a.kind];
      s.resignation = { seat, kind: a.kind, phase: s.phase as 'decide' | 'move' };
      s.phase = 'resign_offered';
      s.toAct = opponent(seat);
      s.log.push({
        type: 'resign',
        seat,
        kind: a.kind,
        text: `${who} offers to resign ${KIND_TEXT[a.kind]}, ${pointsText(points)}`,
      });
      return s;
    }
    case 'accept': {
      const offer = s.resignation as NonNullable<TableState['resignation']>;
      s.log.push({ type: 'accept', seat, kind: offer.kind, text: `${who} accepts the resignation` });
      return finish(s, seat, offer.kind, 'resigned', s.cube.value * MULTIPLIER[offer.kind]);
    }
    case 'decline': {
      const offer = s.resignation as NonNullable<TableState['resignation']>;
      s.log.push({
        type: 'decline',
        seat,
        kind: offer.kind,
        text: `${who} declines the resignation; play goes on`,
      });
      s.phase = offer.phase;
      s.toAct = offer.seat;
      s.resignation = null;
      return s;
    }
  }
}

function move(s: TableState, seat: Side, steps: Step[], dice: Dice): TableState {
  const [first, second] = s.dice as [number, number];
  const roll: [number, number] = [first, second];
  const before: Board = s.board;
  const rolled = formatDice(roll);
  const found = cachedPlays(before, seat, roll);
  if (found.plays.length === 0) {
    if (steps.length > 0)
      refuse('illegal_move', `No move is possible with ${rolled}: send an empty move to pass`);
    s.log.push({ type: 'move', seat, dice: roll, steps: [], text: `${name(s, seat)} ${rolled}: no move` });
    return nextTurn(s, opponent(seat), dice);
  }
  const example = formatPlay(before, seat, (found.plays[0] as { steps: Step[] }).steps);
  if (steps.length === 0)
    refuse('illegal_move', `A move is possible with ${rolled} (for example ${example}): play it`);
  const reached = applySteps(before, seat, steps);
  const play = found.reaching(reached);
  if (play === undefined) {
    const used = (found.plays[0] as { steps: Step[] }).steps.length;
    refuse(
      'illegal_move',
      `${formatPlay(before, seat, steps)} is not a legal play with ${rolled}: a legal play uses as many dice as ` +
        `possible (here ${used}) and the higher die when only one can be played, for example ${example}`,
    );
  }
  s.board = clone(play.board);
  s.passes = 0;
  s.log.push({
    type: 'move',
    seat,
    dice: roll,
    steps: steps.map((step) => ({ from: step.from, to: step.to })),
    text: `${name(s, seat)} ${rolled}: ${formatPlay(before, seat, steps)}`,
  });
  if (s.board.off[seat] === CHECKERS_PER_SIDE) {
    const kind = positionKind(s.board, opponent(seat));
    return finish(s, seat, kind, 'played', MULTIPLIER[kind] * s.cube.value);
  }
  return nextTurn(s, opponent(seat), dice);
}

/**
 * Ends a live game at once: `seat` loses. The kind is read off the board as
 * if the game ended now (`positionKind` for the loser), times the cube value.
 */
export function forfeit(state: TableState, seat: Side): TableState {
  checkSeat(seat);
  if (state.phase === 'complete') refuse('game_over', 'The game is over');
  if (state.phase === 'idle') refuse('wrong_phase', 'The game has not started: there is nothing to forfeit');
  const s = draft(state);
  s.log.push({ type: 'forfeit', seat, text: `${name(s, seat)} forfeits` });
  const kind = positionKind(s.board, seat);
  return finish(s, opponent(seat), kind, 'forfeit', MULTIPLIER[kind] * s.cube.value);
}

/** Whether the game is under way (not idle, not complete): then `toAct` is a seat. */
export function live(state: TableState): state is LiveTableState {
  return state.phase !== 'idle' && state.phase !== 'complete';
}

/** What `seat` may do now. The plays come from the position's cached list, as steps to send back. */
export function legal(state: TableState, seat: Side): Legal {
  const mine = live(state) && state.toAct === seat;
  const phase = mine ? state.phase : 'idle';
  const plays =
    phase === 'move'
      ? cachedPlays(state.board, seat, state.dice as [number, number]).plays.map((p) =>
          p.steps.map((step) => ({ from: step.from, to: step.to })),
        )
      : [];
  return {
    canRoll: phase === 'decide',
    canDouble: phase === 'decide' && cubeAllows(state, seat),
    canTake: phase === 'cube_offered',
    canDrop: phase === 'cube_offered',
    canResign: phase === 'decide' || phase === 'move',
    canAccept: phase === 'resign_offered',
    canDecline: phase === 'resign_offered',
    plays,
  };
}

/** One game as a state machine, in the seed's shape: `Table.create`, `Table.start`, `Table.apply`, ... */
export const Table = { create, start, apply, legal, live, forfeit, fromJSON } as const;
