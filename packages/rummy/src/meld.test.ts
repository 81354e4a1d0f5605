import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { expectSameError, withHole } from '../test/refusals.js';
import { Card } from './card.js';
import { InvalidCardError, InvalidMeldError } from './errors.js';
import {
  Group,
  guessMeldKind,
  isValidMeld,
  Meld,
  type MeldRefusal,
  meldPoints,
  meldValues,
  Run,
  scoreMeld,
  settleMeld,
  sortRun,
  validateMeld,
} from './meld.js';

const cards = (s: string) => s.split(',');

function meldError(fn: () => unknown): InvalidMeldError {
  try {
    fn();
  } catch (e) {
    if (e instanceof InvalidMeldError) return e;
    throw e;
  }
  throw new Error('expected an InvalidMeldError');
}

describe('runs', () => {
  it.each([
    ['Ah,2h,3h', 6, [1, 2, 3]],
    ['Js,Qs,Ks', 36, [11, 12, 13]],
    ['5d,wb,7d', 18, [5, 6, 7]],
    ['wb,5d,6d', 15, [4, 5, 6]],
    ['5d,6d,wr', 18, [5, 6, 7]],
    ['5d,wb,wr,8d', 26, [5, 6, 7, 8]],
    ['wb,wr,3c,4c', 10, [1, 2, 3, 4]],
    ['wb,Tc,wr', 30, [9, 10, 11]],
    ['Ac,2c,3c,4c,5c,6c,7c,8c,9c,Tc,Jc,Qc,Kc', 91, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]],
    ['wb,2c,3c,4c,5c,6c,7c,8c,9c,Tc,Jc,Qc,Kc', 91, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]],
    ['Ahr,2hb,3hr', 6, [1, 2, 3]],
  ])('%s is valid: %i points, values %j', (text, points, values) => {
    const run = new Run(Card.listFromString(text));
    expect(run.getPoints()).toBe(points);
    expect(run.getValues()).toEqual(values);
    expect(run.toString({ withBack: true })).toBe(text);
    expect(meldPoints(cards(text), 'run')).toBe(points);
  });

  it.each([
    ['Ah,2h', 'too_few_cards', null, 'A meld needs at least 3 cards, got 2.'],
    ['wb,wr,wb', 'jokers_only', null, 'A meld needs at least one card that is not a joker.'],
    [
      'Ac,2c,3c,4c,5c,6c,7c,8c,9c,Tc,Jc,Qc,Kc,wb',
      'run_too_long',
      null,
      'A run has at most 13 cards, got 14.',
    ],
    ['Ah,2h,3c', 'run_suit', '3c', 'Cards in a run must share the suit, got 3c.'],
    ['5d,6d,7h,8d', 'run_suit', '7h', 'Cards in a run must share the suit, got 7h.'],
    ['5d,6d,8d', 'run_consecutive', '8d', 'Cards in a run must be consecutive, got 8d.'],
    ['5d,7d,8d', 'run_consecutive', '7d', 'Cards in a run must be consecutive, got 7d.'],
    ['3h,2h,Ah', 'run_consecutive', '2h', 'Cards in a run must be consecutive, got 2h.'],
    ['Jd,Td,Qd', 'run_consecutive', 'Td', 'Cards in a run must be consecutive, got Td.'],
    ['2h,2h,3h', 'run_consecutive', '2h', 'Cards in a run must be consecutive, got 2h.'],
    ['2hr,2hb,3h', 'run_consecutive', '2hb', 'Cards in a run must be consecutive, got 2hb.'],
    ['Qh,Kh,Ah', 'run_consecutive', 'Ah', 'Cards in a run must be consecutive, got Ah.'],
    ['wb,Ah,2h', 'run_below_ace', 'wb', 'A run cannot go below the ace, got wb there.'],
    ['Qh,Kh,wb', 'run_above_king', 'wb', 'A run cannot go above the king, got wb there.'],
    ['wr,wb,2h,3h', 'run_below_ace', 'wr', 'A run cannot go below the ace, got wr there.'],
    ['Kh,Kd,Ks', 'run_suit', 'Kd', 'Cards in a run must share the suit, got Kd.'],
  ])('%s is not a run (%s, %s)', (text, rule, card, message) => {
    const error = meldError(() => new Run(Card.listFromString(text)));
    expect(error.code).toBe('invalid_meld');
    expect([error.rule, error.card, error.message]).toEqual([rule, card, message]);
    expect(isValidMeld(cards(text), 'run')).toBe(false);
    expect(scoreMeld(cards(text), 'run')).toBe(-1);
  });

  it('knows its suit', () => {
    expect(new Run(Card.listFromString('wb,5d,6d')).getSuit()).toBe('d');
  });

  it.each([
    ['Td,Jd,Qd', 'Td,Jd,Qd'],
    ['Jd,Td,Qd', 'Td,Jd,Qd'],
    ['Kd,Qd,Jd,Td', 'Td,Jd,Qd,Kd'],
    ['3d,Ad,2d', 'Ad,2d,3d'],
    ['Qd,Td,wb', 'Td,wb,Qd'],
    ['Kd,wr,Td,wb', 'Td,wr,wb,Kd'],
    ['Jd,Td,wb', 'Td,Jd,wb'],
    ['Kd,Qd,wb', 'wb,Qd,Kd'],
    ['Kd,Qd,wb,wr', 'wb,wr,Qd,Kd'],
    ['Qd,wbr,wrr,wbb', 'wrr,wbb,Qd,wbr'],
    ['wb,Ad,2d', 'Ad,2d,wb'],
    ['Kd,Td,wb', 'Td,wb,Kd'],
    ['wb,wr', 'wb,wr'],
    ['Jdr,Tdb,Qdr', 'Tdb,Jdr,Qdr'],
  ])('Run.sort(%s) is %s', (text, sorted) => {
    expect(
      Run.sort(Card.listFromString(text))
        .map((c) => c.key)
        .join(','),
    ).toBe(sorted);
    expect(sortRun(cards(text), (c) => c).join(',')).toBe(sorted);
  });
});

