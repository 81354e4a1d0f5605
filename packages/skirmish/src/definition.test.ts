import { Value } from '@sinclair/typebox/value';
import { createRng, IllegalActionError, InvalidInputError, type Rng, type TabulaError } from '@tabula/core';
import { runConformance, thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { play, playOut } from '../test/helpers.js';
import { skirmishGame as game } from './definition.js';
import { GameEngine } from './engine.js';
import { GameConfig } from './game-config.js';
import { phpShuffle } from './mt19937.js';
import { Planet } from './planet.js';
import {
  GameEndReason,
  PlanetAbilityType,
  PlanetClass,
  type SkirmishAction,
  type SkirmishConfig,
  type SkirmishPlanet,
  type SkirmishState,
} from './schemas.js';

const ids = (planets: readonly SkirmishPlanet[]) => planets.map((p) => p.id);
const sorted = (cards: readonly number[]) => cards.slice().sort((a, b) => a - b);

/** Every card a seat started with: its hand, its pending card and what it revealed in battles. */
function cardsOf(state: SkirmishState, seat: number): number[] {
  const pending = state.plays[seat] ?? null;
  return sorted([
    ...(state.hands[seat] ?? []),
    ...(pending === null ? [] : [pending]),
    ...state.battles.flatMap((b) => b.cards.slice(seat, seat + 1)),
  ]);
}

/** Planets and ships are conserved, and the battle history agrees with the claimed planets. */
function invariant(state: SkirmishState): string | null {
  const deck = ids(state.deck);
  if (new Set(deck).size !== deck.length) return 'a planet id appears twice in the deck';
  const revealed = deck.slice(0, state.revealed).sort();
  const placed = [...ids(state.pot), ...state.claimed.flatMap(ids)];
  if (JSON.stringify(placed.sort()) !== JSON.stringify(revealed))
    return `revealed planets ${revealed} are not exactly the pot and the claimed ones ${placed}`;
  if (state.endReason === null && state.pot.length === 0 && state.revealed < deck.length)
    return 'a battle is fought over an empty pot while the deck has planets';
  const fleet = cardsOf(state, 0);
  for (const [seat, claimed] of state.claimed.entries()) {
    if (JSON.stringify(cardsOf(state, seat)) !== JSON.stringify(fleet))
      return `seat ${seat}'s ships do not add up to the fleet`;
    const won = state.battles.flatMap((b) => (b.winner === seat ? b.claimed : []));
    if (JSON.stringify(won) !== JSON.stringify(ids(claimed)))
      return `seat ${seat}'s claimed planets are not what the battles gave it`;
  }
  const pending = state.plays.filter((c) => c !== null).length;
  if (pending === state.hands.length) return 'every card is in but the battle did not resolve';
  const empty = state.hands.every((h) => h.length === 0);
  if ((state.endReason !== null) !== (empty && pending === 0))
    return 'the game is over exactly when every ship is spent';
  return null;
}

/**
 * The same state but for what `seat` cannot see: the undrawn deck reordered,
 * and each other seat's secret cards (hand and pending card) dealt anew,
 * keeping who has played.
 */
function hiddenVariant(state: SkirmishState, seat: number | null, rng: Rng): SkirmishState {
  const hands: number[][] = [];
  const plays: (number | null)[] = [];
  state.hands.forEach((hand, s) => {
    const pending = state.plays[s] ?? null;
    if (s === seat) {
      hands.push(hand.slice());
      plays.push(pending);
      return;
    }
    const secret = rng.shuffle(pending === null ? hand : [...hand, pending]);
    plays.push(pending === null ? null : (secret.pop() ?? null));
    hands.push(secret);
  });
  return {
    ...state,
    deck: [...state.deck.slice(0, state.revealed), ...rng.shuffle(state.deck.slice(state.revealed))],
    hands,
    plays,
  };
}

/** Plays the rules must refuse: cards not held, malformed plays, a second card in one battle. */
function invalidActions(state: SkirmishState, seat: number): unknown[] {
  const hand = state.hands[seat] ?? [];
  const all = cardsOf(state, seat);
  const held = hand[0] ?? 1;
  const out: unknown[] = [
    play(Math.max(0, ...all) + 1),
    { type: 'play', card: held + 0.5 },
    { type: 'play', card: String(held) },
    { type: 'play', card: held, also: 1 },
  ];
  const spent = state.battles.map((b) => b.cards[seat]).find((c) => c !== undefined && !hand.includes(c));
  if (spent !== undefined) out.push(play(spent));
  if (state.plays[seat] !== null && hand.length > 0) out.push(play(held));
  if (state.endReason !== null) out.push(play(held));
  return out;
}

const ABILITIES = [
  [],
  [{ type: PlanetAbilityType.DoubleNextPlanetNoCombat, params: {} }],
  [{ type: PlanetAbilityType.ClassSetBonus, params: { setSize: 2, bonus: 2 } }],
  [
    { type: PlanetAbilityType.DoubleNextPlanetNoCombat, params: {} },
    { type: PlanetAbilityType.DoubleNextPlanetNoCombat, params: {} },
  ],
] as const;

/** Now and then the standard game, mostly short games with odd fleets and decks with abilities. */
function randomConfig(rng: Rng): SkirmishConfig {
  const roll = rng.int(0, 19);
  if (roll < 3) return { players: roll < 2 ? 2 : 3 };
  const players = rng.int(0, 2) === 0 ? rng.int(3, 5) : 2;
  const fleet = Array.from({ length: rng.int(1, 8) }, () => rng.int(-2, 12));
  const classes = Object.values(PlanetClass);
  const planets = Array.from({ length: rng.int(1, 10) }, (_, i) => ({
    id: `X${i}`,
    victoryPoints: rng.int(-1, 4),
    planetClass: rng.int(0, 3) === 0 ? null : rng.pick(classes),
    abilities: structuredClone([...rng.pick(ABILITIES)]),
  }));
  return { players, fleet, planets, shuffle: rng.int(0, 2) > 0 };
}

describe('skirmishGame conformance', () => {
  it('passes the kit over 960 seeded playouts of varied configs', () => {
    const report = runConformance<SkirmishState, SkirmishConfig>(game, {
      games: 960,
      seed: 20_250,
      config: randomConfig,
      invariant,
      hiddenVariant,
      invalidActions,
      legalSample: 2,
      checkEvery: 10,
    });
    expect(report.games).toBe(960);
    expect(report.leakChecks).toBeGreaterThan(5000);
    expect(report.refusalsChecked).toBeGreaterThan(20_000);
  });

  it('passes the kit on the standard two-player game, checking every step', () => {
    const report = runConformance<SkirmishState, SkirmishConfig>(game, {
      games: 40,
      seed: 7,
      invariant,
      hiddenVariant,
      invalidActions,
    });
    expect(report.longestGame).toBe(30);
  });

  it('catches views that show the deck order or another seat’s pending card', () => {
    const leaks = [
      (s: SkirmishState) => ({ deck: s.deck.slice(s.revealed) }),
      (s: SkirmishState) => ({
        battles: [{ cards: s.plays.map((c) => c ?? 0), winner: null, pot: [], claimed: [] }],
      }),
    ];
    for (const leak of leaks) {
      const leaky = {
        ...game,
        view: (s: SkirmishState, seat: number | null) => ({ ...game.view(s, seat), ...leak(s) }),
      };
      expect(() => runConformance(leaky, { games: 5, hiddenVariant })).toThrow(/cannot see/);
    }
  });

  it('has a hidden variant that really changes hidden things, and only those', () => {
    const state = game.apply(game.setup({ players: 3 }, createRng(1)), 1, play(9), createRng(0));
    const variants = [1, 2, 3, 4, 5].map((seed) => hiddenVariant(state, 0, createRng(seed)));
    expect(variants.some((v) => v.plays[1] !== 9)).toBe(true);
    expect(variants.some((v) => JSON.stringify(v.deck) !== JSON.stringify(state.deck))).toBe(true);
    for (const variant of variants) {
      expect(variant.plays[0]).toBeNull();
      expect(variant.plays[2]).toBeNull();
      expect(variant.hands[0]).toEqual(state.hands[0]);
      expect(variant.deck[0]).toEqual(state.deck[0]);
      expect(invariant(variant)).toBeNull();
    }
  });
});

describe('setup', () => {
  it('shuffles the default deck with the PHP shuffle and a seed drawn from the rng, pot face up', () => {
    const state = game.setup(game.defaultConfig(), createRng(5));
    const seed = createRng(5).int(0, 0xffffffff);
    expect(ids(state.deck)).toEqual(phpShuffle(Planet.defaultDeck(), seed).map((p) => p.id));
    expect(state.pot).toEqual([state.deck[0]]);
    expect(state.revealed).toBe(1);
    expect(state.hands).toEqual([range(1, 15), range(1, 15)]);
    expect(state.plays).toEqual([null, null]);
    expect(state.claimed).toEqual([[], []]);
    expect(state.battles).toEqual([]);
    expect(game.toAct(state)).toEqual([0, 1]);
    expect(game.setup(game.defaultConfig(), createRng(6)).deck).not.toEqual(state.deck);
  });

  it('seats as many players as the config says, with its fleet and deck', () => {
    const planets = [
      { id: 'A', victoryPoints: 3 },
      { id: 'B', victoryPoints: 1, name: 'Bee', planetClass: PlanetClass.Station },
    ];
    const config = { players: 4, fleet: [2, 2, 5], planets, shuffle: false };
    expect(game.seatCount(config)).toBe(4);
    const state = game.setup(config, createRng(1));
    expect(state.hands).toHaveLength(4);
    expect(state.hands[3]).toEqual([2, 2, 5]);
    expect(state.deck).toEqual([
      { id: 'A', victoryPoints: 3, name: null, planetClass: null, abilities: [] },
      { id: 'B', victoryPoints: 1, name: 'Bee', planetClass: 'station', abilities: [] },
    ]);
    expect(game.legalActions(state, 3)).toEqual([play(2), play(5)]);
    const unordered = game.setup({ ...config, fleet: [5, 2, 9, 2] }, createRng(1));
    expect(game.legalActions(unordered, 0)).toEqual([play(2), play(5), play(9)]);
    expect(game.defaultConfig(3)).toEqual({ players: 3 });
    expect(() => game.defaultConfig(1)).toThrow(InvalidInputError);
    expect(() => game.defaultConfig(101)).toThrow(InvalidInputError);
  });

  it('refuses bad configs with the path of the first problem', () => {
    const bad: [unknown, string][] = [
      [{ players: 1 }, '$.players'],
      [{ players: 200_000_000 }, '$.players'],
      [{ players: 101 }, '$.players'],
      [{ players: 2, fleet: [] }, '$.fleet'],
      [{ players: 2, fleet: [1, 'x'] }, '$.fleet[1]'],
      [{ players: 100, fleet: Array.from({ length: 1001 }, (_, i) => i) }, '$.fleet'],
      [{ players: 2, colour: 'red' }, '$.colour'],
      [{ players: 2, planets: [{ id: 'A' }] }, '$.planets[0].victoryPoints'],
      [
        {
          players: 2,
          planets: [
            { id: 'A', victoryPoints: 1 },
            { id: 'A', victoryPoints: 2 },
          ],
        },
        '$.planets[1].id',
      ],
      [
        { players: 2, planets: [{ id: 'A', victoryPoints: 1, abilities: [{ type: 'fly', params: {} }] }] },
        '$.planets[0].abilities[0].type',
      ],
      [
        {
          players: 2,
          planets: [
            { id: 'A', victoryPoints: 1, abilities: [{ type: 'class_set_bonus', params: { setSize: 0 } }] },
          ],
        },
        '$.planets[0].abilities[0].params.setSize',
      ],
    ];
    for (const [config, path] of bad) {
      const error = thrownBy(() => game.setup(config as SkirmishConfig, createRng(1)));
      expect(error, JSON.stringify(config)).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).code).toBe('invalid_config');
      expect((error as InvalidInputError).path, JSON.stringify(config)).toBe(path);
    }
  });
});

