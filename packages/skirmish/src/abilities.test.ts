import { describe, expect, it } from 'vitest';
import { GameEngine } from './engine.js';
import { GameConfig } from './game-config.js';
import type { GameState } from './game-state.js';
import { Planet, PlanetAbility, type PlanetOptions } from './planet.js';
import { scorePlanets } from './rules.js';
import { GameEndReason, PlanetClass } from './schemas.js';

const engine = new GameEngine();
const ids = (planets: readonly Planet[]) => planets.map((p) => p.id);
const double = () => PlanetAbility.doubleNextPlanetNoCombat();

function planet(id: string, victoryPoints: number, more: Partial<PlanetOptions> = {}): Planet {
  return new Planet({ id, victoryPoints, ...more });
}

function start(planets: Planet[], fleetValues: number[], playerCount = 2): GameState {
  return engine.startNewGame(new GameConfig({ playerCount, planets, fleetValues }));
}

function battle(state: GameState, ...cards: number[]): GameState {
  return cards.reduce((s, card, seat) => engine.playCard(s, seat + 1, card), state);
}

describe('DoubleNextPlanetNoCombat', () => {
  it('gives the next deck planet to the same player without a battle', () => {
    const deck = [planet('T', 1, { abilities: [double()] }), planet('P2', 2), planet('P3', 3)];
    const state = battle(start(deck, [1, 2, 3]), 3, 1);
    expect(ids(state.claimedBy(1))).toEqual(['T', 'P2']);
    expect(state.claimedBy(2)).toEqual([]);
    expect(ids(state.planetPot)).toEqual(['P3']);
    expect(state.currentPlanetIndex).toBe(3);
  });

  it('does not double the pulled planet VP (the README, not the PHP code)', () => {
    const deck = [planet('T', 1, { abilities: [double()] }), planet('P2', 2), planet('P3', 3)];
    const state = battle(start(deck, [1, 2, 3]), 3, 1);
    expect(state.claimedBy(1)[1]?.victoryPoints).toBe(2);
    expect(state.scores()).toEqual({ 1: 3, 2: 0 });
  });

  it('chains: a pulled planet resolves its own ability', () => {
    const deck = [
      planet('T1', 1, { abilities: [double()] }),
      planet('T2', 1, { abilities: [double()] }),
      planet('P3', 3),
      planet('P4', 2),
    ];
    const state = battle(start(deck, [1, 2]), 1, 2);
    expect(ids(state.claimedBy(2))).toEqual(['T1', 'T2', 'P3']);
    expect(ids(state.planetPot)).toEqual(['P4']);
  });

  it('pulls two planets for two entries of the ability', () => {
    const deck = [
      planet('TT', 1, { abilities: [double(), double()] }),
      planet('P2', 2),
      planet('P3', 3),
      planet('P4', 1),
    ];
    const state = battle(start(deck, [1, 2]), 2, 1);
    expect(ids(state.claimedBy(1))).toEqual(['TT', 'P2', 'P3']);
    expect(ids(state.planetPot)).toEqual(['P4']);
    expect(state.scores()[1]).toBe(6);
  });

  it('resolves depth first: a pulled planet chains before the next entry pulls', () => {
    const deck = [
      planet('A', 1, { abilities: [double(), double()] }),
      planet('B', 1, { abilities: [double()] }),
      planet('C', 1),
      planet('D', 1),
      planet('E', 1),
    ];
    const state = battle(start(deck, [1, 2]), 2, 1);
    expect(ids(state.claimedBy(1))).toEqual(['A', 'B', 'C', 'D']);
    expect(ids(state.planetPot)).toEqual(['E']);
  });

  it('follows a long chain without running out of stack', () => {
    const deck = Array.from({ length: 20000 }, (_, i) => planet(`P${i + 1}`, 1, { abilities: [double()] }));
    const state = battle(start(deck, [1, 2]), 2, 1);
    expect(state.claimedBy(1)).toHaveLength(20000);
    expect(state.planetsLeftInDeck()).toBe(0);
  });

  it('does nothing more when the deck is empty', () => {
    const state = battle(start([planet('T', 1, { abilities: [double(), double()] })], [1, 2]), 2, 1);
    expect(ids(state.claimedBy(1))).toEqual(['T']);
    expect(state.planetPot).toEqual([]);
  });

  it('resolves for a trigger won in an escalated pot, after the planets before it', () => {
    const deck = [
      planet('P1', 1),
      planet('T', 1, { abilities: [double()] }),
      planet('P3', 3),
      planet('P4', 2),
    ];
    let state = battle(start(deck, [1, 2, 3]), 2, 2);
    expect(ids(state.planetPot)).toEqual(['P1', 'T']);
    state = battle(state, 1, 3);
    expect(ids(state.claimedBy(2))).toEqual(['P1', 'T', 'P3']);
    expect(ids(state.planetPot)).toEqual(['P4']);
  });

  it('does not fire on a tie (nobody claims)', () => {
    const deck = [planet('T', 1, { abilities: [double()] }), planet('P2', 2), planet('P3', 3)];
    const state = battle(start(deck, [1, 2]), 1, 1);
    expect(ids(state.planetPot)).toEqual(['T', 'P2']);
    expect(state.currentPlanetIndex).toBe(2);
  });

  it('counts pulled planets as awarded for the end reason', () => {
    const deck = [planet('T', 1, { abilities: [double()] }), planet('P2', 2)];
    let state = battle(start(deck, [1, 2]), 2, 1);
    expect(state.planetPot).toEqual([]);
    state = battle(state, 1, 2);
    expect(state.endReason).toBe(GameEndReason.Normal);
  });
});

