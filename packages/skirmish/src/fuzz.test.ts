import {
  createRng,
  type GameRecord,
  gameStreams,
  InvalidInputError,
  type Rng,
  type Seat,
} from '@tabula/core';
import {
  checkPlaysOn,
  deepCopy,
  deeplyNested,
  fuzzGarbageState,
  fuzzRecord,
  fuzzRuns,
  fuzzSavedState,
  type GameFuzz,
  garbage,
  garbageText,
  guarded,
  mutate,
  runConformance,
  sameData,
  shortText,
  stuckProblem,
} from '@tabula/core/testing';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { skirmishGame as game } from './definition.js';
import { GameEngine } from './engine.js';
import { GameConfig } from './game-config.js';
import { GameState } from './game-state.js';
import { fromPhpArray, toPhpArray } from './php-array.js';
import { Planet, PlanetAbility } from './planet.js';
import {
  type AbilityParams,
  MAX_FLEET,
  MAX_PLAYERS,
  PlanetAbilityType,
  PlanetClass,
  type SkirmishAction,
  type SkirmishConfig,
  type SkirmishState,
} from './schemas.js';
import { fromJSON } from './state.js';
import { viewFor } from './view.js';

// A long hunt (TABULA_FUZZ_RUNS) runs past the default time limit of a test.
if (process.env.TABULA_FUZZ_RUNS) vi.setConfig({ testTimeout: 24 * 3_600_000 });

/**
 * The fuzz suite: every parser and every `fromJSON` of the package (the
 * plain state, the PHP array, planets, abilities, configs, records, typed
 * plays), fed mutated data from real games and garbage. Each call may only
 * throw a Tabula error of the right class with a code from ERROR_CODES, must
 * answer within the time bound, must leave its input as it was, and a state
 * it accepts must play on. `TABULA_FUZZ_RUNS=20000` runs each property that
 * many times.
 */

const CLASSES = Object.values(PlanetClass);

/** Params of a later PHP version's shape: kept, and scored with the defaults. */
const LATER_PARAMS: AbilityParams = { class: 'station', thresholds: [2, 4] };

/** A config with a small deck of planets with abilities (odd params included), 2 to 4 players. */
function config(rng: Rng): SkirmishConfig {
  if (rng.int(0, 3) === 0) return { players: rng.int(2, 3) };
  const planets = Array.from({ length: rng.int(1, 8) }, (_, i) => ({
    id: `P${i + 1}`,
    victoryPoints: rng.int(0, 3),
    name: rng.int(0, 1) === 0 ? null : `Planet ${i + 1}`,
    planetClass: rng.int(0, 2) === 0 ? null : rng.pick(CLASSES),
    abilities: rng.pick([
      [],
      [{ type: PlanetAbilityType.DoubleNextPlanetNoCombat, params: {} }],
      [{ type: PlanetAbilityType.ClassSetBonus, params: { setSize: 2, bonus: 3 } }],
      [{ type: PlanetAbilityType.ClassSetBonus, params: LATER_PARAMS }],
    ]),
  }));
  return {
    players: rng.int(2, 4),
    fleet: Array.from({ length: rng.int(1, 6) }, (_, i) => i + 1),
    planets,
  };
}

/** States of seeded random games at every step, and their records. */
function playedGames(games: number): {
  states: SkirmishState[];
  records: GameRecord[];
  configs: SkirmishConfig[];
} {
  const states: SkirmishState[] = [];
  const records: GameRecord[] = [];
  const configs: SkirmishConfig[] = [];
  for (let seed = 1; seed <= games; seed++) {
    const rng = createRng(-seed);
    const cfg = config(rng);
    configs.push(cfg);
    const { chance } = gameStreams(seed, game.seatCount(cfg));
    let state = game.setup(cfg, chance);
    const actions: { seat: Seat; action: unknown }[] = [];
    while (game.outcome(state) === null) {
      states.push(state);
      const seat = rng.pick(game.toAct(state));
      const action = rng.pick(game.legalActions(state, seat));
      state = game.apply(state, seat, action, chance);
      actions.push({ seat, action });
    }
    states.push(state);
    records.push(
      JSON.parse(JSON.stringify({ game: 'skirmish', version: game.version, config: cfg, seed, actions })),
    );
  }
  return { states: states.map((s) => JSON.parse(JSON.stringify(s))), records, configs };
}

