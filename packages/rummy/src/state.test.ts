import { InvalidInputError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { rummyGame } from './definition.js';
import { Game } from './game.js';
import { Meld } from './meld.js';
import { Player } from './player.js';
import { Rules } from './rules.js';
import type { GameJSON } from './schemas.js';

type Json = Record<string, unknown>;

function dealt(): { game: Game; alice: Player; bob: Player } {
  const game = new Game(new Rules());
  const alice = new Player('Alice', 'a');
  const bob = new Player('Bob', 'b');
  game.join(alice);
  game.join(bob);
  game.deal(undefined, { seed: 3 });
  return { game, alice, bob };
}

/** A finished 1-deck round: Alice went out, Bob holds wb,2c,3c. */
function finished(): Game {
  const game = new Game(new Rules({ decks: 1, jokers: 1, handSize: 3 }));
  const alice = new Player('Alice');
  game.join(alice);
  game.join(new Player('Bob'));
  game.deal('Kh,Kd,Ks,wb,2c,3c,4c'.split(','));
  game.play(alice, [Meld.fromString('Kh,Kd,Ks')]);
  return game;
}

function problem(json: unknown): InvalidInputError {
  try {
    Game.fromJSON(json);
  } catch (e) {
    if (e instanceof InvalidInputError) return e;
    throw e;
  }
  throw new Error('expected an InvalidInputError');
}

const copy = (g: Game) => JSON.parse(JSON.stringify(g)) as Json & { round: Json };

describe('saving and restoring', () => {
  it('round-trips a waiting, a playing and a finished game', () => {
    const waiting = new Game(new Rules({ handSize: 9 }));
    waiting.join(new Player('Alice'));
    const { game } = dealt();
    for (const g of [waiting, game, finished()]) {
      const text = JSON.stringify(g);
      expect(Game.fromJSON(text).toJSON()).toEqual(g.toJSON());
      expect(Game.fromJSON(JSON.parse(text)).toJSON()).toEqual(g.toJSON());
    }
    const restored = Game.fromJSON(JSON.stringify(finished()));
    expect(restored.isOver()).toBe(true);
    expect(restored.getWinner()?.name).toBe('Alice');
    expect(restored.getScore(new Player('Bob'))).toBe(-35);
  });

  it('continues a restored game exactly like the original', () => {
    const { game, alice, bob } = dealt();
    const restored = Game.fromJSON(game.toJSON());
    expect(restored.getRules()).toEqual(game.getRules());
    expect(restored.draw(alice).key).toBe(game.draw(alice).key);
    expect(restored.draw(bob).key).toBe(game.draw(bob).key);
    expect(restored.toJSON()).toEqual(game.toJSON());
  });

  it('gives a copy that cannot change the game', () => {
    const { game, alice } = dealt();
    const json = game.toJSON() as unknown as { round: { hands: string[][] } };
    json.round.hands[0]!.length = 0;
    expect(game.getHand(alice).size).toBe(14);
  });

  it('builds players with createPlayer', () => {
    class Named extends Player {}
    const { game } = dealt();
    const restored = Game.fromJSON(game.toJSON(), { createPlayer: (p) => new Named(p.name, p.id) });
    expect(restored.getPlayers().every((p) => p instanceof Named)).toBe(true);
    expect(restored.getPlayers().map((p) => p.id)).toEqual(['a', 'b']);
  });

  type Case = [string, (j: Json & { round: Json }) => unknown, string, RegExp];
  const cases: Case[] = [
    ['not an object', () => 42, '$', /Expected object/],
    ['not JSON', () => '{"rules":', '$', /is not JSON/],
    ['a missing field', (j) => ({ ...j, players: undefined, round: j.round }), '$.players', /Expected array/],
    [
      'an absent field',
      (j) => {
        delete j.players;
        return j;
      },
      '$.players',
      /Expected required property/,
    ],
    ['an unknown field', (j) => ({ ...j, extra: 1 }), '$.extra', /Unexpected property/],
    [
      'bad rules',
      (j) => ({ ...j, rules: { ...(j.rules as Json), decks: 0 } }),
      '$.rules.decks',
      /Expected integer to be greater or equal to 1/,
    ],
    [
      'a duplicate player id',
      (j) => ({
        ...j,
        players: [
          { id: 'a', name: 'A' },
          { id: 'a', name: 'B' },
        ],
      }),
      '$.players[1].id',
      /duplicates/,
    ],
    [
      'an empty name',
      (j) => ({
        ...j,
        players: [
          { id: 'a', name: '' },
          { id: 'b', name: 'B' },
        ],
      }),
      '$.players[0].name',
      /Expected string length greater or equal to 1/,
    ],
    [
      'a bad card in a hand',
      (j) => set(j, ['round', 'hands', 1, 3], 'Kb'),
      '$.round.hands[1][3]',
      /Expected string to match/,
    ],
    ['a number in the stock', (j) => set(j, ['round', 'stock', 0], 5), '$.round.stock[0]', /Expected string/],
    [
      'an unknown status',
      (j) => set(j, ['round', 'status'], 'done'),
      '$.round.status',
      /Expected one of "playing", "over", got "done"/,
    ],
    ['a current seat out of range', (j) => set(j, ['round', 'current'], 2), '$.round.current', /from 0 to 1/],
    [
      'passes with cards in the stock',
      (j) => set(j, ['round', 'passes'], 1),
      '$.round.passes',
      /empty stock/,
    ],
    [
      'a short opened list',
      (j) => set(j, ['round', 'opened'], [false]),
      '$.round.opened',
      /one entry per hand/,
    ],
    ['a non-boolean opened', (j) => set(j, ['round', 'opened', 1], 'no'), '$.round.opened[1]', /boolean/],
    ['a winner while playing', (j) => set(j, ['round', 'winner'], 0), '$.round.winner', /null while playing/],
    [
      'a score while playing',
      (j) => set(j, ['round', 'scores', 1], 5),
      '$.round.scores[1]',
      /0 while playing/,
    ],
    [
      'rules that differ',
      (j) => set(j, ['round', 'rules', 'handSize'], 13),
      '$.round.rules.handSize',
      /must match/,
    ],
    [
      'a hand per player',
      (j) => ({ ...j, players: [...(j.players as unknown[]), { id: 'c', name: 'C' }] }),
      '$.round.hands',
      /one hand per player \(3\)/,
    ],
    [
      'a card twice',
      (j) => set(j, ['round', 'hands', 0, 0], (j.round.hands as string[][])[1]![0]),
      '$.round.hands[1][0]',
      /appears more often/,
    ],
    [
      'a card without its back',
      (j) => set(j, ['round', 'stock', 0], 'Kh'),
      '$.round.stock[0]',
      /not in the rules' deck \(with 2 decks cards carry a back/,
    ],
    [
      'an invalid meld on the table',
      (j) => set(j, ['round', 'table'], [{ kind: 'run', cards: ['5d', '7d', '8d'] }]),
      '$.round.table[0].cards',
      /Cards in a run must be consecutive, got 7d/,
    ],
    [
      'an unknown meld kind',
      (j) => set(j, ['round', 'table'], [{ kind: 'set', cards: ['5d', '5c', '5h'] }]),
      '$.round.table[0].kind',
      /Expected one of "group", "run", got "set"/,
    ],
  ];

  it.each(cases)('refuses %s, naming the path', (_, mutate, path, message) => {
    const error = problem(mutate(copy(dealt().game)));
    expect(error.code).toBe('invalid_state');
    expect(error.path).toBe(path);
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(`${path}: `)).toBe(true);
  });

  it('refuses a finished round with wrong scores or a wrong winner', () => {
    const bad = copy(finished());
    set(bad, ['round', 'scores'], [30, -30]);
    expect(problem(bad)).toMatchObject({
      path: '$.round.scores[0]',
      message: expect.stringMatching(/must be 35/),
    });
    const wrongWinner = copy(finished());
    set(wrongWinner, ['round', 'winner'], 1);
    expect(problem(wrongWinner).path).toBe('$.round.winner');
    const ok = copy(finished());
    expect(() => Game.fromJSON(ok)).not.toThrow();
    set(ok, ['round', 'status'], 'playing');
    expect(problem(ok).path).toBe('$.round.winner');
  });

  it('refuses a card on the table that is also in a hand', () => {
    const json = copy(finished()) as unknown as GameJSON & { round: { table: { cards: string[] }[] } };
    json.round.table[0]!.cards[0] = 'wb';
    expect(problem(json).path).toBe('$.round.table[0].cards[0]');
  });
});