describe('a battle under the contract', () => {
  const start = game.setup({ players: 2, shuffle: false }, createRng(1));

  it('hides a submitted card until the last one is in, then records it in the history', () => {
    const one = game.apply(start, 1, play(7), createRng(0));
    expect(game.toAct(one)).toEqual([0]);
    expect(game.legalActions(one, 1)).toEqual([]);
    expect(game.legalActions(one, 0)).toHaveLength(15);
    const seen = game.view(one, 0);
    expect(seen.players.map((p) => p.hasPlayed)).toEqual([false, true]);
    expect(seen.battles).toEqual([]);
    expect(JSON.stringify(seen)).not.toMatch(/"ownPlay":7/);
    expect(game.view(one, 1).ownPlay).toBe(7);

    const two = game.apply(one, 0, play(4), createRng(0));
    expect(two.battles).toEqual([{ cards: [4, 7], winner: 1, pot: ['P1'], claimed: ['P1'] }]);
    expect(game.view(two, 0).battles).toEqual(two.battles);
    expect(game.toAct(two)).toEqual([0, 1]);
    expect(ids(two.pot)).toEqual(['P2']);
  });

  it('records a tie with nobody winning, and the pot grows', () => {
    let state = game.apply(start, 0, play(5), createRng(0));
    state = game.apply(state, 1, play(5), createRng(0));
    expect(state.battles).toEqual([{ cards: [5, 5], winner: null, pot: ['P1'], claimed: [] }]);
    expect(ids(state.pot)).toEqual(['P1', 'P2']);
  });

  it('shows the planets still face down sorted by id, never their order', () => {
    const view = game.view(start, null);
    expect(view.deck.map((p) => p.id)).toEqual(ids(start.deck.slice(1)).sort());
    const reordered = { ...start, deck: [...start.deck.slice(0, 1), ...start.deck.slice(1).reverse()] };
    expect(game.view(reordered, null)).toEqual(view);
    expect(Value.Check(game.schemas.view, view)).toBe(true);
  });

  it('refuses bad plays with a code and leaves the state as it was', () => {
    const one = game.apply(start, 0, play(3), createRng(0));
    const saved = JSON.stringify(one);
    const cases: [number, unknown, string][] = [
      [2, play(1), 'unknown_seat'],
      [-1, play(1), 'unknown_seat'],
      [1, play(16), 'card_not_held'],
      [0, play(4), 'already_played'],
      [1, { type: 'play', card: '4' }, 'invalid_action'],
      [1, null, 'invalid_action'],
    ];
    for (const [seat, action, code] of cases) {
      const error = thrownBy(() => game.apply(one, seat, action as SkirmishAction, createRng(0)));
      expect(error).toBeInstanceOf(IllegalActionError);
      expect((error as TabulaError).code).toBe(code);
      expect(JSON.stringify(one)).toBe(saved);
    }
    const over = playOut(start, createRng(3));
    expect((thrownBy(() => game.apply(over, 0, play(1), createRng(0))) as TabulaError).code).toBe(
      'game_over',
    );
  });

  it('gives the very states the engine gives, game after game', () => {
    const engine = new GameEngine();
    for (let seed = 0; seed < 200; seed++) {
      const rng = createRng(seed);
      const config = { players: rng.int(2, 4) };
      let state = game.setup(config, createRng(seed));
      let direct = engine.startNewGame(
        new GameConfig({ playerCount: config.players, seed: createRng(seed).int(0, 0xffffffff) }),
      );
      while (game.outcome(state) === null) {
        const seat = rng.pick(game.toAct(state));
        const action = rng.pick(game.legalActions(state, seat));
        state = game.apply(state, seat, action, rng);
        direct = engine.playCard(direct, seat + 1, action.card);
        expect(direct.toState()).toEqual(state);
      }
    }
  });
});

