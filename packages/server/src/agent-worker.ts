import { agentsFor } from '@tabula/agents';
import { type AgentContext, createRng, TabulaError } from '@tabula/core';
import type { AgentTask } from './agents.js';

/**
 * A worker thread's task: one decision of an agent that plays a seat. It
 * sees what the seat sees (its view and legal actions), never the state. The
 * agent's generator is seeded per decision by the server, so that no
 * agent's choice shifts the table's chance.
 */
export default async function decide(task: AgentTask): Promise<unknown> {
  const entry = agentsFor(task.game).get(task.agent);
  if (entry === undefined)
    throw new TabulaError('invalid_argument', `No agent ${task.agent} for ${task.game}`);
  const agent = entry.create();
  const context: AgentContext = { seat: task.seat, rng: createRng(task.seed), budgetMs: task.budgetMs };
  return agent.act(task.view, task.legal, context);
}
