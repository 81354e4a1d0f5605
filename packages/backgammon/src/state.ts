import { InvalidInputError, parseWith } from '@tabula/core';
import { checkerProblem, positionKind } from './board.js';
import {
  configProblem,
  gamePoints,
  isCrawfordGame,
  matchResult,
  playsMatch,
  scoreAfter,
} from './match-rules.js';
import { cachedPlays } from './play-cache.js';
import {
  type BackgammonConfig,
  type BackgammonState,
  CHECKERS_PER_SIDE,
  type Cube,
  type LogEntry,
  MAX_CUBE,
  type MatchGame,
  type MatchInfo,
  type MatchState,
  MatchStateSchema,
  type PositionKind,
  type Result,
  type Score,
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
  checkClock(s);
  if (s.beaver !== undefined) {
    if (s.config.money?.beavers !== true)
      fail('$.beaver', 'beavers are not played at this table (config.money.beavers is not set)');
    if (phase !== 'cube_offered') fail('$.beaver', `a beaver waits only in phase cube_offered, not ${phase}`);
    if (s.cube.owner === null) fail('$.cube.owner', 'after a beaver the beaverer owns the cube');
  }
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
  if ((r.how === 'played' || r.how === 'forfeit' || r.how === 'timeout') && r.kind !== board)
    fail('$.result.kind', `the board gives ${board} for the ${r.how} game, not ${r.kind}`);
  const problem = resultProblem(r, s.cube);
  if (problem !== null) fail(`$.result.${problem.field}`, problem.message);
}

/** What is wrong with a result's points for the cube at the end of its game, or null. */
function resultProblem(r: Result, cube: Cube): { field: string; message: string } | null {
  if (r.how === 'dropped' && r.kind !== 'single')
    return { field: 'kind', message: 'a dropped cube loses a single game' };
  const points = r.how === 'dropped' ? cube.value : MULTIPLIER[r.kind] * cube.value;
  if (r.points !== points)
    return {
      field: 'points',
      message: `must be ${points} (${r.kind} at cube ${cube.value}), got ${r.points}`,
    };
  return null;
}

/** The reserves exactly at a table with a clock, none above the clock's reserve. */
function checkClock(s: BackgammonState): void {
  const clock = s.config.clock;
  if (clock === undefined) {
    if (s.reserveMs !== undefined)
      fail('$.reserveMs', 'there is no clock at this table (config.clock is not set)');
    return;
  }
  if (s.reserveMs === undefined)
    fail('$.reserveMs', 'a table with a clock needs the reserve each seat has left');
  for (const side of [0, 1] as const) {
    if (s.reserveMs[side] > clock.reserveMs)
      fail(
        `$.reserveMs[${side}]`,
        `seat ${side} has ${s.reserveMs[side]} ms left, more than the clock's reserve of ${clock.reserveMs} ms`,
      );
  }
}

/** A finished game of a match: the cube and result agree, the log ends with the result. */
function checkGame(g: MatchGame, path: string): void {
  if ((g.cube.value & (g.cube.value - 1)) !== 0)
    fail(`${path}.cube.value`, `must be a power of two, got ${g.cube.value}`);
  if (g.cube.owner === null && g.cube.value !== 1)
    fail(`${path}.cube.value`, `a centered cube (owner null) is at 1, got ${g.cube.value}`);
  const problem = resultProblem(g.result, g.cube);
  if (problem !== null) fail(`${path}.result.${problem.field}`, problem.message);
  const last = g.log.at(-1);
  if (
    last === undefined ||
    last.type !== 'result' ||
    last.seat !== g.result.winner ||
    last.kind !== g.result.kind ||
    last.points !== g.result.points
  )
    fail(`${path}.log`, "a finished game's log ends with its result");
}

/**
 * The match around the table: a config that plays one, each finished game
 * scored from the score before it (the Crawford game where the rules put it,
 * its cube never turned; the points the match rules give), none of them
 * ending the match, the table's Crawford flag, and the score and the match's
 * result agreeing with the game at the table.
 */
