import { Round, type RummyState, rummyGame, viewFor } from '@tabula/rummy';
import { describe, expect, it } from 'vitest';
import {
  draftFromLayout,
  draftOf,
  lastPlay,
  layoutOf,
  moveCard,
  solverPlay,
  sortedHand,
  untouched,
  verdict,
} from './layout';

const rules = { decks: 1, jokers: 2, handSize: 5, openingPoints: 0, jokerPenalty: 30 };
// seat 0: Th 3h 4h Kc wb; seat 1: Ks Kd Kh 9c 2d; stock: 7s
const start: RummyState = Round.deal(rules, 2, 'Th,3h,4h,Kc,wb,Ks,Kd,Kh,9c,2d,7s'.split(','));

const idOf = (draft: ReturnType<typeof draftOf>, card: string) => {
  const piece = [...draft.hand, ...draft.melds.flat()].find((p) => p.card === card);
  if (piece === undefined) throw new Error(`no ${card}`);
  return piece.id;
};

describe('the layout editor', () => {
  it('builds a run from the hand in any order, arranged as play reads it, and the engine accepts it', () => {
    const view = viewFor(start, 0);
    let draft = draftOf(view);
    expect(untouched(draft, view)).toBe(true);
    draft = moveCard(draft, idOf(draft, '4h'), { to: 'new' });
    expect(verdict(draft, view)).toEqual({
      ok: false,
      reason: 'Invalid meld 4h: A meld needs at least 3 cards, got 1.',
    });
    draft = moveCard(draft, idOf(draft, 'wb'), { to: 'meld', index: 0 });
    draft = moveCard(draft, idOf(draft, '3h'), { to: 'meld', index: 0 });
    expect(layoutOf(draft)).toEqual([['3h', '4h', 'wb']]);
    expect(verdict(draft, view)).toEqual({ ok: true, cards: 3, handLeft: 2 });
    expect(untouched(draft, view)).toBe(false);
    // and back: the meld left empty goes away
    for (const card of ['3h', '4h', 'wb']) draft = moveCard(draft, idOf(draft, card), { to: 'hand' });
    expect(draft.melds).toEqual([]);
    expect(untouched({ melds: [], hand: sortedHand(draft.hand, 'suit') }, view)).toBe(true);
  });

  it('keeps table cards off the hand, and says the engine’s reason for a rearranged table before opening', () => {
    const opened = Round.play(Round.draw(start, 0), 1, [['Ks', 'Kd', 'Kh']]);
    const view = viewFor(opened, 0);
    const draft = draftOf(view);
    const king = idOf(draft, 'Ks');
    expect(moveCard(draft, king, { to: 'hand' })).toBe(draft);
    const mixed = moveCard(draft, idOf(draft, 'Kc'), { to: 'meld', index: 0 });
    expect(layoutOf(mixed)).toEqual([['Ks', 'Kd', 'Kh', 'Kc']]);
    const outcome = Round.checkPlay(
      { table: view.table, hand: view.hand ?? [], opened: false, rules: view.rules },
      layoutOf(mixed),
    );
    expect(outcome.ok).toBe(false);
    expect(verdict(mixed, view)).toEqual({ ok: false, reason: outcome.ok ? '' : outcome.message });
  });

  it('lays out the solver’s play, the first play the legal actions list', () => {
    const legal = rummyGame.legalActions(start, 0);
    const hint = solverPlay(legal);
    expect(hint).toEqual(legal[1]);
    const view = viewFor(start, 0);
    const draft = draftFromLayout(view, hint?.layout ?? []);
    expect(draft && layoutOf(draft)).toEqual(hint?.layout);
    expect(draft && verdict(draft, view).ok).toBe(true);
    expect(draftFromLayout(view, [['Ks', 'Kd', 'Kh']])).toBeNull();
  });

  it('sorts the hand by suit or by value', () => {
    const hand = draftOf(viewFor(start, 1)).hand;
    expect(sortedHand(hand, 'suit').map((p) => p.card)).toEqual(['9c', '2d', 'Kd', 'Kh', 'Ks']);
    expect(sortedHand(hand, 'value').map((p) => p.card)).toEqual(['2d', '9c', 'Kd', 'Kh', 'Ks']);
  });

  it('tells from two views what the seat to act did', () => {
    const drawn = Round.draw(start, 0);
    expect(lastPlay(viewFor(start, 1), viewFor(drawn, 1))).toEqual({ seat: 0, kind: 'drew' });
    const played = Round.play(drawn, 1, [['Ks', 'Kd', 'Kh']]);
    expect(lastPlay(viewFor(drawn, 0), viewFor(played, 0))).toEqual({
      seat: 1,
      kind: 'played',
      cards: ['Ks', 'Kd', 'Kh'],
    });
    expect(lastPlay(viewFor(played, 0), viewFor(played, 0))).toBeNull();
  });
});
