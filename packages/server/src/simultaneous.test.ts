import { createRng } from '@tabula/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, newStore, playOut, serve } from '../test/helpers.js';
import { ServerError, TableClient, type TableServer } from './index.js';

/**
 * Skirmish's battles are simultaneous: every seat is to act, and each bid is
 * hidden until all have played, yet each bid moves the table's sequence
 * number on. A seat cannot know of the others' bids, so its action naming an
 * older position stands as long as the seat has been to act at every
 * position since without acting; any other older number is stale.
 */

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

/** The code a promise is refused with (it fails the test when it is not refused). */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    (value) => {
      throw new Error(`accepted (${JSON.stringify(value)}), not refused`);
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServerError);
  return (error as ServerError).code;
}

describe.each(BACKENDS)('simultaneous moves on %s', (backend) => {
  async function start(): Promise<{ server: TableServer; client: TableClient; drop: () => Promise<void> }> {
    const store = newStore(backend);
    cleanup.push(() => store.drop());
    const server = await serve(store);
    cleanup.push(() => server.close());
    return { server, client: new TableClient(server.url), drop: () => store.drop() };
  }

  /** A skirmish table of `players` people, all joined: their tokens by seat. */
  async function skirmish(client: TableClient, players: number) {
    const table = await client.createTable({
      game: 'skirmish',
      seats: Array.from({ length: players }, () => ({ kind: 'person' as const })),
    });
    const tokens: string[] = [];
    for (let i = 0; i < players; i++) tokens.push((await client.join(table.id)).token);
    return { id: table.id, tokens };
  }

  async function loggedSeats(server: TableServer, id: string): Promise<number[]> {
    const rows = await server.database.db
      .selectFrom('actions')
      .select(['seq', 'seat'])
      .where('table_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
    return rows.map((r) => Number(r.seat));
  }

  it('a bid naming the position its seat saw stands after the other seats bid meanwhile', async () => {
    const { server, client } = await start();
    const { id, tokens } = await skirmish(client, 3);
    const seen = await Promise.all(tokens.map((token) => client.view(id, token)));
    for (const update of seen) {
      expect(update.seq).toBe(0);
      expect(update.toAct).toEqual([0, 1, 2]);
    }
    const [t0, t1, t2] = tokens as [string, string, string];
    expect(await client.submit(id, t1, 0, seen[1]?.legal[0])).toBe(1);
    // Seat 2 saw position 0, seat 1's hidden bid made it 1: seat 2's bid still counts.
    expect(await client.submit(id, t2, 0, seen[2]?.legal[1])).toBe(2);
    // Seat 0 names position 0 too, two bids later; its bid resolves the battle.
    expect(await client.submit(id, t0, 0, seen[0]?.legal[2])).toBe(3);
    expect(await loggedSeats(server, id)).toEqual([1, 2, 0]);
    const after = await client.view(id, t0);
    expect(after.seq).toBe(3);
    expect(after.toAct).toEqual([0, 1, 2]);
  });

  it('an older number is stale once the seat has acted since, or was not to act at a position since', async () => {
    const { server, client } = await start();
    const { id, tokens } = await skirmish(client, 2);
    const [t0, t1] = tokens as [string, string];
    const first = await client.view(id, t0);
    expect(await client.submit(id, t0, 0, first.legal[0])).toBe(1);
    // The same bid again (a retry of one already taken): seat 0 has acted since position 0.
    expect(await refusal(client.submit(id, t0, 0, first.legal[1]))).toBe('stale_sequence');
    const second = await client.view(id, t1);
    expect(await client.submit(id, t1, 0, second.legal[0])).toBe(2);
    // A new battle: both are to act at position 2.
    const summary = await client.table(id);
    expect(summary.toAct).toEqual([0, 1]);
    // Seat 1 was to act at position 1 and is at 2, but it played in between.
    expect(await refusal(client.submit(id, t1, 1, second.legal[1]))).toBe('stale_sequence');
    // Seat 0 was not to act at position 1 (its bid was in).
    expect(await refusal(client.submit(id, t0, 1, first.legal[1]))).toBe('stale_sequence');
    expect(await refusal(client.submit(id, t0, 0, first.legal[1]))).toBe('stale_sequence');
    // A position not reached yet is no position the seat saw.
    expect(await refusal(client.submit(id, t0, 3, first.legal[1]))).toBe('stale_sequence');
    expect(await loggedSeats(server, id)).toEqual([0, 1]);
  });

  it('a refusal changes nothing: the log, the summary, every view and the legal actions stay as they were', async () => {
    const { server, client } = await start();
    const { id, tokens } = await skirmish(client, 2);
    const [t0, t1] = tokens as [string, string];
    const first = await client.view(id, t0);
    await client.submit(id, t0, 0, first.legal[0]);
    await client.submit(id, t1, 0, (await client.view(id, t1)).legal[0]);
    await client.submit(id, t1, 2, (await client.view(id, t1)).legal[0]);
    const snapshot = async () => ({
      summary: await client.table(id),
      views: await Promise.all([client.view(id, t0), client.view(id, t1), client.view(id)]),
      log: await loggedSeats(server, id),
      row: await server.database.db
        .selectFrom('tables')
        .select(['seq', 'to_act', 'status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
      snapshot: await server.database.db
        .selectFrom('snapshots')
        .selectAll()
        .where('table_id', '=', id)
        .executeTakeFirstOrThrow(),
    });
    const before = await snapshot();
    const legal0 = before.views[0].legal;
    const refusals = await Promise.all([
      refusal(client.submit(id, t1, 2, legal0[0])), // seat 1 acted at 2 already
      refusal(client.submit(id, t1, 1, legal0[0])),
      refusal(client.submit(id, t0, 1, legal0[0])), // seat 0 was not to act at 1
      refusal(client.submit(id, t0, 99, legal0[0])),
      refusal(client.submit(id, t0, 2, { type: 'play', card: 999 })), // not a ship seat 0 holds
    ]);
    expect(refusals.slice(0, 4)).toEqual(Array(4).fill('stale_sequence'));
    expect(refusals[4]).not.toBe('stale_sequence');
    expect(await snapshot()).toEqual(before);
    // The seat still plays at the position it saw.
    expect(await client.submit(id, t0, 2, legal0[0])).toBe(4);
  });

  it('over WebSockets, seats that act on every update they are sent are never refused, against an agent too', async () => {
    const { client } = await start();
    const both = await skirmish(client, 2);
    const sockets = await Promise.all(both.tokens.map((token) => client.connect(both.id, { token })));
    cleanup.push(async () => {
      await Promise.all(sockets.map((s) => s.close()));
    });
    const ends = await Promise.all(
      sockets.map((socket, seat) =>
        playOut(socket, seat, (legal) => createRng(seat + legal.length).pick(legal)),
      ),
    );
    for (const end of ends) expect(end.status).toBe('finished');
    expect((await client.table(both.id)).status).toBe('finished');

    const versus = await client.createTable({
      game: 'skirmish',
      seats: [{ kind: 'person' }, { kind: 'agent', agent: 'bidder' }],
    });
    const { seat, token } = await client.join(versus.id);
    const socket = await client.connect(versus.id, { token, keep: true });
    cleanup.push(() => socket.close());
    // The agent bids at once; the person bids on the position it saw, often one behind.
    const end = await playOut(socket, seat, (legal) => legal[legal.length - 1]);
    expect(end.status).toBe('finished');
    expect(
      socket.received.filter((m) => m.type === 'error'),
      'no refusal',
    ).toEqual([]);
  });

  it('a server restarted on the log knows who has been waiting since when', async () => {
    const store = newStore(backend);
    cleanup.push(() => store.drop());
    const before = await serve(store);
    const client = new TableClient(before.url);
    const { id, tokens } = await skirmish(client, 3);
    const [t0, t1, t2] = tokens as [string, string, string];
    const seen0 = await client.view(id, t0);
    await client.submit(id, t1, 0, (await client.view(id, t1)).legal[0]);
    await before.close();

    const after = await serve(store);
    cleanup.push(() => after.close());
    const again = new TableClient(after.url);
    expect(await again.submit(id, t2, 0, (await again.view(id, t2)).legal[0])).toBe(2);
    expect(await again.submit(id, t0, 0, seen0.legal[0])).toBe(3);
    expect(await refusal(again.submit(id, t1, 0, seen0.legal[1]))).toBe('stale_sequence');
  });
});
