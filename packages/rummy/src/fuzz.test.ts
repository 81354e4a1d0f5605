import { createRng, type GameRecord, gameStreams, matches, type Rng, type Seat } from '@tabula/core';
import {
  checkPlaysOn,
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
  shortText,
} from '@tabula/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectSameError } from '../test/refusals.js';
import { searchOnly } from '../test/rummy-kit.js';
import { Card, parseCardList } from './card.js';
import { configRules, rummyGame as game } from './definition.js';
import { Game } from './game.js';
import { Hand } from './hand.js';
import { guessMeldKind, isValidMeld, Meld } from './meld.js';
import { parseAction } from './notation.js';
import { Player } from './player.js';
import * as Round from './round.js';
import { createDeck, Rules } from './rules.js';
import {
  type LayoutMeld,
  LayoutSchema,
  type RummyAction,
  type RummyConfig,
  type RummyState,
} from './schemas.js';
import { type SolvePosition, solve } from './solver/solve.js';
import { fromJSON, gameFromJSON } from './state.js';
import { Table } from './table.js';

/**
 * The fuzz suite: every reader of the package (`fromJSON` of a round and of
 * a `Game`, configs, records, `Round.deal`, `apply`, `parseAction`, the card,
 * meld, hand and table texts and their `fromJSON`s, the solver's position),
 * fed mutated data from real rounds (fields changed, deleted, duplicated,
 * retyped; huge numbers, holes, deep nesting, long strings) and garbage. Each
 * call may only throw a Tabula error of the right class with a code from
 * ERROR_CODES, must answer within the time bound, must leave its input as it
 * was, and a state it accepts must play on. `TABULA_FUZZ_RUNS=20000` runs
 * each property that many times.
 */

const CONFIGS: RummyConfig[] = [
  { players: 2, rules: { decks: 1, jokers: 2, handSize: 7 } },
  { players: 3, rules: { decks: 1, jokers: 1, handSize: 10, openingPoints: 10 } },
  { players: 2, rules: { decks: 2, jokers: 3, handSize: 9, openingPoints: 0 } },
  { players: 2 },
];

/** States of seeded random rounds (plays preferred, so tables fill), at every step, and their records. */
function playedRounds(rounds: number): { states: RummyState[]; records: GameRecord[] } {
  const states: RummyState[] = [];
  const records: GameRecord[] = [];
  for (let seed = 1; seed <= rounds; seed++) {
    const config = CONFIGS[seed % CONFIGS.length] ?? game.defaultConfig();
    const pick = createRng(-seed);
    const { chance } = gameStreams(seed, 2);
    let state = searchOnly.setup(config, chance);
    const actions: { seat: Seat; action: unknown }[] = [];
    while (state.status === 'playing' && actions.length < 150) {
      states.push(state);
      const seat = state.current;
      const legal = searchOnly.legalActions(state, seat);
      const plays = legal.filter((a) => a.type === 'play');
      const action = plays.length > 0 && pick.int(0, 2) > 0 ? pick.pick(plays) : pick.pick(legal);
      state = searchOnly.apply(state, seat, action, chance);
      actions.push({ seat, action });
    }
    states.push(state);
    records.push(JSON.parse(JSON.stringify({ game: 'rummy', version: game.version, config, seed, actions })));
  }
  return { states, records };
}

const { states, records } = playedRounds(6);
const saved = states.map((s) => JSON.parse(JSON.stringify(s)) as RummyState);
const live = saved.filter((s) => s.status === 'playing');
const withTable = live.filter((s) => s.table.length > 0);
const seedArb = fc.integer();
const countArb = fc.integer({ min: 1, max: 3 });

/** A state a reader took: it plays on for a few actions (the bounded search's plays), each state loading again. */
function playsOn(state: RummyState, rng: Rng, what: string) {
  checkPlaysOn(searchOnly, state, rng, what, { seats: state.hands.length, steps: 3 });
}

// Records replay through the bounded search's rules (`searchOnly`), as they were played.
const fuzz: GameFuzz<RummyState> = { game: searchOnly, saved, records, playsOn };

/** Saved `Game`s: before the deal, just dealt, and from the rounds played. */
function savedGames(): unknown[] {
  const waiting = new Game(new Rules({ decks: 1, handSize: 5 }));
  waiting.join(new Player('Ann'));
  const out: unknown[] = [waiting.toJSON()];
  for (const state of live.filter((_, i) => i % 15 === 0)) {
    const game = new Game(new Rules(state.rules));
    for (const [i] of state.hands.entries()) game.join(new Player(`p${i}`));
    game.deal(undefined, { seed: state.hands.length });
    out.push(game.toJSON(), { ...game.toJSON(), round: state });
  }
  return out.map((g) => JSON.parse(JSON.stringify(g)));
}

