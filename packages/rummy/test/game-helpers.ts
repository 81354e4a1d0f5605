import { Game } from '../src/game.js';
import { Meld } from '../src/meld.js';
import { Player } from '../src/player.js';
import { createDeck, type Rules } from '../src/rules.js';

/** The given cards first, then the rest of the rules' deck in its order. */
export function deckFrom(top: string, rules: Rules): string[] {
  const first = top.split(',');
  return [...first, ...createDeck(rules).filter((c) => !first.includes(c))];
}

/** A layout written as a table string, as melds. */
export function melds(layout: string): Meld[] {
  return layout === '' ? [] : layout.split(';').map((m) => Meld.fromString(m));
}

/** What `fn` throws; fails when it throws nothing. */
/** A game with these players joined, dealt from `deck` when given. */
export function setUp(rules: Rules, names: string[], deck?: string) {
  const game = new Game(rules);
  const players = names.map((n) => new Player(n));
  for (const p of players) game.join(p);
  if (deck !== undefined) game.deal(deck.split(','));
  return { game, players };
}
