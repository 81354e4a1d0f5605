import { matchEquity, postCrawfordEquity } from '@tabula/backgammon';
import { LOSE_BACKGAMMON, LOSE_GAMMON, WIN, WIN_BACKGAMMON, WIN_GAMMON } from './net.js';

/*
 * Cube decisions from the cubeless chances of the player on roll.
 *
 * Money: Janowski's cubeful equity (Rick Janowski, "Take-Points in Money
 * Games", 1993): the equity with a live cube is linear in the chance of
 * winning between the points where the game is dead (a pass, a cash), and
 * the real cube is a share `x` of that live cube and 1 - x of a dead one;
 * x ≈ 0.68 is the usual efficiency for contact positions.
 *
 * Match: the cube is dead and the equities are match winning chances from
 * the match equity table (Kazaross-XG2, `@tabula/backgammon`'s `matchEquity`):
 * each of the six outcomes (win or lose a single game, a gammon or a
 * backgammon) moves the score, and the table says what the new score is worth.
 */

/** Who holds the cube, from the side of the player on roll. */
export type CubeOwner = 'centered' | 'me' | 'opponent';

/** The match score for cube decisions: points each side still needs. */
export interface MatchScore {
  /** Points the player on roll still needs. */
  away: number;
  oppAway: number;
  /** The Crawford game or a game after it: a side that reaches 1-away from here is post-Crawford. */
  crawfordOrLater: boolean;
}

export interface CubeState {
  /** The cube's value now. */
  value: number;
  owner: CubeOwner;
  /** Absent for money play. */
  match?: MatchScore;
  /** Money play with the Jacoby rule: gammons count only once the cube has been turned. */
  jacoby?: boolean;
}

/** The cube efficiency of Janowski's model in contact positions. */
export const CUBE_EFFICIENCY = 0.68;

/** The match winning chance of the player on roll once the score has moved by `won` (negative: lost) points. */
export function matchWinningChance(score: MatchScore, won: number): number {
  const away = won > 0 ? score.away - won : score.away;
  const oppAway = won < 0 ? score.oppAway + won : score.oppAway;
  if (away <= 0) return 1;
  if (oppAway <= 0) return 0;
  if (score.crawfordOrLater) {
    // After the Crawford game (or from it): a side at 1-away plays post-Crawford games.
    if (away === 1 && oppAway === 1) return 0.5;
    if (away === 1) return 1 - postCrawfordEquity(oppAway);
    if (oppAway === 1) return postCrawfordEquity(away);
  }
  return matchEquity(away, oppAway);
}

/** The expected match winning chance of five chances with the cube at `value`, dead. */
export function matchEquityOf(p: ArrayLike<number>, score: MatchScore, value: number): number {
  const win = p[WIN]!;
  const wg = p[WIN_GAMMON]!;
  const wb = p[WIN_BACKGAMMON]!;
  const lg = p[LOSE_GAMMON]!;
  const lb = p[LOSE_BACKGAMMON]!;
  return (
    (win - wg) * matchWinningChance(score, value) +
    (wg - wb) * matchWinningChance(score, 2 * value) +
    wb * matchWinningChance(score, 3 * value) +
    (1 - win - lg) * matchWinningChance(score, -value) +
    (lg - lb) * matchWinningChance(score, -2 * value) +
    lb * matchWinningChance(score, -3 * value)
  );
}

/** What a player on roll with the cube available should do, and what each choice is worth to it. */
export interface CubeDecision {
  /** The doubler's equity without doubling, after doubling and a take, after doubling and a pass. Money: points per point of the cube now; match: match winning chances. */
  noDouble: number;
  doubleTake: number;
  doublePass: number;
  /** Whether to double (false when too good: playing on for a gammon is worth more than the cash). */
  double: boolean;
  /** Whether the opponent should take a double. */
  take: boolean;
  verdict: 'no double' | 'double, take' | 'double, pass' | 'too good, pass' | 'no double, take';
}

function janowski(p: ArrayLike<number>, owner: CubeOwner, x: number, gammons: boolean): number {
  const win = p[WIN]!;
  const lose = 1 - win;
  const wg = gammons ? p[WIN_GAMMON]! : 0;
  const wb = gammons ? p[WIN_BACKGAMMON]! : 0;
  const lg = gammons ? p[LOSE_GAMMON]! : 0;
  const lb = gammons ? p[LOSE_BACKGAMMON]! : 0;
  // The average value of a win and of a loss.
  const W = win > 0 ? (win + wg + wb) / win : 1;
  const L = lose > 0 ? (lose + lg + lb) / lose : 1;
  const dead = win * W - lose * L;
  const take = (L - 0.5) / (W + L + 0.5);
  const cash = (L + 1) / (W + L + 0.5);
  let live: number;
  if (owner === 'me') live = win >= cash ? 1 : -L + ((L + 1) * win) / cash;
  else if (owner === 'opponent')
    live = win <= take ? -L + ((L - 1) * win) / take : -1 + ((W + 1) * (win - take)) / (1 - take);
  else if (win <= take) live = -L + ((L - 1) * win) / take;
  else if (win >= cash) live = 1;
  else live = -1 + (2 * (win - take)) / (cash - take);
  return x * live + (1 - x) * dead;
}

/** The cubeful money equity of the player on roll, per point of the cube now (Janowski). */
export function cubefulMoneyEquity(
  p: ArrayLike<number>,
  owner: CubeOwner,
  x = CUBE_EFFICIENCY,
  jacoby = false,
): number {
  return janowski(p, owner, x, !(jacoby && owner === 'centered'));
}

/**
 * The cube decision of the player on roll, from its cubeless chances `p`
 * (best taken at some look-ahead) and the cube. Money uses Janowski's model
 * with efficiency `x`; match play the match equity table with a dead cube.
 */
export function cubeDecision(p: ArrayLike<number>, cube: CubeState, x = CUBE_EFFICIENCY): CubeDecision {
  let noDouble: number;
  let doubleTake: number;
  let doublePass: number;
  if (cube.match === undefined) {
    noDouble = cubefulMoneyEquity(p, cube.owner, x, cube.jacoby ?? false);
    doubleTake = 2 * cubefulMoneyEquity(p, 'opponent', x);
    doublePass = 1;
  } else {
    noDouble = matchEquityOf(p, cube.match, cube.value);
    doubleTake = matchEquityOf(p, cube.match, 2 * cube.value);
    doublePass = matchWinningChance(cube.match, cube.value);
  }
  const take = doubleTake <= doublePass;
  const afterDouble = Math.min(doubleTake, doublePass);
  // A tie doubles: above the cash point with no gammons, Janowski's no-double equity is the cash itself.
  const double = afterDouble >= noDouble;
  let verdict: CubeDecision['verdict'];
  if (double) verdict = take ? 'double, take' : 'double, pass';
  else if (!take && noDouble >= doublePass) verdict = 'too good, pass';
  else verdict = take ? 'no double, take' : 'no double';
  return { noDouble, doubleTake, doublePass, double, take, verdict };
}
