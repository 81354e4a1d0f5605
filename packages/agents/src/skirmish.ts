import { type Agent, type Rng, TabulaError } from '@tabula/core';
import type { SkirmishAction, SkirmishPlanet, SkirmishView } from '@tabula/skirmish';
import type { AgentEntry } from './agent-entry.js';

/**
 * What a planet is worth to whoever takes it: its VP, plus, for each
 * `DoubleNextPlanetNoCombat` entry, an average planet still in the deck
 * (it pulls the next one along), plus its share of a `ClassSetBonus`.
 */
function worth(planet: SkirmishPlanet, averageVp: number): number {
  let value = planet.victoryPoints;
  for (const ability of planet.abilities) {
    if (ability.type === 'double_next_planet_no_combat') value += averageVp;
    if (ability.type === 'class_set_bonus' && planet.planetClass !== null) {
      const { setSize = 3, bonus = 3 } = ability.params;
      value += bonus / setSize;
    }
  }
  return value;
}

/** How far (in ships) a bid's rank may be blurred, in general and right after a tie. */
const SPREAD = 1;
const TIE_SPREAD = 3;

/** Removes one copy of each card of `spent` from `cards`; false when one is missing. */
function spend(cards: number[], spent: readonly number[]): boolean {
  for (const card of spent) {
    const at = cards.indexOf(card);
    if (at < 0) return false;
    cards.splice(at, 1);
  }
  return true;
}

/**
 * Every card the other players may still hold (a card pending in this
 * battle included), from the revealed history: everyone starts with the same
 * fleet, which is the viewer's own hand plus what the viewer has revealed.
 * Null when the history cannot account for the cards (uneven fleets, or a
 * history that does not fit). A game loaded from a save without its history
 * looks like one whose fleet was the hand left; the guess is then off, but
 * the bid stays legal.
 */
export function opponentCards(view: SkirmishView, seat: number): number[] | null {
  // A battle without a card of a seat does not fit; skipping the card puts the counts below out.
  const revealed = (by: number) => view.battles.flatMap((b) => b.cards[by] ?? []);
  const fleet = [...(view.hand ?? []), ...revealed(seat)];
  if (view.ownPlay !== null) fleet.push(view.ownPlay);
  const cards: number[] = [];
  for (const [other, player] of view.players.entries()) {
    if (other === seat) continue;
    const left = fleet.slice();
    if (!spend(left, revealed(other))) return null;
    if (left.length !== player.cardsInHand + (player.hasPlayed ? 1 : 0)) return null;
    cards.push(...left);
  }
  return cards;
}

/**
 * The ship to bid, GOPS fashion: rank the pot's worth among the prizes still
 * to come (the planets face down, and nothing for the battles the deck cannot
 * fill) and play the ship of the same rank in the hand. Then, knowing what
 * the others may still hold, step down to the weakest ship that wins and
 * loses against exactly the same cards: the strength saved is free for later.
 * With a generator the rank is blurred a little at random; without one the
 * bid is the nearest rank's.
 */
export function chooseBid(
  view: SkirmishView,
  seat: number,
  hand: readonly number[],
  rng: Rng | null = null,
): number {
  const ships = hand.slice().sort((a, b) => a - b);
  const [weakest] = ships;
  if (weakest === undefined) throw new TabulaError('no_legal_action', 'The bidder has no ship to play');
  // A battle over an empty pot (the deck has run out) wins nothing.
  if (view.pot.length === 0) return weakest;

  let total = 0;
  for (const planet of view.deck) total += planet.victoryPoints;
  const averageVp = view.deck.length > 0 ? total / view.deck.length : 0;
  let pot = 0;
  for (const planet of view.pot) pot += worth(planet, averageVp);
  const prizes = view.deck.map((planet) => worth(planet, averageVp));
  while (prizes.length < ships.length - 1) prizes.push(0);

  let below = 0;
  let equal = 0;
  for (const prize of prizes) {
    if (prize < pot) below++;
    else if (prize === pot) equal++;
  }
  const rank = prizes.length === 0 ? 1 : (below + equal / 2) / prizes.length;
  // With a generator the rank is blurred by up to half a ship (a ship and a
  // half right after a tie): the bid keeps its average but is harder to read,
  // and two bidders do not mirror each other into one tie after another.
  let position = rank * (ships.length - 1);
  if (rng !== null) {
    const last = view.battles[view.battles.length - 1];
    const spread = last !== undefined && last.winner === null ? TIE_SPREAD : SPREAD;
    position += (rng.int(0, 999) / 1000 - 0.5) * spread;
  }
  const bid = ships[Math.min(ships.length - 1, Math.max(0, Math.round(position)))] ?? weakest;

  const others = opponentCards(view, seat);
  if (others === null) return bid;
  // The weakest ship above every card of theirs below the bid wins and loses against the same cards.
  const beaten = others.reduce((most, card) => (card < bid && card > most ? card : most), -Infinity);
  return ships.find((ship) => ship > beaten) ?? bid;
}

/** The bidding heuristic as an agent; its only chance, the blur of ranks, comes from `ctx.rng`. */
export function bidderAgent(): Agent<SkirmishView, SkirmishAction> {
  return {
    name: 'bidder',
    act(view, legal, ctx) {
      if (legal.length === 0) {
        throw new TabulaError('no_legal_action', 'The bidder was asked to act with no legal action');
      }
      const card = chooseBid(
        view,
        ctx.seat,
        legal.map((action) => action.card),
        ctx.rng,
      );
      return legal.find((action) => action.card === card) as SkirmishAction;
    },
  };
}

/** The sensible Stellar Skirmish agents, for the registry. */
export const skirmishAgents: AgentEntry[] = [
  {
    name: 'bidder',
    summary:
      "bids the ship whose rank in the hand matches the pot's among the prizes to come, " +
      'then the weakest ship that does as well against the cards the others still hold',
    create: () => bidderAgent() as Agent<unknown, unknown>,
  },
];
