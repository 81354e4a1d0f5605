import type { Agent } from '@tabula/core';

/** An agent a command line or a server can offer by name. */
export interface AgentEntry {
  readonly name: string;
  readonly summary: string;
  /** False to leave it out of the short round robin of `npm start`: a variant, or too slow (a look-ahead takes seconds a game). */
  readonly showcase?: boolean;
  create(): Agent<unknown, unknown>;
}
