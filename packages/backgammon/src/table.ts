import { type ErrorCode, IllegalActionError, parseWith, shown, TabulaError } from '@tabula/core';
import { type Board, clone, positionKind, start as startBoard } from './board.js';
import { charge, formatTime, startReserves, timeLeft } from './clock.js';
import type { Dice } from './dice.js';
import { applySteps, type Roll } from './moves.js';
import { formatDice, writePlay } from './notation.js';
import { cachedPlays } from './play-cache.js';
import {
  type ActionType,
  type BackgammonAction,
  type BackgammonConfig,
  type BackgammonState,
  CHECKERS_PER_SIDE,
  ConfigSchema,
  MAX_CUBE,
  NamesSchema,
  type Phase,
  type PositionKind,
  type ResultHow,
  type Side,
  type Step,
} from './schemas.js';
import { copyConfig, cubeAllows, MULTIPLIER, opponent, tableFromJSON } from './state.js';

/** A table whose game is under way: someone must act. */
export type LiveBackgammonState = BackgammonState & { toAct: Side };

/** The moves on offer to one seat. Everything is false and `plays` empty for a seat that is not to act. */
export interface Legal {
  canRoll: boolean;
  canDouble: boolean;
  canTake: boolean;
  canDrop: boolean;
  canResign: boolean;
  canAccept: boolean;
  canDecline: boolean;
  /** Each entry can be passed as a move's `steps`. Empty in `move` means no move is possible: send `steps: []`. */
  plays: Step[][];
  /** Present only at a table that plays beavers (`config.money.beavers`): whether the seat may beaver the double offered. */
  canBeaver?: boolean;
}

/** The phases in which each action may be taken. */
const PHASES_FOR: Readonly<Record<ActionType, readonly Phase[]>> = {
  roll: ['decide'],
  double: ['decide'],
  take: ['cube_offered'],
  drop: ['cube_offered'],
  move: ['move'],
  resign: ['decide', 'move'],
  accept: ['resign_offered'],
  decline: ['resign_offered'],
  beaver: ['cube_offered'],
  timeout: ['decide', 'move', 'cube_offered', 'resign_offered'],
};

/** What a phase waits for, to explain a refusal. */
const WHAT_PHASE_WANTS: Readonly<Record<Phase, string>> = {
  idle: 'the game has not started: call Table.start',
  decide: 'the seat to act may roll, double or resign',
  move: 'the dice are rolled and a move (or a resignation) is due',
  cube_offered: 'a double waits for a take or a drop',
  resign_offered: 'a resignation waits for an accept or a decline',
  complete: 'the game is over',
};

const OPENING_TIE_LIMIT = 100;

const KIND_TEXT: Readonly<Record<PositionKind, string>> = {
  single: 'a single game',
  gammon: 'a gammon',
  backgammon: 'a backgammon',
};

function refuse(code: ErrorCode, message: string): never {
  throw new IllegalActionError(code, message);
}

function pointsText(points: number): string {
  return points === 1 ? '1 point' : `${points} points`;
}

function rollDie(dice: Dice): number {
  const value = dice.die();
  if (!Number.isInteger(value) || value < 1 || value > 6) {
    throw new TabulaError(
      'invalid_argument',
      `Dice.die() must give a whole number from 1 to 6, got ${shown(value)}`,
    );
  }
  return value;
}

/** Refuses a seat other than 0 or 1 (`unknown_seat`). */
export function checkSeat(seat: unknown): asserts seat is Side {
  if (seat !== 0 && seat !== 1) refuse('unknown_seat', `A seat is 0 or 1, got ${shown(seat)}`);
}

/** The seat as the state writes it: 0 or 1 (a -0 given for seat 0 is written 0, so the state survives JSON). */
function sideOf(seat: unknown): Side {
  checkSeat(seat);
  return seat === 0 ? 0 : 1;
}

/** A fresh top level with its own log array; the helpers below only ever assign its fields and push to its log. */
function draft(state: BackgammonState): BackgammonState {
  return { ...state, log: state.log.slice() };
}

function name(s: BackgammonState, seat: Side): string {
  return s.names[seat];
}

/**
 * Makes an idle table for a game between `names[0]` (seat 0) and `names[1]`.
 * The board is the opening position; a match layer may set `crawfordGame`
 * (and carry the clock's reserves over) before `start`. With a clock in the
 * config, each seat starts with the clock's reserve.
 */
