import { createRng, InvalidInputError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULES,
  Game,
  Hand,
  InvalidCardError,
  InvalidRulesError,
  Meld,
  Player,
  Rules,
  type RulesConfig,
  type Solution,
  solve,
  Table,
  type TableMeld,
  UnknownPlayerError,
} from '../../src/index.js';
import { playOut } from './check.js';
import { type Position, smallPosition } from './positions.js';

const RULES: RulesConfig = DEFAULT_RULES;

/** A table from text with backs (`Khr,Kdb,Ksr;5cr,6cr,7cr`). */
function table(text: string): TableMeld[] {
  return Table.fromString(text).toJSON();
}

function position(
  tableText: string,
  hand: string,
  opened = true,
  rules: Partial<RulesConfig> = {},
): Position {
  return {
    table: table(tableText),
    hand: hand === '' ? [] : hand.split(','),
    opened,
    rules: { ...RULES, ...rules },
  };
}

/** Solves, plays the answer for real, and returns the objective and the answer. */
function best(p: Position): { objective: ReturnType<typeof playOut>; solution: Solution } {
  const solution = solve(p);
  return { objective: playOut(p, solution), solution };
}

/** The melds as sorted card lists, sorted: for comparisons that ignore order. */
const meldTexts = (melds: readonly TableMeld[]) => melds.map((m) => m.cards.slice().sort().join(',')).sort();

describe('jokers', () => {
  it('a joker goes before the king and after the ace, never beyond', () => {
    const top = best(position('', 'wbr,Qhr,Khr'));
    expect(top.objective).toEqual({ cards: 3, points: 55, kept: 0 });
    expect(top.solution.kind === 'play' && top.solution.layout[0]!.cards).toEqual(['wbr', 'Qhr', 'Khr']);
    const bottom = best(position('', 'Ahr,2hr,wbr'));
    expect(bottom.solution.kind === 'play' && bottom.solution.layout[0]!.cards).toEqual([
      'Ahr',
      '2hr',
      'wbr',
    ]);
  });

  it('a joker moves to make room for the card it stood for', () => {
    const { objective, solution } = best(position('5dr,wbr,7dr', '6db'));
    expect(objective).toEqual({ cards: 1, points: 6, kept: 0 });
    // the joker is still on the table, at an end of the run now
    expect(solution.kind === 'play' && solution.layout.flatMap((m) => m.cards)).toContain('wbr');
  });

  it('a joker leaves a full group for another meld', () => {
    const { objective, solution } = best(position('9cr,9dr,wbr;3sr,4sr,5sr', '9hr,9sr'));
    expect(objective).toEqual({ cards: 2, points: 18, kept: 0 });
    expect(solution.kind === 'play' && meldTexts(solution.layout)).toEqual([
      '3sr,4sr,5sr,wbr',
      '9cr,9dr,9hr,9sr',
    ]);
  });

  it('jokers count the joker penalty as points laid, and the value they stand for when opening', () => {
    const { objective, solution } = best(position('', 'Thr,Jhr,wbr', false));
    expect(objective).toEqual({ cards: 3, points: 51, kept: 0 });
    // 9-10-11 or 10-11-12: either reaches the 30 points
    expect(solution.kind === 'play' && [30, 33]).toContain(
      solution.kind === 'play' && solution.openingPoints,
    );
    expect(best(position('', 'Thr,Jhr,wbr', false, { jokerPenalty: 50 })).objective?.points).toBe(71);
  });
});

describe('copies and long runs', () => {
  it('two copies of one card never share a group', () => {
    expect(solve(position('', 'Khr,Khb,Kcr')).kind).toBe('none');
    const { objective } = best(position('Kdr,Ksr,Kcr', 'Khr,Khb'));
    expect(objective).toEqual({ cards: 1, points: 13, kept: 0 });
  });

  it('two copies of a card split a run between them', () => {
    const { objective, solution } = best(position('4hr,5hr,6hr,7hr,8hr,9hr,Thr', '7hb'));
    expect(objective).toEqual({ cards: 1, points: 7, kept: 0 });
    expect(solution.kind === 'play' && solution.layout.map((m) => m.cards.length).sort()).toEqual([4, 4]);
  });

  it('13-card runs, with a joker as the ace, and a 14th card on a run of its own', () => {
    const all = 'Acr,2cr,3cr,4cr,5cr,6cr,7cr,8cr,9cr,Tcr,Jcr,Qcr,Kcr';
    expect(best(position('', all)).objective).toEqual({ cards: 13, points: 91, kept: 0 });
    expect(best(position('', `wbr,${all.slice(4)}`)).objective).toEqual({ cards: 13, points: 120, kept: 0 });
    // the table's 13-card run with the joker as the ace takes the real ace: the run splits to keep the joker
    const ace = best(position(`wbr,${all.slice(4)}`, 'Acb'));
    expect(ace.objective).toEqual({ cards: 1, points: 1, kept: 0 });
    expect(ace.solution.kind === 'play' && ace.solution.layout).toHaveLength(2);
    // 14 cards: the joker cannot lengthen a 13-card run, but a second run can take it
    expect(best(position('', `${all},wbr`)).objective).toEqual({ cards: 14, points: 121, kept: 0 });
  });

  it('splits a run to insert a card, and extends a run from the table at both ends', () => {
    const split = best(position('2sr,3sr,4sr,5sr,6sr,7sr', '4sb,Kcr'));
    expect(split.objective).toEqual({ cards: 1, points: 4, kept: 0 });
    const ends = best(position('5cr,6cr,7cr;Khr,Kdr,Ksr', '4cr,8cr'));
    expect(ends.objective).toEqual({ cards: 2, points: 12, kept: 1 });
  });
});

