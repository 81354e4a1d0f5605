/**
 * The seat tokens this browser holds, one a table, in `localStorage`: a
 * reload (or a new tab) continues as the same seat. A token is the seat's
 * only proof; it never leaves this browser except to the server.
 */
export interface HeldSeat {
  readonly seat: number;
  readonly token: string;
}

const key = (table: string) => `tabula.seat.${table}`;

export function heldSeat(table: string): HeldSeat | null {
  try {
    const text = window.localStorage.getItem(key(table));
    if (text === null) return null;
    const held = JSON.parse(text) as Partial<HeldSeat>;
    return typeof held.seat === 'number' && typeof held.token === 'string'
      ? { seat: held.seat, token: held.token }
      : null;
  } catch {
    return null;
  }
}

export function holdSeat(table: string, held: HeldSeat): void {
  window.localStorage.setItem(key(table), JSON.stringify(held));
}

export function releaseSeat(table: string): void {
  window.localStorage.removeItem(key(table));
}