const { states, records, configs } = playedGames(30);
const live = states.filter((s) => s.endReason === null);
const php = states.map((s) => JSON.parse(JSON.stringify(toPhpArray(s))));
const seedArb = fc.integer();
const countArb = fc.integer({ min: 1, max: 3 });

function playsOn(state: SkirmishState, rng: Rng, what: string) {
  checkPlaysOn(game, state, rng, what, { seats: state.hands.length, steps: 3 });
}

const fuzz: GameFuzz<SkirmishState> = { game, saved: states, records, playsOn };

describe('fromJSON and fromPhpArray under fuzzing', () => {
  it('fromJSON refuses a mutated saved state with invalid_state, or accepts one that plays on', () => {
    const tally = { taken: 0, refused: 0 };
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        tally[fuzzSavedState(fuzz, seed, count)]++;
      }),
      { numRuns: fuzzRuns(400) },
    );
    expect(tally.taken).toBeGreaterThan(0);
  });

  it('fromPhpArray and GameState.fromJSON refuse a mutated PHP save with invalid_state, or take one that plays on', () => {
    let accepted = 0;
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        const rng = createRng(seed);
        const mutant = rng.int(0, 9) === 0 ? garbage(rng) : mutate(rng.pick(php), rng, count);
        const result = guarded(`fromPhpArray of mutant ${seed}`, () => fromPhpArray(mutant), {
          inputs: [mutant],
          throws: ['InvalidInputError'],
        });
        const wrapped = guarded('GameState.fromJSON', () => GameState.fromJSON(mutant), {
          inputs: [mutant],
          throws: ['InvalidInputError'],
        });
        expect(wrapped.ok).toBe(result.ok);
        if (!result.ok) {
          expect(result.error.code).toBe('invalid_state');
          return;
        }
        accepted++;
        // What it took writes back and loads again as the same table, and plays on.
        // (As JSON: a -0 that loads comes back as 0.)
        const text = JSON.stringify(result.value);
        expect(JSON.stringify(fromPhpArray(JSON.parse(JSON.stringify(toPhpArray(result.value)))))).toBe(text);
        expect(JSON.stringify(fromJSON(JSON.parse(text)))).toBe(text);
        playsOn(result.value, rng, `PHP mutant ${seed}`);
      }),
      { numRuns: fuzzRuns(400) },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('refuse garbage with invalid_state', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        fuzzGarbageState(game.fromJSON, seed);
        fuzzGarbageState(fromPhpArray, seed, 'fromPhpArray');
      }),
      { numRuns: fuzzRuns(150) },
    );
  });

  it('checks through the conformance kit: mutated states near every third state load and play on, or are refused', () => {
    const report = runConformance<SkirmishState, SkirmishConfig>(game, {
      games: 20,
      checkEvery: 3,
      legalSample: 1,
      config,
      mutants: (state, rng) => Array.from({ length: 4 }, () => mutate(state, rng, rng.int(1, 2))),
    });
    expect(report.mutantsChecked).toBeGreaterThan(100);
  });
});

