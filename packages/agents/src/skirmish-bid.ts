import { type Agent, type Rng, TabulaError } from '@tabula/core';
import type { SkirmishAction, SkirmishPlanet, SkirmishView } from '@tabula/skirmish';

/**
 * The bidder: a GOPS-style heuristic for Stellar Skirmish, and the model of
 * it that the `optimal` agent keeps of an opponent. Both go through
 * `bidAmong`, so the model predicts exactly what the bidder would play.
 */

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
/** The blur is drawn as one of this many evenly spaced steps. */
const BLUR_STEPS = 1000;

/** The blur of a draw in `[0, BLUR_STEPS)`, in ships: centred on zero, wider right after a tie. */
export function blurOf(draw: number, afterTie: boolean): number {
  return (draw / BLUR_STEPS - 0.5) * (afterTie ? TIE_SPREAD : SPREAD);
}

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

/** What a bidder weighs: its ships (ascending), the pot's worth, the prizes to come, the others' cards. */
export interface BidSituation {
  /** The bidder's ships, ascending, at least one. */
  readonly ships: readonly number[];
  /** What the pot is worth (see `worth`). */
  readonly pot: number;
  /** What each planet still face down is worth. */
  readonly prizes: readonly number[];
  /** Every card the others may still hold, or null when unknown. */
  readonly others: readonly number[] | null;
}

/** Where the pot's worth ranks among the prizes to come, as a place in the hand (0 = the weakest ship). */
function rankPosition({ ships, pot, prizes }: BidSituation): number {
  // Nothing for the battles the deck cannot fill.
  const count = Math.max(prizes.length, ships.length - 1);
  const empty = count - prizes.length;
  let below = pot > 0 ? empty : 0;
  let equal = pot === 0 ? empty : 0;
  for (const prize of prizes) {
    if (prize < pot) below++;
    else if (prize === pot) equal++;
  }
  const rank = count === 0 ? 1 : (below + equal / 2) / count;
  return rank * (ships.length - 1);
}

/**
 * The ship at place `position` (rounded, kept in the hand), then, knowing
 * what the others may still hold, the weakest ship that wins and loses
 * against exactly the same cards: the strength saved is free for later.
 */
function shipAt({ ships, others }: BidSituation, position: number): number {
  const bid = ships[Math.min(ships.length - 1, Math.max(0, Math.round(position)))] as number;
  if (others === null) return bid;
  // The weakest ship above every card of theirs below the bid wins and loses against the same cards.
  const beaten = others.reduce((most, card) => (card < bid && card > most ? card : most), -Infinity);
  return ships.find((ship) => ship > beaten) ?? bid;
}

/**
 * The bidder's ship, GOPS fashion: rank the pot's worth among the prizes
 * still to come and play the ship of the same rank in the hand, the rank
 * moved by `blur` ships (`blurOf`; 0 for the nearest rank), then step down
 * to the weakest ship that does as well against the others' cards.
 */
export function bidAmong(situation: BidSituation, blur = 0): number {
  if (situation.ships.length === 0) {
    throw new TabulaError('no_legal_action', 'The bidder has no ship to play');
  }
  return shipAt(situation, rankPosition(situation) + blur);
}

/**
 * Every ship the bidder may play in a situation with its chance, over the
 * blur's evenly spaced draws (exact, not sampled).
 */
export function bidChances(situation: BidSituation, afterTie: boolean): Map<number, number> {
  const position = rankPosition(situation);
  const places = new Map<number, number>();
  for (let draw = 0; draw < BLUR_STEPS; draw++) {
    const place = Math.round(position + blurOf(draw, afterTie));
    places.set(place, (places.get(place) ?? 0) + 1);
  }
  const chances = new Map<number, number>();
  for (const [place, count] of places) {
    const ship = shipAt(situation, place);
    chances.set(ship, (chances.get(ship) ?? 0) + count / BLUR_STEPS);
  }
  return chances;
}

