import { type ErrorCode, isErrorCode, TabulaError } from '@tabula/core';
import type { CreateTable, GameInfo, Join, TableStatus, TableSummary, Update } from './schemas.js';

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

/**
 * The server's HTTP API, one method a route: fetch only, so that programs,
 * tests and the browser client share it (`TableClient` adds the WebSocket).
 */
export class TableApi {
  readonly base: string;

  constructor(url: string) {
    this.base = url.replace(/\/+$/, '');
  }

  /** The address of a table's WebSocket. */
  socketUrl(table: string): string {
    return `${this.base.replace(/^http/, 'ws')}/tables/${encodeURIComponent(table)}/ws`;
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

  games(): Promise<GameInfo[]> {
    return this.request('GET', '/games');
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

  /** Every position from seq 0 to now, as a spectator saw it (a replay's frames). */
  views(table: string): Promise<Update[]> {
    return this.request('GET', `/tables/${encodeURIComponent(table)}/views`);
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
}
