import { createRng, type Rng, TabulaError } from '@tabula/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJokerString } from './card.js';
import { Game } from './game.js';
import { isValidMeld, Meld, scoreMeld, validateMeld } from './meld.js';
import { Player } from './player.js';
import { deal, draw, pass, play, shuffledDeck } from './round.js';
import { Rules } from './rules.js';
import type { LayoutMeld, RulesConfig, RummyState, TableMeld } from './schemas.js';

const VALUES = 'A23456789TJQK';
const VALUE: Readonly<Record<string, number>> = Object.fromEntries([...VALUES].map((r, i) => [r, i + 1]));
const value = (card: string) => VALUE[card[0]!]!;
const SUIT_INDEX: Readonly<Record<string, number>> = { c: 0, d: 1, h: 2, s: 3 };

/** Disjoint melds found greedily in a hand: runs per suit, then groups, then pairs completed by a joker. */
function findMelds(hand: readonly string[], rng: Rng): string[][] {
  // a random rotation of the hand picks which copy of a face is used, cheaper than a shuffle
  const shift = rng.int(0, hand.length - 1);
  const order = [...hand.slice(shift), ...hand.slice(0, shift)];
  const used = new Set<string>();
  const out: string[][] = [];
  const take = (cards: string[]) => {
    for (const c of cards) used.add(c);
    out.push(cards);
  };
  // one copy of each face, the first in the shuffled order
  const faces: (string | undefined)[][] = [[], [], [], []];
  const jokers: string[] = [];
  for (const c of order) {
    if (isJokerString(c)) jokers.push(c);
    else faces[SUIT_INDEX[c[1]!]!]![value(c)] ??= c;
  }
  for (const suit of rng.shuffle([0, 1, 2, 3])) {
    const row = faces[suit]!;
    let seq: string[] = [];
    for (let v = 1; v <= 14; v++) {
      const c = row[v];
      if (c !== undefined) seq.push(c);
      else {
        if (seq.length >= 3) take(seq);
        seq = [];
      }
    }
  }
  const firstValue = rng.int(1, 13);
  for (let k = 0; k < 13; k++) {
    const v = ((firstValue + k - 1) % 13) + 1;
    const group: string[] = [];
    for (let suit = 0; suit < 4; suit++) {
      const c = faces[suit]![v];
      if (c !== undefined && !used.has(c)) group.push(c);
    }
    if (group.length >= 3) take(group);
  }
  for (const joker of jokers) {
    const regular = order.filter((c) => !used.has(c) && !isJokerString(c));
    let found: string[] | null = null;
    for (let i = 0; i < regular.length && !found; i++) {
      for (let j = 0; j < regular.length && !found; j++) {
        const a = regular[i]!;
        const b = regular[j]!;
        if (a[0] === b[0] && a[1] !== b[1]) found = [a, b, joker];
        else if (a[1] === b[1] && value(b) === value(a) + 1)
          found = value(b) < 13 ? [a, b, joker] : [joker, a, b];
      }
    }
    if (found) take(found);
  }
  return out;
}

type Action = { type: 'play'; layout: LayoutMeld[] } | { type: 'draw' } | { type: 'pass' };