/** The JSON text of a value, or null when it has none (too deep, a BigInt). */
function jsonText(value: unknown): string | null {
  try {
    return JSON.stringify(value) ?? null;
  } catch {
    return null;
  }
}

describe('fromJSON under fuzzing', () => {
  it('refuses a mutated saved round with invalid_state, or accepts one that plays on', () => {
    const tally = { taken: 0, refused: 0 };
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        tally[fuzzSavedState(fuzz, seed, count)]++;
      }),
      { numRuns: fuzzRuns(150) },
    );
    expect(tally.refused).toBeGreaterThan(tally.taken);
    expect(tally.taken).toBeGreaterThan(0);
  });

  it('refuses garbage with invalid_state', () => {
    fc.assert(
      fc.property(seedArb, (seed) => fuzzGarbageState(game.fromJSON, seed)),
      { numRuns: fuzzRuns(100) },
    );
  });

  it('keeps every saved state of the rounds, and plays on from each', () => {
    const rng = createRng(1);
    for (const state of saved.filter((_, i) => i % 20 === 0)) playsOn(fromJSON(state), rng, 'a saved state');
  });

  it('Game.fromJSON refuses a mutated saved game (object or text) with invalid_state, or takes one that goes on', () => {
    const games = savedGames();
    let accepted = 0;
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        const rng = createRng(seed);
        const mutant = mutate(rng.pick(games), rng, count);
        const text = rng.int(0, 3) === 0 ? jsonText(mutant) : null;
        const input = text ?? mutant;
        const result = guarded(`Game.fromJSON of mutant ${seed}`, () => Game.fromJSON(input), {
          inputs: [input],
          throws: ['InvalidInputError'],
        });
        if (!result.ok) {
          expect(result.error.code).toBe('invalid_state');
          return;
        }
        accepted++;
        const loaded = result.value;
        // what it took, it saves again as it was read, and reads again (as JSON: -0 is written 0)
        const again = JSON.stringify(loaded);
        expect(JSON.stringify(Game.fromJSON(JSON.parse(again)))).toBe(again);
        const round = loaded.getState();
        if (round !== null) playsOn(round, rng, `game mutant ${seed}`);
        else if (loaded.getPlayers().length >= 2)
          guarded('deal', () => loaded.deal(undefined, { seed }), { throws: ['InvalidInputError'] });
      }),
      { numRuns: fuzzRuns(100) },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('gameFromJSON refuses garbage and garbage text with invalid_state', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const value =
          rng.int(0, 1) === 0 ? garbage(rng) : garbageText(rng, ['{', '}', '"round"', ':', 'null']);
        const result = guarded('gameFromJSON of garbage', () => gameFromJSON(value), {
          inputs: [value],
          throws: ['InvalidInputError'],
        });
        expect(result.ok === false && result.error.code).toBe('invalid_state');
      }),
      { numRuns: fuzzRuns(100) },
    );
  });
});

describe('apply under fuzzing', () => {
  it('refuses garbage and mutated actions, and bad seats, with IllegalActionError and the state untouched', () => {
    let took = 0;
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(live);
        const legal = searchOnly.legalActions(state, state.current);
        const action = rng.int(0, 2) === 0 ? garbage(rng) : mutate(rng.pick(legal), rng, rng.int(1, 2));
        const seat = rng.int(0, 9) === 0 ? garbage(rng) : state.current;
        const result = guarded(
          `apply ${shortText(action)}`,
          () => game.apply(state, seat as Seat, action as RummyAction, rng),
          { inputs: [state, action], throws: ['IllegalActionError'] },
        );
        if (result.ok) {
          took++;
          expect(fromJSON(JSON.parse(JSON.stringify(result.value)))).toEqual(result.value);
        }
      }),
      { numRuns: fuzzRuns(200) },
    );
    expect(took).toBeGreaterThan(0);
  });
});

