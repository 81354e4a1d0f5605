import { createRng, IllegalActionError, TabulaError } from '@tabula/core';
import { thrownBy } from '@tabula/core/testing';
import { describe, expect, it } from 'vitest';
import { skirmishGame } from './definition.js';
import { GameEngine } from './engine.js';
import { GameOverError, InvalidMoveError } from './errors.js';
import { GameConfig } from './game-config.js';
import { GameState } from './game-state.js';
import { Planet, PlanetAbility } from './planet.js';
import { playCard, resolvedBattle } from './rules.js';
import { GameEndReason } from './schemas.js';
import { viewFor } from './view.js';

const engine = new GameEngine();
const ids = (planets: readonly Planet[]) => planets.map((p) => p.id);

/** Planets P1.. worth the given VP, in that deck order. */
const deck = (...vps: number[]) => vps.map((vp, i) => new Planet({ id: `P${i + 1}`, victoryPoints: vp }));

function start(playerCount: number, vps: number[], fleetValues: number[]): GameState {
  return engine.startNewGame(new GameConfig({ playerCount, planets: deck(...vps), fleetValues }));
}

/** One battle: player 1 plays cards[0], player 2 cards[1], ... */
function battle(state: GameState, ...cards: number[]): GameState {
  return cards.reduce((s, card, seat) => engine.playCard(s, seat + 1, card), state);
}

describe('startNewGame', () => {
  it('deals every player the fleet and turns the first planet face up', () => {
    const state = start(3, [1, 2, 3], [1, 2, 3, 4]);
    expect(state.playerCount).toBe(3);
    expect(state.playerIds()).toEqual([1, 2, 3]);
    for (const id of [1, 2, 3]) {
      expect(state.hand(id)).toEqual([1, 2, 3, 4]);
      expect(state.claimedBy(id)).toEqual([]);
      expect(state.playOf(id)).toBeNull();
    }
    expect(ids(state.planetPot)).toEqual(['P1']);
    expect(state.currentPlanetIndex).toBe(1);
    expect(state.planetsLeftInDeck()).toBe(2);
    expect(engine.isGameOver(state)).toBe(false);
    expect(state.endReason).toBeNull();
  });

  it('shows the pot before anyone chooses (standard game)', () => {
    const state = engine.startNewGame(GameConfig.standardTwoPlayer(5));
    expect(engine.potSummary(state).count).toBe(1);
    expect(state.planetPot[0]).toBe(state.planetDeck[0]);
  });
});

