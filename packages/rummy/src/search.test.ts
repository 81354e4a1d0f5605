import { createRng } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { position } from '../test/table-position.js';
import { scoreMeld } from './meld.js';
import { deal, draw, pass, play, shuffledDeck } from './round.js';
import { DEFAULT_RULES } from './rules.js';
import type { RulesConfig } from './schemas.js';
import { DEFAULT_MAX_PLAYS, type FoundPlay, findPlays } from './search.js';
import { newMelds } from './table.js';

/** A layout as sorted meld texts: melds compared as card sets, in any order. */
const shape = (layout: readonly (readonly string[])[]) =>
  layout.map((m) => m.slice().sort().join(',')).sort();
const shapes = (plays: readonly FoundPlay[]) => plays.map((p) => shape(p.layout).join(' ; '));
const layoutOf = (...melds: string[]) => shape(melds.map((m) => m.split(','))).join(' ; ');

const MARTY = 'Khr,Kdr,Ksr,5cr,6cr,wbr,8cr,2dr,9hr,Tsb,3hb,Jcr,4db,Ahr';

describe('before opening', () => {
  it('lists new melds of the hand alone worth the opening points: single melds and combinations', () => {
    const plays = findPlays(position(MARTY, [], false), 0);
    const listed = shapes(plays);
    expect(listed).toContain(layoutOf('Khr,Kdr,Ksr'));
    expect(listed).toContain(layoutOf('Khr,Kdr,Ksr', '5cr,6cr,wbr,8cr'));
    expect(listed).toContain(layoutOf('Khr,Kdr,Ksr,wbr'));
    // 26 points: not enough to open alone
    expect(listed).not.toContain(layoutOf('5cr,6cr,wbr,8cr'));
    for (const p of plays) {
      const points = p.layout.reduce((sum, m) => sum + scoreMeld(m), 0);
      expect(points).toBe(p.points);
      expect(points).toBeGreaterThanOrEqual(30);
    }
    expect(plays[0]!.cards).toBe(7);
  });

  it('leaves the melds already on the table alone, and counts only the new ones', () => {
    const table = ['Qcr,Qdr,Qhr', '2sr,3sr,4sr'];
    const state = position(MARTY, table, false);
    const plays = findPlays(state, 0);
    expect(plays.length).toBeGreaterThan(0);
    for (const p of plays) {
      expect(p.layout.slice(0, 2)).toEqual(table.map((m) => m.split(',')));
      expect(
        newMelds(
          state.table,
          p.layout.map((cards) => ({ cards })),
        ),
      ).toEqual(p.layout.slice(2).map((cards) => ({ cards })));
    }
  });

  it('lists nothing when no combination reaches the opening points', () => {
    expect(findPlays(position('2cr,3cr,4cr,9hr,Tsb', [], false), 0)).toEqual([]);
    expect(
      findPlays(
        { ...position('2cr,3cr,4cr,9hr,Tsb', [], false), rules: { ...DEFAULT_RULES, openingPoints: 9 } },
        0,
      ),
    ).toHaveLength(1);
  });
});