describe('Round.play and Round.tryPlay under fuzzing', () => {
  it('a layout is refused as invalid_input exactly when LayoutSchema refuses it, and tryPlay returns what play throws', () => {
    let took = 0;
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(live);
        const legal = searchOnly.legalActions(state, state.current).filter((a) => a.type === 'play');
        const base = legal.length > 0 ? rng.pick(legal).layout : state.table.map((m) => m.cards);
        // mutated layouts, some melds given with their kind, and garbage
        const shaped = base.map((cards) =>
          rng.int(0, 2) === 0 ? { kind: guessMeldKind(cards), cards } : cards,
        );
        const layout = rng.int(0, 4) === 0 ? garbage(rng) : mutate(shaped, rng, rng.int(0, 2));
        const result = guarded(
          `Round.play ${shortText(layout)}`,
          () => Round.play(state, state.current, layout as LayoutMeld[]),
          { inputs: [state, layout], throws: ['IllegalActionError', 'InvalidInputError', 'NotationError'] },
        );
        const tried = Round.tryPlay(state, state.current, layout as LayoutMeld[]);
        expect(matches(LayoutSchema, layout)).toBe(result.ok || result.error.code !== 'invalid_input');
        if (result.ok) {
          took++;
          expect(tried).toEqual({ ok: true, state: result.value });
        } else if (tried.ok) throw new Error('tryPlay took a layout play refused');
        else expectSameError(tried, result.error);
      }),
      { numRuns: fuzzRuns(300) },
    );
    expect(took).toBeGreaterThan(0);
  });
});

describe('setup, configs, deals and records under fuzzing', () => {
  it('refuses a bad config with invalid_config, and a round from a config it takes plays on', () => {
    let accepted = 0;
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const config = rng.int(0, 4) === 0 ? garbage(rng) : mutate(rng.pick(CONFIGS), rng, rng.int(1, 2));
        const calls: [string, () => unknown][] = [
          ['setup', () => game.setup(config as RummyConfig, createRng(seed))],
          ['seatCount', () => game.seatCount(config as RummyConfig)],
          ['configRules', () => configRules(config)],
        ];
        for (const [what, run] of calls) {
          const result = guarded(`${what} with ${shortText(config)}`, run, {
            inputs: [config],
            throws: ['InvalidInputError'],
          });
          if (!result.ok) expect(result.error.code).toBe('invalid_config');
          else if (what === 'setup') {
            accepted++;
            playsOn(result.value as RummyState, rng, 'a fresh round');
          }
        }
        const seats = rng.int(0, 1) === 0 ? garbage(rng) : rng.int(-3, 20);
        guarded('defaultConfig', () => game.defaultConfig(seats as number), {
          throws: ['InvalidInputError'],
        });
      }),
      { numRuns: fuzzRuns(80) },
    );
    expect(accepted).toBeGreaterThan(0);
  });

  it('new Rules and Round.deal refuse bad rules, players and decks as InvalidInputError (or a bad card)', () => {
    const rulesOf = CONFIGS.map((c) => configRules(c).rules);
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const rules = rng.int(0, 4) === 0 ? garbage(rng) : mutate(rng.pick(rulesOf), rng, rng.int(1, 2));
        const made = guarded('new Rules', () => new Rules(rules as Rules), {
          inputs: [rules],
          throws: ['InvalidInputError'],
        });
        if (!made.ok) expect(made.error.code).toBe('invalid_config');
        // the PHP-compatible Game takes the options new Rules takes; createDeck only whole rules among them
        const game = guarded('new Game', () => new Game(rules as Rules), {
          inputs: [rules],
          throws: ['InvalidInputError'],
        });
        expect(game.ok).toBe(made.ok);
        const built = guarded('createDeck', () => createDeck(rules as Rules), {
          inputs: [rules],
          throws: ['InvalidInputError'],
        });
        if (built.ok) expect(made.ok).toBe(true);
        const base = made.ok ? made.value.toJSON() : rng.pick(rulesOf);
        const deck = rng.shuffle(createDeck(base));
        const players = rng.int(0, 3) === 0 ? garbage(rng) : rng.int(1, 18);
        const given = rng.int(0, 2) === 0 ? mutate(deck, rng, rng.int(1, 2)) : deck;
        const dealt = guarded(
          'Round.deal',
          () => Round.deal(rules as Rules, players as number, given as string[]),
          { inputs: [rules, given], throws: ['InvalidInputError', 'NotationError'] },
        );
        if (dealt.ok) playsOn(dealt.value, rng, 'a dealt round');
      }),
      { numRuns: fuzzRuns(80) },
    );
  });

  it('replays a mutated record or refuses it as an InvalidInputError', () => {
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        fuzzRecord(fuzz, seed, count);
      }),
      { numRuns: fuzzRuns(40) },
    );
  });
});

