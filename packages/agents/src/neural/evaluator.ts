import { type BearoffDatabase, homeRank, raceWinChance } from './bearoff.js';
import { encode, INPUTS, Inputs } from './encode.js';
import { LOSE_BACKGAMMON, LOSE_GAMMON, Net, OUTPUTS, WIN, WIN_BACKGAMMON, WIN_GAMMON } from './net.js';
import { isBearoff, isContact, newPosition, OPP, offOf, type Position, swapSides } from './position.js';

/**
 * The evaluator: a contact net, a race net and the bear-off database. It
 * gives, for a position, the five chances of the player on roll (`WIN`,
 * `WIN_GAMMON`, `WIN_BACKGAMMON`, `LOSE_GAMMON`, `LOSE_BACKGAMMON`, the
 * gammons counting backgammons, the backgammons alone) with the cube left out.
 */
export interface Evaluator {
  readonly contact: Net;
  readonly race: Net;
  /** Exact bear-offs when both sides are home with a checker off; null to use the race net. */
  readonly bearoff: BearoffDatabase | null;
}

export type PositionClass = 'contact' | 'race' | 'bearoff';

export function newEvaluator(
  contactHidden: number,
  raceHidden: number,
  bearoff: BearoffDatabase | null,
): Evaluator {
  return { contact: new Net(INPUTS, contactHidden), race: new Net(INPUTS, raceHidden), bearoff };
}

/** Which part of the evaluator answers for a position. */
export function classify(ev: Evaluator, pos: Position): PositionClass {
  if (isContact(pos)) return 'contact';
  if (ev.bearoff !== null && isBearoff(pos) && offOf(pos, 0) > 0 && offOf(pos, OPP) > 0) return 'bearoff';
  return 'race';
}

const inputs = new Inputs();

/**
 * Makes five outputs consistent: each in [0, 1], a gammon no likelier than
 * the win (or loss) it is part of, a backgammon no likelier than its gammon,
 * and no gammon for a side that cannot lose one (the other has borne off).
 */
export function sanitize(pos: Position, p: Float64Array): Float64Array {
  for (let k = 0; k < OUTPUTS; k++) p[k] = Math.min(1, Math.max(0, p[k]!));
  const win = p[WIN]!;
  if (offOf(pos, OPP) > 0) p[WIN_GAMMON] = p[WIN_BACKGAMMON] = 0;
  if (offOf(pos, 0) > 0) p[LOSE_GAMMON] = p[LOSE_BACKGAMMON] = 0;
  if (p[WIN_GAMMON]! > win) p[WIN_GAMMON] = win;
  if (p[WIN_BACKGAMMON]! > p[WIN_GAMMON]!) p[WIN_BACKGAMMON] = p[WIN_GAMMON]!;
  if (p[LOSE_GAMMON]! > 1 - win) p[LOSE_GAMMON] = 1 - win;
  if (p[LOSE_BACKGAMMON]! > p[LOSE_GAMMON]!) p[LOSE_BACKGAMMON] = p[LOSE_GAMMON]!;
  return p;
}

/** The chances of the player on roll in `pos`, into `out`. */
export function evaluateOnRoll(ev: Evaluator, pos: Position, out: Float64Array): Float64Array {
  const kind = classify(ev, pos);
  if (kind === 'bearoff' && ev.bearoff !== null) {
    out.fill(0);
    out[WIN] = raceWinChance(ev.bearoff, homeRank(pos, 0), homeRank(pos, OPP));
    return out;
  }
  const net = kind === 'contact' ? ev.contact : ev.race;
  out.set(net.forward(encode(pos, inputs)));
  return sanitize(pos, out);
}

/** The same chances seen by the other player. */
export function invert(p: Float64Array, out: Float64Array): Float64Array {
  const win = p[WIN]!;
  const wg = p[WIN_GAMMON]!;
  const wb = p[WIN_BACKGAMMON]!;
  out[WIN] = 1 - win;
  out[WIN_GAMMON] = p[LOSE_GAMMON]!;
  out[WIN_BACKGAMMON] = p[LOSE_BACKGAMMON]!;
  out[LOSE_GAMMON] = wg;
  out[LOSE_BACKGAMMON] = wb;
  return out;
}

const swapped = newPosition();
const scratch = new Float64Array(OUTPUTS);

/**
 * The chances of the player who has just moved to `after` (its checkers at
 * `after[0..24]`; the opponent rolls next), into `out`. A finished game
 * gives its result: a gammon when the loser has nothing off, a backgammon
 * when it also has a checker on the bar or in the winner's home board.
 */
export function evaluateAfterMove(ev: Evaluator, after: Position, out: Float64Array): Float64Array {
  if (offOf(after, 0) === 15) return resultOf(after, out);
  evaluateOnRoll(ev, swapSides(after, swapped), scratch);
  return invert(scratch, out);
}

/** The outcome, for the mover, of a position where it has borne off all its checkers. */
export function resultOf(after: Position, out: Float64Array): Float64Array {
  out.fill(0);
  out[WIN] = 1;
  if (offOf(after, OPP) === 0) {
    out[WIN_GAMMON] = 1;
    // The loser's pips 19..24 are the winner's home board; 25 is the bar.
    let back = 0;
    for (let i = 18; i <= 24; i++) back += after[OPP + i]!;
    if (back > 0) out[WIN_BACKGAMMON] = 1;
  }
  return out;
}

/** Cubeless money equity of five chances: points won per point at stake, from -3 to 3. */
export function moneyEquity(p: ArrayLike<number>): number {
  return 2 * p[WIN]! - 1 + p[WIN_GAMMON]! - p[LOSE_GAMMON]! + p[WIN_BACKGAMMON]! - p[LOSE_BACKGAMMON]!;
}