describe('outcome', () => {
  it('is null while the game is live, then VP per seat, the leaders and the end reason', () => {
    const planets = [
      { id: 'A', victoryPoints: 1, planetClass: PlanetClass.Station },
      { id: 'B', victoryPoints: 2, planetClass: PlanetClass.Station },
      {
        id: 'C',
        victoryPoints: 1,
        planetClass: PlanetClass.Station,
        abilities: [{ type: PlanetAbilityType.ClassSetBonus, params: { setSize: 2, bonus: 5 } }],
      },
    ];
    let state = game.setup({ players: 3, fleet: [1, 2, 3], planets, shuffle: false }, createRng(1));
    const battle = (...cards: number[]) => {
      expect(game.outcome(state)).toBeNull();
      cards.forEach((card, seat) => {
        state = game.apply(state, seat, play(card), createRng(0));
      });
    };
    battle(3, 1, 2); // seat 0 takes A
    battle(1, 3, 1); // seat 1 takes B
    battle(2, 2, 3); // seat 2 takes C: 1 VP, no pair of stations
    expect(game.outcome(state)).toEqual({ scores: [1, 2, 1], winners: [1], reason: GameEndReason.Normal });
  });

  it('counts the class-set bonus and shares the win on equal VP', () => {
    const planets = [
      { id: 'A', victoryPoints: 1, planetClass: PlanetClass.Station },
      {
        id: 'B',
        victoryPoints: 1,
        planetClass: PlanetClass.Station,
        abilities: [{ type: PlanetAbilityType.ClassSetBonus, params: { setSize: 2, bonus: 3 } }],
      },
      { id: 'C', victoryPoints: 5 },
    ];
    let state = game.setup({ players: 2, fleet: [1, 2, 3], planets, shuffle: false }, createRng(1));
    const battles: [number, number][] = [
      [1, 2], // seat 1 takes A
      [2, 3], // seat 1 takes B: a pair of stations, 3 VP more
      [3, 1], // seat 0 takes C
    ];
    for (const [a, b] of battles) {
      state = game.apply(state, 0, play(a), createRng(0));
      state = game.apply(state, 1, play(b), createRng(0));
    }
    expect(game.outcome(state)).toEqual({ scores: [5, 5], winners: [0, 1], reason: GameEndReason.Normal });
    let tied = game.setup({ players: 2, fleet: [1, 2], shuffle: false }, createRng(1));
    for (const card of [2, 1]) {
      tied = game.apply(tied, 0, play(card), createRng(0));
      tied = game.apply(tied, 1, play(card), createRng(0));
    }
    expect(game.outcome(tied)).toEqual({
      scores: [0, 0],
      winners: [0, 1],
      reason: GameEndReason.ShipsExhaustedPlanetsRemaining,
    });
  });
});

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