describe('apply and the engine under fuzzing', () => {
  it('apply refuses garbage and mutated actions, and bad seats, with IllegalActionError and the state untouched', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(live);
        const [first] = game.toAct(state);
        const legal = game.legalActions(state, first ?? 0);
        const action = rng.int(0, 2) === 0 ? garbage(rng) : mutate(rng.pick(legal), rng, rng.int(1, 2));
        const seat = rng.int(0, 4) === 0 ? garbage(rng) : rng.int(-1, state.hands.length);
        const result = guarded(
          `apply ${shortText(action)} for seat ${shortText(seat)}`,
          () => game.apply(state, seat as Seat, action as SkirmishAction, rng),
          { inputs: [state, action], throws: ['IllegalActionError'] },
        );
        if (result.ok)
          playsOn(fromJSON(JSON.parse(JSON.stringify(result.value))), rng, 'after a fuzzed play');
        guarded('view', () => viewFor(state, seat as Seat), {
          inputs: [state],
          throws: ['IllegalActionError'],
        });
        // A seat that is not to act (no seat at all, say) has no legal action.
        const actions = guarded('legalActions', () => game.legalActions(state, seat as Seat), {
          inputs: [state],
          throws: [],
        });
        if (actions.ok && !game.toAct(state).includes(seat as Seat)) expect(actions.value).toEqual([]);
      }),
      { numRuns: fuzzRuns(400) },
    );
  });

  it('GameEngine refuses bad player ids and cards with IllegalActionError and the state untouched', () => {
    const engine = new GameEngine();
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = new GameState(rng.pick(live));
        const id = rng.int(0, 2) === 0 ? garbage(rng) : rng.int(-1, state.playerCount + 1);
        const card = rng.int(0, 2) === 0 ? garbage(rng) : rng.int(-1, 16);
        const before = JSON.stringify(state);
        guarded('playCard', () => engine.playCard(state, id as number, card as number), {
          throws: ['IllegalActionError'],
        });
        guarded('legalCardsForPlayer', () => engine.legalCardsForPlayer(state, id as number), {
          throws: ['IllegalActionError'],
        });
        expect(JSON.stringify(state)).toBe(before);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });
});

describe('configs, planets and records under fuzzing', () => {
  it('setup refuses a bad config with invalid_config, and a game from a config it takes plays on', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const cfg = rng.int(0, 4) === 0 ? garbage(rng) : mutate(rng.pick(configs), rng, rng.int(1, 2));
        const calls: [string, () => unknown][] = [
          ['setup', () => game.setup(cfg as SkirmishConfig, createRng(seed))],
          ['seatCount', () => game.seatCount(cfg as SkirmishConfig)],
        ];
        for (const [what, run] of calls) {
          const result = guarded(`${what} with ${shortText(cfg)}`, run, {
            inputs: [cfg],
            throws: ['InvalidInputError'],
          });
          if (!result.ok) expect(result.error.code).toBe('invalid_config');
          else if (what === 'setup') playsOn(result.value as SkirmishState, rng, 'a fresh game');
        }
        guarded('defaultConfig', () => game.defaultConfig(garbage(rng) as number), {
          throws: ['InvalidInputError'],
        });
      }),
      { numRuns: fuzzRuns(250) },
    );
  });

  it('GameConfig, Planet and PlanetAbility refuse bad options with InvalidInputError', () => {
    const planets = Planet.defaultDeck().slice(0, 3);
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const options = mutate({ playerCount: 3, fleetValues: [1, 2, 3], seed: 5, shuffle: true }, rng, 2);
        const made = guarded('new GameConfig', () => new GameConfig({ ...(options as object), planets }), {
          inputs: [options],
          throws: ['InvalidInputError'],
        });
        if (made.ok) playsOn(new GameEngine().startNewGame(made.value).toState(), rng, 'a GameConfig game');
        guarded('GameConfig.standardTwoPlayer', () => GameConfig.standardTwoPlayer(garbage(rng) as number), {
          throws: ['InvalidInputError'],
        });
        const planet = mutate(
          { id: 'P1', victoryPoints: 2, name: 'Rigel', planetClass: 'station', abilities: [] },
          rng,
          rng.int(1, 2),
        );
        guarded('new Planet', () => new Planet(planet as never), {
          inputs: [planet],
          throws: ['InvalidInputError'],
        });
        const phpPlanet = mutate(rng.pick(php.flatMap((p) => p.planet_deck)), rng, rng.int(1, 2));
        guarded('Planet.fromJSON', () => Planet.fromJSON(phpPlanet), {
          inputs: [phpPlanet],
          throws: ['InvalidInputError'],
        });
        const ability = mutate(
          { type: 'class_set_bonus', params: { setSize: 2, bonus: 1 } },
          rng,
          rng.int(1, 2),
        );
        guarded('PlanetAbility.fromJSON', () => PlanetAbility.fromJSON(ability), {
          inputs: [ability],
          throws: ['InvalidInputError'],
        });
        const { type, params } = (ability ?? {}) as { type?: unknown; params?: unknown };
        guarded('new PlanetAbility', () => new PlanetAbility(type as never, params as never), {
          inputs: [params],
          throws: ['InvalidInputError'],
        });
      }),
      { numRuns: fuzzRuns(200) },
    );
  });

  it('replays a mutated record or refuses it as an InvalidInputError', () => {
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        fuzzRecord(fuzz, seed, count);
      }),
      { numRuns: fuzzRuns(200) },
    );
  });
});

