import {
  type BackgammonConfig,
  type Cube,
  MAX_MATCH_LENGTH,
  type MatchResult,
  type Result,
  type Score,
  type Side,
} from './schemas.js';

/**
 * The rules of match play as pure functions over plain data: which configs
 * play a match, the Crawford game, what a finished game is worth to the
 * score, and when a match is over. `Match` (match.ts) plays by them and
 * `fromJSON` (state.ts) checks saved matches against them.
 */

/** Whether a config plays a match or a money session (`Match`) rather than one game at a table. */
export function playsMatch(config: BackgammonConfig): boolean {
  return config.money !== undefined || config.length > 1;
}

/** How many games a money session plays. */
export function sessionGames(config: BackgammonConfig): number {
  return config.money?.games ?? 1;
}

/** What is wrong with a config as the match layer reads it (path under the config, message), or null. */
export function configProblem(config: BackgammonConfig): { path: string; message: string } | null {
  if (config.money !== undefined) {
    if (config.length !== 1)
      return {
        path: '$.length',
        message: `a money session has no match length: give 1, not ${config.length}`,
      };
    if (config.crawford)
      return { path: '$.crawford', message: 'a money session has no Crawford game: give false' };
  }
  if (config.length > MAX_MATCH_LENGTH)
    return {
      path: '$.length',
      message: `a match is at most ${MAX_MATCH_LENGTH} points long (as in gnubg), not ${config.length}`,
    };
  return null;
}

/** Whether a seat of `score` is one point from the match length. */
function oneAway(config: BackgammonConfig, score: Score): boolean {
  return score[0] === config.length - 1 || score[1] === config.length - 1;
}

function playsCrawford(config: BackgammonConfig): boolean {
  return config.crawford && config.money === undefined && config.length > 1;
}

/**
 * Whether the game played from `score` is the Crawford game: the first game
 * after a seat has come to one point from the length. `previous` is the
 * score before the game before (null for the first game).
 */
export function isCrawfordGame(config: BackgammonConfig, score: Score, previous: Score | null): boolean {
  return playsCrawford(config) && oneAway(config, score) && (previous === null || !oneAway(config, previous));
}

/** Whether a game played from `score` that is not the Crawford game comes after it. */
export function isPostCrawford(config: BackgammonConfig, score: Score, crawfordGame: boolean): boolean {
  return playsCrawford(config) && !crawfordGame && oneAway(config, score);
}

/**
 * The points a finished game adds to its winner's score. In a match, the
 * result's points (the kind's multiplier times the cube) capped at what the
 * winner still needed, so that the score never passes the length. In a
 * money session the result's points, but under the Jacoby rule a gammon or
 * a backgammon counts as a single game while the cube was never turned
 * (a centered cube, at 1).
 */
export function gamePoints(config: BackgammonConfig, result: Result, cube: Cube, score: Score): number {
  if (config.money !== undefined) {
    if (config.money.jacoby === true && cube.owner === null && result.kind !== 'single') return cube.value;
    return result.points;
  }
  return Math.min(result.points, config.length - score[result.winner]);
}

/** Whether `gamePoints` counted a gammon or backgammon as a single game under the Jacoby rule. */
export function jacobyApplied(config: BackgammonConfig, result: Result, cube: Cube): boolean {
  return (
    config.money?.jacoby === true &&
    cube.owner === null &&
    result.kind !== 'single' &&
    result.how !== 'dropped'
  );
}

/**
 * The match's result after a game that left `score` (`finished` games played
 * in all, the last ending in `last`), or null when it goes on. A seat that
 * ran out of time or forfeited loses the match (or the session) at once; a
 * match is won by the seat that reached the length; a money session ends
 * after its games, won by the seat ahead (null when even).
 */
export function matchResult(
  config: BackgammonConfig,
  score: Score,
  finished: number,
  last: Result,
): MatchResult | null {
  if (last.how === 'timeout') return { winner: last.winner, how: 'timeout' };
  if (last.how === 'forfeit') return { winner: last.winner, how: 'forfeit' };
  if (config.money !== undefined) {
    if (finished < sessionGames(config)) return null;
    const winner: Side | null = score[0] > score[1] ? 0 : score[1] > score[0] ? 1 : null;
    return { winner, how: 'session' };
  }
  return score[last.winner] >= config.length ? { winner: last.winner, how: 'score' } : null;
}

/** The score after a game that gave `winner` `points`. */
export function scoreAfter(score: Score, winner: Side, points: number): Score {
  return winner === 0 ? [score[0] + points, score[1]] : [score[0], score[1] + points];
}
