import { InvalidInputError } from '@tabula/core';
import { describe, expect, it } from 'vitest';
import { GameEngine } from './engine.js';
import { GameOverError } from './errors.js';
import { GameConfig } from './game-config.js';
import { GameState } from './game-state.js';
import { fromPhpArray, type PhpState, toPhpArray } from './php-array.js';
import { Planet, PlanetAbility } from './planet.js';
import { GameEndReason, PlanetAbilityType, PlanetClass } from './schemas.js';

const engine = new GameEngine();
const ids = (planets: readonly Planet[]) => planets.map((p) => p.id);

const P1 = {
  id: 'P1',
  victory_points: 1,
  name: 'Trigger World',
  class: 'station',
  abilities: [{ type: 'double_next_planet_no_combat', params: [] }],
};
const P2 = { id: 'P2', victory_points: 2, name: null, class: null, abilities: [] };

/** The example of the spec, "Serialization", with its elisions filled in. */
const specExample = {
  player_count: 2,
  hands: { '1': [1, 2], '2': [3] },
  planet_deck: [P1, P2],
  current_planet_index: 2,
  planet_pot: [],
  claimed_planets: { '1': [P1, P2], '2': [] },
  current_plays: { '1': null, '2': 2 },
  game_over: false,
  end_reason: null,
};

function specGame(): GameState {
  const planets = [
    new Planet({
      id: 'P1',
      victoryPoints: 1,
      name: 'Trigger World',
      planetClass: PlanetClass.Station,
      abilities: [new PlanetAbility(PlanetAbilityType.DoubleNextPlanetNoCombat, {})],
    }),
    new Planet({ id: 'P2', victoryPoints: 2 }),
  ];
  let state = engine.startNewGame(new GameConfig({ planets, fleetValues: [1, 2, 3] }));
  state = engine.playCard(state, 1, 3);
  state = engine.playCard(state, 2, 1);
  return engine.playCard(state, 2, 2);
}

function loadError(json: unknown): InvalidInputError {
  try {
    GameState.fromJSON(json);
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return error as InvalidInputError;
  }
  throw new Error('expected the state to be refused');
}

/** The cases below reach into any corner of the document, so it is loosely typed. */
// biome-ignore lint/suspicious/noExplicitAny: test edits of an arbitrary JSON document
type Loose = Record<string, any>;

/** A deep copy of the spec example with one change. */
function changed(edit: (json: Loose) => void): unknown {
  const json = structuredClone(specExample) as Loose;
  edit(json);
  return json;
}

describe('toJSON', () => {
  it('writes exactly the spec example for the game it describes', () => {
    expect(JSON.parse(JSON.stringify(specGame()))).toEqual(specExample);
  });

  it('writes the PHP toArray keys, per-player maps keyed "1", "2", ...', () => {
    const json = engine.startNewGame(GameConfig.standardTwoPlayer(3)).toJSON();
    expect(Object.keys(json)).toEqual([
      'player_count',
      'hands',
      'planet_deck',
      'current_planet_index',
      'planet_pot',
      'claimed_planets',
      'current_plays',
      'game_over',
      'end_reason',
    ]);
    expect(Object.keys(json.hands)).toEqual(['1', '2']);
    expect(json.current_plays).toEqual({ '1': null, '2': null });
    expect(Object.keys(json.planet_deck[0] ?? {})).toEqual([
      'id',
      'victory_points',
      'name',
      'class',
      'abilities',
    ]);
  });

  it('writes enum values as snake_case strings', () => {
    const planets = [new Planet({ id: 'A', victoryPoints: 1, planetClass: PlanetClass.TradePostColony })];
    const over = engine.playCard(
      engine.playCard(engine.startNewGame(new GameConfig({ planets, fleetValues: [1] })), 1, 1),
      2,
      1,
    );
    const json = over.toJSON();
    expect(json.end_reason).toBe('ships_exhausted_planets_remaining');
    expect(json.planet_pot[0]?.class).toBe('trade_post_colony');
  });
});

