/**
 * The exact solver: the best play for a player, as a layout of the whole
 * table that `play` accepts. See the README's Solver section for the method.
 */
import { InvalidInputError, shown, TabulaError } from '@tabula/core';
import { type CardLike, cardKeys, cardText, parseCardList } from '../card.js';
import { InvalidRulesError } from '../errors.js';
import { Hand, handPenalty } from '../hand.js';
import { sameCards, scoreMeld } from '../meld.js';
import { type PlayPosition, settleLayout } from '../round.js';
import {
  beyondDeckMessage,
  cardsBeyondDeck,
  copiesInDeck,
  DEFAULT_RULES,
  rulesProblem,
  withBacks,
} from '../rules.js';
import type { LayoutMeld, RulesConfig, TableMeld } from '../schemas.js';
import { Table } from '../table.js';
import { quickPlay } from './greedy.js';
import { KeepSearch } from './keep.js';
import { deal, replay } from './layout.js';
import { buildModel, isJoker, rankOf } from './model.js';
import { Budget, BudgetSpent, type Step } from './plan.js';
import { ValueSearch } from './values.js';
import { walk } from './walk.js';

/** A position to solve: the table, the player's hand, whether they have opened, the rules. */
export interface SolvePosition {
  /**
   * The current table: plain melds as in `RummyState.table` (or card lists,
   * their kind guessed), a `Table`, or its text (`Kh,Kd,Ks;5c,6c,7c`).
   * Empty when left out.
   */
  readonly table?: readonly LayoutMeld[] | Table | string;
  /** The player's cards, with backs: strings, `Card`s, a `Hand`, or comma-separated text. */
  readonly hand: readonly CardLike[] | Hand | string;
  /** Whether the player has made the opening play. */
  readonly opened: boolean;
  /** `Rules` or its plain options; the defaults fill in what is missing. */
  readonly rules?: Partial<RulesConfig>;
}

export interface SolveOptions {
  /**
   * Time budget in milliseconds. Past it the solver stops and returns the
   * best play found so far, with `optimal: false`. No limit by default.
   */
  readonly budgetMs?: number;
  /**
   * Work budget: at most this many search steps (`stats.steps`). Past it the
   * solver returns the best play found so far, with `optimal: false`, as for
   * `budgetMs`; but the steps are counted the same way on every machine, so
   * the answer depends on the position alone. `DEFAULT_SOLVE_STEPS` is what
   * `rummyGame.legalActions` and the agents use. No limit by default.
   */
  readonly maxSteps?: number;
}

/**
 * The work budget of `rummyGame.legalActions`, the solver agent and
 * `Game.hint` unless told otherwise: about a tenth of a second at most on the
 * development machine. Most positions are solved exactly within it; on the
 * big tables of 4-player rounds it runs out on about one position in seven,
 * nearly always with the most cards and points found all the same (see the
 * README's Solver section).
 */
export const DEFAULT_SOLVE_STEPS = 50_000;

export interface SolveStats {
  /** Wall time of the solve, in milliseconds. */
  readonly ms: number;
  /** States the searches evaluated. */
  readonly states: number;
  /** Search steps taken, what `maxSteps` bounds: the same on every machine. */
  readonly steps: number;
}

/** The best play. */
export interface PlaySolution {
  readonly kind: 'play';
  /** False when the budget ran out: the play is legal but may not be the best. */
  readonly optimal: boolean;
  /** The new layout of the whole table, for the pure `play(state, seat, layout)`. */
  readonly layout: TableMeld[];
  /** The same layout as a `Table`, for `Game.play(player, table)`. */
  readonly table: Table;
  /** The hand cards laid, in hand order. */
  readonly laid: string[];
  /** The first objective: number of hand cards laid. */
  readonly cardsLaid: number;
  /** The second: the penalty they no longer weigh in hand (A = 1 .. K = 13, the rules' joker penalty per joker). */
  readonly pointsLaid: number;
  /** The third: table melds that are not in the layout any more (changed, split, merged or extended). */
  readonly changedMelds: TableMeld[];
  /** Table melds found unchanged in the layout (same cards, backs included). */
  readonly keptMelds: TableMeld[];
  /** Melds of the layout that were not on the table. */
  readonly newMelds: TableMeld[];
  /** Before opening: what the new melds are worth (jokers at the value they stand for); null once opened. */
  readonly openingPoints: number | null;
  /** The play in a few lines of text. */
  readonly explanation: string;
  readonly stats: SolveStats;
}

/** No legal play: the player should draw (or pass). */
export interface NoPlaySolution {
  readonly kind: 'none';
  /** False when the budget ran out before a play was found or ruled out. */
  readonly optimal: boolean;
  readonly explanation: string;
  readonly stats: SolveStats;
}

export type Solution = PlaySolution | NoPlaySolution;

