import {
  checkAction,
  type GameDefinition,
  InvalidInputError,
  type Outcome,
  parseWith,
  type Seat,
  shown,
} from '@tabula/core';
import { phpShuffle } from './mt19937.js';
import { describeAction, parseAction } from './notation.js';
import { defaultDeck, jsonCopy, leaders, newGame, playCard, scores, standardFleet, zeroed } from './rules.js';
import {
  ActionSchema,
  ConfigSchema,
  MAX_PLAYERS,
  type PlanetInput,
  type SkirmishAction,
  type SkirmishConfig,
  type SkirmishPlanet,
  type SkirmishState,
  type SkirmishView,
  StateSchema,
  ViewSchema,
} from './schemas.js';
import { checkUniqueIds, fromJSON } from './state.js';
import { renderView, viewFor } from './view.js';

function readConfig(config: unknown): SkirmishConfig {
  return parseWith(ConfigSchema, config, 'The skirmish config', 'invalid_config');
}

/** A config's planet with the left-out fields filled in (a copy as JSON gives it back: the state owns its planets). */
function planetOf({
  id,
  victoryPoints,
  name = null,
  planetClass = null,
  abilities = [],
}: PlanetInput): SkirmishPlanet {
  return { id, victoryPoints: zeroed(victoryPoints), name, planetClass, abilities: jsonCopy(abilities) };
}

/**
 * Stellar Skirmish under the shared contract. Battles are simultaneous:
 * every seat that has not played yet is to act, each submits one card, and
 * nothing about a submitted card shows until the last one is in and the
 * battle resolves and joins the public history.
 */
export const skirmishGame: GameDefinition<SkirmishState, SkirmishAction, SkirmishConfig, SkirmishView> = {
  id: 'skirmish',
  version: '1',

  seatCount(config) {
    return readConfig(config).players;
  },

  defaultConfig(seats = 2) {
    if (!Number.isSafeInteger(seats) || seats < 2 || seats > MAX_PLAYERS) {
      throw new InvalidInputError(
        'invalid_config',
        '$.players',
        `2 to ${MAX_PLAYERS} players are needed, got ${shown(seats)}`,
      );
    }
    return { players: seats };
  },

  setup(config, rng) {
    const { players, fleet = standardFleet(), planets, shuffle = true } = readConfig(config);
    const deck = planets === undefined ? defaultDeck() : planets.map(planetOf);
    checkUniqueIds(deck, '$.planets', 'invalid_config');
    // The PHP library's seeded shuffle, with a seed drawn from the game's stream.
    const seed = rng.int(0, 0xffffffff);
    return newGame(players, fleet, shuffle ? phpShuffle(deck, seed) : deck);
  },

  toAct(state) {
    if (state.endReason !== null) return [];
    const seats: Seat[] = [];
    state.plays.forEach((card, seat) => {
      if (card === null) seats.push(seat);
    });
    return seats;
  },

  legalActions(state, seat) {
    // A seat that is no integer (a string, an object) has no actions, and is no index to look up.
    const hand = Number.isInteger(seat) ? state.hands[seat] : undefined;
    if (state.endReason !== null || hand === undefined || state.plays[seat] !== null) return [];
    // Equal ships are one choice. A hand is most often in order already (the standard fleet is, and a play
    // keeps the order), and then needs no set and no sort: this runs at every turn of every simulated game.
    let ordered = true;
    for (let i = 1; i < hand.length && ordered; i++) ordered = hand[i - 1]! < hand[i]!;
    const ships = ordered ? hand : [...new Set(hand)].sort((a, b) => a - b);
    return ships.map((card) => ({ type: 'play', card }));
  },

  apply(state, seat, action) {
    checkAction(ActionSchema, action, 'skirmish');
    return playCard(state, seat, action.card);
  },

  view(state, seat) {
    return viewFor(state, seat);
  },

  outcome(state): Outcome | null {
    if (state.endReason === null) return null;
    return { scores: scores(state), winners: leaders(state), reason: state.endReason };
  },

  fromJSON,

  schemas: { config: ConfigSchema, action: ActionSchema, state: StateSchema, view: ViewSchema },

  describe(action) {
    return describeAction(action);
  },

  render(view) {
    return renderView(view);
  },

  parseAction(text, view, legal) {
    return parseAction(text, view, legal);
  },
};