describe('the objective', () => {
  it('more cards first, then more points', () => {
    // 7h can go in the run or the group, not both: the group is worth more
    const { objective, solution } = best(position('', '5hr,6hr,7hr,7sr,7cr'));
    expect(objective).toEqual({ cards: 3, points: 21, kept: 0 });
    expect(solution.kind === 'play' && meldTexts(solution.layout)).toEqual(['7cr,7hr,7sr']);
  });

  it('then the fewest table melds changed', () => {
    // 8h fits at the end of either run: only one of them changes
    const { objective, solution } = best(position('5hr,6hr,7hr;9hr,Thr,Jhr;Kcr,Kdr,Ksr', '8hb'));
    expect(objective).toEqual({ cards: 1, points: 8, kept: 2 });
    expect(solution.kind === 'play' && solution.changedMelds).toHaveLength(1);
    // a meld from the hand alone changes nothing
    const alone = best(position('5hr,6hr,7hr', '8hb,8cr,8dr'));
    expect(alone.objective).toEqual({ cards: 3, points: 24, kept: 1 });
  });

  it('every table card stays on the table, even when a hand card would fit better without it', () => {
    // taking the 5s out of the run would free it, but the rest of the run must stay valid
    const { objective } = best(position('3sr,4sr,5sr', '5cr,5dr'));
    expect(objective).toBeNull();
  });

  it('explains the play', () => {
    const { solution } = best(position('5hr,6hr,7hr;Kcr,Kdr,Ksr', '8hb,Khr'));
    expect(solution.kind).toBe('play');
    if (solution.kind !== 'play') return;
    expect(solution.laid).toEqual(['8hb', 'Khr']);
    expect(meldTexts(solution.newMelds)).toEqual(['5hr,6hr,7hr,8hb', 'Kcr,Kdr,Khr,Ksr']);
    expect(solution.keptMelds).toEqual([]);
    expect(solution.explanation).toContain('Lay 2 cards worth 21 points: 8♥ K♥.');
    expect(solution.explanation).toContain('Table melds unchanged: 0 of 2.');
  });
});

describe('before opening', () => {
  it('the table stays untouched and only new melds count', () => {
    const { objective, solution } = best(position('5hr,6hr,7hr', '8hb,Khr,Kdr,Ksr', false));
    expect(objective).toEqual({ cards: 3, points: 39, kept: 1 });
    expect(solution.kind === 'play' && solution.keptMelds).toEqual(table('5hr,6hr,7hr'));
  });

  it('the opening threshold reached only thanks to a joker, placed where it is worth most', () => {
    // 8h 9h alone: nothing; with the joker: 8-9-10 is 27, 7-8-9 only 24
    const p = position('', '8hr,9hr,wbr', false, { openingPoints: 27 });
    const { objective, solution } = best(p);
    expect(objective).toEqual({ cards: 3, points: 47, kept: 0 });
    expect(solution.kind === 'play' && solution.layout[0]!.cards).toEqual(['8hr', '9hr', 'wbr']);
    expect(solve({ ...p, rules: { ...p.rules, openingPoints: 28 } }).kind).toBe('none');
  });

  it('no play below the threshold, even when the cards would fit the table', () => {
    const p = position('Khr,Kdr,Ksr', 'Kcr,2hr,3hr,4hr', false);
    expect(solve(p).kind).toBe('none');
    expect(best({ ...p, opened: true }).objective).toEqual({ cards: 4, points: 22, kept: 0 });
  });
});

