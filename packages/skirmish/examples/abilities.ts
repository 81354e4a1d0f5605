import assert from 'node:assert/strict';
import {
  GameConfig,
  GameEngine,
  Planet,
  PlanetAbility,
  PlanetAbilityType,
  PlanetClass,
} from '@tabula/skirmish';

// Trigger World: whoever claims it also gets the next planet of the deck, without a battle.
const triggerWorld = new Planet({
  id: 'P1',
  victoryPoints: 1,
  name: 'Trigger World',
  planetClass: PlanetClass.Station,
  abilities: [new PlanetAbility(PlanetAbilityType.DoubleNextPlanetNoCombat)],
});

// Core Foundry: 2 VP more for each complete pair of mining colonies its owner holds.
const coreFoundry = new Planet({
  id: 'P3',
  victoryPoints: 1,
  name: 'Core Foundry',
  planetClass: PlanetClass.MiningColony,
  abilities: [PlanetAbility.classSetBonus({ setSize: 2, bonus: 2 })],
});

const planets = [
  triggerWorld,
  new Planet({ id: 'P2', victoryPoints: 2, planetClass: PlanetClass.MiningColony }),
  coreFoundry,
  new Planet({ id: 'P4', victoryPoints: 3 }),
  new Planet({ id: 'P5', victoryPoints: 2 }),
];

const engine = new GameEngine();
let state = engine.startNewGame(new GameConfig({ planets, fleetValues: [1, 2, 3, 4] }));
const battle = (one: number, two: number) => {
  state = engine.playCard(state, 1, one);
  state = engine.playCard(state, 2, two);
};

battle(2, 1);
// Player 1 won Trigger World and with it P2, at its own 2 VP (not doubled).
assert.deepEqual(
  state.claimedBy(1).map((p) => p.id),
  ['P1', 'P2'],
);
assert.deepEqual(state.planetPot, [coreFoundry]);

battle(3, 3); // a tie: P4 joins Core Foundry in the pot
battle(4, 2); // player 1 takes both
battle(1, 4); // player 2 takes P5

// Player 1: 1 + 2 + 1 + 3 VP, plus 2 for the pair of mining colonies. Player 2: 2 VP.
assert.deepEqual(state.scores(), { 1: 9, 2: 2 });
assert.equal(state.endReason, 'normal');
console.log(state.scores(), 'winners:', state.winners());