describe('fromJSON', () => {
  it('loads the spec example', () => {
    const state = GameState.fromJSON(specExample);
    expect(state.hand(1)).toEqual([1, 2]);
    expect(state.hand(2)).toEqual([3]);
    expect(ids(state.claimedBy(1))).toEqual(['P1', 'P2']);
    expect(state.claimedBy(1)[0]?.abilities[0]?.type).toBe(PlanetAbilityType.DoubleNextPlanetNoCombat);
    expect(state.playOf(2)).toBe(2);
    expect(state.playOf(1)).toBeNull();
    expect(state.planetPot).toEqual([]);
    expect(state.scores()).toEqual({ 1: 3, 2: 0 });
    expect(state.toJSON()).toEqual(specExample);
    // Player 1 still owes a card; the battle is fought over the empty pot.
    const next = engine.playCard(state, 1, 1);
    expect(next.currentPlays).toEqual([null, null]);
    expect(next.hand(1)).toEqual([2]);
  });

  it('round-trips a game at every step', () => {
    let state = engine.startNewGame(GameConfig.standardTwoPlayer(77));
    // Player 2 answers 3,2,1,6,5,4,...: every third battle is a tie.
    const answers = [3, 2, 1, 6, 5, 4, 9, 8, 7, 12, 11, 10, 15, 14, 13];
    let ties = 0;
    for (let battle = 0; battle < 15; battle++) {
      const plays: [number, number][] = [
        [1, battle + 1],
        [2, answers[battle] ?? 0],
      ];
      for (const [id, card] of plays) {
        state = engine.playCard(state, id, card);
        const back = GameState.fromJSON(JSON.parse(JSON.stringify(state)));
        expect(back.toJSON()).toEqual(state.toJSON());
        expect(back).toEqual(state);
        expect([back.hands, back.planetDeck, back.planetPot, back.claimedPlanets, back.currentPlays]).toEqual(
          [state.hands, state.planetDeck, state.planetPot, state.claimedPlanets, state.currentPlays],
        );
        expect([back.currentPlanetIndex, back.gameOver, back.endReason]).toEqual([
          state.currentPlanetIndex,
          state.gameOver,
          state.endReason,
        ]);
      }
      if (battle + 1 === answers[battle]) ties++;
    }
    expect(ties).toBe(5);
    expect(state.endReason).toBe(GameEndReason.Normal);
  });

  it('freezes what it loads', () => {
    const state = GameState.fromJSON(specExample);
    expect(Object.isFrozen(state.hands)).toBe(true);
    expect(Object.isFrozen(state.hands[0])).toBe(true);
    expect(Object.isFrozen(state.claimedPlanets[0])).toBe(true);
    expect(Object.isFrozen(state.planetDeck)).toBe(true);
  });

  it('names the first problem with its path', () => {
    const cases: [unknown, string, RegExp][] = [
      ['{}', '$', /Expected object/],
      [changed((j) => delete j.player_count), '$.player_count', /Expected required property/],
      [changed((j) => (j.player_count = 1)), '$.player_count', /greater or equal to 2/],
      [changed((j) => (j.hands = [[1], [2]])), '$.hands', /Expected object/],
      [changed((j) => (j.hands['2'] = [3, 'x'])), '$.hands["2"][1]', /Expected integer/],
      [changed((j) => (j.hands['2'] = [3, 1.5])), '$.hands["2"][1]', /Expected integer/],
      [changed((j) => (j.hands['3'] = [])), '$.hands["3"]', /no player "3"/],
      [changed((j) => (j.hands['01'] = j.hands['1'])), '$.hands["01"]', /Unexpected property/],
      [changed((j) => delete j.hands['2']), '$.hands["2"]', /player 2 is missing/],
      [
        changed((j) => (j.planet_deck[1].victory_points = '2')),
        '$.planet_deck[1].victory_points',
        /Expected integer/,
      ],
      [
        changed((j) => (j.planet_deck[0].class = 'moon')),
        '$.planet_deck[0].class',
        /Expected one of "trade_post_colony", .*"station", null, got "moon"/,
      ],
      [
        changed((j) => (j.planet_deck[0].abilities[0].type = 'lose_victory_points')),
        '$.planet_deck[0].abilities[0].type',
        /Expected one of "double_next_planet_no_combat", "class_set_bonus", got "lose_victory_points"/,
      ],
      [changed((j) => (j.planet_deck[1].id = 'P1')), '$.planet_deck[1].id', /appears twice/],
      [changed((j) => (j.current_planet_index = 3)), '$.current_planet_index', /between 0 and 2/],
      [changed((j) => (j.current_planet_index = -1)), '$.current_planet_index', /greater or equal to 0/],
      [changed((j) => (j.current_plays['2'] = '2')), '$.current_plays["2"]', /Expected union value/],
      [changed((j) => (j.claimed_planets['2'] = [P2])), '$.claimed_planets["2"][0]', /in two places/],
      [
        changed((j) => (j.claimed_planets['2'] = [{ ...P2, id: 'P9' }])),
        '$.claimed_planets["2"][0]',
        /"P9" is not in the deck/,
      ],
      [
        changed((j) => {
          j.current_planet_index = 1;
          j.claimed_planets['1'] = [P1];
          j.planet_pot = [P2];
        }),
        '$.planet_pot[0]',
        /"P2" has not been revealed/,
      ],
      [changed((j) => (j.game_over = 'no')), '$.game_over', /Expected boolean/],
      [
        changed((j) => (j.end_reason = 'rage_quit')),
        '$.end_reason',
        /Expected one of .*, null, got "rage_quit"/,
      ],
      [changed((j) => (j.game_over = true)), '$.end_reason', /needs an end reason/],
      [changed((j) => (j.end_reason = 'normal')), '$.end_reason', /under way/],
      [
        changed((j) => (j.corporations = { '1': { id: 'C1' }, '2': null })),
        '$.corporations',
        /later version/,
      ],
    ];
    for (const [json, path, message] of cases) {
      const error = loadError(json);
      expect(error.code).toBe('invalid_state');
      expect(error.path).toBe(path);
      expect(error.message).toMatch(message);
    }
  });

  it('refuses a battle under way over an empty pot while the deck has planets', () => {
    const error = loadError({
      ...specExample,
      current_planet_index: 1,
      claimed_planets: { '1': [P1], '2': [] },
    });
    expect(error.path).toBe('$.planet_pot');
  });

  it('refuses at once a player count too large to seat, before reading anything else (issue 11, item 1)', () => {
    for (const count of [2147483648, 1e8, 4294967296, 101]) {
      const error = loadError({ ...specExample, player_count: count });
      expect(error.code).toBe('invalid_state');
      expect(error.path).toBe('$.player_count');
      expect(error.message).toMatch(/less or equal to 100/);
    }
  });

  it('refuses a battle every player has played but nobody resolved (issue 11, item 3)', () => {
    const error = loadError({ ...specExample, current_plays: { '1': 1, '2': 2 } });
    expect(error.code).toBe('invalid_state');
    expect(error.path).toBe('$.current_plays');
    expect(error.message).toMatch(/not resolved/);
  });
});

