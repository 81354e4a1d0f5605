import {
  type GameDefinition,
  IllegalActionError,
  InvalidInputError,
  type Outcome,
  parseWith,
  type Seat,
} from '@tabula/core';
import {
  advance,
  type BattleJSON,
  fromEngineState,
  type SkirmishState,
  toEngineState,
} from './definition-state.js';
import { GameEngine } from './engine.js';
import type { PlanetClass } from './enums.js';
import { GameConfig } from './game-config.js';
import { describeAction, parsePlay, renderView, type SkirmishAction } from './notation.js';
import { Planet, type PlanetAbilityJSON, type PlanetJSON } from './planet.js';
import { ActionSchema, ConfigSchema, StateSchema, ViewSchema } from './schemas.js';
import { type SkirmishView, viewFor } from './view.js';

/** A planet in a config: as saved, but `name`, `class` and `abilities` may be left out. */
export interface PlanetInput {
  readonly id: string;
  readonly victory_points: number;
  readonly name?: string | null;
  readonly class?: PlanetClass | null;
  readonly abilities?: readonly PlanetAbilityJSON[];
}

/**
 * A game's setup as plain JSON. Seat s is player id s + 1. Left-out fields
 * take the standard game's: ships 1..15, `Planet.defaultDeck()`, shuffled.
 */
export interface SkirmishConfig {
  readonly players: number;
  /** The ships every player starts with. */
  readonly fleet?: readonly number[];
  /** The deck, top first (before the shuffle). */
  readonly planets?: readonly PlanetInput[];
  /** Shuffle the deck at setup (default true); false keeps the given order. */
  readonly shuffle?: boolean;
}

/**
 * What a seat (or a spectator) sees: `viewFor`'s view, plus the planets still
 * face down (sorted by id: which ones is public, their order is not) and the
 * battles fought so far with every revealed card.
 */
export interface SkirmishGameView extends SkirmishView {
  readonly deck: readonly PlanetJSON[];
  readonly battles: readonly BattleJSON[];
}

const engine = new GameEngine();

/** Config fields as `GameConfig` names them, and as the definition's config does. */
const CONFIG_PATHS: readonly [string, string][] = [
  ['config.playerCount', '$.players'],
  ['config.fleetValues', '$.fleet'],
  ['config.planets', '$.planets'],
];

/**
 * A checked `GameConfig` for a definition config: the schema first, then the
 * engine's own rules (such as unique planet ids), reported with the
 * definition config's paths.
 *
 * @throws InvalidInputError `invalid_config`.
 */
export function gameConfigOf(config: unknown, seed: number | null): GameConfig {
  const c = parseWith(ConfigSchema, config, 'The skirmish config', 'invalid_config');
  const planets = c.planets?.map((p, i) => Planet.fromJSON(p, `$.planets[${i}]`, 'invalid_config'));
  try {
    return new GameConfig({
      playerCount: c.players,
      ...(planets === undefined ? {} : { planets }),
      ...(c.fleet === undefined ? {} : { fleetValues: c.fleet }),
      seed: c.shuffle === false ? null : seed,
    });
  } catch (error) {
    if (!(error instanceof InvalidInputError)) throw error;
    const message = error.message.slice(error.path.length + 2);
    let path = error.path;
    for (const [from, to] of CONFIG_PATHS) if (path.startsWith(from)) path = to + path.slice(from.length);
    throw new InvalidInputError(error.code, path, message);
  }
}

function checkSeat(state: SkirmishState, seat: Seat): void {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.player_count) {
    throw new IllegalActionError(
      'unknown_seat',
      `There is no seat ${String(seat)}; seats are 0 to ${state.player_count - 1}`,
    );
  }
}

/** The card of a `{ type: 'play', card }` action, or an `invalid_action` error. */
function cardOf(action: unknown): number {
  if (typeof action === 'object' && action !== null && !Array.isArray(action)) {
    const { type, card } = action as { type?: unknown; card?: unknown };
    if (type === 'play' && Number.isSafeInteger(card) && Object.keys(action).length === 2)
      return card as number;
  }
  let shown: string;
  try {
    shown = JSON.stringify(action) ?? String(action);
  } catch {
    shown = String(action);
  }
  throw new IllegalActionError(
    'invalid_action',
    `An action is { "type": "play", "card": <a ship strength> }, got ${shown}`,
  );
}

const byId = (a: PlanetJSON, b: PlanetJSON) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Stellar Skirmish under the shared contract. Battles are simultaneous:
 * every seat that has not played yet is to act, each submits one card, and
 * nothing about a submitted card shows until the last one is in and the
 * battle resolves. States are the PHP `toArray` shape plus `battles`, the
 * public history of resolved battles.
 */
export const skirmishGame: GameDefinition<SkirmishState, SkirmishAction, SkirmishConfig, SkirmishGameView> = {
  id: 'skirmish',
  version: '1',

  seatCount(config) {
    return parseWith(ConfigSchema, config, 'The skirmish config', 'invalid_config').players;
  },

  defaultConfig(seats = 2) {
    if (!Number.isSafeInteger(seats) || seats < 2) {
      throw new InvalidInputError(
        'invalid_config',
        '$.players',
        `at least 2 players are needed, got ${seats}`,
      );
    }
    return { players: seats };
  },

  setup(config, rng) {
    // The PHP library's seeded shuffle, with a seed drawn from the game's stream.
    const seed = rng.int(0, 0xffffffff);
    return fromEngineState(engine.startNewGame(gameConfigOf(config, seed)));
  },

  toAct(state) {
    if (state.game_over) return [];
    const seats: Seat[] = [];
    for (let seat = 0; seat < state.player_count; seat++) {
      if (state.current_plays[String(seat + 1)] === null) seats.push(seat);
    }
    return seats;
  },

  legalActions(state, seat) {
    if (state.game_over || !Number.isInteger(seat) || seat < 0 || seat >= state.player_count) return [];
    const key = String(seat + 1);
    if (state.current_plays[key] !== null) return [];
    // Equal ships are one choice.
    const cards = [...new Set(state.hands[key])].sort((a, b) => a - b);
    return cards.map((card) => ({ type: 'play', card }));
  },

  apply(state, seat, action) {
    const card = cardOf(action);
    checkSeat(state, seat);
    const before = toEngineState(state);
    const next = engine.playCard(before, seat + 1, card);
    return advance(state, before, next, seat, card);
  },

  view(state, seat) {
    if (seat !== null) checkSeat(state, seat);
    const game = toEngineState(state);
    const deck = game.planetDeck
      .slice(game.currentPlanetIndex)
      .map((p) => p.toJSON())
      .sort(byId);
    const battles = state.battles.map((b) => ({
      cards: b.cards.slice(),
      winner: b.winner,
      pot: b.pot.slice(),
      claimed: b.claimed.slice(),
    }));
    return { ...viewFor(game, seat === null ? null : seat + 1), deck, battles };
  },

  outcome(state): Outcome | null {
    if (!state.game_over) return null;
    const game = toEngineState(state);
    const vp = game.scores();
    return {
      scores: Array.from({ length: game.playerCount }, (_, seat) => vp[seat + 1]),
      winners: game.winners().map((id) => id - 1),
      reason: state.end_reason ?? 'normal',
    };
  },

  schemas: { config: ConfigSchema, action: ActionSchema, state: StateSchema, view: ViewSchema },

  describe(action) {
    return describeAction(action);
  },

  render(view) {
    return renderView(view);
  },

  parseAction(text, _view, legal) {
    return parsePlay(text, legal);
  },
};
