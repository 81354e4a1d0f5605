import { type BackgammonAction, type BackgammonView, type Board, Moves, type Side } from '@tabula/backgammon';
import { type Agent, TabulaError } from '@tabula/core';
import type { AgentEntry } from './agent-entry.js';
import { neuralAgent, pubevalAgent } from './neural/bot.js';
import { STRENGTHS } from './neural/search.js';

// The evaluator counts checkers by pip in Int8Arrays of 26: `own[p]` are the
// mover's checkers on its pip p (25 the bar, 0 borne off), `theirs[p]` the
// opponent's on their own pip p, laid out the same way. `opp[p]` are the
// opponent's checkers on the mover's pip p (their bar at 0, borne off at 25),
// for what meets on the same point: contact and hits. The opponent moves up.

interface Sides {
  own: Int8Array;
  theirs: Int8Array;
  opp: Int8Array;
}

const OWN_BAR = 25;
const OPP_BAR = 0;

function sidesOf(board: Board, seat: Side): Sides {
  const own = new Int8Array(26);
  const theirs = new Int8Array(26);
  const opp = new Int8Array(26);
  const other: Side = seat === 0 ? 1 : 0;
  for (let i = 0; i < 24; i++) {
    const n = board.points[i]!;
    const mine = seat === 0 ? n : -n;
    const pip = seat === 0 ? i + 1 : 24 - i;
    if (mine > 0) own[pip] = mine;
    else if (mine < 0) opp[pip] = theirs[25 - pip] = -mine;
  }
  own[OWN_BAR] = board.bar[seat];
  own[0] = board.off[seat];
  opp[OPP_BAR] = theirs[OWN_BAR] = board.bar[other];
  opp[25] = theirs[0] = board.off[other];
  return { own, theirs, opp };
}

/** The pip count of a side's checkers by its own pips (borne off at 0 count nothing). */
function pips(counts: Int8Array): number {
  let total = 0;
  for (let p = 1; p <= 25; p++) total += counts[p]! * p;
  return total;
}

/** Whether some checkers still have to pass each other. */
function contact({ own, opp }: Sides): boolean {
  let myBack = OWN_BAR;
  while (myBack > 0 && own[myBack] === 0) myBack--;
  for (let p = 0; p < myBack; p++) if (opp[p] !== 0) return true;
  return false;
}

// What a made point is worth, by the owner's pip: the home board's inner
// points (5, 4, 6), the bar point, and anchors deep in the opponent's board.
const POINT_VALUE = [
  0, 0.4, 1.2, 2, 3, 3.6, 3.4, 3, 2, 1.2, 0.8, 0.6, 0.5, 0.5, 0.4, 0.4, 0.5, 0.8, 1.2, 1.6, 2.6, 2.4, 1.6,
  1.2, 1,
];
const PRIME_BONUS = [0, 0, 0, 2, 5, 10, 16];

/** Structure in pips of a side's checkers by its own pips: made points, the longest run of them, and stacks too tall to be useful. */
function structure(counts: Int8Array): number {
  let score = 0;
  let run = 0;
  let longest = 0;
  for (let p = 1; p <= 24; p++) {
    const n = counts[p]!;
    if (n >= 2) {
      score += POINT_VALUE[p]!;
      run++;
      longest = Math.max(longest, run);
    } else run = 0;
    if (n > 3) score -= 0.4 * (n - 3);
  }
  return score + PRIME_BONUS[Math.min(longest, 6)]!;
}

/** The points a side has made in its home board. */
function homePoints(counts: Int8Array): number {
  let made = 0;
  for (let p = 1; p <= 6; p++) if (counts[p]! >= 2) made++;
  return made;
}

const ROLLS: readonly (readonly [number, number, number])[] = (() => {
  const out: [number, number, number][] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) out.push([a, b, a === b ? 1 : 2]);
  return out;
})();

/**
 * The pips the mover expects to lose to the opponent's next roll: for each
 * roll, the costliest of its blots the opponent can hit (directly or with
 * both dice through open points), weighted by the roll's chance. A checker
 * hit on its pip b goes back to the bar: 25 - b pips, plus the turn spent entering.
 */