describe('fromPhpArray and toPhpArray', () => {
  it('read the PHP shape into the plain state, by seat, and write it back', () => {
    const state = fromPhpArray(specExample);
    expect(state.hands).toEqual([[1, 2], [3]]);
    expect(state.plays).toEqual([null, 2]);
    expect(state.revealed).toBe(2);
    expect(state.claimed.map((planets) => planets.map((p) => p.id))).toEqual([['P1', 'P2'], []]);
    expect(state.deck[0]?.abilities).toEqual([{ type: 'double_next_planet_no_combat', params: {} }]);
    expect(state.endReason).toBeNull();
    expect(state.battles).toEqual([]);
    expect(toPhpArray(state)).toEqual(specExample);
  });

  it('write what GameState.toJSON writes, at every step of a game', () => {
    let state = engine.startNewGame(GameConfig.standardTwoPlayer(5));
    while (!state.gameOver) {
      state = engine.playCard(state, 1, engine.legalCardsForPlayer(state, 1)[0] ?? 0);
      state = engine.playCard(state, 2, engine.legalCardsForPlayer(state, 2).at(-1) ?? 0);
      expect(toPhpArray(state.toState())).toEqual(state.toJSON());
      expect(fromPhpArray(JSON.parse(JSON.stringify(state)))).toEqual({ ...state.toState(), battles: [] });
    }
  });
});

