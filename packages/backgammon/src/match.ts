import { InvalidInputError, parseWith, TabulaError } from '@tabula/core';
import type { Dice } from './dice.js';
import {
  configProblem,
  gamePoints,
  isCrawfordGame,
  isPostCrawford,
  matchResult,
  playsMatch,
  scoreAfter,
} from './match-rules.js';
import {
  type BackgammonAction,
  type BackgammonConfig,
  type BackgammonState,
  ConfigSchema,
  type MatchGame,
  type MatchState,
  type Score,
  type SheetRow,
  type Side,
} from './schemas.js';
import { copyEntry, matchFromJSON } from './state.js';
import { type Legal, Table } from './table.js';

/**
 * A match (or a money session) over `Table` games, as plain JSON: the game
 * at the table in every field of a table state, plus `match` (the score, the
 * finished games whole, the result). `Match.apply` plays an action at the
 * table; when a game ends it scores it by the match rules (`match-rules.ts`:
 * points capped at the length, the Jacoby rule in money play), keeps it in
 * `match.games` with the score before it, and starts the next game at once
 * (the Crawford game with the table's `crawfordGame` flag set, the clock's
 * reserves carried over), until the match is over.
 */

/** Whether a state is a match (it has `match`) rather than one game at a table. */
export function isMatch(state: BackgammonState | MatchState): state is MatchState {
  return 'match' in state;
}

/** A match whose game is under way: someone must act. */
export type LiveMatchState = MatchState & { toAct: Side };

/** The config checked as the match layer reads it: the schema, then the match rules. */
export function checkMatchConfig(config: unknown, what: string): BackgammonConfig {
  const checked = parseWith(ConfigSchema, config, what, 'invalid_config');
  const bad = configProblem(checked);
  if (bad !== null)
    throw new InvalidInputError('invalid_config', bad.path, `${what} is not valid: ${bad.message}`);
  return checked;
}

/** The score before the game at the table: the points of the finished games before it. */
function scoreBefore(state: MatchState): Score {
  let score: Score = [0, 0];
  for (const g of state.match.games) score = scoreAfter(score, g.result.winner, g.points);
  return score;
}

/** An idle table for the next game: the Crawford flag from the score, the reserves carried over. */
function nextTable(
  config: BackgammonConfig,
  names: readonly [string, string],
  score: Score,
  previous: Score | null,
  reserveMs: [number, number] | undefined,
): BackgammonState {
  const table = Table.create(config, names);
  table.crawfordGame = isCrawfordGame(config, score, previous);
  if (reserveMs !== undefined) table.reserveMs = [reserveMs[0], reserveMs[1]];
  return table;
}

/**
 * An idle match between `names[0]` (seat 0) and `names[1]`: a config with a
 * `length` above 1 plays a match to that many points (with a Crawford game
 * when `crawford` is set); one with `money` a money session of
 * `money.games` games (1 when absent). Throws `InvalidInputError`
 * (`invalid_config`) for a config that plays one game only, or breaks the
 * match rules (a money session with a length, a match over 64 points).
 */
export function create(config: BackgammonConfig, names: readonly [string, string]): MatchState {
  const checked = checkMatchConfig(config, 'The match config');
  if (!playsMatch(checked))
    throw new InvalidInputError(
      'invalid_config',
      '$.length',
      'The match config is not valid: a match needs a length above 1 (or money for a money session); ' +
        'one game is played at a Table',
    );
  return {
    ...nextTable(checked, names, [0, 0], null, undefined),
    match: { score: [0, 0], games: [], result: null },
  };
}

/** Starts the first game: its opening roll, as `Table.start` (with its refusals). */
export function start(state: MatchState, dice: Dice): MatchState {
  return { ...Table.start(state, dice), match: state.match };
}

