import type { Agent } from '@tabula/core';

/** An agent a command line or a server can offer by name. */
export interface AgentEntry {
  readonly name: string;
  readonly summary: string;
  create(): Agent<unknown, unknown>;
}