/** A simple random legal policy: lay melds found in the hand (and extend the table once opened), else draw or pass. */
function choose(state: RummyState, rng: Rng): Action {
  const seat = state.current;
  const hand = state.hands[seat]!;
  const found = findMelds(hand, rng);
  const layout: LayoutMeld[] = state.table.slice();
  if (!state.opened[seat]) {
    const points = found.reduce((sum, m) => sum + scoreMeld(m), 0);
    if (found.length > 0 && points >= state.rules.openingPoints) {
      return { type: 'play', layout: [...layout, ...found] };
    }
  } else {
    let added = found.length > 0;
    layout.push(...found);
    const used = new Set(found.flat());
    const firsts = layout.map((m) => ('kind' in m ? m.cards : m).find((c) => !isJokerString(c))!);
    // a few random cards of the hand try to join a meld (trying them all would only slow the tests)
    const offset = rng.int(0, hand.length - 1);
    for (let k = 0; k < Math.min(hand.length, 6); k++) {
      const card = hand[(offset + k) % hand.length]!;
      if (used.has(card)) continue;
      for (let i = 0; i < layout.length; i++) {
        const meld = layout[i]!;
        const cards = 'kind' in meld ? meld.cards : meld;
        // cheap filter before building candidates: a regular card must share the suit or the rank
        const first = firsts[i]!;
        if (!isJokerString(card) && card[0] !== first[0] && card[1] !== first[1]) continue;
        const options = [
          [...cards, card],
          [card, ...cards],
        ];
        const fit = options.find((o) => isValidMeld(o));
        if (fit && rng.int(0, 3) > 0) {
          layout[i] = fit;
          used.add(card);
          added = true;
          break;
        }
      }
    }
    if (added) {
      // now and then split a long run in two, a rearrangement only opened players may make
      for (let i = 0; i < layout.length; i++) {
        const meld = layout[i]!;
        const cards = 'kind' in meld ? meld.cards : meld;
        if (cards.length >= 6 && rng.int(0, 1) === 0) {
          const cut = rng.int(3, cards.length - 3);
          const a = cards.slice(0, cut);
          const b = cards.slice(cut);
          if (isValidMeld(a, 'run') && isValidMeld(b, 'run') && isValidMeld(cards, 'run')) {
            layout.splice(i, 1, { kind: 'run', cards: a }, { kind: 'run', cards: b });
          }
        }
      }
      return { type: 'play', layout: rng.shuffle(layout) };
    }
  }
  return state.stock.length > 0 ? { type: 'draw' } : { type: 'pass' };
}

function apply(state: RummyState, action: Action): RummyState {
  const seat = state.current;
  if (action.type === 'play') return play(state, seat, action.layout);
  return action.type === 'draw' ? draw(state, seat) : pass(state, seat);
}

/** Random rules with every card string unique (at most two decks), and players that fit. */
function randomSetup(rng: Rng): { rules: RulesConfig; players: number } {
  const decks = rng.int(1, 2);
  const jokers = rng.int(0, 2 * decks);
  const players = rng.int(2, 4);
  const size = 52 * decks + jokers;
  const handSize = rng.int(3, Math.min(14, Math.floor(size / players)));
  const rules = { decks, jokers, handSize, openingPoints: rng.pick([0, 10, 30, 30, 40]), jokerPenalty: 30 };
  return { rules, players };
}

const sorted = (cards: readonly string[]) => cards.slice().sort();
/** With at most two decks every card string is unique: conservation is "the same set, no duplicate". */
function conserved(state: RummyState, deck: ReadonlySet<string>): boolean {
  let count = 0;
  const seen = new Set<string>();
  const visit = (card: string) => {
    count++;
    seen.add(card);
    return deck.has(card);
  };
  for (const hand of state.hands) for (const card of hand) if (!visit(card)) return false;
  for (const card of state.stock) if (!visit(card)) return false;
  for (const meld of state.table) for (const card of meld.cards) if (!visit(card)) return false;
  return count === deck.size && seen.size === deck.size;
}
const meldKeys = (table: readonly TableMeld[]) => table.map((m) => sorted(m.cards).join(',')).sort();