/** The worth of the pot and of each face-down planet, as the bidder sees them. */
function worths(pot: readonly SkirmishPlanet[], deck: readonly SkirmishPlanet[]): [number, number[]] {
  let total = 0;
  for (const planet of deck) total += planet.victoryPoints;
  const averageVp = deck.length > 0 ? total / deck.length : 0;
  let inPot = 0;
  for (const planet of pot) inPot += worth(planet, averageVp);
  return [inPot, deck.map((planet) => worth(planet, averageVp))];
}

/** Whether the battle before the current one (of `battles` fought) was a tie. */
function tiedLast(view: SkirmishView, battles = view.battles.length): boolean {
  const last = view.battles[battles - 1];
  return last !== undefined && last.winner === null;
}

/**
 * The ship to bid (`bidAmong`) for `seat` holding `hand`. With a generator
 * the rank is blurred by up to half a ship (a ship and a half right after a
 * tie): the bid keeps its average but is harder to read, and two bidders do
 * not mirror each other into one tie after another. Without one the bid is
 * the nearest rank's. A battle over an empty pot (the deck has run out)
 * wins nothing: the weakest ship.
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
  if (view.pot.length === 0) return weakest;
  const [pot, prizes] = worths(view.pot, view.deck);
  const blur = rng === null ? 0 : blurOf(rng.int(0, BLUR_STEPS - 1), tiedLast(view));
  return bidAmong({ ships, pot, prizes, others: opponentCards(view, seat) }, blur);
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

/**
 * What a bidder in seat `other` may play in battle `battle` of a two-player
 * game (the current one when `battle` is the number fought), as seen from
 * `view`: its hand then, the viewer's hand then as the cards it may face,
 * the pot and the planets face down then, rebuilt from the history (every
 * planet revealed since lies in a later battle's pot or the current pot).
 * Null when the history does not add up.
 */
export function bidderModelAt(view: SkirmishView, other: number, battle: number): Map<number, number> | null {
  const seat = 1 - other;
  if (view.playerCount !== 2 || view.viewer !== seat) return null;
  const theirs = opponentCards(view, seat);
  if (theirs === null) return null;
  const mine = [...(view.hand ?? [])];
  if (view.ownPlay !== null) mine.push(view.ownPlay);
  // Their hand and mine at the start of `battle`: what is held now plus what was revealed since.
  for (const past of view.battles.slice(battle)) {
    const [a, b] = [past.cards[seat], past.cards[other]];
    if (a === undefined || b === undefined) return null;
    mine.push(a);
    theirs.push(b);
  }
  const ships = theirs.sort((a, b) => a - b);
  if (ships.length === 0) return null;
  const byId = new Map<string, SkirmishPlanet>();
  for (const planet of [...view.deck, ...view.pot, ...view.players.flatMap((p) => p.claimedPlanets)]) {
    byId.set(planet.id, planet);
  }
  const planets = (ids: readonly string[]) => ids.map((id) => byId.get(id));
  const current = view.battles[battle];
  const potThen = current === undefined ? view.pot : planets(current.pot);
  const later = new Set([
    ...view.battles.slice(battle + 1).flatMap((b) => b.pot),
    ...(current === undefined ? [] : view.pot.map((p) => p.id)),
  ]);
  for (const planet of potThen) if (planet !== undefined) later.delete(planet.id);
  const deckThen = [...view.deck, ...planets([...later])];
  if (potThen.includes(undefined) || deckThen.includes(undefined)) return null;
  const pot = potThen as SkirmishPlanet[];
  if (pot.length === 0) return new Map([[ships[0] as number, 1]]);
  const [potWorth, prizes] = worths(pot, deckThen as SkirmishPlanet[]);
  return bidChances({ ships, pot: potWorth, prizes, others: mine }, tiedLast(view, battle));
}

/**
 * Whether the opponent (`other`) has played like a bidder: at least half of
 * its revealed cards are ones the bidder could have played then (with no
 * battle fought yet, it is given the benefit of the doubt).
 */
export function bidderFit(view: SkirmishView, other: number): boolean {
  let hits = 0;
  for (const [battle, fought] of view.battles.entries()) {
    const card = fought.cards[other];
    const model = bidderModelAt(view, other, battle);
    if (card !== undefined && (model?.get(card) ?? 0) > 0) hits++;
  }
  return 2 * hits >= view.battles.length;
}
