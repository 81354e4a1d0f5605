import assert from 'node:assert/strict';
import { randomAgent } from '@tabula/agents';
import { type Agent, playGame } from '@tabula/core';
import { type SkirmishAction, type SkirmishView, skirmishGame } from '@tabula/skirmish';

// Your own bot: always bid the highest card left. Agents may be async too.
const greedy: Agent<SkirmishView, SkirmishAction> = {
  name: 'highest-card',
  act: (_view, legal) => legal.reduce((best, a) => (a.card > best.card ? a : best)),
};

const { outcome, record } = await playGame(
  skirmishGame,
  skirmishGame.defaultConfig(2),
  [greedy, randomAgent()],
  7,
);
console.log(outcome, `${record.actions.length} actions`);
assert.equal(outcome.scores.length, 2);