/** The position of `solve`'s input, checked, its cards given their backs. */
function position(input: SolvePosition): PlayPosition {
  if (typeof input !== 'object' || input === null) {
    throw new InvalidInputError('invalid_input', '$', 'a position is { table, hand, opened, rules }');
  }
  const rules: RulesConfig = { ...DEFAULT_RULES };
  for (const field of ['decks', 'jokers', 'handSize', 'openingPoints', 'jokerPenalty'] as const) {
    const value = input.rules?.[field];
    if (value !== undefined) Object.assign(rules, { [field]: value });
  }
  const problem = rulesProblem(rules);
  if (problem) throw new InvalidRulesError(problem.field, `Invalid rules: ${problem.message}`);
  const source = input.table ?? [];
  const table =
    typeof source === 'string'
      ? Table.fromString(source).toJSON()
      : source instanceof Table
        ? source.toJSON()
        : settleLayout(source, '$.table');
  const given = input.hand;
  if (typeof given !== 'string' && !(given instanceof Hand) && !Array.isArray(given)) {
    throw new InvalidInputError(
      'invalid_input',
      '$.hand',
      `must be a list of cards, a Hand or text, got ${shown(given)}`,
    );
  }
  const hand =
    typeof given === 'string'
      ? parseCardList(given)
      : given instanceof Hand
        ? given.keys.slice()
        : cardKeys(given);
  if (typeof input.opened !== 'boolean') {
    throw new InvalidInputError('invalid_input', '$.opened', 'must be true or false');
  }
  // cards written without their back take free copies of their faces: the table's first, then the hand's
  const backed = withBacks(rules, [...table.map((m) => m.cards), hand]);
  const melds = table.map((m, i) => ({ kind: m.kind, cards: backed.lists[i] ?? m.cards }));
  const cards = backed.lists[table.length] ?? hand;
  const where = (list: number, index: number) =>
    list === table.length ? `$.hand[${index}]` : `$.table[${list}][${index}]`;
  if (backed.unplaced !== null) {
    const { card, list, index } = backed.unplaced;
    const copies = copiesInDeck(rules, `${card}r`) + copiesInDeck(rules, `${card}b`);
    throw new InvalidInputError(
      'invalid_input',
      where(list, index),
      `card ${card} is in the position more often than the ${copies} of the rules' deck.`,
    );
  }
  const extra = cardsBeyondDeck(rules, [...melds.map((m) => m.cards), cards]);
  if (extra !== null)
    throw new InvalidInputError(
      'invalid_input',
      where(extra.list, extra.index),
      beyondDeckMessage(rules, extra),
    );
  return { table: melds, hand: cards, opened: input.opened, rules };
}

/** Table melds found unchanged in a layout, each matched to a meld of the layout not matched before. */
function keptIn(before: readonly TableMeld[], layout: readonly TableMeld[]): boolean[] {
  const matched = layout.map(() => false);
  return before.map((meld) => {
    const i = layout.findIndex((other, j) => !matched[j] && sameCards(meld.cards, other.cards));
    if (i >= 0) matched[i] = true;
    return i >= 0;
  });
}

const meldText = (m: TableMeld) => m.cards.map(cardText).join(' ');

/** The play of a layout: what changed, what stayed, and the text. */
function describe(
  before: readonly TableMeld[],
  layout: TableMeld[],
  laid: string[],
  opened: boolean,
  rules: RulesConfig,
  optimal: boolean,
  stats: SolveStats,
): PlaySolution {
  const kept = keptIn(before, layout);
  const keptMelds = before.filter((_, i) => kept[i]);
  const changedMelds = before.filter((_, i) => !kept[i]);
  const stayed = keptIn(layout, keptMelds);
  const newMelds = layout.filter((_, i) => !stayed[i]);
  const pointsLaid = handPenalty(laid, rules.jokerPenalty);
  const openingPoints = opened ? null : newMelds.reduce((sum, m) => sum + scoreMeld(m.cards, m.kind), 0);
  const explain = (): string => {
    const lines = [
      `Lay ${laid.length} card${laid.length === 1 ? '' : 's'} worth ${pointsLaid} points: ${laid.map(cardText).join(' ')}.`,
    ];
    if (openingPoints !== null)
      lines.push(`Opening with ${openingPoints} points (${rules.openingPoints} needed).`);
    lines.push(`New melds: ${newMelds.map(meldText).join(' | ')}.`);
    if (changedMelds.length > 0)
      lines.push(`Table melds changed: ${changedMelds.map(meldText).join(' | ')}.`);
    lines.push(`Table melds unchanged: ${keptMelds.length} of ${before.length}.`);
    if (!optimal) lines.push('The search budget ran out: this play may not be the best.');
    return lines.join('\n');
  };
  let table: Table | null = null;
  let explanation: string | null = null;
  return {
    kind: 'play',
    optimal,
    layout,
    // built on first use: most callers only want the plain layout
    get table(): Table {
      table ??= Table.fromJSON(layout);
      return table;
    },
    laid,
    cardsLaid: laid.length,
    pointsLaid,
    changedMelds,
    keptMelds,
    newMelds,
    openingPoints,
    // written on first use, like `table`: bots playing many games never read it
    get explanation(): string {
      explanation ??= explain();
      return explanation;
    },
    stats,
  };
}