describe('battles', () => {
  it('records a play without resolving until everyone has played, in any order', () => {
    let state = start(3, [1, 2], [1, 2, 3]);
    state = engine.playCard(state, 3, 2);
    state = engine.playCard(state, 1, 1);
    expect(state.playOf(3)).toBe(2);
    expect(state.hand(3)).toEqual([1, 3]);
    expect(state.claimedBy(3)).toEqual([]);
    state = engine.playCard(state, 2, 3);
    expect(ids(state.claimedBy(2))).toEqual(['P1']);
    expect(state.currentPlays).toEqual([null, null, null]);
  });

  it('gives the whole pot to the single highest card and reveals the next planet', () => {
    const state = battle(start(2, [1, 2, 3], [1, 2, 3, 4, 5]), 5, 3);
    expect(ids(state.claimedBy(1))).toEqual(['P1']);
    expect(state.claimedBy(2)).toEqual([]);
    expect(ids(state.planetPot)).toEqual(['P2']);
    expect(state.hand(1)).toEqual([1, 2, 3, 4]);
    expect(state.hand(2)).toEqual([1, 2, 4, 5]);
    expect(state.scores()).toEqual({ 1: 1, 2: 0 });
  });

  it('escalates the pot on a tie and the next winner takes it all', () => {
    let state = battle(start(2, [1, 2, 3], [1, 2, 3, 4, 5]), 5, 5);
    expect(ids(state.planetPot)).toEqual(['P1', 'P2']);
    expect(state.scores()).toEqual({ 1: 0, 2: 0 });
    expect(state.hand(1)).not.toContain(5);
    expect(state.hand(2)).not.toContain(5);
    expect(engine.potTotalVictoryPoints(state)).toBe(3);
    state = battle(state, 3, 3);
    expect(ids(state.planetPot)).toEqual(['P1', 'P2', 'P3']);
    state = battle(state, 1, 2);
    expect(ids(state.claimedBy(2))).toEqual(['P1', 'P2', 'P3']);
    expect(state.scores()).toEqual({ 1: 0, 2: 6 });
  });

  it('keeps the pot on a tie when the deck is empty, and the game goes on', () => {
    let state = battle(start(2, [2], [1, 2, 3]), 2, 2);
    expect(ids(state.planetPot)).toEqual(['P1']);
    expect(state.planetsLeftInDeck()).toBe(0);
    expect(state.gameOver).toBe(false);
    state = battle(state, 1, 1);
    expect(ids(state.planetPot)).toEqual(['P1']);
    state = battle(state, 3, 3);
    expect(state.gameOver).toBe(true);
    expect(state.endReason).toBe(GameEndReason.ShipsExhaustedPlanetsRemaining);
    expect(ids(state.planetPot)).toEqual(['P1']);
  });

  it('awards a pot kept through an empty-deck tie to the next single winner', () => {
    let state = battle(start(2, [2], [1, 2, 3]), 1, 1);
    expect(ids(state.planetPot)).toEqual(['P1']);
    state = battle(state, 3, 2);
    expect(ids(state.claimedBy(1))).toEqual(['P1']);
    expect(state.planetPot).toEqual([]);
    state = battle(state, 2, 3);
    expect(state.endReason).toBe(GameEndReason.Normal);
    expect(state.scores()).toEqual({ 1: 2, 2: 0 });
  });

  it('fights battles over an empty pot once every planet is gone', () => {
    let state = battle(start(2, [3], [1, 2, 3]), 1, 2);
    expect(state.planetPot).toEqual([]);
    state = battle(state, 3, 1);
    expect(state.scores()).toEqual({ 1: 0, 2: 3 });
    state = battle(state, 2, 3);
    expect(state.endReason).toBe(GameEndReason.Normal);
  });

  it('plays three players: a tie for the highest escalates, lower cards do not matter', () => {
    let state = start(3, [1, 2, 3, 1], [1, 2, 3, 4]);
    state = battle(state, 4, 4, 1);
    expect(ids(state.planetPot)).toEqual(['P1', 'P2']);
    expect(state.scores()).toEqual({ 1: 0, 2: 0, 3: 0 });
    // A tie among the lower cards does not stop the single highest.
    state = battle(state, 2, 2, 3);
    expect(ids(state.claimedBy(3))).toEqual(['P1', 'P2']);
    expect(ids(state.planetPot)).toEqual(['P3']);
    // All three tie.
    state = battle(state, 1, 1, 2);
    expect(ids(state.claimedBy(3))).toEqual(['P1', 'P2', 'P3']);
    state = battle(state, 3, 3, 4);
    expect(ids(state.claimedBy(3))).toEqual(['P1', 'P2', 'P3', 'P4']);
    expect(state.gameOver).toBe(true);
    expect(state.scores()).toEqual({ 1: 0, 2: 0, 3: 7 });
    expect(state.winners()).toEqual([3]);
  });

  it('three players: a three-way tie escalates too', () => {
    const state = battle(start(3, [1, 2, 3], [1, 2]), 2, 2, 2);
    expect(ids(state.planetPot)).toEqual(['P1', 'P2']);
    expect(state.hand(1)).toEqual([1]);
  });

  it('handles negative and zero ship strengths and duplicate ships', () => {
    let state = start(2, [1, 1], [0, -3, 0]);
    state = battle(state, -3, 0);
    expect(ids(state.claimedBy(2))).toEqual(['P1']);
    expect(state.hand(1)).toEqual([0, 0]);
    state = battle(state, 0, 0);
    expect(state.hand(2)).toEqual([-3]);
  });
});

