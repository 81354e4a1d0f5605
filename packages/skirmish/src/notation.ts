import { IllegalActionError } from '@tabula/core';
import type { BattleJSON } from './definition-state.js';
import type { PlanetJSON } from './planet.js';
import type { SkirmishView } from './view.js';

/** The one action of the game: commit a ship (by its strength) to the current battle. */
export interface SkirmishAction {
  readonly type: 'play';
  readonly card: number;
}

/** A person's mistake in typing a play. `code` is `bad_notation`, `card_not_held` or `cannot_play`. */
export class NotationError extends IllegalActionError {}

/** An action in the game's notation: `play 7`. */
export function describeAction(action: SkirmishAction): string {
  return `play ${action.card}`;
}

/**
 * A typed play, `7` or `play 7` (any case, any spacing), matched against
 * the legal actions.
 *
 * @throws NotationError `bad_notation` for anything else, `card_not_held`
 *   for a card not in the hand, `cannot_play` when the seat has nothing to play.
 */
export function parsePlay(text: string, legal: readonly SkirmishAction[]): SkirmishAction {
  const match = /^\s*(?:play\s+)?(-?\d+)\s*$/i.exec(text);
  if (match === null) {
    throw new NotationError(
      'bad_notation',
      `"${text.trim()}" is not a play: type the ship to send, such as "play 7" or "7"`,
    );
  }
  const card = Number(match[1]);
  const action = legal.find((a) => a.card === card);
  if (action !== undefined) return action;
  if (legal.length === 0) {
    throw new NotationError(
      'cannot_play',
      'You have no ship to play now (already played, or the game is over)',
    );
  }
  throw new NotationError(
    'card_not_held',
    `You do not hold ship ${card}; you can play ${legal.map((a) => a.card).join(', ')}`,
  );
}

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

function planetText(p: PlanetJSON): string {
  const name = p.name !== null && p.name !== p.id ? ` ${p.name}` : '';
  const abilities = p.abilities.length > 0 ? `, ${p.abilities.map((a) => a.type).join(', ')}` : '';
  return `${p.id}${name} (${p.victory_points} VP${abilities})`;
}

function battleText(battle: BattleJSON): string {
  const cards = battle.cards.join(' vs ');
  if (battle.winner === null) return `${cards}: a tie, the stakes carry over`;
  const won = battle.claimed.length > 0 ? battle.claimed.join(', ') : 'nothing';
  return `${cards}: player ${battle.winner} took ${won}`;
}

/** What `render` draws: `viewFor`'s view, with the battle history when the view has it. */
export type RenderableView = SkirmishView & { readonly battles?: readonly BattleJSON[] };

/** A view as terminal text: the pot, the scores, who has played, the viewer's hand and the last battle. */
export function renderView(view: RenderableView): string {
  const lines: string[] = [];
  const pot = view.pot.length > 0 ? view.pot.map(planetText).join(', ') : 'nothing';
  lines.push(`Pot: ${view.potTotalVp} VP at stake: ${pot}`);
  lines.push(`Deck: ${count(view.planetsLeftInDeck, 'planet')} face down`);
  for (const player of view.players) {
    const you = player.id === view.viewer ? ' (you)' : '';
    const status = view.gameOver ? '' : player.hasPlayed ? ', has played' : ', to play';
    lines.push(
      `Player ${player.id}${you}: ${player.score} VP, ${count(player.claimedPlanets.length, 'planet')}, ` +
        `${count(player.cardsInHand, 'ship')}${status}`,
    );
  }
  if (view.hand !== null) {
    const pending = view.ownPlay !== null ? ` (committed: ${view.ownPlay})` : '';
    lines.push(`Your hand: ${view.hand.length > 0 ? view.hand.join(' ') : 'empty'}${pending}`);
  }
  const last = view.battles?.[view.battles.length - 1];
  if (last !== undefined) lines.push(`Last battle: ${battleText(last)}`);
  if (view.gameOver) {
    const who = view.winners.map((id) => `player ${id}`).join(' and ');
    lines.push(
      `Game over (${view.endReason}): ${who} ${view.winners.length === 1 ? 'wins' : 'share the win'}`,
    );
  }
  return lines.join('\n');
}