/**
 * The best play for a player: the layout of the whole table that lays the
 * most hand cards; among those the most points (the penalty shed: card values,
 * the rules' joker penalty per joker); among those the fewest table melds
 * changed. Before opening the table stays as it is and the new melds must
 * reach the rules' opening points. Returns `kind: 'none'` when there is no
 * legal play. Exact unless `budgetMs` or `maxSteps` runs out (then `optimal:
 * false`).
 */
export function solve(input: SolvePosition, options: SolveOptions = {}): Solution {
  const started = performance.now();
  return solveValid(position(input), options, started);
}

/**
 * `solve` for a position that needs none of `position`'s checks and
 * conversions: a round's own state, whose melds are settled, whose cards
 * carry their backs and fit in the deck. `legalActions` solves at every turn,
 * and those checks were a tenth of what a solve allocated. The solution may
 * share the position's melds (its kept melds are the table's own objects),
 * so it stays inside the package.
 */
export function solveValid(
  { table, hand, opened, rules }: PlayPosition,
  options: SolveOptions = {},
  started = performance.now(),
): Solution {
  const { budgetMs, maxSteps } = options;
  for (const [name, value] of [
    ['budgetMs', budgetMs],
    ['maxSteps', maxSteps],
  ] as const) {
    if (value !== undefined && (typeof value !== 'number' || !(value >= 0))) {
      throw new TabulaError('invalid_argument', `${name} must be a number, 0 or more, got ${String(value)}`);
    }
  }
  const budget = new Budget(
    budgetMs === undefined ? Number.POSITIVE_INFINITY : started + budgetMs,
    maxSteps ?? Number.POSITIVE_INFINITY,
  );
  const model = buildModel(table, hand, opened, rules);
  let values: ValueSearch | null = null;
  const stats = (): SolveStats => ({
    ms: performance.now() - started,
    states: values?.states ?? 0,
    steps: budget.count,
  });
  const none = (optimal: boolean, why: string): NoPlaySolution => ({
    kind: 'none',
    optimal,
    explanation: optimal ? why : `${why} The search budget ran out before the search ended.`,
    stats: stats(),
  });
  /** What is left when the budget runs out before a best layout is known: a quick legal play, if any. */
  const fallback = (): Solution => {
    const quick = quickPlay(table, hand, opened, rules);
    if (quick === null) return none(false, 'No play found.');
    return describe(table, quick.layout, quick.laid, opened, rules, false, stats());
  };
  if (hand.length === 0) return none(true, 'The hand is empty.');
  try {
    let best: number;
    try {
      values = new ValueSearch(model, budget);
      best = values.root();
    } catch (error) {
      if (!(error instanceof BudgetSpent)) throw error;
      return fallback();
    }
    if (!(best > 0)) {
      return none(
        true,
        opened
          ? 'No card of the hand can be laid.'
          : `No melds from the hand reach the ${rules.openingPoints} opening points.`,
      );
    }
    let steps: Step[] | null = null;
    let optimal = true;
    if (!model.opening && (model.runs.length > 0 || model.groupsAt.some((g) => g.length > 0))) {
      const keep = new KeepSearch(model, values, budget);
      try {
        steps = keep.run();
      } catch (error) {
        if (!(error instanceof BudgetSpent)) throw error;
        optimal = false;
        // a best (cards, points) all the same, with the most melds kept found so far
        steps = keep.foundSoFar();
      }
    }
    if (steps === null) {
      // the best value is known: reading a plan off the memo is short, and has a budget of its own
      budget.lastStretch();
      try {
        steps = walk(values);
      } catch (error) {
        if (!(error instanceof BudgetSpent)) throw error;
        return fallback();
      }
    }
    const { kept, shapes } = replay(model, steps);
    const dealt = deal(opened ? table : [], hand, kept, shapes);
    const layout = opened
      ? dealt.layout
      : [...table.map((m) => ({ kind: m.kind, cards: m.cards.slice() })), ...dealt.layout];
    // the cards handed out must add up to the value the search found
    let points = 0;
    for (const card of dealt.laid) points += isJoker(card) ? model.jokerPoints : rankOf(card);
    if (dealt.laid.length * model.cardWeight + points !== best) {
      throw new Error(`solver: the layout lays ${dealt.laid.length} cards, not what the search found`);
    }
    return describe(table, layout, dealt.laid, opened, rules, optimal, stats());
  } finally {
    // the memo goes on to the next solve
    values?.release();
  }
}