describe('states the PHP library saved', () => {
  const trigger = { ...P1, class: 'trade_post_colony' };
  const p3 = { id: 'P3', victory_points: 3, name: 'Test Planet 3', class: null, abilities: [] };

  it('loads a between-battles state with an empty pot by revealing the next planet', () => {
    // PHP after 1:3 vs 2:1 over [Trigger, P2, P3]: the trigger world's pull doubled P2 to 4 VP.
    const php = {
      player_count: 2,
      hands: { '1': [1, 2], '2': [2, 3] },
      planet_deck: [trigger, P2, p3],
      current_planet_index: 2,
      planet_pot: [],
      claimed_planets: { '1': [trigger, { ...P2, victory_points: 4 }], '2': [] },
      current_plays: { '1': null, '2': null },
      game_over: false,
      end_reason: null,
    };
    const state = GameState.fromJSON(php);
    expect(ids(state.planetPot)).toEqual(['P3']);
    expect(state.currentPlanetIndex).toBe(3);
    expect(state.scores()).toEqual({ 1: 5, 2: 0 });
    const after = engine.playCard(engine.playCard(state, 1, 1), 2, 3);
    expect(ids(after.claimedBy(2))).toEqual(['P3']);
  });

  it('loads a battle under way (PHP reveals the pot on the first play)', () => {
    const php = {
      player_count: 2,
      hands: { '1': [1, 2], '2': [1, 2, 3] },
      planet_deck: [trigger, P2, p3],
      current_planet_index: 1,
      planet_pot: [trigger],
      claimed_planets: { '1': [], '2': [] },
      current_plays: { '1': 3, '2': null },
      game_over: false,
      end_reason: null,
    };
    const state = GameState.fromJSON(php);
    expect(engine.legalCardsForPlayer(state, 1)).toEqual([]);
    const after = engine.playCard(state, 2, 1);
    expect(ids(after.claimedBy(1))).toEqual(['P1', 'P2']);
    expect(after.claimedBy(1)[1]?.victoryPoints).toBe(2);
    expect(ids(after.planetPot)).toEqual(['P3']);
  });

  it('loads final_tie_pot_discarded: the game is over and the discarded pot is gone', () => {
    const php = {
      player_count: 2,
      hands: { '1': [2], '2': [2] },
      planet_deck: [{ id: 'P1', victory_points: 1, name: 'Test Planet 1', class: null, abilities: [] }],
      current_planet_index: 1,
      planet_pot: [],
      claimed_planets: { '1': [], '2': [] },
      current_plays: { '1': null, '2': null },
      game_over: true,
      end_reason: 'final_tie_pot_discarded',
    };
    const state = GameState.fromJSON(php);
    expect(state.gameOver).toBe(true);
    expect(state.endReason).toBe(GameEndReason.FinalTiePotDiscarded);
    expect(state.winners()).toEqual([1, 2]);
    expect(() => engine.playCard(state, 1, 2)).toThrow(GameOverError);
    expect(state.toJSON()).toEqual(php);
  });

  it('loads planets without name, class or abilities, params as [] and foreign ClassSetBonus params', () => {
    const foreign = { class: 'mining_colony', thresholds: { '2': 1, '3': 3 } };
    const php = {
      player_count: 3,
      hands: { '1': [5], '2': [4], '3': [6] },
      planet_deck: [
        {
          id: 'M1',
          victory_points: 1,
          class: 'mining_colony',
          abilities: [{ type: 'class_set_bonus', params: foreign }],
        },
        { id: 'M2', victory_points: 2, class: 'mining_colony' },
        { id: 'M3', victory_points: 1, class: 'mining_colony', name: 'Deep Core' },
      ],
      current_planet_index: 3,
      planet_pot: [],
      claimed_planets: {
        '1': [
          {
            id: 'M1',
            victory_points: 1,
            class: 'mining_colony',
            abilities: [{ type: 'class_set_bonus', params: foreign }],
          },
          { id: 'M2', victory_points: 2, class: 'mining_colony' },
          { id: 'M3', victory_points: 1, class: 'mining_colony', name: 'Deep Core' },
        ],
        '2': [],
        '3': [],
      },
      current_plays: { '1': null, '2': null, '3': null },
      game_over: false,
      end_reason: null,
      corporations: { '1': null, '2': null, '3': null },
    };
    const state = GameState.fromJSON(php);
    expect(state.scores()).toEqual({ 1: 4 + 3, 2: 0, 3: 0 });
    const saved = state.toJSON();
    expect(saved.planet_deck[0]?.abilities?.[0]?.params).toEqual(foreign);
    expect(saved.planet_deck[1]).toEqual({
      id: 'M2',
      victory_points: 2,
      name: null,
      class: 'mining_colony',
      abilities: [],
    });
  });

  it('ends at once a loaded game where someone must play but holds no cards', () => {
    const json: PhpState = {
      ...(specExample as unknown as PhpState),
      hands: { '1': [], '2': [3] },
      current_plays: { '1': null, '2': null },
    };
    const state = GameState.fromJSON(json);
    expect(state.gameOver).toBe(true);
    expect(state.endReason).toBe(GameEndReason.PlayerOutOfCardsEarly);
  });

  it('lets a player who played their last card wait for the others', () => {
    const state = GameState.fromJSON({
      ...specExample,
      hands: { '1': [1], '2': [] },
      current_plays: { '1': null, '2': 3 },
    });
    expect(state.gameOver).toBe(false);
    const over = engine.playCard(state, 1, 1);
    expect(over.endReason).toBe(GameEndReason.Normal);
  });

  it('ends a loaded game whose hands are all empty between battles', () => {
    const state = GameState.fromJSON({
      ...specExample,
      hands: { '1': [], '2': [] },
      current_plays: { '1': null, '2': null },
    });
    expect(state.endReason).toBe(GameEndReason.Normal);
  });
});