describe('rummyGame.fromJSON', () => {
  const state = dealt().game.getState();

  it('takes back a state the game made, equal to it', () => {
    expect(rummyGame.fromJSON(JSON.parse(JSON.stringify(state)))).toEqual(state);
    const over = finished().getState();
    expect(rummyGame.fromJSON(JSON.parse(JSON.stringify(over)))).toEqual(over);
  });

  it('refuses a state that breaks a rule, naming the path from the state itself', () => {
    const cases: [(j: Json) => unknown, string, RegExp][] = [
      [(j) => set(j, ['hands', 0, 0], 'wh'), '$.hands[0][0]', /Expected string to match/],
      [(j) => set(j, ['rules', 'jokers'], 5), '$.rules.jokers', /at most 2 jokers per deck \(4\)/],
      [(j) => set(j, ['current'], 2), '$.current', /from 0 to 1/],
      [
        (j) => set(j, ['table'], [{ kind: 'run', cards: ['5dr', '7dr', '8dr'] }]),
        '$.table[0].cards',
        /consecutive/,
      ],
      [(j) => ({ ...j, hands: [] }), '$.hands', /Expected array length to be greater or equal to 2/],
    ];
    for (const [mutate, path, message] of cases) {
      const error = thrownBy(
        () => rummyGame.fromJSON(mutate(JSON.parse(JSON.stringify(state)))),
        InvalidInputError,
      );
      expect(error.code).toBe('invalid_state');
      expect(error.path).toBe(path);
      expect(error.message).toMatch(message);
    }
  });
});

function set(target: Json, path: (string | number)[], value: unknown): Json {
  let at: Record<string | number, unknown> = target;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return target;
}
