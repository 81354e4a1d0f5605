import { InvalidInputError } from '@tabula/core';
import type { SkirmishPlanet, SkirmishState, SkirmishView } from '../schemas.js';
import type { SolverPosition } from './solve.js';

function vp(planets: readonly SkirmishPlanet[]): number {
  let total = 0;
  for (const planet of planets) total += planet.victoryPoints;
  return total;
}

/** Whether the solver's model fits: two seats and planets without abilities (so only their VP count). */
function checkModel(players: number, planets: readonly SkirmishPlanet[], path: string): void {
  if (players !== 2) {
    throw new InvalidInputError('invalid_input', `${path}`, `the solver plays two seats, not ${players}`);
  }
  const special = planets.find((planet) => planet.abilities.length > 0);
  if (special !== undefined) {
    throw new InvalidInputError(
      'invalid_input',
      path,
      `planet ${JSON.stringify(special.id)} has an ability; the solver knows planets by their VP only`,
    );
  }
}

/**
 * The solver's position of a two-player state, at the start of its battle: a
 * card committed to the battle goes back to its hand (the battle is one
 * simultaneous choice). It reads which planets are face down but never their
 * order.
 */
export function positionOf(state: SkirmishState): SolverPosition {
  const faceDown = state.deck.slice(state.revealed);
  checkModel(state.hands.length, [...state.deck], '$');
  const hand = (seat: number) => {
    const cards = [...(state.hands[seat] ?? [])];
    const play = state.plays[seat];
    if (play !== null && play !== undefined) cards.push(play);
    return cards.sort((a, b) => a - b);
  };
  const [first = [], second = []] = state.claimed;
  return {
    hands: [hand(0), hand(1)],
    deck: faceDown.map((p) => p.victoryPoints).sort((a, b) => a - b),
    pot: vp(state.pot),
    lead: vp(first) - vp(second),
  };
}

/**
 * The position as the viewer sees it, the viewer as seat 0, given what the
 * opponent still holds (public: the fleets are the same and played ships
 * are shown; see `opponentCards` of the agents). A card the viewer has
 * committed to this battle goes back to the hand.
 */
export function positionFromView(view: SkirmishView, opponentHand: readonly number[]): SolverPosition {
  checkModel(
    view.playerCount,
    [...view.pot, ...view.deck, ...view.players.flatMap((p) => p.claimedPlanets)],
    '$',
  );
  const seat = view.viewer;
  if (seat === null) throw new InvalidInputError('invalid_input', '$.viewer', 'a spectator holds no hand');
  const mine = [...(view.hand ?? [])];
  if (view.ownPlay !== null) mine.push(view.ownPlay);
  const me = view.players[seat];
  const them = view.players[1 - seat];
  return {
    hands: [mine.sort((a, b) => a - b), [...opponentHand].sort((a, b) => a - b)],
    deck: view.deck.map((p) => p.victoryPoints).sort((a, b) => a - b),
    pot: vp(view.pot),
    lead: (me?.score ?? 0) - (them?.score ?? 0),
  };
}