describe('groups', () => {
  it.each([
    ['Kh,Kd,Ks', 39, 13],
    ['Kh,wb,Ks,Kc', 52, 13],
    ['wb,wr,9c', 27, 9],
    ['wb,wr,Kh', 39, 13],
    ['Ac,Ad,Ah,As', 4, 1],
    ['Khr,Kdb,Ks', 39, 13],
  ])('%s is a valid group of %i points', (text, points, value) => {
    const group = new Group(Card.listFromString(text));
    expect(group.getPoints()).toBe(points);
    expect(group.getValue()).toBe(value);
    expect(meldValues(cards(text), 'group')).toEqual(cards(text).map(() => value));
  });

  it.each([
    ['Kh,Kd', 'too_few_cards', null, 'A meld needs at least 3 cards, got 2.'],
    ['Kh,Kd,Ks,Kc,wb', 'group_too_long', null, 'A group has at most 4 cards, got 5.'],
    ['Kh,Kd,Qs', 'group_rank', 'Qs', 'Cards in a group must share the rank, got Qs.'],
    ['5s,5h,5s', 'group_suit', '5s', 'Cards in a group must all have different suits, got 5s twice.'],
    ['Khr,Khb,Ks', 'group_suit', 'Khb', 'Cards in a group must all have different suits, got Khb twice.'],
    ['wb,wr,wb', 'jokers_only', null, 'A meld needs at least one card that is not a joker.'],
  ])('%s is not a group (%s)', (text, rule, card, message) => {
    const error = meldError(() => new Group(Card.listFromString(text)));
    expect([error.rule, error.card, error.message]).toEqual([rule, card, message]);
    expect(isValidMeld(cards(text), 'group')).toBe(false);
  });
});