export function create(config: BackgammonConfig, names: readonly [string, string]): BackgammonState {
  parseWith(ConfigSchema, config, 'The table config', 'invalid_config');
  parseWith(NamesSchema, names, "The seats' names", 'invalid_input');
  // The keys in the order fromJSON gives them back (see copyState), so that a save reads back as the same text.
  return {
    phase: 'idle',
    toAct: null,
    dice: null,
    board: startBoard(),
    cube: { value: 1, owner: null },
    result: null,
    names: [names[0], names[1]],
    config: copyConfig(config),
    crawfordGame: false,
    passes: 0,
    resignation: null,
    ...(config.clock === undefined ? {} : { reserveMs: startReserves(config.clock) }),
    log: [],
  };
}

/**
 * The opening roll: seat 0 rolls one die, then seat 1; ties are rolled
 * again. The higher die opens and plays both dice, stored as rolled (seat
 * 0's die first). The game is played from the idle state's board.
 */
export function start(state: BackgammonState, dice: Dice): BackgammonState {
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
    'invalid_argument',
    `The opening roll tied ${OPENING_TIE_LIMIT} times in a row: the dice are not random`,
  );
}

/** `seat` has rolled `roll`: wait for its move, or pass when it has none. */
function beginMove(s: BackgammonState, seat: Side, roll: Roll, dice: Dice): BackgammonState {
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
function nextTurn(s: BackgammonState, seat: Side, dice: Dice): BackgammonState {
  if (cubeAllows(s, seat)) {
    s.phase = 'decide';
    s.toAct = seat;
    s.dice = null;
    return s;
  }
  return rollFor(s, seat, dice);
}

function rollFor(s: BackgammonState, seat: Side, dice: Dice): BackgammonState {
  const roll: [number, number] = [rollDie(dice), rollDie(dice)];
  s.log.push({ type: 'roll', seat, dice: roll, text: `${name(s, seat)} rolls ${formatDice(roll)}` });
  return beginMove(s, seat, roll, dice);
}

function finish(
  s: BackgammonState,
  winner: Side,
  kind: PositionKind,
  how: ResultHow,
  points: number,
): BackgammonState {
  s.phase = 'complete';
  s.toAct = null;
  s.dice = null;
  s.resignation = null;
  delete s.beaver;
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
          : how === 'timeout'
            ? `${w} wins ${KIND_TEXT[kind]} on time, ${pointsText(points)}`
            : `${w} wins ${KIND_TEXT[kind]} by forfeit, ${pointsText(points)}`;
  s.log.push({ type: 'result', seat: winner, kind, points, text });
  return s;
}

function checkDouble(state: BackgammonState, seat: Side): void {
  if (!state.config.cube) refuse('cannot_double', 'The cube is off at this table: doubling is not played');
  if (state.crawfordGame) refuse('cannot_double', 'This is the Crawford game: nobody may double');
  if (state.cube.owner !== null && state.cube.owner !== seat) {
    refuse('cannot_double', `${name(state, state.cube.owner)} owns the cube: only the owner may double`);
  }
  if (state.cube.value >= MAX_CUBE) refuse('cannot_double', `The cube is at its highest value, ${MAX_CUBE}`);
}

function beaversPlayed(state: BackgammonState): boolean {
  return state.config.money?.beavers === true;
}

/** A beaver: the doubled seat takes and redoubles at once, keeping the cube; the doubler may then take or drop. */
function canBeaver(state: BackgammonState): boolean {
  return state.beaver !== true && state.cube.value * 4 <= MAX_CUBE;
}

function checkBeaver(state: BackgammonState): void {
  if (state.beaver === true)
    refuse('cannot_double', 'The double has been beavered already: take or drop (raccoons are not played)');
  if (!canBeaver(state))
    refuse('cannot_double', `A beaver would take the cube past its highest value, ${MAX_CUBE}`);
}

/**
 * The clock's part of an action: null when the table has no clock (or the
 * action brings no time), else the reserves after it, or 'out' when the seat
 * took longer than it had.
 */
function clockFor(
  state: LiveBackgammonState,
  seat: Side,
  action: BackgammonAction,
): [number, number] | 'out' | null {
  const clock = state.config.clock;
  const reserves = state.reserveMs;
  if (clock === undefined || reserves === undefined) {
    if (action.type === 'timeout')
      refuse('wrong_phase', 'There is no clock at this table, so nobody can run out of time');
    return null;
  }
  const elapsed = action.elapsedMs ?? 0;
  const after = charge(clock, reserves, seat, elapsed);
  if (after === null) return 'out';
  if (action.type === 'timeout') {
    refuse(
      'wrong_phase',
      `${name(state, seat)} has not run out of time: after ${formatTime(elapsed)} there are ` +
        `${formatTime(timeLeft(clock, reserves[seat]) - elapsed)} left`,
    );
  }
  return after;
}

/** `seat` has run out of time: it loses what the board shows, times the cube, as for a forfeit. */
function timeOut(state: BackgammonState, seat: Side, elapsedMs: number): BackgammonState {
  const s = draft(state);
  if (s.reserveMs !== undefined) s.reserveMs = seat === 0 ? [0, s.reserveMs[1]] : [s.reserveMs[0], 0];
  s.log.push({ type: 'timeout', seat, elapsedMs, text: `${name(s, seat)} runs out of time` });
  const kind = positionKind(s.board, seat);
  return finish(s, opponent(seat), kind, 'timeout', MULTIPLIER[kind] * s.cube.value);
}

/**
 * `seat` acts. Returns the new state; the given one is never changed. Throws
 * `IllegalActionError` with a stable code when the rules refuse the action.
 * The action's shape is trusted (it is typed): an action from outside goes
 * through `backgammonGame.apply`, which checks it against `ActionSchema`.
 * `dice` is read only when the action leads to a roll (a roll, a take, or the
 * auto-roll after a move).
 *
 * At a table with a clock, the action's `elapsedMs` (0 when absent) is
 * charged to the seat first: beyond the delay it comes off the seat's
 * reserve, and an action that took longer than the delay plus the reserve is
 * not played: the seat has run out of time and loses (the result's `how` is
 * `timeout`, the kind what the board shows, as for a forfeit). A `timeout`
 * action says so without an action to play; it is refused (`wrong_phase`)
 * while the seat has time left, or at a table without a clock. A refused
 * action charges nothing.
 */
export function apply(
  state: BackgammonState,
  seat: Side,
  action: BackgammonAction,
  dice: Dice,
): BackgammonState {
  seat = sideOf(seat);
  if (state.phase === 'complete') refuse('game_over', 'The game is over');
  if (!live(state)) refuse('wrong_phase', 'The game has not started: call Table.start first');
  const { toAct } = state;
  if (seat !== toAct)
    refuse('not_your_turn', `It is ${name(state, toAct)}'s turn (seat ${toAct}), not seat ${seat}'s`);
  const reserves =
    action.type === 'timeout' || state.config.clock !== undefined ? clockFor(state, seat, action) : null;
  if (reserves === 'out') return timeOut(state, seat, action.elapsedMs ?? 0);
  if (action.type === 'double') checkDouble(state, seat);
  if (action.type === 'beaver' && !beaversPlayed(state))
    refuse('cannot_double', 'Beavers are not played at this table');
  if (!PHASES_FOR[action.type].includes(state.phase)) {
    refuse('wrong_phase', `Cannot ${action.type} in phase ${state.phase}: ${WHAT_PHASE_WANTS[state.phase]}`);
  }
  if (action.type === 'beaver') checkBeaver(state);
  const s = draft(state);
  if (reserves !== null) s.reserveMs = reserves;
  const who = name(s, seat);
  switch (action.type) {
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
      if (s.beaver === true) {
        // The doubler takes the beaver: the beaverer keeps the cube, and the doubler rolls.
        const owner = opponent(seat);
        delete s.beaver;
        s.cube = { value, owner };
        s.log.push({
          type: 'take',
          seat,
          value,
          text: `${who} takes the beaver; the cube is at ${value}, owned by ${name(s, owner)}`,
        });
        return rollFor(s, seat, dice);
      }
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
      return move(s, seat, action.steps, dice);
    case 'resign': {
      const points = s.cube.value * MULTIPLIER[action.kind];
      s.resignation = { seat, kind: action.kind, phase: s.phase === 'move' ? 'move' : 'decide' };
      s.phase = 'resign_offered';
      s.toAct = opponent(seat);
      s.log.push({
        type: 'resign',
        seat,
        kind: action.kind,
        text: `${who} offers to resign ${KIND_TEXT[action.kind]}, ${pointsText(points)}`,
      });
      return s;
    }
    case 'accept': {
      const offer = pending(s);
      s.log.push({ type: 'accept', seat, kind: offer.kind, text: `${who} accepts the resignation` });
      return finish(s, seat, offer.kind, 'resigned', s.cube.value * MULTIPLIER[offer.kind]);
    }
    case 'decline': {
      const offer = pending(s);
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
    case 'beaver': {
      const value = s.cube.value * 2;
      s.cube = { value, owner: seat };
      // Added last, after the log (and a match's match), where fromJSON puts it back.
      s.beaver = true;
      s.toAct = opponent(seat);
      s.log.push({
        type: 'beaver',
        seat,
        value: value * 2,
        text: `${who} beavers: takes at ${value} and redoubles to ${value * 2}, keeping the cube`,
      });
      return s;
    }
    case 'timeout':
      // clockFor refuses a timeout unless the seat has run out of time, which returned above.
      return refuse('wrong_phase', 'The seat has not run out of time');
  }
}

function pending(s: BackgammonState): NonNullable<BackgammonState['resignation']> {
  if (s.resignation === null) refuse('wrong_phase', 'No resignation is pending');
  return s.resignation;
}

/**
 * A move is matched once against the position's cached plays: by its steps
 * (a play from `legal` comes back with the same steps), else by the board its
 * steps reach (any order of the same steps).
 */
function move(s: BackgammonState, seat: Side, steps: Step[], dice: Dice): BackgammonState {
  if (s.dice === null) refuse('wrong_phase', 'No dice are rolled');
  const roll: [number, number] = [s.dice[0], s.dice[1]];
  const before: Board = s.board;
  const rolled = formatDice(roll);
  const found = cachedPlays(before, seat, roll);
  const [first] = found.plays;
  if (first === undefined) {
    if (steps.length > 0)
      refuse('illegal_move', `No move is possible with ${rolled}: send an empty move to pass`);
    s.log.push({ type: 'move', seat, dice: roll, steps: [], text: `${name(s, seat)} ${rolled}: no move` });
    return nextTurn(s, opponent(seat), dice);
  }
  const example = () => writePlay(before, seat, first.steps);
  if (steps.length === 0)
    refuse('illegal_move', `A move is possible with ${rolled} (for example ${example()}): play it`);
  const play = found.withSteps(steps) ?? found.reaching(applySteps(before, seat, steps));
  if (play === undefined) {
    refuse(
      'illegal_move',
      `${writePlay(before, seat, steps)} is not a legal play with ${rolled}: a legal play uses as many dice as ` +
        `possible (here ${first.steps.length}) and the higher die when only one can be played, for example ${example()}`,
    );
  }
  s.board = clone(play.board);
  s.passes = 0;
  s.log.push({
    type: 'move',
    seat,
    dice: roll,
    // Math.abs: a -0 index from outside is written 0, so the state survives JSON.
    steps: steps.map(({ from, to }) => ({
      from: from === 'bar' ? from : Math.abs(from),
      to: to === 'off' ? to : Math.abs(to),
    })),
    text: `${name(s, seat)} ${rolled}: ${writePlay(before, seat, steps)}`,
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
export function forfeit(state: BackgammonState, seat: Side): BackgammonState {
  seat = sideOf(seat);
  if (state.phase === 'complete') refuse('game_over', 'The game is over');
  if (state.phase === 'idle') refuse('wrong_phase', 'The game has not started: there is nothing to forfeit');
  const s = draft(state);
  s.log.push({ type: 'forfeit', seat, text: `${name(s, seat)} forfeits` });
  const kind = positionKind(s.board, seat);
  return finish(s, opponent(seat), kind, 'forfeit', MULTIPLIER[kind] * s.cube.value);
}

/** Whether the game is under way (not idle, not complete): then `toAct` is a seat. */
export function live(state: BackgammonState): state is LiveBackgammonState {
  return state.phase !== 'idle' && state.phase !== 'complete';
}

/** What `seat` may do now. The plays come from the position's cached list, as steps to send back. */
export function legal(state: BackgammonState, seat: Side): Legal {
  const phase = live(state) && state.toAct === seat ? state.phase : 'idle';
  const plays =
    phase === 'move' && state.dice !== null
      ? cachedPlays(state.board, seat, state.dice).plays.map((p) =>
          p.steps.map((step) => ({ from: step.from, to: step.to })),
        )
      : [];
  const out: Legal = {
    canRoll: phase === 'decide',
    canDouble: phase === 'decide' && cubeAllows(state, seat),
    canTake: phase === 'cube_offered',
    canDrop: phase === 'cube_offered',
    canResign: phase === 'decide' || phase === 'move',
    canAccept: phase === 'resign_offered',
    canDecline: phase === 'resign_offered',
    plays,
  };
  if (beaversPlayed(state)) out.canBeaver = phase === 'cube_offered' && canBeaver(state);
  return out;
}

/** One game as a state machine, in the PHP library's shape: `Table.create`, `Table.start`, `Table.apply`, ... */
export const Table = { create, start, apply, legal, live, forfeit, fromJSON: tableFromJSON } as const;
