import { type Agent, createRng, playGame } from '@tabula/core';
import { type SkirmishState, type SkirmishView, skirmishGame } from '@tabula/skirmish';
import { describe, expect, it } from 'vitest';
import { randomAgent } from './random.js';
import { bidAmong, bidChances, bidderAgent, bidderFit, bidderModelAt, chooseBid } from './skirmish-bid.js';

/** The views seat `seat` had before each of its actions in a seeded two-player game, and the final state. */
async function viewsOf(agents: Agent<unknown, unknown>[], seed: number, seat: number) {
  const views: SkirmishView[] = [];
  const cards: number[] = [];
  const { state } = await playGame(skirmishGame, { players: 2 }, agents, seed, {
    onAction: ({ seat: by, action, before }) => {
      if (by !== seat) return;
      views.push(skirmishGame.view(before as SkirmishState, seat));
      cards.push((action as { card: number }).card);
    },
  });
  return { views, cards, final: state as SkirmishState };
}

describe('bidAmong', () => {
  it('bids the rank of the pot among the prizes, then steps down to the weakest ship as good', () => {
    // The pot (2) ranks in the middle of the prizes 1, 1, 3, 3: the middle ship, 5, of 1..9.
    const ships = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const prizes = [1, 1, 3, 3, 1, 1, 3, 3];
    expect(bidAmong({ ships, pot: 2, prizes, others: null })).toBe(5);
    // Against 1, 2 and 9 only, the 3 wins and loses against exactly what the 5 does.
    expect(bidAmong({ ships, pot: 2, prizes, others: [1, 2, 9] })).toBe(3);
    // Blurred by a ship and a half, the rank moves.
    expect(bidAmong({ ships, pot: 2, prizes, others: null }, 1.5)).toBe(7);
    expect(() => bidAmong({ ships: [], pot: 2, prizes, others: null })).toThrow(/no ship/);
  });

  it('counts the battles the deck cannot fill as prizes of nothing', () => {
    // One planet (3 VP) left for five ships: three battles of nothing, all below a pot of 1.
    expect(bidAmong({ ships: [1, 2, 3, 4, 5], pot: 1, prizes: [3], others: null })).toBe(4);
    expect(bidAmong({ ships: [1, 2, 3, 4, 5], pot: 3, prizes: [3], others: null })).toBe(5);
  });
});

describe('the bidder model', () => {
  it("gives every bid's chance over the blur, and the bidder's bids are among them", () => {
    const view = skirmishGame.view(skirmishGame.setup({ players: 2 }, createRng(5)), 0);
    const model = bidderModelAt(view, 1, 0);
    expect(model).not.toBeNull();
    let total = 0;
    for (const chance of model?.values() ?? []) total += chance;
    expect(total).toBeCloseTo(1, 9);
    // What a bidder in seat 1 would bid, over many blurs: always in the model, in about its proportions.
    const seen = new Map<number, number>();
    const rng = createRng(8);
    const theirView = skirmishGame.view(skirmishGame.setup({ players: 2 }, createRng(5)), 1);
    for (let i = 0; i < 2000; i++) {
      const bid = chooseBid(theirView, 1, theirView.hand ?? [], rng);
      seen.set(bid, (seen.get(bid) ?? 0) + 1);
    }
    for (const [bid, count] of seen) {
      expect(model?.get(bid) ?? 0).toBeGreaterThan(0);
      expect(count / 2000).toBeCloseTo(model?.get(bid) ?? 0, 1);
    }
  });

  it('without blur bids what the rank says: the model of a situation holds that bid', () => {
    const situation = { ships: [2, 4, 6, 8, 10], pot: 3, prizes: [1, 2, 3, 3], others: [1, 3, 5, 7, 9] };
    const chances = bidChances(situation, false);
    expect(chances.get(bidAmong(situation))).toBeGreaterThan(0.5);
    // Right after a tie the blur is wider: more bids are possible.
    expect(bidChances(situation, true).size).toBeGreaterThan(chances.size);
  });

  it("rebuilds each past battle as the bidder saw it: a bidder's every card fits", async () => {
    for (const seed of [1, 2, 3]) {
      const agents = [bidderAgent(), bidderAgent()] as Agent<unknown, unknown>[];
      const { views, cards } = await viewsOf(agents, seed, 0);
      // The last view of seat 0 holds 14 battles; seat 1's cards in each fit the model.
      const last = views[views.length - 1] as SkirmishView;
      last.battles.forEach((battle, i) => {
        const model = bidderModelAt(last, 1, i);
        expect(model?.get(battle.cards[1] as number) ?? 0, `battle ${i}`).toBeGreaterThan(0);
      });
      // The model of the current battle, rebuilt from the history, is the one made then.
      views.forEach((view, i) => {
        expect(bidderModelAt(last, 1, i)).toEqual(bidderModelAt(view, 1, i));
        expect(bidderFit(view, 1)).toBe(true);
      });
      expect(cards).toHaveLength(15);
    }
  });

  it('does not take a random player for a bidder', async () => {
    let fits = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const agents = [bidderAgent(), randomAgent()] as Agent<unknown, unknown>[];
      const { views } = await viewsOf(agents, seed, 0);
      if (bidderFit(views[views.length - 1] as SkirmishView, 1)) fits++;
    }
    expect(fits).toBe(0);
  });

  it('has no model where the history does not add up or the game is not for two', () => {
    const view = skirmishGame.view(skirmishGame.setup({ players: 2 }, createRng(5)), 0);
    const garbled = { ...view, battles: [{ cards: [1, 99], winner: 1, pot: [], claimed: [] }] };
    expect(bidderModelAt(garbled, 1, 0)).toBeNull();
    const three = skirmishGame.view(skirmishGame.setup({ players: 3 }, createRng(5)), 0);
    expect(bidderModelAt(three, 1, 0)).toBeNull();
  });
});