/** The words and tokens of the notation, so random text gets past the first check. */
const TOKENS = ['draw', 'pass', 'lay', 'play', '(from hand:', ')', ';', '|', ','];
const CARDS = ['Kh', 'Kd', 'Ks', 'Khr', 'Kcb', 'wb', 'wr', 'wbr', '5c', '6c', '7c', '10d', 'K♥', 'a♠', 'Kx'];
const TOKENS_PLUS = [...TOKENS, ...CARDS, ' '];

describe('text under fuzzing', () => {
  const samples = live
    .filter((_, i) => i % 10 === 0)
    .flatMap((s) =>
      searchOnly
        .legalActions(s, s.current)
        .slice(0, 3)
        .map((a) => game.describe!(a, s)),
    );

  it('parseAction reads an action the rules take, or throws NotationError or IllegalActionError', () => {
    let read = 0;
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(live);
        const seat = rng.int(0, 5) === 0 ? rng.int(0, state.hands.length - 1) : state.current;
        const text = garbageText(rng, TOKENS_PLUS, samples);
        const view = game.view(state, seat);
        const result = guarded(
          `parseAction ${JSON.stringify(text.slice(0, 60))}`,
          () => parseAction(text, view),
          { inputs: [text, view], throws: ['NotationError', 'IllegalActionError'] },
        );
        // What it reads is an action the rules take now.
        if (result.ok) {
          read++;
          game.apply(state, seat, result.value, rng);
        }
      }),
      { numRuns: fuzzRuns(500) },
    );
    expect(read).toBeGreaterThan(0);
  });

  it('the card, hand, meld and table readers read cards that write back, or throw a Tabula error', () => {
    const texts = [
      ...saved.slice(0, 40).flatMap((s) => s.hands.map((h) => h.join(','))),
      ...withTable.slice(0, 40).map((s) => s.table.map((m) => m.cards.join(',')).join(';')),
    ];
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const text = garbageText(rng, TOKENS_PLUS, texts);
        const notation = ['NotationError'] as const;
        const melds = ['NotationError', 'IllegalActionError'] as const;
        const opts = (throws: readonly ('NotationError' | 'IllegalActionError')[]) => ({
          inputs: [text],
          throws,
        });
        const list = guarded('parseCardList', () => parseCardList(text), opts(notation));
        if (list.ok) expect(list.value.join(',')).toBe(text);
        const card = guarded('Card.fromString', () => Card.fromString(text), opts(notation));
        if (card.ok) expect(card.value.toString({ withBack: true })).toBe(text);
        guarded('Card.listFromString', () => Card.listFromString(text), opts(notation));
        const hand = guarded('Hand.fromString', () => Hand.fromString(text), opts(notation));
        if (hand.ok) expect(hand.value.toString({ withBack: true })).toBe(text);
        const meld = guarded('Meld.fromString', () => Meld.fromString(text, { anyOrder: true }), opts(melds));
        if (meld.ok)
          expect(Meld.fromString(meld.value.toString({ withBack: true })).toJSON()).toEqual(
            meld.value.toJSON(),
          );
        const table = guarded('Table.fromString', () => Table.fromString(text), opts(melds));
        if (table.ok)
          expect(Table.fromString(table.value.toString({ withBack: true })).toJSON()).toEqual(
            table.value.toJSON(),
          );
        // the readers that return a refusal rather than throw it say the same
        for (const [result, tried] of [
          [meld, () => Meld.tryFromString(text, { anyOrder: true })],
          [table, () => Table.tryFromString(text)],
        ] as const) {
          if (!result.ok && result.error.code === 'invalid_notation')
            expect(tried).toThrow(result.error.message);
          else {
            const value = tried();
            if (value.ok !== result.ok)
              throw new Error(`the try reader disagrees on ${JSON.stringify(text)}`);
            if (!value.ok && !result.ok) expectSameError(value, result.error);
          }
        }
      }),
      { numRuns: fuzzRuns(400) },
    );
  });

  it('Meld.fromJSON and Table.fromJSON take valid melds or throw InvalidInputError, NotationError or IllegalActionError', () => {
    fc.assert(
      fc.property(seedArb, (seed) => {
        const rng = createRng(seed);
        const state = rng.pick(withTable);
        const table = rng.int(0, 4) === 0 ? garbage(rng) : mutate(state.table, rng, rng.int(1, 2));
        const throws = ['InvalidInputError', 'NotationError', 'IllegalActionError'] as const;
        const read = guarded('Table.fromJSON', () => Table.fromJSON(table as never), {
          inputs: [table],
          throws,
        });
        if (read.ok)
          for (const meld of read.value.toJSON()) expect(isValidMeld(meld.cards, meld.kind)).toBe(true);
        const meld = rng.int(0, 4) === 0 ? garbage(rng) : mutate(rng.pick(state.table), rng, rng.int(1, 2));
        guarded('Meld.fromJSON', () => Meld.fromJSON(meld as never), { inputs: [meld], throws });
        // a value that is no list of cards is a misused API (invalid_argument)
        guarded('Meld.fromCards', () => Meld.fromCards(meld as never), {
          inputs: [meld],
          throws: [...throws, 'TabulaError'],
        });
        guarded('new Hand', () => new Hand(meld as never), {
          inputs: [meld],
          throws: ['NotationError', 'TabulaError'],
        });
      }),
      { numRuns: fuzzRuns(100) },
    );
  });
});

