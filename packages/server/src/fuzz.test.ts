import { ERROR_CODES } from '@tabula/core';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newStore, type Store, serve } from '../test/helpers.js';
import { TableClient, type TableServer } from './index.js';

const RUNS = Number(process.env.TABULA_FUZZ_RUNS ?? 1500);

let store: Store;
let server: TableServer;
let client: TableClient;
let table: string;
let token: string;

beforeAll(async () => {
  store = newStore('sqlite');
  server = await serve(store);
  client = new TableClient(server.url);
  const created = await client.createTable({
    game: 'rummy',
    seats: [{ kind: 'person' }, { kind: 'person' }],
  });
  table = created.id;
  token = (await client.join(table)).token;
  await client.join(table);
});

afterAll(async () => {
  await server?.close();
  await store?.drop();
});

/** Any JSON value, and now and then text that is no JSON. */
const garbage = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constantFrom('{', '{"seq":', 'null', '[]', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}'),
  fc.record({ seq: fc.anything(), action: fc.anything() }).map((v) => JSON.stringify(v) ?? '{}'),
  fc
    .record({
      game: fc.constantFrom('backgammon', 'rummy', 'skirmish', 'chess'),
      seats: fc.anything(),
      config: fc.anything(),
    })
    .map((v) => JSON.stringify(v) ?? '{}'),
);

const isKnownRefusal = (body: unknown) => {
  const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
  return (
    typeof error?.code === 'string' &&
    Object.hasOwn(ERROR_CODES, error.code) &&
    typeof error.message === 'string'
  );
};

it('answers malformed HTTP bodies with a coded error, and no table changes', async () => {
  const before = await client.view(table, token);
  const routes = [
    '/tables',
    `/tables/${table}/join`,
    `/tables/${table}/actions`,
    '/tables/x%00y/actions',
    '/nowhere',
  ];
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...routes), garbage, fc.boolean(), async (url, payload, withToken) => {
      const response = await server.app.inject({
        method: 'POST',
        url,
        payload,
        headers: {
          'content-type': 'application/json',
          ...(withToken ? { authorization: `Bearer ${token}` } : {}),
        },
      });
      // A well-formed table creation may pass; everything else is refused with a code.
      if (response.statusCode === 201) return;
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(isKnownRefusal(response.json())).toBe(true);
    }),
    { numRuns: RUNS },
  );
  const after = await client.view(table, token);
  expect(after.seq).toBe(before.seq);
  expect(after.view).toEqual(before.view);
  const health = await fetch(`${server.url}/health`);
  expect(health.status).toBe(200);
});

it('answers malformed WebSocket messages with a coded error, keeps the socket, and no table changes', async () => {
  const before = await client.view(table, token);
  const socket = await client.connect(table, { token });
  await socket.nextUpdate();
  // A socket opened without `keep` holds no history: a long session costs no memory.
  expect(() => socket.received).toThrow(/keep: true/);
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(garbage, async (payload) => {
      socket.send(payload);
      sent++;
      const answer = await socket.next((m) => m.type === 'error' || m.type === 'ack' || m.type === 'pong');
      // {"type":"ping"} is the one well-formed message garbage can make.
      if (answer.type === 'pong') return;
      expect(answer.type).toBe('error');
      expect(Object.hasOwn(ERROR_CODES, (answer as { code: string }).code)).toBe(true);
    }),
    { numRuns: RUNS },
  );
  // A message larger than the server takes is refused, and the socket stays.
  socket.send(JSON.stringify({ type: 'act', seq: 0, action: 'x'.repeat(70 * 1024) }));
  expect(await socket.next((m) => m.type === 'error')).toMatchObject({ code: 'too_large' });
  socket.send({ type: 'ping' });
  expect(await socket.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
  expect(socket.closed).toBe(false);
  expect(sent).toBe(RUNS);
  await socket.close();
  const after = await client.view(table, token);
  expect(after.seq).toBe(before.seq);
});

it('limits actions per token, sockets per address and body size', async () => {
  const limited = await serve(store, {
    limits: { burst: 3, perSecond: 0.001, socketsPerAddress: 2, bodyBytes: 1024 },
  });
  try {
    const c = new TableClient(limited.url);
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) {
      await c
        .submit(table, token, 10_000, { type: 'draw' })
        .catch((e: { code: string }) => codes.push(e.code));
    }
    expect(codes).toEqual([
      'stale_sequence',
      'stale_sequence',
      'stale_sequence',
      'rate_limited',
      'rate_limited',
    ]);
    const big = await limited.app.inject({
      method: 'POST',
      url: '/tables',
      payload: JSON.stringify({ game: 'x'.repeat(4000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'too_large']);
    const a = await c.connect(table);
    const b = await c.connect(table);
    const third = await c.connect(table);
    expect(await third.next((m) => m.type === 'error')).toMatchObject({ code: 'rate_limited' });
    await Promise.all([a.close(), b.close(), third.close()]);
  } finally {
    await limited.close();
  }
});
