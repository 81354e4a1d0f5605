import { IllegalActionError, InvalidInputError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { expectSameError, withHole } from '../test/refusals.js';
import { InvalidCardError, InvalidMeldError, NotYourTurnError, UnknownPlayerError } from './errors.js';
import {
  checkPlay,
  deal,
  draw,
  pass,
  play,
  roundScores,
  settleLayout,
  settlePlay,
  stalemateWinner,
  tryPlay,
} from './round.js';
import { createDeck, DEFAULT_RULES } from './rules.js';
import type { RulesConfig, RummyState } from './schemas.js';

const rules1: RulesConfig = { ...DEFAULT_RULES, decks: 1, jokers: 2, handSize: 4 };

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const start = () => deepFreeze(deal(rules1, 2, 'Kh,Kd,Ks,2c,Qh,Qd,wb,3c,9d,8d'.split(',')));

describe('pure round functions', () => {
  it('deal gives plain JSON state', () => {
    const state = start();
    expect(state).toEqual({
      rules: rules1,
      status: 'playing',
      hands: [
        ['Kh', 'Kd', 'Ks', '2c'],
        ['Qh', 'Qd', 'wb', '3c'],
      ],
      stock: ['9d', '8d'],
      table: [],
      opened: [false, false],
      current: 0,
      passes: 0,
      winner: null,
      scores: [0, 0],
    });
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });

  it('play returns a new state and never changes the given one', () => {
    const state = start();
    const next = play(state, 0, [['Kh', 'Kd', 'Ks']]);
    expect(next.hands[0]).toEqual(['2c']);
    expect(next.table).toEqual([{ kind: 'group', cards: ['Kh', 'Kd', 'Ks'] }]);
    expect(next.opened).toEqual([true, false]);
    expect(next.current).toBe(1);
    expect(state.hands[0]).toEqual(['Kh', 'Kd', 'Ks', '2c']);
    expect(state.table).toEqual([]);
  });

  it('play copies the layout so later changes to it do not leak in', () => {
    const meld = ['Kh', 'Kd', 'Ks'];
    const next = play(start(), 0, [meld]);
    meld.push('Kc');
    expect(next.table[0]!.cards).toEqual(['Kh', 'Kd', 'Ks']);
  });

  it('play takes explicit kinds', () => {
    const state = deal({ ...rules1, openingPoints: 18 }, 2, '5d,wb,wr,2c,Qh,Qd,Qs,3c'.split(','));
    expect(thrownBy(() => play(state, 0, [['5d', 'wb', 'wr']]))).toMatchObject({ code: 'opening_too_low' });
    const next = play(state, 0, [{ kind: 'run', cards: ['5d', 'wb', 'wr'] }]);
    expect(next.table).toEqual([{ kind: 'run', cards: ['5d', 'wb', 'wr'] }]);
  });

  it('play refuses bad layouts with errors naming the problem', () => {
    const state = start();
    expect(thrownBy(() => play(state, 0, [['Kh', 'Kd', 'Kx']]))).toBeInstanceOf(InvalidCardError);
    const invalid = thrownBy(() => play(state, 0, [['Kh', 'Kd', 'Qs']]));
    expect(invalid).toBeInstanceOf(InvalidMeldError);
    expect((invalid as Error).message).toBe(
      'Invalid meld Kh,Kd,Qs: Cards in a run must share the suit, got Kd.',
    );
    const notArray = thrownBy(() => play(state, 0, 'Kh,Kd,Ks' as never));
    expect(notArray).toBeInstanceOf(InvalidInputError);
    expect(thrownBy(() => play(state, 0, [{ kind: 'set', cards: ['Kh'] } as never]))).toMatchObject({
      path: '$.layout[0].kind',
    });
    expect(thrownBy(() => play(state, 0, [['Kh', 'Kd', 3] as never]))).toMatchObject({
      path: '$.layout[0][2]',
    });
    expect(() => settleLayout([])).not.toThrow();
  });

  it('checks the round, the seat and the turn', () => {
    const state = start();
    expect(thrownBy(() => draw(state, 2))).toBeInstanceOf(UnknownPlayerError);
    expect(thrownBy(() => draw(state, -1))).toBeInstanceOf(UnknownPlayerError);
    expect(thrownBy(() => draw(state, 0.5))).toBeInstanceOf(UnknownPlayerError);
    const turn = thrownBy(() => draw(state, 1));
    expect(turn).toBeInstanceOf(NotYourTurnError);
    expect((turn as Error).message).toBe("It is seat 0's turn, not seat 1's.");
    const over = play(state, 0, [['Kh', 'Kd', 'Ks']]);
    const done = draw(over, 1);
    expect(done.current).toBe(0);
    const finished = { ...done, status: 'over' as const };
    expect(thrownBy(() => draw(finished, 0))).toMatchObject({ code: 'game_over' });
  });

  it('draw takes the first stock card to the end of the hand and resets the passes', () => {
    const state = start();
    const next = draw(state, 0);
    expect(next.hands[0]).toEqual(['Kh', 'Kd', 'Ks', '2c', '9d']);
    expect(next.stock).toEqual(['8d']);
    expect(next.current).toBe(1);
    // a pass needs an empty stock, so a draw never follows one in a real round; the reset still holds
    expect(draw({ ...state, passes: 1 }, 0).passes).toBe(0);
  });

  it('pass counts up to a stalemate, and a play resets the count', () => {
    let state: RummyState = { ...start(), stock: [] };
    expect(thrownBy(() => pass(start(), 0))).toBeInstanceOf(IllegalActionError);
    state = pass(state, 0);
    expect([state.passes, state.current, state.status]).toEqual([1, 1, 'playing']);
    const played = play(state, 1, [['Qh', 'Qd', 'wb']]);
    expect(played.passes).toBe(0);
    state = pass(state, 1);
    expect(state.status).toBe('over');
    expect(state.winner).toBe(0);
  });

  it('deal refuses too few players or cards', () => {
    expect(thrownBy(() => deal(rules1, 1, ['Kh']), InvalidInputError)).toMatchObject({
      code: 'invalid_config',
      path: '$.players',
    });
    expect(thrownBy(() => deal(rules1, 2, ['Kh']), InvalidInputError)).toMatchObject({
      code: 'invalid_input',
      path: '$.deck',
    });
    expect(thrownBy(() => deal({ ...rules1, handSize: 0 }, 2, ['Kh']))).toMatchObject({
      code: 'invalid_config',
      field: 'handSize',
      path: '$.rules.handSize',
    });
  });
});

describe('scores', () => {
  it('going out: losers pay their penalty, the winner collects', () => {
    expect(roundScores(rules1, [[], ['wb', '2c', '3c']], 0)).toEqual([35, -35]);
    expect(roundScores(rules1, [['Kh'], [], ['Ac', 'wb']], 1)).toEqual([-13, 44, -31]);
  });

  it('stalemate: the lowest hand wins, ties to the earliest, penalties reduced by the winner own', () => {
    const hands = [['Ac'], ['7h', '8h', '9h', '2d'], ['Ad']];
    expect(stalemateWinner(rules1, hands)).toBe(0);
    expect(roundScores(rules1, hands, 0)).toEqual([25, -25, 0]);
    expect(stalemateWinner(rules1, [['Kh'], ['2c'], ['Ac', 'Ad']])).toBe(1);
    expect(stalemateWinner(rules1, [['Kh'], ['3c'], ['Ac', 'Ad']])).toBe(2);
    expect(Object.is(roundScores(rules1, hands, 0)[2], 0)).toBe(true);
  });
});

describe('checking a play without throwing', () => {
  // seat 0: Kh,Kd,Ks,2c - seat 1: Qh,Qd,wb,3c; two decks for the card_not_held hint
  const opened = () => deepFreeze(play(start(), 0, [['Kh', 'Kd', 'Ks']]));
  const cases: [string, () => RummyState, number, unknown][] = [
    ['game_over', () => deepFreeze({ ...start(), status: 'over' as const }), 0, [['Kh', 'Kd', 'Ks']]],
    ['unknown_seat', start, 5, [['Kh', 'Kd', 'Ks']]],
    ['not_your_turn', start, 1, [['Qh', 'Qd', 'wb']]],
    ['invalid_input (no list)', start, 0, 'Kh,Kd,Ks'],
    ['invalid_input (a bad kind)', start, 0, [{ kind: 'set', cards: ['Kh', 'Kd', 'Ks'] }]],
    ['invalid_input (another key)', start, 0, [{ kind: 'run', cards: ['Kh', 'Kd', 'Ks'], extra: 1 }]],
    ['invalid_input (a hole)', start, 0, [withHole(['Kh', 'Kd', 'Ks'], 1)]],
    ['invalid_card', start, 0, [['Kh', 'Kd', 'Kx']]],
    ['invalid_meld', start, 0, [['Kh', 'Kd', 'Qs']]],
    ['cards_left_table', opened, 1, [['Qh', 'Qd', 'wb']]],
    ['no_card_played', opened, 1, [['Ks', 'Kd', 'Kh']]],
    [
      'card_not_held',
      opened,
      1,
      [
        ['Kh', 'Kd', 'Ks'],
        ['Jh', 'Qh', 'wb'],
      ],
    ],
    ['table_rearranged', opened, 1, [['Kh', 'Kd', 'Ks', 'wb']]],
    [
      'opening_too_low',
      () => deepFreeze(deal({ ...rules1, openingPoints: 40 }, 2, 'Kh,Kd,Ks,2c,Qh,Qd,wb,3c,9d,8d'.split(','))),
      0,
      [['Kh', 'Kd', 'Ks']],
    ],
  ];

  it.each(cases)('tryPlay returns the refusal of what play throws: %s', (name, state, seat, layout) => {
    const given = state();
    const refusal = tryPlay(given, seat, layout as never);
    if (refusal.ok) throw new Error('the play should be refused');
    expect(refusal.code).toBe(name.split(' ')[0]);
    expectSameError(
      refusal,
      thrownBy(() => play(given, seat, layout as never)),
    );
    const position = { table: given.table, hand: given.hands[0]!, opened: false, rules: given.rules };
    const checked = checkPlay(position, layout as never);
    if (!checked.ok)
      expectSameError(
        checked,
        thrownBy(() => settlePlay(position, layout as never)),
      );
  });

  it('names the card without a back under two decks, as play does', () => {
    const two = deepFreeze(deal(DEFAULT_RULES, 2, createDeck(DEFAULT_RULES)));
    const refusal = tryPlay(two, 0, [['Ah', '2h', '3h']]);
    expect(refusal).toMatchObject({ ok: false, code: 'card_not_held' });
    if (!refusal.ok)
      expectSameError(
        refusal,
        thrownBy(() => play(two, 0, [['Ah', '2h', '3h']])),
      );
  });

  it('tryPlay and checkPlay give what play and settlePlay give for a legal play', () => {
    const state = start();
    const layout = [['Kh', 'Kd', 'Ks']];
    const result = tryPlay(state, 0, layout);
    expect(result).toEqual({ ok: true, state: play(state, 0, layout) });
    const position = { table: state.table, hand: state.hands[0]!, opened: false, rules: state.rules };
    expect(checkPlay(position, layout)).toEqual({ ok: true, ...settlePlay(position, layout) });
  });

  it('a meld left as it lay is the table meld itself; a changed or moved one is a copy', () => {
    const before = play(start(), 0, [['Kh', 'Kd', 'Ks']]);
    const after = play(before, 1, [
      ['Kh', 'Kd', 'Ks'],
      ['Qh', 'Qd', 'wb'],
    ]);
    expect(after.table[0]).toBe(before.table[0]);
    expect(after.table).toEqual([
      { kind: 'group', cards: ['Kh', 'Kd', 'Ks'] },
      { kind: 'group', cards: ['Qh', 'Qd', 'wb'] },
    ]);
    const moved = play(before, 1, [
      ['Qh', 'Qd', 'wb'],
      ['Kh', 'Kd', 'Ks'],
    ]);
    expect(moved.table[1]).toEqual(before.table[0]);
    expect(moved.table[1]).not.toBe(before.table[0]);
  });

  it('a state holding a string that is no card is checked as before (counted as strings)', () => {
    const odd = deepFreeze({
      ...start(),
      hands: [
        ['Kh', 'Kd', 'Ks', 'xx'],
        ['Qh', 'Qd', 'wb', '3c'],
      ],
    });
    expect(play(odd, 0, [['Kh', 'Kd', 'Ks']]).hands[0]).toEqual(['xx']);
    const table = deepFreeze({
      ...start(),
      table: [{ kind: 'group' as const, cards: ['Kh', 'Kd', 'x'] }],
      opened: [true, true],
    });
    expect(thrownBy(() => play(table, 0, [['Kh', 'Kd', 'Ks']]))).toMatchObject({
      code: 'cards_left_table',
      message: 'Cards cannot leave the table: x.',
    });
  });
});
