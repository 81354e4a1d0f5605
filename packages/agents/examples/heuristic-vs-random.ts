import assert from 'node:assert/strict';
import { agentsFor, heuristicAgent, randomAgent } from '@tabula/agents';
import { backgammonGame } from '@tabula/backgammon';
import { playGame } from '@tabula/core';

// Every game offers `random` plus its own agents, by name.
console.log([...agentsFor('backgammon').keys()]); // [ 'random', 'random-cube', 'heuristic', 'pubeval', 'neural-0', ... ]

// An agent sees its seat's view and the legal actions, never the state.
const config = backgammonGame.defaultConfig();
let heuristicWins = 0;
for (let seed = 1; seed <= 10; seed++) {
  // Alternate seats so neither agent always opens.
  const heuristicSeat = seed % 2;
  const agents = heuristicSeat === 0 ? [heuristicAgent(), randomAgent()] : [randomAgent(), heuristicAgent()];
  const { outcome } = await playGame(backgammonGame, config, agents, seed);
  if (outcome.winners.includes(heuristicSeat)) heuristicWins++;
}
console.log(`heuristic won ${heuristicWins} of 10`);
assert.ok(heuristicWins >= 8);