describe('typed plays under fuzzing', () => {
  it('parseAction reads a legal play or throws NotationError or IllegalActionError', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(states);
        const seat = rng.int(0, state.hands.length - 1);
        const view = game.view(state, seat);
        const legal = game.legalActions(state, seat);
        const text = garbageText(
          rng,
          ['play', 'PLAY', '7', '-3', '15', ' ', '\t'],
          ['play 7', '7', ' play  12 '],
        );
        const parse = game.parseAction;
        if (parse === undefined) throw new Error('skirmish reads typed plays');
        const result = guarded(`parseAction ${shortText(text)}`, () => parse(text, view, legal), {
          inputs: [text, view, legal],
          throws: ['NotationError', 'IllegalActionError'],
        });
        if (result.ok) game.apply(state, seat, result.value, rng);
        // And what describe writes reads back.
        for (const action of legal)
          expect(parse(game.describe?.(action, state) ?? '', view, legal)).toEqual(action);
      }),
      { numRuns: fuzzRuns(600) },
    );
  });
});

describe('inputs the fuzzing found', () => {
  it('ability params nested too deep for a recursive check are refused, not a stack overflow', () => {
    const [state] = live;
    if (state === undefined) throw new Error('no live state');
    const deep = structuredClone(state);
    const [planet] = deep.deck;
    if (planet === undefined) throw new Error('no planet');
    planet.abilities = [{ type: 'class_set_bonus', params: { extra: deeplyNested() } as never }];
    const result = guarded('fromJSON', () => fromJSON(deep), { throws: ['InvalidInputError'] });
    expect(result.ok).toBe(false);
  });

  it('a PHP save whose ability params hold a BigInt is refused (JSON.stringify of them threw a TypeError)', () => {
    const save = structuredClone(php.find((p) => p.planet_pot.length > 0));
    const [planet] = save.planet_pot;
    planet.abilities = [{ type: 'class_set_bonus', params: { setSize: 2n } }];
    const deck = save.planet_deck.find((p: { id: string }) => p.id === planet.id);
    deck.abilities = [{ type: 'class_set_bonus', params: { setSize: 2n } }];
    const result = guarded('fromPhpArray', () => fromPhpArray(save), { throws: ['InvalidInputError'] });
    expect(result.ok === false && result.error.code).toBe('invalid_state');
  });

  it('later features nested too deep are read without recursion, and refused as carrying something', () => {
    const save = { ...structuredClone(php[0]), corporations: deeplyNested(100_000, 'object', null) };
    expect(guarded('fromPhpArray', () => fromPhpArray(save)).ok).toBe(true);
    const carrying = { ...structuredClone(php[0]), corporations: deeplyNested(100_000, 'array', 1) };
    const result = guarded('fromPhpArray', () => fromPhpArray(carrying), { throws: ['InvalidInputError'] });
    expect(result.ok === false && (result.error as InvalidInputError).path).toBe('$.corporations');
  });

  it('a seat, player id or seat count that is no number is refused by its code, not a TypeError or a stack overflow', () => {
    const [state] = live;
    if (state === undefined) throw new Error('no live state');
    for (const odd of [Object.create(null), deeplyNested(), '0', 0.5, -1, Number.NaN]) {
      const view = guarded('view', () => viewFor(state, odd), { throws: ['IllegalActionError'] });
      expect(view.ok === false && view.error.code).toBe('unknown_seat');
      const apply = guarded('apply', () => game.apply(state, odd, { type: 'play', card: 1 }, createRng(1)), {
        throws: ['IllegalActionError'],
      });
      expect(apply.ok === false && apply.error.code).toBe('unknown_seat');
      const engine = guarded('playCard', () => new GameEngine().playCard(new GameState(state), odd, 1), {
        throws: ['IllegalActionError'],
      });
      expect(engine.ok === false && engine.error.code).toBe('unknown_seat');
      const config = guarded('defaultConfig', () => game.defaultConfig(odd), {
        throws: ['InvalidInputError'],
      });
      expect(config.ok === false && config.error.code).toBe('invalid_config');
      // A seat of no number has no legal action ("0" read the hand of seat 0).
      expect(guarded('legalActions', () => game.legalActions(state, odd), { throws: [] })).toEqual({
        ok: true,
        value: [],
      });
    }
  });

  it('a -0 for seat 0 is seat 0, and the view says 0, so it survives JSON', () => {
    const [state] = live;
    if (state === undefined) throw new Error('no live state');
    expect(Object.is(viewFor(state, -0).viewer, 0)).toBe(true);
  });

  it('a -0 for a ship, a played card, VP or a param is written 0, so the state survives JSON', () => {
    const rng = createRng(1);
    const planets = [
      {
        id: 'A',
        victoryPoints: -0,
        abilities: [{ type: PlanetAbilityType.ClassSetBonus, params: { bonus: -0, extra: [-0] } }],
      },
      { id: 'B', victoryPoints: 1 },
    ];
    let state = game.setup({ players: 2, fleet: [-0, 1], planets, shuffle: false }, rng);
    state = game.apply(state, 1, { type: 'play', card: -0 }, rng);
    state = game.apply(state, -0, { type: 'play', card: 1 }, rng);
    expect(state).toEqual(JSON.parse(JSON.stringify(state)));
    expect(Object.is(state.battles[0]?.cards[1], -0)).toBe(false);
    // And through the PHP library's API.
    const engine = new GameEngine();
    const deck = [
      new Planet({ id: 'A', victoryPoints: -0, abilities: [PlanetAbility.classSetBonus({ bonus: -0 })] }),
      new Planet({ id: 'B', victoryPoints: 1 }),
    ];
    let played = engine.startNewGame(new GameConfig({ planets: deck, fleetValues: [-0, 1] }));
    played = engine.playCard(played, 1, -0);
    expect(played.toState()).toEqual(JSON.parse(JSON.stringify(played.toState())));
  });

  it('a huge player count or fleet is refused at once, never allocated (issue 11, item 1)', () => {
    const fast = { limitMs: 500, throws: ['InvalidInputError'] } as const;
    const refused = (result: { ok: boolean; error?: unknown }, code: string, path: string) => {
      expect(result.ok).toBe(false);
      expect(result.error).toBeInstanceOf(InvalidInputError);
      expect(result.error).toMatchObject({ code, path });
    };
    const [save] = php;
    for (const count of [2147483648, 1e8, 4294967296, 2 ** 53]) {
      const value = { ...save, player_count: count };
      refused(
        guarded(`fromPhpArray ${count}`, () => fromPhpArray(value), fast),
        'invalid_state',
        '$.player_count',
      );
      refused(
        guarded(`GameState ${count}`, () => GameState.fromJSON(value), fast),
        'invalid_state',
        '$.player_count',
      );
    }
    for (const players of [200_000_000, 2147483648, 4294967296]) {
      const config = { players };
      refused(
        guarded('setup', () => game.setup(config, createRng(1)), fast),
        'invalid_config',
        '$.players',
      );
      refused(
        guarded('seatCount', () => game.seatCount(config), fast),
        'invalid_config',
        '$.players',
      );
      refused(
        guarded('defaultConfig', () => game.defaultConfig(players), fast),
        'invalid_config',
        '$.players',
      );
      const options = { playerCount: players };
      refused(
        guarded('GameConfig', () => new GameConfig(options), fast),
        'invalid_config',
        '$.playerCount',
      );
    }
    // A plain state's seat count is its list of hands: a sparse list as long as a list gets.
    const [state] = live;
    if (state === undefined) throw new Error('no live state');
    for (const length of [1e8, 2 ** 32 - 1]) {
      const value = { ...state, hands: new Array(length) };
      // (Its message wrote the list out as JSON: a minute and gigabytes.)
      refused(
        guarded(`fromJSON ${length} hands`, () => fromJSON(value), fast),
        'invalid_state',
        '$.hands',
      );
    }
    // Any list of a save may be such a list: every one is refused at once.
    for (const key of Object.keys(state)) {
      const value = { ...state, [key]: new Array(2 ** 32 - 1) };
      expect(guarded(`fromJSON with a long ${key}`, () => fromJSON(value), fast).ok).toBe(false);
    }
    if (save === undefined) throw new Error('no PHP save');
    for (const key of Object.keys(save)) {
      const value = { ...save, [key]: new Array(2 ** 32 - 1) };
      expect(guarded(`fromPhpArray with a long ${key}`, () => fromPhpArray(value), fast).ok).toBe(false);
    }
    // A fleet a few megabytes long made a state at 100 seats too big to save (JSON.stringify threw a RangeError).
    const fleet = Array.from({ length: 1_000_000 }, (_, i) => i);
    const big = { players: 100, fleet };
    refused(
      guarded('setup', () => game.setup(big, createRng(1)), fast),
      'invalid_config',
      '$.fleet',
    );
    const options = { playerCount: 100, fleetValues: fleet };
    refused(
      guarded('GameConfig', () => new GameConfig(options), fast),
      'invalid_config',
      '$.fleetValues',
    );
    const hands = state.hands.map((hand, seat) => (seat === 0 ? fleet.slice(0, MAX_FLEET + 1) : hand));
    refused(
      guarded('fromJSON', () => fromJSON({ ...state, hands }), fast),
      'invalid_state',
      '$.hands[0]',
    );
    // The largest game it takes saves, loads and plays on.
    const largest = game.setup({ players: MAX_PLAYERS, fleet: fleet.slice(0, MAX_FLEET) }, createRng(1));
    playsOn(fromJSON(JSON.parse(JSON.stringify(largest))), createRng(2), 'the largest game');
  });

  it('a battle whose every card is in but unresolved is refused, not a game nobody can play on (issue 11, item 3)', () => {
    const state = live.find(
      (s) => s.plays.every((card) => card === null) && s.hands.every((h) => h.length > 1),
    );
    if (state === undefined) throw new Error('no state between battles');
    const stuck = {
      ...state,
      hands: state.hands.map((hand) => hand.slice(1)),
      plays: state.hands.map((hand) => hand[0] ?? null),
    };
    expect(stuckProblem(game, stuck)).toBe('the game is live but no seat is to act');
    const fast = { limitMs: 500, throws: ['InvalidInputError'] } as const;
    const plain = guarded('fromJSON', () => fromJSON(stuck), fast);
    expect(plain.ok === false && plain.error).toMatchObject({ code: 'invalid_state', path: '$.plays' });
    const saved = toPhpArray(stuck);
    const fromPhp = guarded('fromPhpArray', () => fromPhpArray(saved), fast);
    expect(fromPhp.ok === false && fromPhp.error).toMatchObject({
      code: 'invalid_state',
      path: '$.current_plays',
    });
  });

  it('sameData sees fuzzed states as data (a smoke test of the helpers on this game)', () => {
    const copy = deepCopy(states);
    expect(sameData(copy, states)).toBe(true);
  });
});