/** The game at the table has ended: score it, keep it, and start the next one unless the match is over. */
function settle(table: BackgammonState, match: MatchState['match'], dice: Dice): MatchState {
  const result = table.result;
  if (result === null) return { ...table, match };
  const config = table.config;
  const before = match.score;
  const points = gamePoints(config, result, table.cube, before);
  const score = scoreAfter(before, result.winner, points);
  const finished = match.games.length + 1;
  const over = matchResult(config, score, finished, result);
  if (over !== null) return { ...table, match: { score, games: match.games, result: over } };
  const game: MatchGame = {
    score: [before[0], before[1]],
    crawford: table.crawfordGame,
    log: table.log,
    cube: { value: table.cube.value, owner: table.cube.owner },
    result: { ...result },
    points,
  };
  const next = nextTable(config, table.names, score, before, table.reserveMs);
  return { ...Table.start(next, dice), match: { score, games: [...match.games, game], result: null } };
}

/**
 * `seat` acts at the table (`Table.apply`, with the same refusals; the
 * Crawford game refuses a double with `cannot_double`). When the action ends
 * the game, the game is scored and kept, and the next game's opening roll is
 * made at once from `dice`, unless the match is over: then the table stays
 * `complete` with the last game and `match.result` says who won and how.
 */
export function apply(state: MatchState, seat: Side, action: BackgammonAction, dice: Dice): MatchState {
  const next = Table.apply(state, seat, action, dice);
  return settle(next, state.match, dice);
}

/**
 * `seat` gives up the match at once, in any live phase: the game at the
 * table is lost as `Table.forfeit` scores it, and the opponent wins the match.
 */
export function forfeit(state: MatchState, seat: Side): MatchState {
  // A forfeit ends the match, so no other game is started and no die is read.
  return settle(Table.forfeit(state, seat), state.match, {
    die() {
      throw new TabulaError('invalid_argument', 'A forfeited match starts no other game');
    },
  });
}

/** Whether the match is under way (a game at the table is live). */
export function live(state: MatchState): state is LiveMatchState {
  return Table.live(state);
}

/** What `seat` may do now: `Table.legal` at the table. */
export function legal(state: MatchState, seat: Side): Legal {
  return Table.legal(state, seat);
}

/** The finished game at the table, once the match is over, as `match.games` keeps the others. */
function lastGame(state: MatchState): MatchGame | null {
  if (state.result === null) return null;
  const before = scoreBefore(state);
  return {
    score: before,
    crawford: state.crawfordGame,
    log: state.log.map(copyEntry),
    cube: { value: state.cube.value, owner: state.cube.owner },
    result: { ...state.result },
    points: gamePoints(state.config, state.result, state.cube, before),
  };
}

/**
 * Every finished game of the match, oldest first, the last game included
 * once the match is over: each with the score before it, whether it was the
 * Crawford game, its whole log, its cube and result, and the points it
 * scored. What a match file is written from.
 */
export function history(state: MatchState): MatchGame[] {
  const last = lastGame(state);
  return last === null ? [...state.match.games] : [...state.match.games, last];
}

/** The score sheet: one row a finished game (the score before it, who won what, and the points it scored). */
export function scoreSheet(state: MatchState): SheetRow[] {
  return history(state).map((g) => ({
    score: [g.score[0], g.score[1]],
    crawford: g.crawford,
    winner: g.result.winner,
    kind: g.result.kind,
    how: g.result.how,
    points: g.points,
  }));
}

/** Whether the game at the table comes after the Crawford game: the doubling is back, a seat is one point away. */
export function postCrawford(state: MatchState): boolean {
  return isPostCrawford(state.config, scoreBefore(state), state.crawfordGame);
}

/**
 * A match as plain functions, in the table's shape: `Match.create`,
 * `Match.start`, `Match.apply`, ... plus the score sheet and the history.
 */
export const Match = {
  create,
  start,
  apply,
  legal,
  live,
  forfeit,
  fromJSON: matchFromJSON,
  history,
  scoreSheet,
  postCrawford,
} as const;
