import { isErrorCode, TabulaError } from '@tabula/core';
import WebSocket from 'ws';
import { ServerError, TableApi } from './http-client.js';
import type { ServerMessage } from './schemas.js';

export { ServerError } from './http-client.js';

/** The server's HTTP API and its WebSockets through `ws`, for programs and tests. */
export class TableClient extends TableApi {
  /**
   * Opens the table's WebSocket and says hello: with a token as that seat,
   * without as a spectator. With `keep`, the socket keeps every message it
   * receives in `received` (tests that check all a client was told);
   * without, a long game costs no memory.
   */
  async connect(
    table: string,
    options: { token?: string; since?: number; keep?: boolean } = {},
  ): Promise<TableSocket> {
    const socket = new TableSocket(new WebSocket(this.socketUrl(table)), options.keep ?? false);
    await socket.opened;
    socket.send({
      type: 'hello',
      ...(options.token === undefined ? {} : { token: options.token }),
      ...(options.since === undefined ? {} : { since: options.since }),
    });
    return socket;
  }
}

/** A table's WebSocket: messages queue up until read with `next`. */
export class TableSocket {
  private readonly inbox: ServerMessage[] = [];
  private waiting: (() => void) | null = null;
  private readonly kept: ServerMessage[] | null;
  closed = false;
  readonly opened: Promise<void>;

  constructor(
    readonly socket: WebSocket,
    keep = false,
  ) {
    this.kept = keep ? [] : null;
    this.opened = new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      this.kept?.push(message);
      this.inbox.push(message);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  /** Every message received, in order; only on a socket opened with `keep`. */
  get received(): readonly ServerMessage[] {
    if (this.kept === null)
      throw new TabulaError('invalid_argument', 'This socket keeps no messages: connect with { keep: true }');
    return this.kept;
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /**
   * The first message not yet read that `accept` takes (the first one
   * without it); the others stay to be read. Rejects once the socket has closed or
   * after `timeoutMs` without one.
   */
  async next<M extends ServerMessage = ServerMessage>(
    accept: (message: ServerMessage) => boolean = () => true,
    timeoutMs = 30_000,
  ): Promise<M> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = this.inbox.findIndex(accept);
      if (index !== -1) return this.inbox.splice(index, 1)[0] as M;
      if (this.closed) throw new ServerError('unavailable', 'The socket has closed', 0);
      const left = deadline - Date.now();
      if (left <= 0) throw new ServerError('unavailable', `No message in ${timeoutMs} ms`, 0);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The next update (skipping acks and the like). */
  nextUpdate(timeoutMs?: number): Promise<ServerMessage & { type: 'update' }> {
    return this.next((m) => m.type === 'update', timeoutMs);
  }

  /**
   * Sends an action and waits for its ack (or throws its error). Updates not
   * yet read of positions before the one the action made are dropped: they
   * are past, nothing is asked of the seat in them any more.
   */
  async act(seq: number, action: unknown, ref: string | number = `a${seq}`): Promise<number> {
    this.send({ type: 'act', seq, action, ref });
    const answer = await this.next((m) => (m.type === 'ack' || m.type === 'error') && m.ref === ref);
    if (answer.type === 'error')
      throw new ServerError(isErrorCode(answer.code) ? answer.code : 'unavailable', answer.message, 0);
    const now = (answer as { seq: number }).seq;
    for (let i = this.inbox.length - 1; i >= 0; i--) {
      const message = this.inbox[i];
      if (message?.type === 'update' && message.seq < now) this.inbox.splice(i, 1);
    }
    return now;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
