import { agentsFor } from '@tabula/agents';
import { GAMES } from '@tabula/cli';
import { type AgentContext, type AnyGame, createRng, TabulaError } from '@tabula/core';
import type { AgentTask, LegalTask } from './agents.js';

function gameOf(id: string): AnyGame {
  const game = Object.hasOwn(GAMES, id) ? GAMES[id] : undefined;
  if (game === undefined) throw new TabulaError('invalid_argument', `No game ${id}`);
  return game;
}

/**
 * A worker thread's task: one decision of an agent that plays a seat. The
 * worker (server code) works out the seat's view and legal actions from the
 * state, off the event loop; the agent sees only those, never the state. The
 * agent's generator is seeded per decision by the server, so that no
 * agent's choice shifts the table's chance.
 */
export default async function decide(task: AgentTask): Promise<unknown> {
  const entry = agentsFor(task.game).get(task.agent);
  if (entry === undefined)
    throw new TabulaError('invalid_argument', `No agent ${task.agent} for ${task.game}`);
  const game = gameOf(task.game);
  const legal = game.legalActions(task.state, task.seat);
  const view = game.view(task.state, task.seat);
  const agent = entry.create();
  const context: AgentContext = { seat: task.seat, rng: createRng(task.seed), budgetMs: task.budgetMs };
  return agent.act(view, legal, context);
}

/** A seat's legal actions, for a game whose search for them takes long (rummy's solver). */
export function legal(task: LegalTask): unknown[] {
  return gameOf(task.game).legalActions(task.state, task.seat);
}
