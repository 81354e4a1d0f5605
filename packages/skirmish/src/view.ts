import type { Seat } from '@tabula/core';
import { checkSeat, noSuchSeat } from './errors.js';
import { leaders, scorePlanets, victoryPointsOf } from './rules.js';
import type { Battle, PlayerView, SkirmishPlanet, SkirmishState, SkirmishView } from './schemas.js';
import { faceDown } from './state.js';

const byId = (a: SkirmishPlanet, b: SkirmishPlanet) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * What one seat (or, with `null`, a spectator) may see of a game: the pot,
 * every seat's claimed planets, score, card count and whether it has played
 * this battle (not what), the planets still face down (sorted by id, not in
 * deck order), the battles so far, and the viewer's own hand, pending card and
 * legal cards. It never holds the deck order or another seat's pending card.
 * Lists are the view's own; planets are the state's, not to be changed.
 *
 * @throws InvalidMoveError `unknown_seat` for a seat that is not at the table.
 */
export function viewFor(state: SkirmishState, seat: Seat | null): SkirmishView {
  let hand: number[] | null = null;
  let ownPlay: number | null = null;
  if (seat !== null) {
    checkSeat(seat, state.hands.length);
    const held = state.hands[seat];
    if (held === undefined) throw noSuchSeat(seat, state.hands.length);
    hand = [...held];
    ownPlay = state.plays[seat] ?? null;
  }
  const over = state.endReason !== null;
  const players: PlayerView[] = state.hands.map((held, s) => {
    const claimed = state.claimed[s] ?? [];
    return {
      cardsInHand: held.length,
      hasPlayed: typeof state.plays[s] === 'number',
      claimedPlanets: [...claimed],
      score: scorePlanets(claimed),
    };
  });
  return {
    // A -0 given for seat 0 is written 0, so the view survives JSON.
    viewer: seat === 0 ? 0 : seat,
    playerCount: state.hands.length,
    pot: [...state.pot],
    potTotalVp: victoryPointsOf(state.pot),
    planetsLeftInDeck: state.deck.length - state.revealed,
    deck: faceDown(state).sort(byId),
    players,
    hand,
    ownPlay,
    legalCards: hand !== null && ownPlay === null && !over ? [...hand] : [],
    gameOver: over,
    endReason: state.endReason,
    winners: over ? leaders(state) : [],
    battles: state.battles.map(({ cards, winner, pot, claimed }) => ({
      cards: [...cards],
      winner,
      pot: [...pot],
      claimed: [...claimed],
    })),
  };
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function planetText(p: SkirmishPlanet): string {
  const name = p.name !== null && p.name !== p.id ? ` ${p.name}` : '';
  const abilities = p.abilities.length > 0 ? `, ${p.abilities.map((a) => a.type).join(', ')}` : '';
  return `${p.id}${name} (${p.victoryPoints} VP${abilities})`;
}

function battleText(battle: Battle): string {
  const cards = battle.cards.join(' vs ');
  if (battle.winner === null) return `${cards}: a tie, the stakes carry over`;
  const won = battle.claimed.length > 0 ? battle.claimed.join(', ') : 'nothing';
  return `${cards}: seat ${battle.winner} took ${won}`;
}

/** A view as terminal text: the pot, the scores, who has played, the viewer's hand and the last battle; seats by number, 0..n-1, as the contract and the `tabula` command name them. */
export function renderView(view: SkirmishView): string {
  const lines: string[] = [];
  const pot = view.pot.length > 0 ? view.pot.map(planetText).join(', ') : 'nothing';
  lines.push(`Pot: ${view.potTotalVp} VP at stake: ${pot}`);
  lines.push(`Deck: ${count(view.planetsLeftInDeck, 'planet')} face down`);
  view.players.forEach((player, seat) => {
    const you = seat === view.viewer ? ' (you)' : '';
    const status = view.gameOver ? '' : player.hasPlayed ? ', has played' : ', to play';
    lines.push(
      `Seat ${seat}${you}: ${player.score} VP, ${count(player.claimedPlanets.length, 'planet')}, ` +
        `${count(player.cardsInHand, 'ship')}${status}`,
    );
  });
  if (view.hand !== null) {
    const pending = view.ownPlay !== null ? ` (committed: ${view.ownPlay})` : '';
    lines.push(`Your hand: ${view.hand.length > 0 ? view.hand.join(' ') : 'empty'}${pending}`);
  }
  const last = view.battles.at(-1);
  if (last !== undefined) lines.push(`Last battle: ${battleText(last)}`);
  if (view.gameOver) {
    const who = view.winners.map((seat) => `seat ${seat}`).join(' and ');
    lines.push(
      `Game over (${view.endReason}): ${who} ${view.winners.length === 1 ? 'wins' : 'share the win'}`,
    );
  }
  return lines.join('\n');
}