describe('end of the game', () => {
  it('ends Normal when every hand is empty and every planet awarded', () => {
    const state = battle(battle(start(2, [1, 2], [1, 2]), 2, 1), 1, 2);
    expect(engine.isGameOver(state)).toBe(true);
    expect(state.endReason).toBe(GameEndReason.Normal);
    expect(state.scores()).toEqual({ 1: 1, 2: 2 });
    expect(state.winners()).toEqual([2]);
  });

  it('ends ShipsExhaustedPlanetsRemaining when planets are left in the deck', () => {
    const state = battle(start(2, [1, 2, 3], [1]), 1, 1);
    expect(state.endReason).toBe(GameEndReason.ShipsExhaustedPlanetsRemaining);
    expect(state.planetsLeftInDeck()).toBe(1);
  });

  it('ends ShipsExhaustedPlanetsRemaining when only the pot is left after a final tie', () => {
    const state = battle(start(2, [1], [1]), 1, 1);
    expect(state.planetsLeftInDeck()).toBe(0);
    expect(ids(state.planetPot)).toEqual(['P1']);
    expect(state.endReason).toBe(GameEndReason.ShipsExhaustedPlanetsRemaining);
  });

  it('does not reveal a planet once the game is over', () => {
    const tied = battle(start(2, [1, 2, 3], [1]), 1, 1);
    expect(ids(tied.planetPot)).toEqual(['P1', 'P2']);
    expect(tied.currentPlanetIndex).toBe(2);
    let won = battle(start(2, [1, 2, 3], [5, 4]), 5, 4);
    expect(ids(won.planetPot)).toEqual(['P2']);
    won = battle(won, 4, 5);
    expect(won.gameOver).toBe(true);
    expect(won.planetPot).toEqual([]);
    expect(won.currentPlanetIndex).toBe(2);
    expect(won.endReason).toBe(GameEndReason.ShipsExhaustedPlanetsRemaining);
  });

  it('ends PlayerOutOfCardsEarly when some hands empty before others', () => {
    const saved = battle(start(2, [1, 2, 3], [1, 2]), 1, 2).toJSON();
    const uneven = GameState.fromJSON({ ...saved, hands: { '1': [2], '2': [7, 8] } });
    const state = battle(uneven, 2, 7);
    expect(state.gameOver).toBe(true);
    expect(state.endReason).toBe(GameEndReason.PlayerOutOfCardsEarly);
    expect(state.hand(2)).toEqual([8]);
  });

  it('shares the win on equal VP', () => {
    const state = battle(battle(start(2, [2, 2], [1, 2]), 2, 1), 1, 2);
    expect(state.scores()).toEqual({ 1: 2, 2: 2 });
    expect(state.winners()).toEqual([1, 2]);
  });
});

