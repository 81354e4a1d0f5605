import { describe, expect, it } from 'vitest';
import { Card } from './card.js';
import { Hand, handPenalty } from './hand.js';
import { Player } from './player.js';

describe('Hand', () => {
  it('keeps its order but sorts for display', () => {
    const hand = Hand.fromString('Kh,Ah,2c,wb');
    expect(hand.toString()).toBe('Kh,Ah,2c,wb');
    expect(hand.toText()).toBe('2♣ A♥ K♥ wb');
    expect(hand.toString()).toBe('Kh,Ah,2c,wb');
    expect(Hand.fromString('wr,Ts,9d,Ac,2c').toText()).toBe('A♣ 2♣ 9♦ T♠ wr');
  });

  it('charges card values plus the joker penalty', () => {
    const hand = Hand.fromString('Kh,Ah,2c,wb');
    expect(hand.getPenalty()).toBe(46);
    expect(hand.getPenalty(50)).toBe(66);
    expect(new Hand([]).getPenalty()).toBe(0);
    expect(handPenalty(['wb', '2c', '3c'], 30)).toBe(35);
    expect(handPenalty(['Tc', 'Jc', 'Qc', 'Kc'])).toBe(46);
  });

  it('adds and removes cards by their backs, immutably', () => {
    const start = Hand.fromString('Khr,Khb');
    const hand = start.add(Card.fromString('Ahr'));
    expect(hand.size).toBe(3);
    expect(start.size).toBe(2);
    const played = hand.remove(Card.fromString('Khb'));
    expect(played.toString({ withBack: true })).toBe('Khr,Ahr');
    expect(played.has(Card.fromString('Khr'))).toBe(true);
    expect(played.has('Khb')).toBe(false);
    expect(played.remove('Qs')).toBe(played);
    expect(new Hand().isEmpty()).toBe(true);
  });
});

describe('Player', () => {
  it('is equal to another with the same id', () => {
    expect(new Player('Alice').equals(new Player('Alice'))).toBe(true);
    expect(new Player('Alice', 'a1').equals(new Player('Alicia', 'a1'))).toBe(true);
    expect(new Player('Alice', 'a1').equals(new Player('Alice', 'a2'))).toBe(false);
    expect(String(new Player('Marty McFly'))).toBe('Marty McFly');
    expect(new Player('Biff Tannen').id).toBe('Biff Tannen');
  });

  it('needs a name and an id', () => {
    expect(() => new Player('')).toThrow(expect.objectContaining({ code: 'invalid_argument' }));
    expect(() => new Player('Alice', '')).toThrow(/non-empty id/);
  });
});
