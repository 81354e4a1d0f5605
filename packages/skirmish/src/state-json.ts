import { GameEndReason, isGameEndReason } from './enums.js';
import type { GameStateData } from './game-state.js';
import { child, describe, isPlainObject, Reader } from './json.js';
import { Planet } from './planet.js';
import { exhaustedReason } from './rules.js';

const CODE = 'invalid_state';

/**
 * Keys later PHP versions write for features this version does not have.
 * They load only when they carry nothing, so no rule is silently dropped.
 */
const LATER_FEATURES = ['corporations', 'mercenaries', 'current_merc_plays'] as const;

/**
 * Checks a saved state and turns it into state data. Two situations the PHP
 * library saves are settled on the way in: a pot left empty between battles
 * gets the next planet revealed (this engine reveals before choices), and a
 * game where someone must play but holds no cards ends at once as
 * `player_out_of_cards_early`.
 */
export function parseGameState(value: unknown): GameStateData {
  const r: Reader = new Reader(CODE);
  const o = r.object(value, '$');

  const playerCount = r.integer(o.player_count, '$.player_count');
  if (playerCount < 2) r.fail('$.player_count', `at least 2 players are needed, got ${playerCount}`);

  const hands = perPlayer(r, o.hands, '$.hands', playerCount, (v, path) =>
    Object.freeze(r.array(v, path).map((card, i) => r.integer(card, child(path, i)))),
  );

  const deck = planetList(r, o.planet_deck, '$.planet_deck');
  const deckIndex = new Map<string, number>();
  deck.forEach((planet, i) => {
    if (deckIndex.has(planet.id)) {
      r.fail(child(child('$.planet_deck', i), 'id'), `planet id ${JSON.stringify(planet.id)} appears twice`);
    }
    deckIndex.set(planet.id, i);
  });

  let index = r.integer(o.current_planet_index, '$.current_planet_index');
  if (index < 0 || index > deck.length) {
    r.fail('$.current_planet_index', `must be between 0 and ${deck.length} (the deck size), got ${index}`);
  }

  let pot = planetList(r, o.planet_pot, '$.planet_pot');
  const claimed = perPlayer(r, o.claimed_planets, '$.claimed_planets', playerCount, (v, path) =>
    planetList(r, v, path),
  );
  const plays = perPlayer(r, o.current_plays, '$.current_plays', playerCount, (v, path) =>
    v === null ? null : r.integer(v, path),
  );

  let gameOver = r.boolean(o.game_over, '$.game_over');
  let endReason: GameEndReason | null = null;
  if (o.end_reason !== null && o.end_reason !== undefined) {
    if (!isGameEndReason(o.end_reason)) {
      r.fail('$.end_reason', `unknown end reason ${describe(o.end_reason)}`);
    }
    endReason = o.end_reason;
  }
  if (gameOver && endReason === null) r.fail('$.end_reason', 'a finished game needs an end reason');
  if (!gameOver && endReason !== null) r.fail('$.end_reason', 'a game still under way has no end reason');

  for (const key of LATER_FEATURES) {
    if (key in o && !carriesNothing(o[key])) {
      r.fail(child('$', key), `${key} belong to a later version of the game and are not supported`);
    }
  }

  // Every planet outside the deck came out of it, and only once (PHP may
  // have discarded some, so not all need to be found).
  const seen = new Set<string>();
  const place = (planet: Planet, path: string) => {
    const at = deckIndex.get(planet.id);
    if (at === undefined) r.fail(path, `planet ${JSON.stringify(planet.id)} is not in the deck`);
    if (at >= index) r.fail(path, `planet ${JSON.stringify(planet.id)} has not been revealed yet`);
    if (seen.has(planet.id)) r.fail(path, `planet ${JSON.stringify(planet.id)} is in two places`);
    seen.add(planet.id);
  };
  for (let i = 0; i < pot.length; i++) place(pot[i], child('$.planet_pot', i));
  for (let seat = 0; seat < playerCount; seat++) {
    const list = claimed[seat];
    const path = child('$.claimed_planets', String(seat + 1));
    for (let i = 0; i < list.length; i++) place(list[i], child(path, i));
  }

  if (!gameOver) {
    const pending = plays.some((p) => p !== null);
    if (pending && pot.length === 0 && index < deck.length) {
      r.fail('$.planet_pot', 'the pot is empty during a battle while the deck still has planets');
    }
    if (!pending && hands.every((h) => h.length === 0)) {
      gameOver = true;
      endReason = exhaustedReason(deck.length, index, pot.length);
    } else if (hands.some((h, seat) => h.length === 0 && plays[seat] === null)) {
      gameOver = true;
      endReason = GameEndReason.PlayerOutOfCardsEarly;
    } else if (pot.length === 0 && index < deck.length) {
      pot = Object.freeze([deck[index]]);
      index++;
    }
  }

  return {
    playerCount,
    hands: Object.freeze(hands),
    planetDeck: deck,
    currentPlanetIndex: index,
    planetPot: pot,
    claimedPlanets: Object.freeze(claimed),
    currentPlays: Object.freeze(plays),
    gameOver,
    endReason,
  };
}

function planetList(r: Reader, value: unknown, path: string): readonly Planet[] {
  return Object.freeze(r.array(value, path).map((p, i) => Planet.fromJSON(p, child(path, i), CODE)));
}

/** A map keyed "1".."n" (one entry per player, nothing else) read into a list by seat. */
function perPlayer<T>(
  r: Reader,
  value: unknown,
  path: string,
  playerCount: number,
  read: (v: unknown, path: string) => T,
): T[] {
  const o = r.object(value, path);
  const out: T[] = new Array(playerCount);
  const found: boolean[] = new Array(playerCount).fill(false);
  for (const key of Object.keys(o)) {
    const id = /^[1-9][0-9]*$/.test(key) ? Number(key) : Number.NaN;
    if (!(id >= 1 && id <= playerCount)) {
      r.fail(
        child(path, key),
        `there is no player ${JSON.stringify(key)}; player ids are 1 to ${playerCount}`,
      );
    }
    out[id - 1] = read(o[key], child(path, key));
    found[id - 1] = true;
  }
  const missing = found.indexOf(false);
  if (missing >= 0) r.fail(child(path, String(missing + 1)), `player ${missing + 1} is missing`);
  return out;
}

function carriesNothing(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.every(carriesNothing);
  if (isPlainObject(value)) return Object.values(value).every(carriesNothing);
  return false;
}
