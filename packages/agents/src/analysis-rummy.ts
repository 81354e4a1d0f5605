import { type AnyGame, IllegalActionError, type Seat } from '@tabula/core';
import { handPenalty, Round, type RummyAction, type RummyState, rummyGame, solve } from '@tabula/rummy';
import type { GameAnalyser, Judgement } from './analysis.js';
import { solveSteps } from './rummy-solver.js';

/** What a turn lays from the hand: the cards and the penalty points they no longer weigh. */
interface Laid {
  readonly cards: number;
  readonly points: number;
}

const NOTHING: Laid = { cards: 0, points: 0 };

/** What `layout` lays from the hand in `position`, or null when `play` would refuse it as cards. */
function laidBy(position: Round.PlayPosition, layout: readonly (readonly string[])[]): Laid | null {
  try {
    const { hand } = Round.settlePlay(
      position,
      layout.map((meld) => meld.slice()),
    );
    const penalty = (cards: readonly string[]) => handPenalty(cards, position.rules.jokerPenalty);
    return {
      cards: position.hand.length - hand.length,
      points: penalty(position.hand) - penalty(hand),
    };
  } catch (error) {
    if (error instanceof IllegalActionError) return null;
    throw error;
  }
}

/** Whether `a` lays more than `b` by the solver's measure: more cards, then more points. */
function more(a: Laid, b: Laid): boolean {
  return a.cards !== b.cards ? a.cards > b.cards : a.points > b.points;
}

/** How the rummy analysis searches. */
export interface RummyAnalyserOptions {
  /** The solver's work budget per decision, in search steps (default `DEFAULT_SOLVE_STEPS`; `Infinity` for exact). */
  readonly maxSteps?: number;
}

/**
 * Rummy analysis by the solver: at each turn where the seat could lay cards,
 * the solver's best play (most hand cards laid, then most penalty points) is
 * compared with the turn played (a draw or a pass lays nothing). Values are
 * the penalty points laid this turn; the loss is the points the best play
 * would have laid beyond the played one, and `left` also counts the cards.
 * Any card left is an error; 10 points or more (a face card) a blunder. The
 * solver sees what the seat saw (its hand and the table), and weighs this
 * turn only: keeping cards back for later is not valued.
 */
export function rummyAnalyser(options: RummyAnalyserOptions = {}): GameAnalyser {
  const maxSteps = solveSteps(options.maxSteps);
  return {
    game: rummyGame as AnyGame,
    analyser: `the solver (${maxSteps} steps a turn): cards and points laid this turn`,
    unit: 'points',
    errorAt: 1,
    blunderAt: 10,
    judge(untrusted: unknown, seat: Seat, action: unknown): Judgement | null {
      const state = untrusted as RummyState;
      const played = action as RummyAction;
      if (state.status !== 'playing' || state.current !== seat) return null;
      const position: Round.PlayPosition = {
        table: state.table,
        hand: state.hands[seat] ?? [],
        opened: state.opened[seat] === true,
        rules: state.rules,
      };
      const turn: RummyAction = state.stock.length > 0 ? { type: 'draw' } : { type: 'pass' };
      let best: { action: RummyAction; laid: Laid } = { action: turn, laid: NOTHING };
      const solution = solve(position, { maxSteps });
      if (solution.kind === 'play') {
        const layout = solution.layout.map((m) => m.cards.slice());
        const laid = laidBy(position, layout);
        if (laid !== null) best = { action: { type: 'play', layout }, laid };
      }
      if (best.laid.cards === 0) {
        // The solver's play as cards may read otherwise (a run of one card and jokers reads as a group): the listed plays.
        for (const listed of rummyGame.legalActions(state, seat)) {
          if (listed.type !== 'play') continue;
          const laid = laidBy(position, listed.layout);
          if (laid !== null && more(laid, best.laid)) best = { action: listed, laid };
        }
      }
      const playedLaid = played.type === 'play' ? (laidBy(position, played.layout) ?? NOTHING) : NOTHING;
      // Nothing to lay and nothing laid: the draw was the only turn there was.
      if (best.laid.cards === 0 && playedLaid.cards === 0) return null;
      // A play the solver did not find (its budget ran out) that lays at least as much is the best found.
      if (!more(best.laid, playedLaid)) best = { action: played, laid: playedLaid };
      const left = {
        cards: best.laid.cards - playedLaid.cards,
        points: best.laid.points - playedLaid.points,
      };
      // A rearranged table reads in full; the cards it takes from the hand say what the play was.
      const describe = (a: RummyAction) => {
        const text = rummyGame.describe?.(a, state) ?? JSON.stringify(a);
        const fromHand = /^play .* \(from hand: ([^)]*)\)$/.exec(text);
        return fromHand === null ? text : `play from hand ${fromHand[1]}`;
      };
      const note =
        left.cards > 0
          ? `left ${left.cards} card${left.cards === 1 ? '' : 's'} (${left.points} points) that could have been laid`
          : `laid ${playedLaid.cards} card${playedLaid.cards === 1 ? '' : 's'} (${playedLaid.points} points)`;
      return {
        kind: 'turn',
        played: describe(played),
        playedValue: playedLaid.points,
        best: describe(best.action),
        bestAction: best.action,
        bestValue: best.laid.points,
        options: describe(best.action) === describe(played) ? 1 : 2,
        left,
        note,
        error: left.cards > 0,
      };
    },
  };
}
