import { type ErrorCode, isErrorCode, TabulaError } from '@tabula/core';
import WebSocket from 'ws';
import type { CreateTable, Join, ServerMessage, TableStatus, TableSummary, Update } from './schemas.js';

/** A refusal from the server, with its code; `status` is the HTTP status (0 over a WebSocket). */
export class ServerError extends TabulaError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly status: number,
  ) {
    super(code, message);
  }
}

function refusal(body: unknown, status: number): ServerError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const code = isErrorCode(error?.code) ? error.code : 'unavailable';
  return new ServerError(code, typeof error?.message === 'string' ? error.message : `HTTP ${status}`, status);
}

/** The server's HTTP API, for programs and tests: one method a route. */
export class TableClient {
  readonly base: string;

  constructor(url: string) {
    this.base = url.replace(/\/+$/, '');
  }

  async request<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      throw new ServerError(
        'unavailable',
        `The server answered ${response.status} with no JSON`,
        response.status,
      );
    }
    if (!response.ok) throw refusal(json, response.status);
    return json as T;
  }

  createTable(spec: CreateTable): Promise<TableSummary> {
    return this.request('POST', '/tables', spec);
  }

  join(table: string, request: Join = {}): Promise<{ table: string; seat: number; token: string }> {
    return this.request('POST', `/tables/${encodeURIComponent(table)}/join`, request);
  }

  list(status?: TableStatus): Promise<TableSummary[]> {
    return this.request('GET', `/tables${status === undefined ? '' : `?status=${status}`}`);
  }

  table(table: string): Promise<TableSummary> {
    return this.request('GET', `/tables/${encodeURIComponent(table)}`);
  }

  view(table: string, token?: string): Promise<Update> {
    return this.request('GET', `/tables/${encodeURIComponent(table)}/view`, undefined, token);
  }

  async submit(table: string, token: string, seq: number, action: unknown): Promise<number> {
    const { seq: next } = await this.request<{ seq: number }>(
      'POST',
      `/tables/${encodeURIComponent(table)}/actions`,
      { seq, action },
      token,
    );
    return next;
  }

  record(table: string): Promise<unknown> {
    return this.request('GET', `/tables/${encodeURIComponent(table)}/record`);
  }

  /** Opens the table's WebSocket and says hello: with a token as that seat, without as a spectator. */
  async connect(table: string, options: { token?: string; since?: number } = {}): Promise<TableSocket> {
    const url = `${this.base.replace(/^http/, 'ws')}/tables/${encodeURIComponent(table)}/ws`;
    const socket = new TableSocket(new WebSocket(url));
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
  /** Every message received, in order (for tests that check all a client was told). */
  readonly received: ServerMessage[] = [];
  closed = false;
  readonly opened: Promise<void>;

  constructor(readonly socket: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as ServerMessage;
      this.received.push(message);
      this.inbox.push(message);
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
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

  /** Sends an action and waits for its ack (or throws its error). */
  async act(seq: number, action: unknown, ref: string | number = `a${seq}`): Promise<number> {
    this.send({ type: 'act', seq, action, ref });
    const answer = await this.next((m) => (m.type === 'ack' || m.type === 'error') && m.ref === ref);
    if (answer.type === 'error')
      throw new ServerError(isErrorCode(answer.code) ? answer.code : 'unavailable', answer.message, 0);
    return (answer as { seq: number }).seq;
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