describe('guessing the kind', () => {
  it.each([
    ['Kh,Kd,Ks', Group],
    ['Kh,wb,Ks,Kc', Group],
    ['wb,5h,wr', Group],
    ['wb,wr,Kh', Group],
    ['Ah,2h,3h', Run],
    ['wb,2h,3h,wr', Run],
    ['Ah,2h,3h,4h,5h', Run],
    ['5h,wb,wr,wb,wr', Run],
  ])('%s is guessed as %o', (text, kind) => {
    expect(Meld.fromString(text)).toBeInstanceOf(kind);
    expect(guessMeldKind(cards(text))).toBe(kind === Group ? 'group' : 'run');
  });

  it('counts wb,wr,Kh as three kings', () => {
    expect(Meld.fromString('wb,wr,Kh').getPoints()).toBe(39);
    expect(meldPoints(cards('wb,wr,Kh'))).toBe(39);
    // explicitly a run it stands for J, Q, K
    expect(new Run(Card.listFromString('wb,wr,Kh')).getPoints()).toBe(36);
  });

  it('reports the error of the guessed kind', () => {
    // two ranks: guessed as a run
    expect(() => Meld.fromString('Kh,Kd,Qs')).toThrow('Cards in a run must share the suit, got Kd.');
    expect(() => Meld.fromString('Kh,wb,Kh')).toThrow(
      'Cards in a group must all have different suits, got Kh twice.',
    );
    expect(() => Meld.fromString('Jd,Td,Qd')).toThrow(InvalidMeldError);
    expect(() => Meld.fromString('Kh,Kx,Ks')).toThrow(/Invalid card "Kx"/);
  });

  it('with anyOrder sorts a scrambled run, keeps a valid meld as given', () => {
    expect(Meld.fromString('Jd,Td,Qd', { anyOrder: true }).toString()).toBe('Td,Jd,Qd');
    expect(Meld.fromString('Jd,Td,Qd', { anyOrder: true })).toBeInstanceOf(Run);
    expect(Meld.fromString('Qd,Td,wb', { anyOrder: true }).toString()).toBe('Td,wb,Qd');
    expect(Meld.fromString('wb,Ad,2d', { anyOrder: true }).toString()).toBe('Ad,2d,wb');
    expect(Meld.fromString('wb,Td,Jd', { anyOrder: true }).toString()).toBe('wb,Td,Jd');
    expect(Meld.fromString('Ks,Kh,Kd', { anyOrder: true }).toString()).toBe('Ks,Kh,Kd');
    expect(settleMeld(cards('8c,6c,7c,5c'), { anyOrder: true })).toEqual({
      kind: 'run',
      cards: cards('5c,6c,7c,8c'),
    });
  });

  it.each([
    ['Jd,Td,Ad', 'Cards in a run must be consecutive, got Td.'],
    ['Kd,Td,wb', 'Cards in a run must be consecutive, got Td.'],
    ['Jd,Th,Qd', 'Cards in a run must share the suit, got Th.'],
    ['Td,Jd,Td', 'Cards in a run must be consecutive, got Td.'],
    ['Jd,Td', 'A meld needs at least 3 cards, got 2.'],
    ['wb,wr,wb', 'A meld needs at least one card that is not a joker.'],
    ['5s,5h,5s', 'Cards in a group must all have different suits, got 5s twice.'],
  ])('with anyOrder still refuses %s with the error of the cards as given', (text, message) => {
    expect(() => Meld.fromString(text, { anyOrder: true })).toThrow(message);
  });
});

describe('Meld objects', () => {
  it('give cards, regular cards, jokers and size', () => {
    const meld = Meld.fromString('Kh,wb,Ks');
    expect(meld.size).toBe(3);
    expect(meld.hasJoker()).toBe(true);
    expect(meld.getRegularCards().map(String)).toEqual(['Kh', 'Ks']);
    expect(meld.getCards().map(String)).toEqual(['Kh', 'wb', 'Ks']);
    expect(Meld.fromString('Kh,Kd,Ks').hasJoker()).toBe(false);
    expect(meld.toText()).toBe('K♥ wb K♠');
  });

  it('compare cards with backs, in any order', () => {
    expect(Meld.fromString('Kh,Kd,Ks').hasSameCards(Meld.fromString('Ks,Kh,Kd'))).toBe(true);
    expect(Meld.fromString('Kh,Kd,Ks').hasSameCards(Meld.fromString('Kh,Kd,Kc'))).toBe(false);
    expect(Meld.fromString('Khr,Kd,Ks').hasSameCards(Meld.fromString('Khb,Kd,Ks'))).toBe(false);
    expect(Meld.fromString('Kh,Kd,Ks').hasSameCards(Meld.fromString('Kh,Kd,Ks,Kc'))).toBe(false);
  });

  it('write backs only when asked and round-trip through JSON with their kind', () => {
    const run = new Run(Card.listFromString('Ahr,2hb,3h'));
    expect(run.toString()).toBe('Ah,2h,3h');
    expect(run.toString({ withBack: true })).toBe('Ahr,2hb,3h');
    const explicit = new Run(Card.listFromString('5d,wb,wr'));
    const back = Meld.fromJSON(JSON.parse(JSON.stringify(explicit)));
    expect(back).toBeInstanceOf(Run);
    expect(back.getPoints()).toBe(18);
    expect(Meld.fromJSON({ kind: 'group', cards: cards('5d,wb,wr') }).getPoints()).toBe(15);
  });

  it('accept card strings as well as cards', () => {
    expect(new Group(['Kh', 'Kd', 'Ks']).getPoints()).toBe(39);
    expect(Meld.fromCards(['3c', '4c', '5c']).getPoints()).toBe(12);
    expect(() => new Group(['Kh', 'Kb', 'Ks'])).toThrow(/Invalid card "Kb"/);
  });

  it('validateMeld names kind, rule, card and message', () => {
    expect(validateMeld(cards('wb,5d,6d'))).toEqual({ valid: true, kind: 'run', points: 15 });
    expect(validateMeld(cards('5d,7d,8d'))).toEqual({
      valid: false,
      kind: 'run',
      rule: 'run_consecutive',
      card: '7d',
      message: 'Cards in a run must be consecutive, got 7d.',
    });
    expect(validateMeld(['Kh', 'Kz', 'Ks'])).toMatchObject({ valid: false, rule: 'bad_card', card: 'Kz' });
    expect(() => meldPoints(cards('5d,7d,8d'))).toThrow(InvalidMeldError);
  });
});

