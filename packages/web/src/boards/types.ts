import type { Outcome } from '@tabula/core';
import type { TableSummary } from '@tabula/server/schemas';

/**
 * What the table page gives a game's board. A board draws `view` (the seat's
 * own, or the spectator's when `seat` is null), offers the seat's `legal`
 * actions, and sends the one chosen through `act`. It never sees more than
 * the server sent this seat.
 */
export interface BoardProps<View = unknown, Action = unknown> {
  readonly view: View;
  /** The viewer's seat; null for a spectator. */
  readonly seat: number | null;
  /** The seat's legal actions now; empty when it is not to act, and for a spectator. */
  readonly legal: readonly Action[];
  /** The seats that may act now (several at once in skirmish). */
  readonly toAct: readonly number[];
  readonly status: TableSummary['status'];
  readonly outcome: Outcome | null;
  /** The seats with their names and agents, for labels. */
  readonly seats: TableSummary['seats'];
  /** The table's sequence number: the actions logged so far. */
  readonly seq: number;
  /**
   * Sends an action. Resolves once the server has committed it; rejects with
   * the server's refusal (a `ServerError`, whose message the page shows too).
   */
  act(action: Action): Promise<void>;
  /** True while an action is on its way: a board should not send another. */
  readonly busy: boolean;
}

/** A seat's label: its player's name, the agent's name, or "Seat n". */
export function seatName(seats: TableSummary['seats'], seat: number): string {
  const entry = seats.find((s) => s.seat === seat);
  if (entry?.name) return entry.name;
  if (entry?.agent) return `${entry.agent} (agent)`;
  return `Seat ${seat + 1}`;
}