function blotRisk({ own, opp }: Sides): number {
  const blots: number[] = [];
  for (let p = 1; p <= 24; p++) if (own[p] === 1) blots.push(p);
  if (blots.length === 0) return 0;
  const open = (p: number) => p <= 24 && own[p]! < 2;
  const loss = (b: number) => 25 - b + 6;
  const sources: number[] = [];
  for (let p = OPP_BAR; p <= 24; p++) if (opp[p] !== 0) sources.push(p);
  // A checker on the bar must enter first, so it is the only one that can hit.
  if (sources[0] === OPP_BAR) sources.length = 1;
  let expected = 0;
  for (const [a, b, weight] of ROLLS) {
    let worst = 0;
    for (const s of sources) {
      for (const blot of blots) {
        const d = blot - s;
        if (d <= 0 || d > 24) continue;
        let hits = d === a || d === b;
        if (!hits && a !== b && d === a + b) hits = open(s + a) || open(s + b);
        if (!hits && a === b && d % a === 0 && d / a <= 4) {
          hits = true;
          for (let k = 1; k < d / a; k++) if (!open(s + k * a)) hits = false;
        }
        if (hits) worst = Math.max(worst, loss(blot));
      }
    }
    expected += (weight * worst) / 36;
  }
  return expected;
}

/** The position after the mover's play, from the mover's side, in pips; the opponent rolls next. */
export function evaluate(board: Board, seat: Side): number {
  const other: Side = seat === 0 ? 1 : 0;
  const sides = sidesOf(board, seat);
  const { own, theirs } = sides;
  const lead = pips(theirs) - pips(own);
  if (!contact(sides)) {
    // A race: every play moves the same pips unless bearing off wastes some, so value checkers off
    // and checkers spread over the home board (fewer misses later).
    let spread = 0;
    for (let p = 1; p <= 6; p++) if (own[p] !== 0) spread++;
    return lead + 2 * board.off[seat] + 0.5 * spread;
  }
  const myHome = homePoints(own);
  const theirHome = homePoints(theirs);
  return (
    lead +
    structure(own) -
    structure(theirs) +
    board.bar[other] * (3 + 2 * myHome) -
    board.bar[seat] * (3 + 2 * theirHome) -
    blotRisk(sides)
  );
}

const normal = (z: number) => 1 / (1 + Math.exp(-1.702 * z));

/** The chance that `seat`, about to roll, wins: a pip-count model in a race, else a logistic on a static evaluation. */
export function winChance(board: Board, seat: Side): number {
  const other: Side = seat === 0 ? 1 : 0;
  const sides = sidesOf(board, seat);
  const mine = pips(sides.own);
  const theirs = pips(sides.theirs);
  if (!contact(sides)) {
    // Rolls to finish: mean pips / 8.17, variance ~0.034 rolls^2 a pip; the roller is half a roll ahead.
    const lead = (theirs - mine) / 8.17 + 0.5;
    return normal(lead / (0.184 * Math.sqrt(mine + theirs)));
  }
  const score =
    theirs -
    mine +
    8 +
    structure(sides.own) -
    structure(sides.theirs) +
    board.bar[other] * (3 + 2 * homePoints(sides.own)) -
    board.bar[seat] * (3 + 2 * homePoints(sides.theirs));
  return 1 / (1 + Math.exp(-score / 22));
}

const DOUBLE_AT = 0.7;
const TAKE_AT = 0.2;

function has(legal: readonly BackgammonAction[], type: BackgammonAction['type']): boolean {
  return legal.some((a) => a.type === type);
}

/** Whether the opponent looks likely to lose a gammon: nothing off and far behind. */
function gammonish(board: Board, seat: Side): boolean {
  const other: Side = seat === 0 ? 1 : 0;
  const sides = sidesOf(board, seat);
  return board.off[other] === 0 && pips(sides.theirs) - pips(sides.own) > 60;
}