describe('checking melds without throwing', () => {
  const valid = ['Kh,Kd,Ks', 'wb,5d,6d', 'Khr,Kdb,Ksr,Kcb', 'Ac,2c,3c,4c,5c,6c,7c,8c,9c,Tc,Jc,Qc,Kc'];
  // each broken rule, a bad card (the error is then InvalidCardError), and text that is no meld at all
  const refused = ['Kh,Kh,Ks', 'Jd,Td,Qd', 'Qh,Kh,wb', 'wb,Ah,2h', 'Ah,2h,3c', 'Kh,Kd', '', 'wb,wr,wb'];
  const badCards = ['Kh,Kx,Ks', 'Kh,,Ks', 'Kh,Kd,', '10h,Jh,Qh', 'wh,Kd,Ks'];

  it('Meld.tryFromString gives the meld fromString gives, or the refusal of what it throws', () => {
    for (const text of valid) {
      const result = Meld.tryFromString(text);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.meld.toJSON()).toEqual(Meld.fromString(text).toJSON());
    }
    for (const text of [...refused, ...badCards]) {
      const result = Meld.tryFromString(text);
      if (result.ok) throw new Error(`${text} should be refused`);
      expectSameError(
        result,
        thrownBy(() => Meld.fromString(text)),
      );
    }
  });

  it('a refusal names the rule and the card, and its error is the one fromString throws', () => {
    const result = Meld.tryFromString('Jd,Td,Qd');
    expect(result).toMatchObject({ ok: false, code: 'invalid_meld', rule: 'run_consecutive', card: 'Td' });
    if (result.ok) return;
    expect(result.message).toBe('Cards in a run must be consecutive, got Td.');
    expect(result.toError()).toBeInstanceOf(InvalidMeldError);
    const bad = Meld.tryFromString('Kh,Kx,Ks');
    expect(bad).toMatchObject({ ok: false, code: 'invalid_card', rule: 'bad_card', card: 'Kx' });
    if (bad.ok) return;
    expect(bad.toError()).toBeInstanceOf(InvalidCardError);
    expect(bad.message).toBe('Invalid card "Kx" in "Kh,Kx,Ks": unknown suit "x" (c, d, h, s).');
  });

  it('with anyOrder a scrambled run is a meld, and a refusal reports the cards as given', () => {
    const sorted = Meld.tryFromString('Jd,Td,wb,Kd', { anyOrder: true });
    expect(sorted.ok && sorted.meld.toString()).toBe('Td,Jd,wb,Kd');
    expectSameError(
      Meld.tryFromString('Jd,Td,2c', { anyOrder: true }) as MeldRefusal,
      thrownBy(() => Meld.fromString('Jd,Td,2c', { anyOrder: true })),
    );
  });

  it('Meld.tryFromCards takes cards and card strings, and refuses what fromCards throws for', () => {
    const cards = Card.listFromString('Kh,Kd,Ks');
    const result = Meld.tryFromCards([cards[0]!, 'Kd', cards[2]!]);
    expect(result.ok && result.meld.toJSON()).toEqual({ kind: 'group', cards: ['Kh', 'Kd', 'Ks'] });
    for (const list of [
      ['Kh', 'Kd'],
      ['Kh', 'Kx', 'Ks'],
      ['Kh', 5, 'Ks'],
      withHole(['Kh', 'Kd', 'Ks'], 1),
      ['Qh', 'Kh', 'wb'],
    ]) {
      const refusal = Meld.tryFromCards(list as never);
      if (refusal.ok) throw new Error(`${list} should be refused`);
      expectSameError(
        refusal,
        thrownBy(() => Meld.fromCards(list as never)),
      );
    }
    // no list at all is a misused API, thrown by both
    expect(thrownBy(() => Meld.tryFromCards('Kh,Kd,Ks' as never))).toMatchObject({
      code: 'invalid_argument',
    });
  });

  it('text that is no meld text at all still throws', () => {
    expect(thrownBy(() => Meld.tryFromString(7 as never))).toMatchObject({ code: 'invalid_argument' });
    expect(thrownBy(() => Meld.tryFromString('Kh,'.repeat(5000)))).toMatchObject({
      code: 'invalid_notation',
    });
  });

  it('a meld read from text holds one shared string a card', () => {
    const [a, b] = [Meld.fromString('Khr,Kdr,Ksr'), Meld.fromString('Ksr,Kdr,Khr')];
    expect(a.keys).toEqual(['Khr', 'Kdr', 'Ksr']);
    expect(a.hasSameCards(b)).toBe(true);
  });
});