describe('no play', () => {
  it('when nothing fits, or the hand is empty', () => {
    const none = solve(position('Kcr,Kdr,Ksr', '2hr,9sr'));
    expect(none).toMatchObject({ kind: 'none', optimal: true });
    expect(none.explanation).toBe('No card of the hand can be laid.');
    expect(solve(position('Kcr,Kdr,Ksr', '')).kind).toBe('none');
  });
});

describe('inputs', () => {
  it('takes the table as plain melds, card lists, a Table or text, and the hand as strings, a Hand or text', () => {
    const expected = best(position('5hr,6hr,7hr', '8hb')).objective;
    const forms: Solution[] = [
      solve({ table: [['5hr', '6hr', '7hr']], hand: ['8hb'], opened: true }),
      solve({ table: Table.fromString('5hr,6hr,7hr'), hand: Hand.fromString('8hb'), opened: true }),
      solve({ table: '5hr,6hr,7hr', hand: '8hb', opened: true, rules: { decks: 2 } }),
    ];
    for (const s of forms) expect(s.kind === 'play' && s.cardsLaid).toBe(expected!.cards);
  });

  it('gives a card written without its back a free copy of its face, as parseAction does (issue 11, item 16)', () => {
    // The input that failed: refused for the missing backs, while Meld.fromString takes the same cards.
    expect(Meld.fromString('Kh,Kd,Ks,wb').getPoints()).toBe(52);
    const kings = solve({ hand: 'Kh,Kd,Ks,wb', opened: false });
    expect(kings.kind === 'play' && kings.laid).toEqual(['Khr', 'Kdr', 'Ksr', 'wbr']);
    // the table's cards take their copies first, then the hand's; cards with a back keep theirs
    const more = solve({ table: 'Kh,Kd,Ks', hand: ['Kh', 'Kc', 'Kcr'], opened: true });
    expect(more.kind === 'play' && more.laid).toEqual(['Khb', 'Kcb', 'Kcr']);
    expect(more.kind === 'play' && more.layout.flatMap((m) => m.cards).sort()).toEqual(
      ['Kcb', 'Kcr', 'Kdr', 'Khb', 'Khr', 'Ksr'].sort(),
    );
    // under one deck cards have no back: they stay as written
    const one = solve({ hand: 'Kh,Kd,Ks', opened: true, rules: { decks: 1 } });
    expect(one.kind === 'play' && one.laid).toEqual(['Kh', 'Kd', 'Ks']);
    // a face with no copy left is named
    const third = thrownBy(() => solve({ hand: 'Kh,Khb,Kh', opened: true }), InvalidInputError);
    expect(third).toMatchObject({
      code: 'invalid_input',
      path: '$.hand[2]',
      message: "$.hand[2]: card Kh is in the position more often than the 2 of the rules' deck.",
    });
  });

  it('refuses bad cards, bad melds, bad rules and cards beyond the deck, naming the problem', () => {
    expect(() => solve({ hand: ['Kx'], opened: true })).toThrow(InvalidCardError);
    expect(() => solve({ table: [['5hr', '6hr', '8hr']], hand: ['8hb'], opened: true })).toThrow(
      /consecutive/,
    );
    expect(() => solve({ hand: ['8hb'], opened: true, rules: { decks: 0 } })).toThrow(InvalidRulesError);
    const beyond = thrownBy(
      () => solve({ table: '5hr,6hr,7hr', hand: ['8hb', '5hr'], opened: true }),
      InvalidInputError,
    );
    expect(beyond).toMatchObject({ code: 'invalid_input', path: '$.hand[1]' });
    const notOpened = thrownBy(
      () => solve({ hand: ['8hb'], opened: 'no' as unknown as boolean }),
      InvalidInputError,
    );
    expect(notOpened).toMatchObject({ code: 'invalid_input', path: '$.opened' });
  });
});

/** A 17-card hand that goes out on an 18-meld table: slow to prove which melds can stay. */
const GOING_OUT: Position = {
  table: table(
    [
      '5db,5hb,5sb',
      'Tdb,Jdr,Qdb',
      '4db,4hr,4sb',
      '6hr,7hr,8hr,9hb,Thr',
      '2cb,3cb,4cb,5cr',
      '8cb,9cr,Tcb,Jcr',
      'Kcb,Ksb,wbr',
      'Acr,Adr,Ahb',
      'Acb,Adb,Asb',
      '7cb,7db,7hb',
      '2cr,2dr,2sb',
      '3cr,3dr,3sb',
      'Ahr,2hb,3hr,4hb',
      '4dr,5dr,6dr,7dr',
      '8cr,8db,8hb',
      '3sr,4sr,5sr,6sb,7sb,8sb,9sr',
      'Qcb,Qdr,Qhr,Qsr',
      'Kcr,Ksr,wrr',
    ].join(';'),
  ),
  hand: 'Tsr,Jdb,Kdr,Kdb,Qhb,Jsb,Jsr,Khr,2hr,2sr,5hr,6sr,Tsb,6cr,9sb,3hb,4cr'.split(','),
  opened: true,
  rules: RULES,
};