describe('refused plays', () => {
  const fresh = () => start(2, [1, 2, 3], [1, 2, 3]);

  it('refuses a second card from the same player in one battle', () => {
    const state = engine.playCard(fresh(), 1, 2);
    const error = thrownBy(() => engine.playCard(state, 1, 3));
    expect(error).toBeInstanceOf(InvalidMoveError);
    expect(error).toMatchObject({ code: 'already_played', playerId: 1 });
    expect(engine.legalCardsForPlayer(state, 1)).toEqual([]);
    expect(engine.legalCardsForPlayer(state, 2)).toEqual([1, 2, 3]);
  });

  it('refuses a card the player does not hold, naming it', () => {
    const state = battle(fresh(), 2, 1);
    for (const card of [2, 9, 1.5, '1' as unknown as number]) {
      const error = thrownBy(() => engine.playCard(state, 1, card));
      expect(error).toBeInstanceOf(InvalidMoveError);
      expect(error).toMatchObject({ code: 'card_not_held' });
      expect((error as Error).message).toContain(`card ${typeof card === 'string' ? `"${card}"` : card}`);
    }
  });

  it('refuses an unknown player', () => {
    for (const id of [0, 3, -1, 1.5, Number.NaN]) {
      const error = thrownBy(() => engine.playCard(fresh(), id, 1));
      expect(error).toMatchObject({ code: 'unknown_seat' });
      expect(error).toBeInstanceOf(InvalidMoveError);
    }
    expect(() => engine.legalCardsForPlayer(fresh(), 3)).toThrow(/no player 3/);
    expect(() => fresh().hand(0)).toThrow(InvalidMoveError);
  });

  it('throws GameOverError after the end', () => {
    const over = battle(start(2, [1], [1]), 1, 1);
    const error = thrownBy(() => engine.playCard(over, 1, 1));
    expect(error).toBeInstanceOf(GameOverError);
    expect(error).toMatchObject({ code: 'game_over' });
    expect(engine.legalCardsForPlayer(over, 1)).toEqual([]);
  });

  it('uses errors that extend TabulaError with stable codes', () => {
    const error = thrownBy(() => engine.playCard(fresh(), 1, 99));
    expect(error).toBeInstanceOf(TabulaError);
    expect(error).toBeInstanceOf(IllegalActionError);
    expect(new GameOverError('x')).toBeInstanceOf(TabulaError);
    expect((error as Error).name).toBe('InvalidMoveError');
  });

  it('leaves the given state untouched after a failed call', () => {
    const played = engine.playCard(fresh(), 1, 2);
    const before = JSON.stringify(played);
    const hands = played.hands;
    const hand1 = played.hands[0];
    thrownBy(() => engine.playCard(played, 1, 3));
    thrownBy(() => engine.playCard(played, 2, 99));
    thrownBy(() => engine.playCard(played, 5, 1));
    expect(JSON.stringify(played)).toBe(before);
    expect(played.hands).toBe(hands);
    expect(played.hands[0]).toBe(hand1);
    // And the state still plays on.
    expect(ids(engine.playCard(played, 2, 1).claimedBy(1))).toEqual(['P1']);
  });

  it('never changes the state it is given, and states cannot be changed', () => {
    const state = fresh();
    const before = JSON.stringify(state);
    const next = battle(state, 3, 1);
    expect(JSON.stringify(state)).toBe(before);
    expect(next).not.toBe(state);
    // A state holds no data of its own: its fields are read-only accessors (it is not frozen, see GameState).
    expect(() => Object.assign(state, { gameOver: true })).toThrow(TypeError);
    expect(() => Object.assign(state, { hands: [[], []] })).toThrow(TypeError);
    expect(() => Object.assign(state, { currentPlanetIndex: 9 })).toThrow(TypeError);
    expect(Object.keys(state)).toEqual([]);
    expect(JSON.stringify(state)).toBe(before);
    expect(Object.isFrozen(state.hands)).toBe(true);
    expect(Object.isFrozen(state.hands[0])).toBe(true);
    expect(Object.isFrozen(next.claimedPlanets[0])).toBe(true);
    expect(() => (state.hands[0] as number[]).push(4)).toThrow(TypeError);
  });
});

describe('pot helpers', () => {
  it('sums the pot and summarises it in the PHP shape', () => {
    const state = battle(start(2, [1, 3, 2], [1, 2]), 1, 1);
    expect(engine.potTotalVictoryPoints(state)).toBe(4);
    expect(engine.potSummary(state)).toEqual({
      planets: [
        { id: 'P1', victory_points: 1, name: null, class: null, abilities: [] },
        { id: 'P2', victory_points: 3, name: null, class: null, abilities: [] },
      ],
      total_vp: 4,
      count: 2,
    });
  });

  it('gives the legal cards as a copy the caller may change', () => {
    const state = start(2, [1], [4, 5]);
    const cards = engine.legalCardsForPlayer(state, 2);
    cards.push(99);
    expect(state.hand(2)).toEqual([4, 5]);
  });
});