function checkMatch(s: MatchState): void {
  const { config } = s;
  if (!playsMatch(config))
    fail('$.config.length', `a match needs a length above 1 or a money session, got length ${config.length}`);
  const bad = configProblem(config);
  if (bad !== null) fail(`$.config${bad.path.slice(1)}`, bad.message);
  let score: Score = [0, 0];
  let previous: Score | null = null;
  s.match.games.forEach((g, i) => {
    const path = `$.match.games[${i}]`;
    if (g.score[0] !== score[0] || g.score[1] !== score[1])
      fail(
        `${path}.score`,
        `the score before game ${i + 1} is ${score[0]}-${score[1]}, not ${g.score.join('-')}`,
      );
    const crawford = isCrawfordGame(config, score, previous);
    if (g.crawford !== crawford)
      fail(`${path}.crawford`, `game ${i + 1} ${crawford ? 'is' : 'is not'} the Crawford game`);
    if (crawford && g.cube.owner !== null) fail(`${path}.cube`, 'nobody doubles in the Crawford game');
    checkGame(g, path);
    const points = gamePoints(config, g.result, g.cube, score);
    if (g.points !== points) fail(`${path}.points`, `the match rules give ${points}, not ${g.points}`);
    previous = score;
    score = scoreAfter(score, g.result.winner, points);
    if (matchResult(config, score, i + 1, g.result) !== null)
      fail(path, `the match was over after game ${i + 1}, so no game follows it`);
  });
  const crawford = isCrawfordGame(config, score, previous);
  if (s.crawfordGame !== crawford)
    fail('$.crawfordGame', `the game at the table ${crawford ? 'is' : 'is not'} the Crawford game`);
  if (crawford && s.cube.owner !== null) fail('$.cube', 'nobody doubles in the Crawford game');
  if (s.phase === 'idle' && s.match.games.length > 0)
    fail('$.phase', 'only the first game of a match waits to start: the next one starts when a game ends');
  let result = null;
  if (s.result !== null) {
    score = scoreAfter(score, s.result.winner, gamePoints(config, s.result, s.cube, score));
    result = matchResult(config, score, s.match.games.length + 1, s.result);
    if (result === null)
      fail('$.phase', 'the match is not over after this game, so the next game would have started');
  }
  if (s.match.score[0] !== score[0] || s.match.score[1] !== score[1])
    fail('$.match.score', `the games give ${score[0]}-${score[1]}, not ${s.match.score.join('-')}`);
  if (JSON.stringify(s.match.result) !== JSON.stringify(result))
    fail('$.match.result', `must be ${JSON.stringify(result)}, got ${JSON.stringify(s.match.result)}`);
}

/**
 * One game at a table from untrusted JSON: the state schema (every field's
 * type), then the rules between fields (15 checkers a seat, `toAct` null
 * exactly when idle or complete, dice exactly when a move is due, the cube a
 * power of two with a consistent owner, the result matching the phase and
 * the board, the clock's reserves). Throws `InvalidInputError` (code
 * `invalid_state`) naming the first problem with its path, e.g.
 * `$.board.points[3]`. Returns a copy. This is `Table.fromJSON`.
 */
export function tableFromJSON(json: unknown): BackgammonState {
  const state = parseWith(StateSchema, json, 'A backgammon state', 'invalid_state');
  checkRules(state);
  return copyState(state);
}

/**
 * A match (or money session) from untrusted JSON: the match state schema,
 * the table's rules for the game at the table, then the match's: see
 * `checkMatch`. This is `Match.fromJSON`.
 */
export function matchFromJSON(json: unknown): MatchState {
  const state = parseWith(MatchStateSchema, json, 'A backgammon match', 'invalid_state');
  checkRules(state);
  checkMatch(state);
  return copyMatchState(state);
}

/**
 * A state from untrusted JSON, as the contract's `fromJSON`: a match when it
 * has a `match` field (`matchFromJSON`), else one game at a table
 * (`tableFromJSON`).
 */
export function fromJSON(json: unknown): BackgammonState | MatchState {
  if (typeof json === 'object' && json !== null && Object.hasOwn(json, 'match')) return matchFromJSON(json);
  return tableFromJSON(json);
}

/** A fresh copy of a config, the nested money and clock settings included. */
export function copyConfig(config: BackgammonConfig): BackgammonConfig {
  const out: BackgammonConfig = { cube: config.cube, length: config.length, crawford: config.crawford };
  if (config.money !== undefined) out.money = { ...config.money };
  if (config.clock !== undefined) out.clock = { ...config.clock };
  return out;
}

export function copyGame(g: MatchGame): MatchGame {
  return {
    score: [g.score[0], g.score[1]],
    crawford: g.crawford,
    log: g.log.map(copyEntry),
    cube: { ...g.cube },
    result: { ...g.result },
    points: g.points,
  };
}

export function copyMatchInfo(m: MatchInfo): MatchInfo {
  return {
    score: [m.score[0], m.score[1]],
    games: m.games.map(copyGame),
    result: m.result === null ? null : { ...m.result },
  };
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
  const out: Omit<BackgammonState, 'log'> = {
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
    config: copyConfig(s.config),
    crawfordGame: s.crawfordGame,
    passes: s.passes,
    resignation: s.resignation === null ? null : { ...s.resignation },
  };
  if (s.reserveMs !== undefined) out.reserveMs = [s.reserveMs[0], s.reserveMs[1]];
  return out;
}

/**
 * A copy of a state with its keys in the order the engine makes them: the
 * table's fields (the reserves last), the log, a match's `match`, and a
 * pending `beaver` (added last when a double is beavered). So a state the
 * engine made, saved and loaded, is the same JSON text again.
 */
function copyState(s: BackgammonState): BackgammonState {
  const out: BackgammonState = { ...copyTable(s), log: s.log.map(copyEntry) };
  if (s.beaver !== undefined) out.beaver = s.beaver;
  return out;
}

/** A copy of a match state, its keys in the engine's order as `copyState`'s. */
function copyMatchState(s: MatchState): MatchState {
  const out: MatchState = { ...copyTable(s), log: s.log.map(copyEntry), match: copyMatchInfo(s.match) };
  if (s.beaver !== undefined) out.beaver = s.beaver;
  return out;
}