function bestMove(view: BackgammonView, seat: Side, legal: readonly BackgammonAction[]): BackgammonAction {
  let best: BackgammonAction | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const action of legal) {
    if (action.type !== 'move') continue;
    const score =
      action.steps.length === 0 ? 0 : evaluate(Moves.applySteps(view.board, seat, action.steps), seat);
    if (best === undefined || score > bestScore) {
      best = action;
      bestScore = score;
    }
  }
  if (best === undefined)
    throw new TabulaError('no_legal_action', 'The heuristic agent was asked to move with no move listed');
  return best;
}

/**
 * A backgammon agent that plays by a position evaluator: for each legal play
 * it scores the board after it (the pip count, made points weighted toward
 * the home board and the bar point, primes, anchors, checkers on the bar,
 * and blots weighted by how many of the opponent's rolls hit them and what a
 * hit costs); in a race it bears off as many checkers as it can. It doubles
 * at a 70% estimated chance to win (not when a gammon looks likely and it is
 * far ahead), takes unless its chance is below 20%, never resigns, and
 * accepts a resignation unless it is a single game while a gammon looks
 * likely. Deterministic: ties go to the first listed play.
 */
export function heuristicAgent(): Agent<BackgammonView, BackgammonAction> {
  return {
    name: 'heuristic',
    act(view, legal, ctx) {
      if (legal.length === 0)
        throw new TabulaError('no_legal_action', 'The heuristic agent was asked to act with no legal action');
      const seat = ctx.seat as Side;
      if (has(legal, 'take')) {
        // The doubler is about to roll: our chance is what it does not win.
        const other: Side = seat === 0 ? 1 : 0;
        return { type: 1 - winChance(view.board, other) >= TAKE_AT ? 'take' : 'drop' };
      }
      if (has(legal, 'accept')) {
        const offered = view.resignation?.kind ?? 'single';
        return { type: offered === 'single' && gammonish(view.board, seat) ? 'decline' : 'accept' };
      }
      if (has(legal, 'roll')) {
        if (has(legal, 'double')) {
          const p = winChance(view.board, seat);
          const tooGood = p > 0.9 && gammonish(view.board, seat);
          if (p >= DOUBLE_AT && !tooGood) return { type: 'double' };
        }
        return { type: 'roll' };
      }
      return bestMove(view, seat, legal);
    },
  };
}

/** The backgammon agents beyond `random`. */
export const backgammonAgents: AgentEntry[] = [
  {
    name: 'heuristic',
    summary:
      'scores each play by pips, made points, primes and exposed blots; bears off efficiently; doubles when well ahead, takes unless hopeless',
    create: () => heuristicAgent() as Agent<unknown, unknown>,
  },
  {
    name: 'pubeval',
    summary:
      "Tesauro's public linear evaluator (the standard benchmark); no cube: never doubles, always takes",
    create: () => pubevalAgent() as Agent<unknown, unknown>,
  },
  {
    name: 'neural-0',
    summary:
      'the self-trained neural net, each play judged as it stands (0-ply); cube by Janowski or the match table',
    create: () => neuralAgent('neural-0', STRENGTHS['neural-0']) as Agent<unknown, unknown>,
  },
  {
    name: 'neural-1',
    showcase: false,
    summary: 'the neural net looking one roll ahead (1-ply) at the best 0-ply candidates',
    create: () => neuralAgent('neural-1', STRENGTHS['neural-1']) as Agent<unknown, unknown>,
  },
  {
    name: 'neural-2',
    showcase: false,
    summary: 'the neural net looking two rolls ahead (2-ply), with gnubg-style move filtering',
    create: () => neuralAgent('neural-2', STRENGTHS['neural-2']) as Agent<unknown, unknown>,
  },
  {
    name: 'expert',
    showcase: false,
    summary: 'the strongest setting: the neural net at 2-ply with move filtering, and its cube decisions',
    create: () => neuralAgent('expert', STRENGTHS['neural-2']) as Agent<unknown, unknown>,
  },
];