describe('ClassSetBonus', () => {
  const mining = (id: string, vp = 1, abilities: PlanetAbility[] = []) =>
    planet(id, vp, { planetClass: PlanetClass.MiningColony, abilities });
  const research = (id: string, vp = 1) => planet(id, vp, { planetClass: PlanetClass.ResearchColony });

  it('adds 3 VP per complete set of 3 of its class by default', () => {
    const bonus = mining('B', 1, [PlanetAbility.classSetBonus()]);
    expect(scorePlanets([bonus, mining('M1'), research('R1')])).toBe(3);
    expect(scorePlanets([bonus, mining('M1'), mining('M2')])).toBe(3 + 3);
    expect(scorePlanets([bonus, mining('M1'), mining('M2'), mining('M3'), mining('M4')])).toBe(5 + 3);
    expect(scorePlanets([bonus, ...['M1', 'M2', 'M3', 'M4', 'M5'].map((id) => mining(id))])).toBe(6 + 6);
  });

  it('uses setSize and bonus from its params', () => {
    const bonus = mining('B', 2, [PlanetAbility.classSetBonus({ setSize: 2, bonus: 5 })]);
    expect(scorePlanets([bonus])).toBe(2);
    expect(scorePlanets([bonus, mining('M1')])).toBe(3 + 5);
    expect(scorePlanets([bonus, mining('M1'), mining('M2'), mining('M3')])).toBe(5 + 10);
    expect(scorePlanets([bonus, mining('M1'), mining('M2'), mining('M3'), mining('M4')])).toBe(6 + 10);
  });

  it('counts only planets of its own class', () => {
    const bonus = mining('B', 1, [PlanetAbility.classSetBonus({ setSize: 2 })]);
    expect(scorePlanets([bonus, research('R1'), research('R2'), research('R3')])).toBe(4);
    expect(scorePlanets([bonus, research('R1'), mining('M1')])).toBe(3 + 3);
  });

  it('adds the bonus once for each entry, on each planet that carries it', () => {
    const a = mining('A', 1, [PlanetAbility.classSetBonus({ setSize: 2, bonus: 1 })]);
    const b = mining('B', 1, [PlanetAbility.classSetBonus({ setSize: 2, bonus: 1 })]);
    expect(scorePlanets([a, b])).toBe(2 + 1 + 1);
    const twice = mining('C', 1, [
      PlanetAbility.classSetBonus({ setSize: 1, bonus: 2 }),
      PlanetAbility.classSetBonus({ setSize: 1, bonus: 2 }),
    ]);
    expect(scorePlanets([twice])).toBe(1 + 2 + 2);
  });

  it('gives nothing on a planet without a class', () => {
    const classless = planet('X', 1, { abilities: [PlanetAbility.classSetBonus({ setSize: 1 })] });
    expect(scorePlanets([classless, planet('Y', 1)])).toBe(2);
  });

  it('scores foreign params ({ class, thresholds }) with the defaults on its own class', () => {
    const ability = PlanetAbility.fromJSON({
      type: 'class_set_bonus',
      params: { class: 'research_colony', thresholds: { '2': 1 } },
    });
    const bonus = mining('B', 1, [ability]);
    expect(scorePlanets([bonus, mining('M1'), mining('M2'), research('R1'), research('R2')])).toBe(5 + 3);
  });

  it('counts in scores() and winners() for the owner only, and does nothing on claim', () => {
    const deck = [
      mining('B', 1, [PlanetAbility.classSetBonus({ setSize: 2, bonus: 4 })]),
      planet('BIG', 5),
      mining('M1', 1),
    ];
    let state = battle(start(deck, [1, 2, 3]), 3, 1);
    expect(ids(state.claimedBy(1))).toEqual(['B']);
    expect(ids(state.planetPot)).toEqual(['BIG']);
    state = battle(state, 1, 3);
    state = battle(state, 2, 2);
    expect(state.scores()).toEqual({ 1: 1, 2: 5 });
    const other = battle(battle(battle(start(deck, [1, 2, 3]), 2, 1), 1, 3), 3, 2);
    expect(ids(other.claimedBy(1))).toEqual(['B', 'M1']);
    expect(other.scores()).toEqual({ 1: 2 + 4, 2: 5 });
    expect(other.winners()).toEqual([1]);
  });
});
