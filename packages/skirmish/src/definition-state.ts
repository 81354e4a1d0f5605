import { Type } from '@sinclair/typebox';
import { InvalidInputError, parseWith } from '@tabula/core';
import { GameState, type GameStateJSON } from './game-state.js';
import type { Planet, PlanetJSON } from './planet.js';
import { trustedPlanet } from './planet.js';
import { BattleSchema } from './schemas.js';

/** One resolved battle: public once every card is revealed. */
export interface BattleJSON {
  /** The card each player revealed, by seat (player id - 1). */
  readonly cards: readonly number[];
  /** The player id with the single highest card, or null when the highest cards tied. */
  readonly winner: number | null;
  /** The ids of the planets at stake. */
  readonly pot: readonly string[];
  /** The ids of the planets the winner claimed, abilities' pulls included; empty on a tie. */
  readonly claimed: readonly string[];
}

/**
 * The game definition's state: the PHP library's `toArray` shape (so
 * `GameState.fromJSON` reads it) plus `battles`, the public history of the
 * resolved battles, which the engine's own state does not keep.
 */
export interface SkirmishState extends GameStateJSON {
  readonly battles: readonly BattleJSON[];
}

/** The planets of a deck, built once per deck array: the deck never changes during a game. */
interface DeckEntry {
  /** The JSON objects the planets were built from, to notice a deck changed in place. */
  readonly sources: readonly PlanetJSON[];
  readonly planets: readonly Planet[];
  readonly byId: ReadonlyMap<string, Planet>;
  readonly jsonById: ReadonlyMap<string, PlanetJSON>;
}

const decks = new WeakMap<readonly PlanetJSON[], DeckEntry>();

function deckOf(json: readonly PlanetJSON[]): DeckEntry {
  const cached = decks.get(json);
  if (cached !== undefined && sameItems(cached.sources, json)) return cached;
  const planets = json.map(trustedPlanet);
  const byId = new Map<string, Planet>();
  const jsonById = new Map<string, PlanetJSON>();
  planets.forEach((planet, i) => {
    byId.set(planet.id, planet);
    jsonById.set(planet.id, json[i]);
  });
  const entry: DeckEntry = { sources: json.slice(), planets: Object.freeze(planets), byId, jsonById };
  decks.set(json, entry);
  return entry;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The engine's state for a definition state, without the checks of
 * `GameState.fromJSON`: definition states come from `setup` and `apply`
 * (untrusted ones go through `parseSkirmishState` first). Pot and claimed
 * planets are the deck's own planets, found by id.
 */
export function toEngineState(state: SkirmishState): GameState {
  const deck = deckOf(state.planet_deck);
  const find = (p: PlanetJSON) => deck.byId.get(p.id) ?? trustedPlanet(p);
  const n = state.player_count;
  const hands: (readonly number[])[] = new Array(n);
  const claimed: (readonly Planet[])[] = new Array(n);
  const plays: (number | null)[] = new Array(n);
  for (let seat = 0; seat < n; seat++) {
    const key = String(seat + 1);
    hands[seat] = state.hands[key];
    claimed[seat] = state.claimed_planets[key].map(find);
    plays[seat] = state.current_plays[key];
  }
  return new GameState({
    playerCount: n,
    hands,
    planetDeck: deck.planets,
    currentPlanetIndex: state.current_planet_index,
    planetPot: state.planet_pot.map(find),
    claimedPlanets: claimed,
    currentPlays: plays,
    gameOver: state.game_over,
    endReason: state.end_reason,
  });
}

/** A fresh definition state for an engine state (no battles fought yet, or the given ones). */
export function fromEngineState(game: GameState, battles: readonly BattleJSON[] = []): SkirmishState {
  return { ...game.toJSON(), battles };
}

/**
 * The definition state after a play: `next` is the engine's answer to
 * `before` (which `toEngineState(prev)` made). What did not change is shared
 * with `prev` (states are never changed in place), planets are the deck's
 * own JSON objects, and a battle that resolved joins the history.
 */
export function advance(
  prev: SkirmishState,
  before: GameState,
  next: GameState,
  seat: number,
  card: number,
): SkirmishState {
  const deck = deckOf(prev.planet_deck);
  const json = (p: Planet) => deck.jsonById.get(p.id) ?? p.toJSON();
  const n = next.playerCount;
  const hands: Record<string, readonly number[]> = {};
  const claimed: Record<string, readonly PlanetJSON[]> = {};
  const plays: Record<string, number | null> = {};
  for (let s = 0; s < n; s++) {
    const key = String(s + 1);
    hands[key] = next.hands[s];
    claimed[key] =
      next.claimedPlanets[s] === before.claimedPlanets[s]
        ? prev.claimed_planets[key]
        : next.claimedPlanets[s].map(json);
    plays[key] = next.currentPlays[s];
  }
  // After a play, no pending card means that play was the last of the battle.
  const battles = next.currentPlays.every((c) => c === null)
    ? prev.battles.concat(battleOf(before, next, seat, card))
    : prev.battles;
  return {
    player_count: n,
    hands,
    planet_deck: prev.planet_deck,
    current_planet_index: next.currentPlanetIndex,
    planet_pot: next.planetPot === before.planetPot ? prev.planet_pot : next.planetPot.map(json),
    claimed_planets: claimed,
    current_plays: plays,
    game_over: next.gameOver,
    end_reason: next.endReason,
    battles,
  };
}

/** The public record of the battle that `seat`'s `card`, the last one, turned from `before` into `next`. */
function battleOf(before: GameState, next: GameState, seat: number, card: number): BattleJSON {
  const cards = before.currentPlays.map((c, s) => (s === seat ? card : (c as number)));
  let winner: number | null = null;
  let best = Number.NEGATIVE_INFINITY;
  let tied = false;
  cards.forEach((c, s) => {
    if (c > best) {
      best = c;
      winner = s + 1;
      tied = false;
    } else if (c === best) {
      tied = true;
    }
  });
  if (tied) winner = null;
  const claimed =
    winner === null ? [] : next.claimedPlanets[winner - 1].slice(before.claimedPlanets[winner - 1].length);
  return {
    cards,
    winner,
    pot: before.planetPot.map((p) => p.id),
    claimed: claimed.map((p) => p.id),
  };
}

const HistorySchema = Type.Object({ battles: Type.Array(BattleSchema) });

/**
 * A definition state from untrusted JSON: everything `GameState.fromJSON`
 * reads (so a state the PHP library saved loads too, settled the same way,
 * such as revealing the next planet into an empty pot), plus an optional
 * `battles` history, checked for its shape and player count. Throws
 * `InvalidInputError` (code `invalid_state`) with the path of the first problem.
 */
export function parseSkirmishState(value: unknown): SkirmishState {
  const game = GameState.fromJSON(value);
  const given = (value as { battles?: unknown }).battles;
  const { battles } = parseWith(
    HistorySchema,
    { battles: given ?? [] },
    'The battle history',
    'invalid_state',
  );
  battles.forEach((battle, i) => {
    const path = `$.battles[${i}]`;
    if (battle.cards.length !== game.playerCount) {
      throw new InvalidInputError(
        'invalid_state',
        `${path}.cards`,
        `a battle has one card per player (${game.playerCount}), got ${battle.cards.length}`,
      );
    }
    if (battle.winner !== null && battle.winner > game.playerCount) {
      throw new InvalidInputError('invalid_state', `${path}.winner`, `there is no player ${battle.winner}`);
    }
  });
  return fromEngineState(game, battles);
}