describe('random rounds', () => {
  it('conserve the cards, keep the table valid and end with zero-sum scores (2000 rounds)', () => {
    let wentOut = 0;
    let stalemates = 0;
    let rearranged = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = createRng(seed);
        const { rules, players } = randomSetup(rng);
        const deck = shuffledDeck(rules, rng);
        const all = new Set(deck);
        expect(all.size).toBe(deck.length);
        let state = deal(rules, players, deck);
        // the check itself can fail: a lost or a duplicated card is caught
        const [first, ...rest] = state.hands[0]!;
        expect(conserved({ ...state, hands: [rest, ...state.hands.slice(1)] }, all)).toBe(false);
        const doubled = [first!, first!, ...rest.slice(1)];
        expect(conserved({ ...state, hands: [doubled, ...state.hands.slice(1)] }, all)).toBe(false);
        for (let step = 0; state.status === 'playing'; step++) {
          if (step > 5000) throw new Error('the round does not end');
          const action = choose(state, rng);
          const next = apply(state, action);
          if (action.type === 'play' && state.opened[state.current] && state.table.length > 0) {
            if (
              next.table.length > 0 &&
              !meldKeys(state.table).every((k) => meldKeys(next.table).includes(k))
            ) {
              rearranged++;
            }
          }
          state = next;
          // plain checks: expect() in this hot loop would dominate the run time
          if (!conserved(state, all)) throw new Error(`cards not conserved at step ${step}`);
          for (const meld of state.table) {
            if (!isValidMeld(meld.cards, meld.kind)) throw new Error(`invalid meld ${meld.cards}`);
          }
        }
        expect(state.scores.reduce((a, b) => a + b, 0)).toBe(0);
        expect(state.scores[state.winner!]).toBeGreaterThanOrEqual(0);
        if (state.hands[state.winner!]!.length === 0) wentOut++;
        else stalemates++;
      }),
      { numRuns: 2000, seed: 20240601 },
    );
    // the policy reaches both endings and real rearrangements, or the property proves little
    expect(wentOut).toBeGreaterThan(100);
    expect(stalemates).toBeGreaterThan(100);
    expect(rearranged).toBeGreaterThan(100);
  });

  it('accept a valid layout whatever the order of its melds (200 rounds)', () => {
    let checked = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = createRng(seed);
        const { rules, players } = randomSetup(rng);
        let state = deal(rules, players, shuffledDeck(rules, rng));
        while (state.status === 'playing') {
          const action = choose(state, rng);
          const next = apply(state, action);
          if (action.type === 'play') {
            const reordered = play(state, state.current, rng.shuffle(action.layout).reverse());
            expect({ ...reordered, table: meldKeys(reordered.table) }).toEqual({
              ...next,
              table: meldKeys(next.table),
            });
            checked++;
          }
          state = next;
        }
      }),
      { numRuns: 200, seed: 7 },
    );
    expect(checked).toBeGreaterThan(200);
  });
});

describe('the Game facade over random rounds (150 rounds)', () => {
  it('round-trips through JSON at every step, matches the pure functions, and refused actions change nothing', () => {
    let refusals = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = createRng(seed);
        const { rules, players: count } = randomSetup(rng);
        const deck = shuffledDeck(rules, rng);
        const game = new Game(new Rules(rules));
        const players = Array.from({ length: count }, (_, i) => new Player(`P${i}`));
        for (const p of players) game.join(p);
        game.deal(deck);
        let state = deal(rules, count, deck);
        while (!game.isOver()) {
          const json = JSON.stringify(game);
          expect(JSON.stringify(Game.fromJSON(json))).toBe(json);
          // a refused action leaves the game exactly as it was
          const illegal = illegalAction(game, state, players, rng);
          expect(illegal).toThrow(TabulaError);
          refusals++;
          expect(JSON.stringify(game)).toBe(json);
          const action = choose(state, rng);
          const player = players[state.current]!;
          if (action.type === 'play') game.play(player, action.layout.map(toMeld));
          else if (action.type === 'draw') game.draw(player);
          else game.pass(player);
          state = apply(state, action);
          expect(JSON.stringify(game.getState())).toBe(JSON.stringify(state));
        }
        expect(Game.fromJSON(JSON.stringify(game)).toJSON()).toEqual(game.toJSON());
        const after = JSON.stringify(game);
        expect(() => game.draw(players[0]!)).toThrow(TabulaError);
        expect(JSON.stringify(game)).toBe(after);
      }),
      { numRuns: 150, seed: 99 },
    );
    expect(refusals).toBeGreaterThan(1500);
  });
});

function toMeld(meld: LayoutMeld): Meld {
  return 'kind' in meld ? Meld.fromJSON(meld) : Meld.fromCards(meld);
}

/** A random action the rules must refuse in this state. */
function illegalAction(game: Game, state: RummyState, players: Player[], rng: Rng): () => unknown {
  const seat = state.current;
  const me = players[seat]!;
  const other = players[(seat + 1) % players.length]!;
  const table = state.table.map((m) => Meld.fromJSON(m));
  const choices: (() => unknown)[] = [
    () => game.draw(other),
    () => game.pass(other),
    () => game.play(other, table),
    () => game.draw(new Player('Mallory')),
    () => game.play(me, table),
    state.stock.length > 0 ? () => game.pass(me) : () => game.draw(me),
    () => game.deal(),
    () => game.join(new Player('Late')),
  ];
  if (table.length > 0) choices.push(() => game.play(me, table.slice(1)));
  const foreign = state.hands[(seat + 1) % players.length]!;
  const meld = findMelds(foreign, rng)[0];
  if (meld) choices.push(() => game.play(me, [...table, Meld.fromCards(meld)]));
  return rng.pick(choices);
}

