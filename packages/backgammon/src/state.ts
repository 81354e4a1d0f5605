import { InvalidInputError, parseWith } from '@tabula/core';
import { checkerProblem, positionKind } from './board.js';
import { cachedPlays } from './play-cache.js';
import {
  type BackgammonState,
  CHECKERS_PER_SIDE,
  type LogEntry,
  MAX_CUBE,
  type PositionKind,
  type Result,
  type Side,
  StateSchema,
} from './schemas.js';

export const MULTIPLIER: Readonly<Record<PositionKind, number>> = { single: 1, gammon: 2, backgammon: 3 };

export function opponent(seat: Side): Side {
  return seat === 0 ? 1 : 0;
}

/** Whether the cube rules let `seat` double now (the phase aside). */
export function cubeAllows(
  state: Pick<BackgammonState, 'config' | 'crawfordGame' | 'cube'>,
  seat: Side,
): boolean {
  return (
    state.config.cube &&
    !state.crawfordGame &&
    (state.cube.owner === null || state.cube.owner === seat) &&
    state.cube.value < MAX_CUBE
  );
}

function fail(path: string, message: string): never {
  throw new InvalidInputError('invalid_state', path, message);
}

/** The rules between fields that the schema cannot say, in the order a reader would check them. */
function checkRules(s: BackgammonState): void {
  const checkers = checkerProblem(s.board);
  if (checkers !== null) fail('$.board', checkers);
  if ((s.cube.value & (s.cube.value - 1)) !== 0)
    fail('$.cube.value', `must be a power of two, got ${s.cube.value}`);

  const { phase, toAct } = s;
  const over = phase === 'idle' || phase === 'complete';
  if (over && toAct !== null) fail('$.toAct', `must be null in phase ${phase}, got ${toAct}`);
  if (!over && toAct === null) fail('$.toAct', `phase ${phase} needs the seat to act, got null`);

  if (phase === 'resign_offered' && s.resignation === null)
    fail('$.resignation', 'phase resign_offered needs the pending resignation');
  if (phase !== 'resign_offered' && s.resignation !== null)
    fail('$.resignation', `must be null outside phase resign_offered (phase is ${phase})`);
  if (s.resignation !== null && s.resignation.seat === toAct)
    fail('$.resignation.seat', 'the seat that resigns cannot be the one to accept or decline');

  const needsDice = phase === 'move' || s.resignation?.phase === 'move';
  if (needsDice && s.dice === null) fail('$.dice', `phase ${phase} needs the rolled dice, got null`);
  if (!needsDice && s.dice !== null)
    fail('$.dice', `must be null in phase ${phase}: no dice are on the table`);

  if (phase === 'complete' && s.result === null) fail('$.result', 'a complete game needs its result');
  if (phase !== 'complete' && s.result !== null) fail('$.result', `must be null in phase ${phase}`);

  if (s.cube.owner === null && s.cube.value !== 1)
    fail('$.cube.value', `a centered cube (owner null) is at 1, got ${s.cube.value}`);
  if (!s.config.cube && s.cube.owner !== null)
    fail('$.cube.owner', 'the cube is off at this table: nobody owns it');
  if (toAct !== null && phase === 'decide' && !cubeAllows(s, toAct))
    fail('$.phase', `phase decide, but seat ${toAct} may not double: the table would have rolled for it`);
  if (toAct !== null && phase === 'cube_offered' && !cubeAllows(s, opponent(toAct)))
    fail('$.phase', `phase cube_offered, but seat ${opponent(toAct)} may not double`);
  // A declined resignation returns to the phase it was offered in: decide only for a seat that may double.
  if (s.resignation?.phase === 'decide' && !cubeAllows(s, s.resignation.seat))
    fail(
      '$.resignation.phase',
      `offered in phase decide, but seat ${s.resignation.seat} may not double: the table would have rolled ` +
        'for it, so a decline could not return to decide',
    );
  // A roll without a legal move passes at once, until two passes in a row leave the seat to confirm it.
  const mover = phase === 'move' ? toAct : s.resignation?.phase === 'move' ? s.resignation.seat : null;
  if (
    mover !== null &&
    s.dice !== null &&
    s.passes < 2 &&
    cachedPlays(s.board, mover, s.dice).plays.length === 0
  )
    fail(
      '$.passes',
      `seat ${mover} has no legal move with ${s.dice[0]}-${s.dice[1]}, which the table passes at once ` +
        `until two passes in a row; passes is ${s.passes}`,
    );

  const { off } = s.board;
  if (off[0] === CHECKERS_PER_SIDE && off[1] === CHECKERS_PER_SIDE)
    fail('$.board.off', 'both seats cannot have borne off all 15 checkers');
  for (const side of [0, 1] as const) {
    if (phase !== 'complete' && off[side] === CHECKERS_PER_SIDE)
      fail(`$.board.off[${side}]`, `seat ${side} has borne off all 15 checkers, so the game is over`);
  }
  if (s.result !== null) checkResult(s, s.result);
}