describe('the README end-to-end example', () => {
  it('plays 7-4, 3-3 (tie), 9-6 and player 1 takes everything', () => {
    const config = GameConfig.standardTwoPlayer(2025);
    let state = engine.startNewGame(config);
    const firstThree = config.planets.slice(0, 3);

    state = engine.playCard(state, 1, 7);
    state = engine.playCard(state, 2, 4);
    expect(state.claimedBy(1)).toEqual(firstThree.slice(0, 1));

    state = engine.playCard(state, 1, 3);
    state = engine.playCard(state, 2, 3);
    expect(state.planetPot).toEqual(firstThree.slice(1));

    state = engine.playCard(state, 1, 9);
    state = engine.playCard(state, 2, 6);
    expect(state.claimedBy(1)).toEqual(firstThree);
    expect(state.scores()).toEqual({
      1: firstThree.reduce((vp, p) => vp + p.victoryPoints, 0),
      2: 0,
    });
    expect(engine.isGameOver(state)).toBe(false);

    const restored = GameState.fromJSON(JSON.parse(JSON.stringify(state)));
    expect(restored.toJSON()).toEqual(state.toJSON());
    expect(restored.scores()).toEqual(state.scores());
  });

  it('plays a whole standard game to a Normal end when there are no ties', () => {
    let state = engine.startNewGame(GameConfig.standardTwoPlayer(1));
    for (let card = 15; card >= 1; card--) state = battle(state, card, 16 - card);
    expect(state.endReason).toBe(GameEndReason.Normal);
    const total = Object.values(state.scores()).reduce((a, b) => a + b, 0);
    expect(total).toBe(30);
  });
});

describe('the battle a play resolves (issue 11, item 17)', () => {
  it('comes with the state GameEngine.playCard returns, in player ids, and is null while the battle waits', () => {
    let state = start(3, [1, 2, 3, 2], [1, 2, 3, 4, 5]);
    const [p1, p2] = state.planetDeck;
    expect(state.resolvedBattle()).toBeNull();
    state = engine.playCard(state, 3, 5);
    state = engine.playCard(state, 1, 5);
    expect(engine.resolvedBattle(state)).toBeNull();
    state = engine.playCard(state, 2, 1);
    // Players 1 and 3 tie for the highest card: nobody takes P1, and P2 joins it.
    expect(state.resolvedBattle()).toEqual({
      cards: { 1: 5, 2: 1, 3: 5 },
      winner: null,
      pot: [p1],
      claimed: [],
    });
    state = battle(state, 2, 4, 3);
    const won = engine.resolvedBattle(state);
    expect(won).toEqual({ cards: { 1: 2, 2: 4, 3: 3 }, winner: 2, pot: [p1, p2], claimed: [p1, p2] });
    expect(won?.pot[0]).toBe(p1); // the state's own Planet objects
    expect(state.winners()).toEqual([2]);
    expect(state.battles().map((b) => b.winner)).toEqual([null, 2]);
    state = engine.playCard(state, 1, 4);
    expect(state.resolvedBattle()).toBeNull();
    expect(state.battles()).toHaveLength(2);
  });

  it('counts the planets a claim pulls in as claimed, and is the same battle the plain state records', () => {
    const trigger = new Planet({
      id: 'P1',
      victoryPoints: 1,
      abilities: [PlanetAbility.doubleNextPlanetNoCombat()],
    });
    const planets = [
      trigger,
      new Planet({ id: 'P2', victoryPoints: 2 }),
      new Planet({ id: 'P3', victoryPoints: 3 }),
    ];
    let state = engine.startNewGame(new GameConfig({ planets, fleetValues: [1, 2] }));
    state = battle(state, 1, 2);
    expect(ids(state.resolvedBattle()?.claimed ?? [])).toEqual(['P1', 'P2']);
    expect(ids(state.resolvedBattle()?.pot ?? [])).toEqual(['P1']);
    expect(state.toState().battles.at(-1)).toEqual({
      cards: [1, 2],
      winner: 1,
      pot: ['P1'],
      claimed: ['P1', 'P2'],
    });
  });

  it('is not part of the state: a state restored from its saved form equals it, and has no battle to report', () => {
    const state = battle(start(2, [1, 2], [1, 2]), 2, 1);
    expect(state.resolvedBattle()).not.toBeNull();
    const restored = GameState.fromJSON(JSON.parse(JSON.stringify(state)));
    expect(restored).toEqual(state);
    // The fields are accessors, which toEqual does not compare: compare what they show.
    expect(fieldsOf(restored)).toEqual(fieldsOf(state));
    expect(restored.resolvedBattle()).toBeNull();
    // PHP keeps no history, so the PHP shape carries none.
    expect(restored.battles()).toEqual([]);
  });

  it('comes from the plain functions in seats: resolvedBattle(before, after), the last of state.battles', () => {
    const before = start(2, [1, 2], [1, 2]).toState();
    const waiting = playCard(before, 1, 2);
    expect(resolvedBattle(before, waiting)).toBeNull();
    const after = playCard(waiting, 0, 1);
    const result = { cards: [1, 2], winner: 1, pot: ['P1'], claimed: ['P1'] };
    expect(resolvedBattle(waiting, after)).toEqual(result);
    expect(after.battles).toEqual([result]);
    // Under the contract too: the state after the last card holds the battle, and every view shows it.
    const rng = createRng(1);
    const played = skirmishGame.apply(
      skirmishGame.apply(before, 1, { type: 'play', card: 2 }, rng),
      0,
      { type: 'play', card: 1 },
      rng,
    );
    expect(played).toEqual(after);
    expect(skirmishGame.view(played, 0).battles).toEqual([result]);
  });
});

