import { createRng, IllegalActionError, NotationError, TabulaError } from '@tabula/core';
import { guarded, thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { position } from '../test/table-position.js';
import { cardText, MAX_TEXT_LENGTH } from './card.js';
import { rummyGame as game } from './definition.js';
import { MAX_CARDS, type RummyAction } from './schemas.js';

/** The class and code of what `fn` throws: typing mistakes are NotationErrors, cards that are not there refusals. */
const codeOf = (fn: () => unknown): string => {
  const error = thrownBy(fn, TabulaError);
  const kind =
    error instanceof NotationError ? 'notation' : error instanceof IllegalActionError ? 'refusal' : 'other';
  return `${kind} ${error.code}`;
};

const TABLE = ['5cr,6cr,7cr', 'Kdr,Khr,Ksr'];

describe('describe', () => {
  const state = position('8cr,4cr,Kcb,Khb,2sr', TABLE);
  const layout = (...melds: string[]) => melds.map((m) => m.split(','));

  it('writes draw, pass, and a play that only adds melds as "lay"', () => {
    expect(game.describe!({ type: 'draw' }, state)).toBe('draw');
    expect(game.describe!({ type: 'pass' }, state)).toBe('pass');
    const lay: RummyAction = { type: 'play', layout: layout(...TABLE, '2sr,Kcb,Khb') };
    expect(game.describe!(lay, state)).toBe('lay 2s,Kc,Kh');
  });

  it('writes any other play as the whole table, with the cards that come from the hand', () => {
    const play: RummyAction = { type: 'play', layout: layout('4cr,5cr,6cr,7cr,8cr', 'Kdr,Khr,Ksr,Kcb') };
    expect(game.describe!(play, state)).toBe('play 4c,5c,6c,7c,8c;Kd,Khr,Ks,Kc (from hand: 4c,8c,Kc)');
  });

  it('writes the back of a face held twice, in the hand (and, for "play", on the table)', () => {
    const twice = position('Kcb,Kcr,Ksb,Kdb,9hr', TABLE);
    const lay: RummyAction = { type: 'play', layout: layout(...TABLE, 'Kcr,Ksb,Kdb') };
    expect(game.describe!(lay, twice)).toBe('lay Kcr,Ks,Kd');
    const play: RummyAction = {
      type: 'play',
      layout: layout('5cr,6cr,7cr', 'Kdr,Khr,Ksr,Kcb', 'Kcr,Ksb,Kdb'),
    };
    expect(game.describe!(play, twice)).toBe(
      'play 5c,6c,7c;Kdr,Kh,Ksr,Kcb;Kcr,Ksb,Kdb (from hand: Kcb,Kcr,Ksb,Kdb)',
    );
  });
});

describe('parseAction', () => {
  const state = position('8cr,4cr,Kcb,Khb,2sr,wbr', TABLE);
  const view = game.view(state, 0);
  const legal = game.legalActions(state, 0);
  const parse = (text: string) => game.parseAction!(text, view, legal);

  it('reads draw and pass in any case, when the view shows the stock allows them', () => {
    expect(parse(' DRAW ')).toEqual({ type: 'draw' });
    expect(codeOf(() => parse('pass'))).toBe('refusal stock_not_empty');
    const emptyStock = { ...state, stock: [] };
    const view = game.view(emptyStock, 0);
    expect(game.parseAction!('Pass', view, game.legalActions(emptyStock, 0))).toEqual({ type: 'pass' });
    expect(codeOf(() => game.parseAction!('draw', view, []))).toBe('refusal stock_empty');
  });

  it('refuses, from the view alone, a play the rules refuse, with the code apply gives', () => {
    expect(codeOf(() => parse('lay Kc,Kh,2s'))).toBe('refusal invalid_meld');
    expect(codeOf(() => parse('play 5c,6c;7c,8c,4c'))).toBe('refusal invalid_meld');
    const unopened = position('8cr,2hr,2dr,2sr', TABLE, false);
    const view = game.view(unopened, 0);
    expect(codeOf(() => game.parseAction!('lay 2h,2d,2s', view, []))).toBe('refusal opening_too_low');
    const other = game.view(state, 1);
    expect(codeOf(() => game.parseAction!('draw', other, []))).toBe('refusal not_your_turn');
  });

  it('reads "lay": new melds after the table as it is, backs from the hand', () => {
    expect(parse('lay Kc,Kh,wb')).toEqual({
      type: 'play',
      layout: [...TABLE.map((m) => m.split(',')), ['Kcb', 'Khb', 'wbr']],
    });
  });

  it('reads a whole table, table cards keeping the table copies, the rest from the hand', () => {
    const expected = {
      type: 'play',
      layout: [
        ['4cr', '5cr', '6cr', '7cr', '8cr'],
        ['Kdr', 'Khr', 'Ksr', 'Kcb'],
      ],
    };
    // Kh is both on the table (Khr) and in the hand (Khb): the table's copy stays in its meld.
    expect(parse('play 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc')).toEqual(expected);
    expect(parse('4c 5c 6c 7c 8c | kd kh ks kc')).toEqual(expected);
    expect(parse('play 4♣,5♣,6♣,7♣,8♣;K♦,K♥,K♠,K♣ (from hand: 4c,8c,Kc)')).toEqual(expected);
    // An explicit back is taken as written: the hand's Khb goes with the new cards.
    expect(parse('play 5c,6c,7c;Kd,Kh,Ks;Kc,Khb,wb')).toEqual({
      type: 'play',
      layout: [
        ['5cr', '6cr', '7cr'],
        ['Kdr', 'Khr', 'Ksr'],
        ['Kcb', 'Khb', 'wbr'],
      ],
    });
  });

  it('keeps a typed meld with the faces of a table meld on that meld, in the typed order', () => {
    const copies = position('Khb,Kdb,Ksb,2sr', ['Khr,Kdr,Ksr', '5cr,6cr,7cr']);
    const parsed = game.parseAction!('play 5c,6c,7c;Ks,Kh,Kd;Kh,Kd,Ks', game.view(copies, 0), []);
    expect(parsed).toEqual({
      type: 'play',
      layout: [
        ['5cr', '6cr', '7cr'],
        ['Ksr', 'Khr', 'Kdr'],
        ['Khb', 'Kdb', 'Ksb'],
      ],
    });
  });

  it('reads "10" as a ten', () => {
    const tens = position('Tcr,Tdb,Thr,2sr', []);
    expect(game.parseAction!('lay 10c,10d,10h', game.view(tens, 0), [])).toEqual({
      type: 'play',
      layout: [['Tcr', 'Tdb', 'Thr']],
    });
  });

  it('says what is wrong with a typed action', () => {
    expect(codeOf(() => parse(''))).toBe('notation invalid_notation');
    expect(codeOf(() => parse('play'))).toBe('notation invalid_notation');
    expect(codeOf(() => parse('hello'))).toBe('notation invalid_notation');
    expect(() => parse('drew')).toThrow(/Not an action: "drew"\. Type "draw", "pass"/);
    expect(codeOf(() => parse('play Kx,Kd,Ks'))).toBe('notation invalid_card');
    expect(codeOf(() => parse('lay Kx,Kd,Ks'))).toBe('notation invalid_card');
    expect(() => parse('lay Kx,Kd,Ks')).toThrow(/Invalid card "Kx"/);
    expect(codeOf(() => parse('lay 9h,9d,9s'))).toBe('refusal card_not_held');
    expect(() => parse('lay 9h,9d,9s')).toThrow('Card 9h is not in your hand.');
    expect(() => parse('play 9h,9d,9s')).toThrow('Card 9h is neither in your hand nor on the table.');
    expect(() => parse('lay Kc,Kc,wb')).toThrow('Card Kc is used more often than the 1 copy in your hand.');
    expect(() => parse('lay Kcr,Kh,wb')).toThrow('Card Kcr is not in your hand.');
    expect(codeOf(() => game.parseAction!('lay Kc,Kh,wb', game.view(state, null), legal))).toBe(
      'notation invalid_notation',
    );
  });

  it('refuses text longer than it reads at once, and reads long text in one pass (issue 11, item 5)', () => {
    // The input that failed: a backtracking regex took seconds on it.
    const failing = `play ${'(from hand:'.repeat(16000)}`;
    const refused = guarded('parseAction', () => parse(failing), { limitMs: 100 });
    expect(refused.ok === false && refused.error).toMatchObject({
      code: 'invalid_notation',
      message: `An action is too long: ${failing.length} characters, at most ${MAX_TEXT_LENGTH} are read.`,
    });
    // Just under the bound, the same text and its cousins are read in one pass (a play, or a Tabula error).
    const unit = '(from hand:';
    for (const text of [
      `play ${unit.repeat(Math.floor((MAX_TEXT_LENGTH - 6) / unit.length))}`,
      `play ${'( '.repeat(4990)})`,
      `play 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc ${'(from hand: '.repeat(800)})`,
      `lay ${'Kc '.repeat(3300)}`,
      `${'; '.repeat(4999)}`,
    ]) {
      expect(text.length).toBeLessThanOrEqual(MAX_TEXT_LENGTH);
      guarded('parseAction', () => parse(text), { limitMs: 100 });
    }
    // what a play of the biggest deck's every card needs is well within the bound
    expect(`play ${'Khr,'.repeat(MAX_CARDS)} (from hand: ${'Khr,'.repeat(MAX_CARDS)})`.length).toBeLessThan(
      MAX_TEXT_LENGTH / 2,
    );
    expect(codeOf(() => game.parseAction!(42 as unknown as string, view, legal))).toBe(
      'other invalid_argument',
    );
  });

  it('drops a trailing "(from hand: ...)" as describe writes it, and nothing else', () => {
    const expected = parse('play 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc');
    expect(parse('play 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc (FROM HAND: 4c,8c,Kc)  ')).toEqual(expected);
    expect(parse('play 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc (  from hand: (4c,8c,Kc)')).toEqual(expected);
    expect(parse('play 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc (from hand:)')).toEqual(expected);
    expect(parse('PLAY 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc')).toEqual(expected);
    expect(codeOf(() => parse('play 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc (from hand: 4c) (x)'))).toBe(
      'notation invalid_card',
    );
    expect(codeOf(() => parse('play 4c,5c,6c,7c,8c;Kd,Kh,Ks,Kc (to hand: 4c)'))).toBe(
      'notation invalid_card',
    );
    expect(codeOf(() => parse('playKc,Kh,wb'))).toBe('notation invalid_notation');
  });

  it('reads back every listed action of random rounds as the very same action', () => {
    let checked = 0;
    for (let seed = 0; seed < 8; seed++) {
      const rng = createRng(seed);
      const config =
        seed % 3 === 0 ? { players: 3, rules: { decks: 1, handSize: 12 } } : game.defaultConfig();
      let round = game.setup(config, rng);
      while (game.outcome(round) === null) {
        const seat = round.current;
        const actions = game.legalActions(round, seat);
        const seen = game.view(round, seat);
        for (const action of actions) {
          const text = game.describe!(action, round);
          expect(game.parseAction!(text, seen, actions), text).toEqual(action);
          checked++;
        }
        round = game.apply(round, seat, rng.pick(actions), rng);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});

describe('render', () => {
  it('draws the turn, the stock, the table, every seat and the own hand', () => {
    const state = position('8cr,4cr,Kcb,Khb,2sr', TABLE, false);
    expect(game.render!(game.view(state, 0))).toBe(
      [
        'seat 0 (you) to play. Stock: 81 cards.',
        'Table:',
        '   1. 5♣ 6♣ 7♣',
        '   2. K♦ K♥ K♠',
        'Players: seat 0 (you): 5 cards, not opened; seat 1: 14 cards, opened',
        'Your hand: 4♣ 8♣ K♣ K♥ 2♠',
        'Key: a card is its rank (A, 2-9, T for ten, J, Q, K) and suit (♣ ♦ ♥ ♠); wb and wr are the black and red jokers.',
        'Key: the 2 decks have red and blue backs; where you hold both copies of a card, an action names one by a last letter: Khr is the K♥ with the red back, Khb the blue (wbr: the black joker, red back).',
      ].join('\n'),
    );
    const spectator = game.render!(game.view({ ...state, stock: [], passes: 1 }, null));
    expect(spectator).toContain('seat 0 to play. Stock: 0 cards, 1 pass in a row.');
    expect(spectator).not.toContain('Your hand');
  });

  it('says which card the seat drew since it last looked, to that seat only, and gives the key only the first time (issue 11, item 15)', () => {
    const state = position('8cr,4cr,Kcb,Khb,2sr', TABLE, false);
    const before = game.view(state, 0);
    const drew = game.apply(state, 0, { type: 'draw' }, createRng(0));
    const card = state.stock[0] ?? '';
    const after = game.render!(game.view(drew, 0), before);
    expect(after.split('\n')[0]).toBe(`You drew ${cardText(card)}.`);
    expect(after).not.toContain('Key:');
    // the other seat, and a spectator, see a card count, never the card
    for (const seat of [1, null]) {
      const other = game.render!(game.view(drew, seat), game.view(state, seat));
      expect(other).not.toContain('You drew');
    }
    // a play is no draw
    const open = position('8cr,4cr,Kcb,Khb,2sr', TABLE, true);
    const layout = [
      ['4cr', '5cr', '6cr', '7cr'],
      ['Kdr', 'Khr', 'Ksr'],
    ];
    const laid = game.apply(open, 0, { type: 'play', layout }, createRng(0));
    expect(game.render!(game.view(laid, 0), game.view(open, 0))).not.toContain('You drew');
    // one deck without jokers: nothing about backs or jokers
    const plain = game.setup({ players: 2, rules: { decks: 1, jokers: 0 } }, createRng(1));
    const key = game.render!(game.view(plain, 0))
      .split('\n')
      .filter((line) => line.startsWith('Key:'));
    expect(key).toEqual(['Key: a card is its rank (A, 2-9, T for ten, J, Q, K) and suit (♣ ♦ ♥ ♠).']);
  });

  it('shows the result once the round is over', () => {
    let state = position('8cr,4cr,Kcb,Khb,2sr', [], true);
    state = game.apply({ ...state, stock: [] }, 0, { type: 'pass' }, createRng(0));
    state = game.apply(state, 1, { type: 'pass' }, createRng(0));
    const text = game.render!(game.view(state, 1));
    expect(text).toMatch(/^Round over: seat 0 won\. Scores: \d+, -\d+\.$/m);
    expect(text).toContain('Table: empty');
  });
});