describe('meld properties', () => {
  const back = fc.constantFrom('', 'r', 'b');
  const joker = fc.tuple(fc.constantFrom('wb', 'wr'), back).map(([j, b]) => j + b);
  const run = fc
    .record({
      suit: fc.constantFrom('c', 'd', 'h', 's'),
      start: fc.integer({ min: 1, max: 11 }),
      length: fc.integer({ min: 3, max: 13 }),
      jokers: fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }),
      backs: fc.array(back, { minLength: 13, maxLength: 13 }),
      jokerCards: fc.array(joker, { minLength: 13, maxLength: 13 }),
      keep: fc.nat(12),
    })
    .map(({ suit, start, length, jokers, backs, jokerCards, keep }) => {
      const n = Math.min(length, 14 - start);
      const regular = keep % n;
      const cards = Array.from({ length: n }, (_, i) =>
        jokers[i] && i !== regular ? jokerCards[i]! : VALUES[start - 1 + i]! + suit + backs[i],
      );
      return { cards, points: n * start + (n * (n - 1)) / 2 };
    });
  const group = fc
    .record({
      rank: fc.integer({ min: 1, max: 13 }),
      suits: fc.shuffledSubarray(['c', 'd', 'h', 's'], { minLength: 1, maxLength: 4 }),
      jokers: fc.array(joker, { maxLength: 3 }),
      order: fc.integer(),
    })
    .filter(({ suits, jokers }) => suits.length + jokers.length >= 3 && suits.length + jokers.length <= 4)
    .map(({ rank, suits, jokers, order }) => {
      const cards = createRng(order).shuffle([...suits.map((s) => VALUES[rank - 1]! + s), ...jokers]);
      return { cards, points: rank * cards.length };
    });

  it('valid runs and groups score their values, jokers at the value they stand for', () => {
    fc.assert(
      fc.property(run, ({ cards, points }) => {
        expect(validateMeld(cards, 'run')).toEqual({ valid: true, kind: 'run', points });
      }),
      { seed: 1 },
    );
    fc.assert(
      fc.property(group, ({ cards, points }) => {
        expect(validateMeld(cards, 'group')).toEqual({ valid: true, kind: 'group', points });
        expect(validateMeld(cards).valid).toBe(true);
      }),
      { seed: 2 },
    );
  });

  it('a valid meld is rejected once cards are removed below three', () => {
    fc.assert(
      fc.property(fc.oneof(run, group), fc.integer(), ({ cards }, order) => {
        const two = createRng(order).shuffle(cards).slice(0, 2);
        for (const kind of [undefined, 'run', 'group'] as const) {
          expect(validateMeld(two, kind)).toMatchObject({ valid: false, rule: 'too_few_cards' });
        }
      }),
      { seed: 3 },
    );
  });

  it('a run with two regular cards is invalid reversed, or with two regular cards swapped', () => {
    fc.assert(
      fc.property(run, fc.nat(), ({ cards }, pick) => {
        const regular = cards.map((c, i) => (isJokerString(c) ? -1 : i)).filter((i) => i >= 0);
        fc.pre(regular.length >= 2);
        expect(isValidMeld(cards.slice().reverse(), 'run')).toBe(false);
        const i = regular[pick % regular.length]!;
        const j = regular[(pick + 1) % regular.length]!;
        const swapped = cards.slice();
        [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
        expect(isValidMeld(swapped, 'run')).toBe(false);
      }),
      { seed: 4 },
    );
  });

  it('a group with two copies of one face is invalid, whatever the backs', () => {
    fc.assert(
      fc.property(group, back, back, ({ cards }, b1, b2) => {
        const face = cards.find((c) => !isJokerString(c))!.slice(0, 2);
        const withCopy = [...cards.filter((c) => c.slice(0, 2) !== face).slice(0, 1), face + b1, face + b2];
        expect(validateMeld(withCopy)).toMatchObject({ valid: false, rule: 'group_suit' });
      }),
      { seed: 5 },
    );
  });
});