describe('one numbering: player ids in this API, seats everywhere else (issue 11, item 17)', () => {
  it('names players by id in GameEngine errors, with playerId and no seat', () => {
    const state = engine.playCard(start(2, [1], [1, 2]), 2, 2);
    const again = thrownBy(() => engine.playCard(state, 2, 1), InvalidMoveError);
    expect(again).toMatchObject({
      code: 'already_played',
      playerId: 2,
      message: expect.stringMatching(/^Player 2 /),
    });
    expect(again.seat).toBeUndefined();
    const missing = thrownBy(() => engine.playCard(state, 1, 7), InvalidMoveError);
    expect(missing.message).toBe('Player 1 does not hold card 7 (holds 1, 2)');
    expect(thrownBy(() => engine.playCard(state, 3, 1), InvalidMoveError).message).toMatch(
      /no player 3; player ids are 1 to 2$/,
    );
  });

  it('names seats in the errors of the pure functions and the contract, with seat and no playerId', () => {
    const plain = engine.playCard(start(2, [1], [1, 2]), 2, 2).toState();
    const again = thrownBy(() => playCard(plain, 1, 1), InvalidMoveError);
    expect(again).toMatchObject({
      code: 'already_played',
      seat: 1,
      message: 'Seat 1 has already played a card in this battle',
    });
    expect(again.playerId).toBeUndefined();
    expect(
      thrownBy(() => skirmishGame.apply(plain, 0, { type: 'play', card: 7 }, createRng(1)), InvalidMoveError)
        .message,
    ).toBe('Seat 0 does not hold card 7 (holds 1, 2)');
    expect(
      thrownBy(() => skirmishGame.apply(plain, 2, { type: 'play', card: 1 }, createRng(1)), InvalidMoveError)
        .message,
    ).toBe('There is no seat 2; seats are 0 to 1');
    expect(thrownBy(() => viewFor(plain, 5), InvalidMoveError).message).toMatch(/no seat 5/);
  });

  it('gives the contract outcome and views in seats: the winners of GameState.winners() less one', () => {
    let state = start(3, [1, 2, 3], [1, 2, 3]);
    for (const cards of [
      [1, 3, 2],
      [2, 1, 3],
      [3, 2, 1],
    ])
      state = battle(state, ...cards);
    const plain = state.toState();
    expect(state.winners().map((id) => id - 1)).toEqual(skirmishGame.outcome(plain)?.winners);
    expect(viewFor(plain, null).winners).toEqual(skirmishGame.outcome(plain)?.winners);
    expect(plain.battles.map((b) => b.winner)).toEqual(
      state.battles().map((b) => (b.winner === null ? null : b.winner - 1)),
    );
  });
});

/** What a state shows through its fields (accessors, so `toEqual` on states alone does not look at them). */
function fieldsOf(state: GameState) {
  const { playerCount, hands, planetDeck, currentPlanetIndex, planetPot, claimedPlanets, currentPlays } =
    state;
  return {
    playerCount,
    hands,
    planetDeck,
    currentPlanetIndex,
    planetPot,
    claimedPlanets,
    currentPlays,
    gameOver: state.gameOver,
    endReason: state.endReason,
  };
}