describe('once opened', () => {
  const table = ['5cr,6cr,7cr', 'Kdr,Khr,Ksr'];

  it('adds hand cards to the table melds: either end of a run, both, a group to 4, a joker', () => {
    const listed = shapes(findPlays(position('8cr,4cr,Kcb,wbr,2sr,Jhb', table), 0));
    expect(listed).toContain(layoutOf('4cr,5cr,6cr,7cr', 'Kdr,Khr,Ksr'));
    expect(listed).toContain(layoutOf('5cr,6cr,7cr,8cr', 'Kdr,Khr,Ksr'));
    expect(listed).toContain(layoutOf('4cr,5cr,6cr,7cr,8cr', 'Kdr,Khr,Ksr'));
    expect(listed).toContain(layoutOf('5cr,6cr,7cr', 'Kdr,Khr,Ksr,Kcb'));
    expect(listed).toContain(layoutOf('5cr,6cr,7cr', 'Kdr,Khr,Ksr,wbr'));
    expect(listed).toContain(layoutOf('5cr,6cr,7cr,8cr,wbr', 'Kdr,Khr,Ksr'));
    // the most at once: 4c, 8c and the joker on the run, Kc on the group
    expect(listed[0]).toMatch(/^(wbr,)?4cr,5cr,6cr,7cr,8cr(,wbr)? ; Kcb,Kdr,Khr,Ksr$/);
  });

  it('combines new melds of the hand with additions', () => {
    const listed = shapes(findPlays(position('8cr,Jhb,Qhb,Khb,2sr', table), 0));
    expect(listed).toContain(layoutOf('5cr,6cr,7cr,8cr', 'Kdr,Khr,Ksr', 'Jhb,Qhb,Khb'));
    expect(listed).toContain(layoutOf('5cr,6cr,7cr', 'Kdr,Khr,Ksr', 'Jhb,Qhb,Khb'));
  });

  it('takes a card a meld can spare into a new meld: from a group of 4, a run end, a long run middle', () => {
    const fromGroup = shapes(findPlays(position('Qcb,Qdb,2sr', ['Qcr,Qdr,Qhr,Qsr']), 0));
    expect(fromGroup).toContain(layoutOf('Qcr,Qdr,Qsr', 'Qcb,Qdb,Qhr'));
    const fromRun = shapes(findPlays(position('9sb,9db,2sr', ['9hr,Thr,Jhr,Qhr']), 0));
    expect(fromRun).toContain(layoutOf('Thr,Jhr,Qhr', '9db,9hr,9sb'));
    const fromMiddle = shapes(findPlays(position('6sb,6hb,Kcr', ['2dr,3dr,4dr,5dr,6dr,7dr,8dr,9dr']), 0));
    expect(fromMiddle).toContain(layoutOf('2dr,3dr,4dr,5dr', '7dr,8dr,9dr', '6dr,6hb,6sb'));
  });

  it('lays a lone card with two spare table cards, or on a run with a spare card between', () => {
    const two = shapes(findPlays(position('7sb,Kcr', ['7cr,7dr,7hr,7sr', '7db,8db,9db,Tdb']), 0));
    expect(two).toContain(layoutOf('7dr,7hr,7sr', '8db,9db,Tdb', '7cr,7db,7sb'));
    const between = shapes(findPlays(position('9cb,Kdb', ['5cr,6cr,7cr', '8cr,8dr,8hr,8sr']), 0));
    expect(between).toContain(layoutOf('5cr,6cr,7cr,8cr,9cb', '8dr,8hr,8sr'));
  });

  it('swaps a table joker for the natural it stands for and lays the joker with hand cards', () => {
    const listed = shapes(findPlays(position('8db,4sr,4hr', ['7dr,wbr,9dr']), 0));
    expect(listed).toContain(layoutOf('7dr,8db,9dr', '4hr,4sr,wbr'));
  });

  it('splits a run with the copy of one of its cards', () => {
    const listed = shapes(findPlays(position('5cb,Kdb', ['3cr,4cr,5cr,6cr,7cr']), 0));
    expect(listed).toContain(layoutOf('3cr,4cr,5cb', '5cr,6cr,7cr'));
  });
});

describe('the list', () => {
  it('is empty for a seat whose turn it is not, and once the round is over', () => {
    const state = position(MARTY, [], false);
    expect(findPlays(state, 1)).toEqual([]);
    expect(findPlays({ ...state, status: 'over', winner: 0 }, 0)).toEqual([]);
  });

  it('keeps the plays that lay the most cards when capped, sorted by cards then points', () => {
    const state = position('Khr,Kdr,Ksr,Kcb,5cr,6cr,7cr,8cr,9cr,wbr,2dr,3dr,4dr,Jhb', [
      'Qhr,Qdr,Qsr',
      '2sr,3sr,4sr',
    ]);
    const all = findPlays(state, 0);
    expect(all.length).toBeGreaterThan(20);
    expect(all.length).toBeLessThanOrEqual(DEFAULT_MAX_PLAYS);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.cards > b.cards || (a.cards === b.cards && a.points >= b.points)).toBe(true);
    }
    expect(findPlays(state, 0, { maxPlays: 5 })).toEqual(all.slice(0, 5));
    // all different (a joker at either end of a run stands for another card)
    expect(
      new Set(
        all.map((p) =>
          p.layout
            .map((m) => m.join(','))
            .sort()
            .join(';'),
        ),
      ).size,
    ).toBe(all.length);
  });

  it('lists only legal plays, each laying what it says, over random rounds of varied rules', () => {
    let checked = 0;
    for (let seed = 0; seed < 40; seed++) {
      const rng = createRng(seed);
      const decks = rng.int(1, 2);
      const players = rng.int(2, 4);
      const jokers = rng.int(0, 2 * decks);
      const rules: RulesConfig = {
        decks,
        jokers,
        handSize: rng.int(5, Math.min(20, Math.floor((52 * decks + jokers) / players))),
        openingPoints: rng.pick([0, 10, 30]),
        jokerPenalty: 30,
      };
      let state = deal(rules, players, shuffledDeck(rules, rng));
      while (state.status === 'playing') {
        const seat = state.current;
        const plays = findPlays(state, seat);
        for (const p of plays) {
          const after = play(state, seat, p.layout);
          expect(state.hands[seat]!.length - after.hands[seat]!.length).toBe(p.cards);
          checked++;
        }
        const k = rng.int(0, plays.length);
        if (k < plays.length) state = play(state, seat, plays[k]!.layout);
        else state = state.stock.length > 0 ? draw(state, seat) : pass(state, seat);
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});