function checkResult(s: BackgammonState, r: Result): void {
  if (r.how === 'played' && s.board.off[r.winner] !== CHECKERS_PER_SIDE)
    fail('$.result.winner', `a game won by play needs all 15 of seat ${r.winner}'s checkers off`);
  if (r.how === 'dropped' && r.kind !== 'single') fail('$.result.kind', 'a dropped cube loses a single game');
  const board = positionKind(s.board, opponent(r.winner));
  if ((r.how === 'played' || r.how === 'forfeit') && r.kind !== board)
    fail('$.result.kind', `the board gives ${board} for the ${r.how} game, not ${r.kind}`);
  const points = r.how === 'dropped' ? s.cube.value : MULTIPLIER[r.kind] * s.cube.value;
  if (r.points !== points)
    fail('$.result.points', `must be ${points} (${r.kind} at cube ${s.cube.value}), got ${r.points}`);
}

/**
 * A state from untrusted JSON: the state schema (every field's type), then
 * the rules between fields (15 checkers a seat, `toAct` null exactly when
 * idle or complete, dice exactly when a move is due, the cube a power of two
 * with a consistent owner, the result matching the phase and the board).
 * Throws `InvalidInputError` (code `invalid_state`) naming the first problem
 * with its path, e.g. `$.board.points[3]`. Returns a copy.
 */
export function fromJSON(json: unknown): BackgammonState {
  const state = parseWith(StateSchema, json, 'A backgammon state', 'invalid_state');
  checkRules(state);
  return copyState(state);
}

export function copyEntry(entry: LogEntry): LogEntry {
  const out: LogEntry = { ...entry };
  if (entry.dice !== undefined) out.dice = [entry.dice[0], entry.dice[1]];
  if (entry.steps !== undefined) out.steps = entry.steps.map((step) => ({ from: step.from, to: step.to }));
  return out;
}

/**
 * A fresh copy of every field but the log, for a state or a view. Field by
 * field: several times faster than structuredClone, and the conformance kit
 * and every view copy a state.
 */
export function copyTable(s: BackgammonState): Omit<BackgammonState, 'log'> {
  return {
    phase: s.phase,
    toAct: s.toAct,
    dice: s.dice === null ? null : [s.dice[0], s.dice[1]],
    board: {
      points: s.board.points.slice(),
      bar: [s.board.bar[0], s.board.bar[1]],
      off: [s.board.off[0], s.board.off[1]],
    },
    cube: { value: s.cube.value, owner: s.cube.owner },
    result: s.result === null ? null : { ...s.result },
    names: [s.names[0], s.names[1]],
    config: { ...s.config },
    crawfordGame: s.crawfordGame,
    passes: s.passes,
    resignation: s.resignation === null ? null : { ...s.resignation },
  };
}

function copyState(s: BackgammonState): BackgammonState {
  return { ...copyTable(s), log: s.log.map(copyEntry) };
}
