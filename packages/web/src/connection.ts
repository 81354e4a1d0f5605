import { type ErrorCode, isErrorCode } from '@tabula/core';
import type { ServerMessage, Update } from '@tabula/server/schemas';
import { api, ServerError } from './api';

export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface ConnectionEvents {
  /** A new position (or one missed while away), in order. */
  update(update: Update): void;
  status(status: ConnectionStatus): void;
}

interface Pending {
  resolve(seq: number): void;
  reject(error: ServerError): void;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * A table's WebSocket that keeps itself open: after a drop it connects again
 * with the last sequence number it saw (`since`), and the server sends every
 * position missed, in order. An action in flight when the line drops is
 * refused `unavailable`; whether it was applied shows in the updates that
 * follow.
 */
export class TableConnection {
  private socket: WebSocket | null = null;
  private lastSeq: number | null = null;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private nextRef = 1;
  private readonly pending = new Map<string, Pending>();
  private closedByUs = false;
  /** The seat the server took the token for; null for a spectator, undefined before its welcome. */
  seat: number | null | undefined = undefined;

  constructor(
    readonly table: string,
    private readonly token: string | undefined,
    private readonly events: ConnectionEvents,
  ) {
    this.open();
  }

  private open(): void {
    const socket = new WebSocket(api.socketUrl(this.table));
    this.socket = socket;
    this.events.status(this.lastSeq === null ? 'connecting' : 'reconnecting');
    socket.addEventListener('open', () => {
      this.retryMs = RETRY_FIRST_MS;
      socket.send(
        JSON.stringify({
          type: 'hello',
          ...(this.token === undefined ? {} : { token: this.token }),
          ...(this.lastSeq === null ? {} : { since: this.lastSeq }),
        }),
      );
    });
    socket.addEventListener('message', (event) =>
      this.receive(JSON.parse(String(event.data)) as ServerMessage),
    );
    socket.addEventListener('close', () => this.dropped(socket));
  }

  private receive(message: ServerMessage): void {
    switch (message.type) {
      case 'welcome':
        this.seat = message.seat;
        this.events.status('open');
        return;
      case 'update':
        // A position already shown (a resend after a reconnect) is not shown twice.
        if (this.lastSeq !== null && message.seq < this.lastSeq) return;
        this.lastSeq = message.seq;
        this.events.update(message);
        return;
      case 'ack':
        this.settle(message.ref, (p) => p.resolve(message.seq));
        return;
      case 'error': {
        const code: ErrorCode = isErrorCode(message.code) ? message.code : 'unavailable';
        const error = new ServerError(code, message.message, 0);
        // An error without a ref (a bad hello, a lost token) ends the connection's use for acting.
        if (message.ref === undefined) for (const p of this.pending.values()) p.reject(error);
        else this.settle(message.ref, (p) => p.reject(error));
        return;
      }
      case 'pong':
        return;
    }
  }

  private settle(ref: string | number | undefined, how: (pending: Pending) => void): void {
    const key = String(ref);
    const pending = this.pending.get(key);
    if (pending === undefined) return;
    this.pending.delete(key);
    how(pending);
  }

  private dropped(socket: WebSocket): void {
    if (this.socket !== socket) return;
    this.socket = null;
    const lost = new ServerError('unavailable', 'The connection to the server dropped', 0);
    for (const p of this.pending.values()) p.reject(lost);
    this.pending.clear();
    if (this.closedByUs) {
      this.events.status('closed');
      return;
    }
    this.events.status('reconnecting');
    this.retryTimer = setTimeout(() => this.open(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  /** Sends an action for the position `seq`; resolves with the new sequence number once committed. */
  act(seq: number, action: unknown): Promise<number> {
    const socket = this.socket;
    if (socket === null || socket.readyState !== WebSocket.OPEN)
      return Promise.reject(new ServerError('unavailable', 'Not connected to the server; reconnecting', 0));
    const ref = `r${this.nextRef++}`;
    return new Promise((resolve, reject) => {
      this.pending.set(ref, { resolve, reject });
      socket.send(JSON.stringify({ type: 'act', seq, action, ref }));
    });
  }

  close(): void {
    this.closedByUs = true;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.socket?.close();
  }
}