/** Whether objective `a` (null: no play) is lexicographically no better than `b`. */
function notBetter(a: ReturnType<typeof playOut>, b: NonNullable<ReturnType<typeof playOut>>): boolean {
  if (a === null) return true;
  if (a.cards !== b.cards) return a.cards < b.cards;
  if (a.points !== b.points) return a.points < b.points;
  return a.kept <= b.kept;
}

describe('the time budget', () => {
  it('past the budget, a legal play flagged not optimal', () => {
    const p = position(
      'Acr,Adr,Ahr;2cr,2dr,2hr;3cr,3dr,3hr;4cr,4dr,4hr;5cr,5dr,5hr;6sr,7sr,8sr,9sr;Tdr,Jdr,Qdr',
      'Asr,2sr,3sr,4sr,5sr,6cr,7cr,8cr,Tcr,Jcr,Qcr,Kcr,wbr,wrr',
    );
    const quick = solve(p, { budgetMs: 0 });
    expect(quick.optimal).toBe(false);
    if (quick.kind === 'play') playOut(p, quick);
    const exact = solve(p);
    expect(exact.optimal).toBe(true);
    expect(exact.kind).toBe('play');
  });

  it('whatever the budget, the answer is legal and never better than the exact one', () => {
    const exact = best(GOING_OUT);
    expect(exact.objective).toMatchObject({ cards: 17 });
    let partial = 0;
    for (const budgetMs of [0, 1, 2, 5, 10, 20, 40]) {
      const answer = solve(GOING_OUT, { budgetMs });
      const got = playOut(GOING_OUT, answer);
      if (answer.optimal) expect(got).toEqual(exact.objective);
      else {
        partial++;
        expect(notBetter(got, exact.objective!)).toBe(true);
      }
    }
    expect(partial).toBeGreaterThan(0);
  });

  it('the quick play used when the budget is gone at once is legal on many positions', () => {
    let plays = 0;
    for (let i = 0; i < 300; i++) {
      const p = smallPosition(createRng(31_000 + i), 4, 8);
      const answer = solve(p, { budgetMs: 0 });
      if (p.hand.length > 0) expect(answer.optimal).toBe(false);
      if (playOut(p, answer) !== null) plays++;
    }
    expect(plays).toBeGreaterThan(30);
  });
});

describe('Game.hint', () => {
  it("is the solver's play for a player in the current round, which the game accepts", () => {
    const game = new Game();
    const alice = new Player('Alice');
    const bob = new Player('Bob');
    game.join(alice);
    game.join(bob);
    game.deal(undefined, { seed: 7 });
    for (let turn = 0; turn < 60 && !game.isOver(); turn++) {
      const player = game.getCurrentPlayer();
      const hint = game.hint(player);
      const state = game.getState()!;
      const seat = game.getPlayers().indexOf(player);
      const direct = solve({
        table: state.table,
        hand: state.hands[seat]!,
        opened: state.opened[seat]!,
        rules: state.rules,
      });
      expect({ ...hint, stats: null }).toEqual({ ...direct, stats: null });
      if (hint.kind === 'play') game.play(player, hint.table);
      else game.draw(player);
    }
    expect(game.getTable().size).toBeGreaterThan(0);
  });

  it('refuses before the deal and after the round, and for a stranger', () => {
    const game = new Game(new Rules({ decks: 1, jokers: 0, handSize: 3 }));
    const alice = new Player('Alice');
    const bob = new Player('Bob');
    game.join(alice);
    game.join(bob);
    expect(() => game.hint(alice)).toThrow(/deal first/);
    game.deal(['Kc', 'Kd', 'Ks', '2c', '7d', '9h', ...'3c,4c,5c'.split(',')]);
    expect(() => game.hint(new Player('Carol'))).toThrow(UnknownPlayerError);
    const hint = game.hint(alice);
    expect(hint.kind === 'play' && hint.cardsLaid).toBe(3);
    if (hint.kind === 'play') game.play(alice, hint.table);
    expect(game.isOver()).toBe(true);
    expect(() => game.hint(bob)).toThrow(/over/);
  });
});