describe('the solver under fuzzing', () => {
  /** The position of the seat to act, in one of the forms `solve` takes. */
  function positionOf(state: RummyState, rng: Rng): SolvePosition {
    const seat = state.current;
    const hand = state.hands[seat] ?? [];
    const asText = rng.int(0, 2) === 0;
    return {
      table: asText ? state.table.map((m) => m.cards.join(',')).join(';') : state.table,
      hand: asText ? hand.join(',') : hand,
      opened: state.opened[seat] === true,
      rules: state.rules,
    };
  }

  it('solves a mutated position, or refuses it with a Tabula error, promptly and without changing it', () => {
    let solved = 0;
    fc.assert(
      fc.property(seedArb, countArb, (seed, count) => {
        const rng = createRng(seed);
        const state = rng.pick(live);
        const position = rng.int(0, 5) === 0 ? garbage(rng) : mutate(positionOf(state, rng), rng, count);
        const result = guarded(
          `solve ${shortText(position)}`,
          () => solve(position as SolvePosition, { budgetMs: 100 }),
          {
            inputs: [position],
            throws: ['InvalidInputError', 'NotationError', 'IllegalActionError', 'TabulaError'],
          },
        );
        if (!result.ok) {
          expect(result.error.code).not.toBe('conformance');
          return;
        }
        solved++;
        if (result.value.kind === 'play')
          for (const meld of result.value.layout) expect(isValidMeld(meld.cards, meld.kind)).toBe(true);
      }),
      { numRuns: fuzzRuns(80) },
    );
    expect(solved).toBeGreaterThan(0);
  });

  it('answers the unmutated positions with a play the rules take', () => {
    const rng = createRng(7);
    for (const state of live.filter((_, i) => i % 30 === 0)) {
      const best = solve(positionOf(state, rng), { budgetMs: 100 });
      if (best.kind === 'play') Round.play(state, state.current, best.layout);
    }
  });
});

describe('inputs the fuzzing found', () => {
  const [state] = live;
  if (state === undefined) throw new Error('no live state');

  it('an action nested too deep for JSON is refused as invalid_action (its message wrote it as JSON)', () => {
    const result = guarded('apply', () =>
      game.apply(state, state.current, deeplyNested() as RummyAction, createRng(1)),
    );
    expect(result.ok === false && result.error.code).toBe('invalid_action');
  });

  it('a seat that is an object without a prototype is refused as unknown_seat (it was used as a key)', () => {
    const seat = Object.create(null);
    const actions: RummyAction[] = [{ type: 'draw' }, { type: 'pass' }, { type: 'play', layout: [] }];
    for (const action of actions) {
      const result = guarded('apply', () => game.apply(state, seat, action, createRng(1)), {
        inputs: [state],
      });
      expect(result.ok === false && result.error.code).toBe('unknown_seat');
    }
    const view = guarded('view', () => game.view(state, seat));
    expect(view.ok === false && view.error.code).toBe('unknown_seat');
  });

  it('new Rules(null) is refused as invalid_config (it read null.decks)', () => {
    const result = guarded('new Rules', () => new Rules(null as never));
    expect(result.ok === false && result.error.code).toBe('invalid_config');
  });

  it('Meld.fromCards of a meld object is a misused API, invalid_argument (it called map on it)', () => {
    const result = guarded('Meld.fromCards', () => Meld.fromCards({ kind: 'group', cards: [] } as never));
    expect(result.ok === false && result.error.code).toBe('invalid_argument');
  });
});
