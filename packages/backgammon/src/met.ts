import { shown, TabulaError } from '@tabula/core';
import { KAZAROSS_XG2 } from './met-data.js';
import { MAX_CUBE } from './schemas.js';

/**
 * The match equity table: a player's chance of winning a match from a
 * score, before the game starts, with the cube centered. The table is
 * Kazaross-XG2 as GNU Backgammon 1.07 ships it (`met/Kazaross-XG2.xml`,
 * gnubg's default; the data in met-data.ts is generated from it), to 25
 * points away.
 *
 * Scores are given as "away": the points a player still needs, the match
 * length minus the score. A player 1 away is in the Crawford game (no
 * doubling) until the other reaches 1 away or the Crawford game is over;
 * after it come the post-Crawford games, which have their own table.
 */

/** The deepest score the table covers: 25 away. */
export const MET_LENGTH = KAZAROSS_XG2.length;

/** The name and source of the table in use. */
export const MET_NAME = KAZAROSS_XG2.name;

function readAway(value: unknown, what: string, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > MET_LENGTH)
    throw new TabulaError(
      'invalid_argument',
      `${what} is a whole number of points away from ${min} to ${MET_LENGTH}, got ${shown(value)}`,
    );
  return value;
}

function pre(away: number, oppAway: number): number {
  return KAZAROSS_XG2.preCrawford[away - 1]?.[oppAway - 1] ?? Number.NaN;
}

function post(trailerAway: number): number {
  return KAZAROSS_XG2.postCrawford[trailerAway - 1] ?? Number.NaN;
}

/**
 * The match winning chance (0 to 1) of a player `away` points from winning
 * against one `oppAway` away, before the Crawford game is played: with
 * either 1 away, that is the Crawford game. `0` away has won (1, or 0 for
 * the opponent). `matchEquity(1, 2)` is 0.67736: the leader at 1-away
 * against 2-away in the Crawford game. Arguments outside 0 to 25 (or both
 * 0) throw `TabulaError` (`invalid_argument`).
 */
export function matchEquity(away: number, oppAway: number): number {
  readAway(away, 'away', 0);
  readAway(oppAway, 'oppAway', 0);
  if (away === 0 && oppAway === 0) throw new TabulaError('invalid_argument', 'Both players cannot have won');
  return equityAfter(away, oppAway, false);
}

/**
 * The match winning chance of the trailer, `away` points from winning (1 to
 * 25), against a leader 1 away after the Crawford game (the post-Crawford
 * games): `postCrawfordEquity(2)` is 0.48803. The leader's is 1 minus it.
 * Throws `TabulaError` (`invalid_argument`) outside 1 to 25. (25-away is
 * the file's 0.00123; gnubg itself replaces that one entry, which no match
 * of up to 25 points reaches, with its own extrapolation, 0.00118.)
 */
export function postCrawfordEquity(away: number): number {
  return post(readAway(away, 'away', 1));
}

/**
 * The equity of a player `away` against `oppAway` after a game: either may
 * have passed 0 (won). `postCrawford` when the game was played after the
 * Crawford game, so that a leader still 1 away stays post-Crawford; a player
 * reaching 1 away from a game before it makes the next the Crawford game,
 * which the pre-Crawford table holds.
 */
function equityAfter(away: number, oppAway: number, postCrawford: boolean): number {
  if (away <= 0) return 1;
  if (oppAway <= 0) return 0;
  if (postCrawford && away === 1) return 1 - post(oppAway);
  if (postCrawford && oppAway === 1) return post(away);
  return pre(away, oppAway);
}

/**
 * The dead-cube take point: the lowest chance of winning the game at which
 * the player `takerAway` points away may take a double from the one
 * `doublerAway` away, the cube going from `cube` to twice it, gammons left
 * out. From the table: (drop - lose) / (win - lose), where drop is the
 * taker's match equity after losing `cube` points, and win and lose after
 * winning or losing twice `cube`. When either player is 1 away the game is a
 * post-Crawford one (nobody doubles in the Crawford game), and the scores
 * after it use the post-Crawford table. `takePoint(2, 2)` is 0.32264.
 * Throws `TabulaError` (`invalid_argument`) for an away outside 1 to 25 or
 * a cube that is not a power of two from 1 to 2048 (a double must stay
 * within 4096).
 */
export function takePoint(takerAway: number, doublerAway: number, cube = 1): number {
  readAway(takerAway, 'takerAway', 1);
  readAway(doublerAway, 'doublerAway', 1);
  if (
    typeof cube !== 'number' ||
    !Number.isInteger(cube) ||
    cube < 1 ||
    cube > MAX_CUBE / 2 ||
    (cube & (cube - 1)) !== 0
  )
    throw new TabulaError(
      'invalid_argument',
      `The cube before the double is a power of two from 1 to ${MAX_CUBE / 2}, got ${shown(cube)}`,
    );
  const postCrawford = takerAway === 1 || doublerAway === 1;
  const drop = equityAfter(takerAway, doublerAway - cube, postCrawford);
  const win = equityAfter(takerAway - 2 * cube, doublerAway, postCrawford);
  const lose = equityAfter(takerAway, doublerAway - 2 * cube, postCrawford);
  return (drop - lose) / (win - lose);
}
