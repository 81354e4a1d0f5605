import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GAMES, main } from '@tabula/cli';
import { createRng, type GameRecord, replay } from '@tabula/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, newStore, playOut, type Store, serve } from '../test/helpers.js';
import { type ServerMessage, TableClient, type TableServer, type TableSocket, type Update } from './index.js';

const GAME_IDS = ['backgammon', 'rummy', 'skirmish'] as const;

/** What each test opened, closed after it whatever happened. */
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

async function open(store: Store): Promise<{ server: TableServer; client: TableClient }> {
  const server = await serve(store);
  cleanup.push(() => server.close());
  return { server, client: new TableClient(server.url) };
}

function storeFor(backend: (typeof BACKENDS)[number]): Store {
  const store = newStore(backend);
  cleanup.push(() => store.drop());
  return store;
}

async function connect(client: TableClient, table: string, options?: { token?: string; since?: number }) {
  const socket = await client.connect(table, { ...options, keep: true });
  cleanup.push(() => socket.close());
  return socket;
}

const updatesOf = (messages: readonly ServerMessage[]) =>
  messages.filter((m): m is ServerMessage & { type: 'update' } => m.type === 'update');

/** Reads a socket's updates until the table's update with that sequence number and status has come. */
async function readUntil(socket: TableSocket, seq: number, status: Update['status']): Promise<void> {
  for (;;) {
    const update = await socket.nextUpdate();
    if (update.seq === seq && update.status === status) return;
  }
}

/**
 * Every update a socket received shows exactly the contract's view of that
 * seat (or spectator) in the state the record gives at that sequence number,
 * and, with the position now, exactly that seat's legal actions.
 */
function expectViewsOfRecord(game: string, record: GameRecord, updates: readonly Update[]): void {
  const definition = GAMES[game];
  if (definition === undefined) throw new Error(game);
  const states = replay(definition, record);
  for (const update of updates) {
    const state = states[update.seq];
    expect(update.view).toEqual(JSON.parse(JSON.stringify(definition.view(state, update.seat))));
    if (update.seat === null) expect(update.legal).toEqual([]);
    else if (update.legal.length > 0)
      expect(update.legal).toEqual(JSON.parse(JSON.stringify(definition.legalActions(state, update.seat))));
  }
}

describe.each(BACKENDS)('the table server on %s', (backend) => {
  it.each(GAME_IDS)(
    '%s: a full game between a scripted client and an agent, watched by a spectator, replays with tabula replay',
    async (game) => {
      const { client } = await open(storeFor(backend));
      const table = await client.createTable({
        game,
        seats: [{ kind: 'person' }, { kind: 'agent', agent: 'random' }],
      });
      expect(table.status).toBe('open');
      expect((await client.list('open')).map((t) => t.id)).toContain(table.id);
      const spectator = await connect(client, table.id);
      // A second spectator is told the very same positions (a table's spectators share each update).
      const another = await connect(client, table.id);
      const joined = await client.join(table.id, { name: 'scripted' });
      expect(joined.seat).toBe(0);
      expect(joined.token.length).toBeGreaterThanOrEqual(22);
      const socket = await connect(client, table.id, { token: joined.token });
      const rng = createRng(7);
      const last = await playOut(socket, 0, (legal) => rng.pick(legal));
      expect(last.status).toBe('finished');
      expect(last.outcome).not.toBeNull();
      await readUntil(spectator, last.seq, 'finished');
      await readUntil(another, last.seq, 'finished');
      expect((await client.list('finished')).map((t) => t.id)).toContain(table.id);

      const record = (await client.record(table.id)) as GameRecord;
      expect(record.actions).toHaveLength(last.seq);
      expect(record.outcome).toEqual(last.outcome);
      // What the seat and the spectator were told is what the contract shows them, position by position.
      const seatUpdates = updatesOf(socket.received);
      const watched = updatesOf(spectator.received);
      expect(watched.every((u) => u.seat === null && u.legal.length === 0)).toBe(true);
      expect(
        watched
          .map((u) => u.seq)
          .filter((seq, i, all) => i > 0 && seq !== (all[i - 1] ?? -1) + 1 && seq !== all[i - 1]),
      ).toEqual([]);
      expect(watched.at(-1)?.seq).toBe(last.seq);
      expect(updatesOf(another.received)).toEqual(watched);
      expectViewsOfRecord(game, record, [...seatUpdates, ...watched]);

      // The record plays back with `tabula replay`.
      const dir = mkdtempSync(join(tmpdir(), 'tabula-record-'));
      cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
      const file = join(dir, 'record.json');
      writeFileSync(file, JSON.stringify(record));
      const lines: string[] = [];
      expect(await main(['replay', file], (line) => lines.push(line))).toBe(0);
      expect(lines.at(-1)).toMatch(/^Result: /);
    },
  );

  it.each(GAME_IDS)('%s: a seat that reconnects is told every position it missed, in order', async (game) => {
    const { client } = await open(storeFor(backend));
    const table = await client.createTable({
      game,
      seats: [{ kind: 'person' }, { kind: 'agent', agent: 'random' }],
    });
    const { token } = await client.join(table.id);
    const rng = createRng(11);
    const first = await connect(client, table.id, { token });
    const seen = await playOut(
      first,
      0,
      (legal) => rng.pick(legal),
      (u) => u.seq >= 4 && u.toAct.includes(0),
    );
    await first.close();
    // Away from the socket, the seat plays over HTTP, and the agent answers.
    let now = await client.view(table.id, token);
    expect(now.seq).toBeGreaterThanOrEqual(seen.seq);
    for (let moves = 0; moves < 2 && now.status === 'running'; moves++) {
      while (!now.toAct.includes(0) && now.status === 'running') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        now = await client.view(table.id, token);
      }
      if (now.status !== 'running') break;
      try {
        await client.submit(table.id, token, now.seq, rng.pick(now.legal));
      } catch (error) {
        if ((error as { code?: string }).code !== 'stale_sequence') throw error;
      }
      now = await client.view(table.id, token);
    }
    const again = await connect(client, table.id, { token, since: seen.seq });
    const welcome = await again.next();
    expect(welcome).toMatchObject({ type: 'welcome', seat: 0 });
    const current = (welcome as { seq: number }).seq;
    expect(current).toBeGreaterThan(seen.seq);
    const missed: Update[] = [];
    while (missed.length < current - seen.seq) missed.push(await again.nextUpdate());
    expect(missed.map((u) => u.seq)).toEqual(
      Array.from({ length: current - seen.seq }, (_, i) => seen.seq + 1 + i),
    );
    const last = await playOut(again, 0, (legal) => rng.pick(legal), undefined, missed.at(-1));
    expect(last.status).toBe('finished');
    const record = (await client.record(table.id)) as GameRecord;
    expectViewsOfRecord(game, record, missed);
  });

  it('every position from the start, as a spectator saw it, for a replay', async () => {
    const { client } = await open(storeFor(backend));
    const table = await client.createTable({
      game: 'skirmish',
      seats: [{ kind: 'person' }, { kind: 'agent', agent: 'random' }],
    });
    const { token } = await client.join(table.id);
    const socket = await connect(client, table.id, { token });
    const rng = createRng(5);
    const mid = await playOut(
      socket,
      0,
      (legal) => rng.pick(legal),
      (u) => u.seq >= 3,
    );
    // While the game goes on: every position so far, none with a seat's secrets.
    const sofar = await client.views(table.id);
    expect(sofar.map((u) => u.seq)).toEqual(Array.from({ length: sofar.length }, (_, k) => k));
    expect(sofar.length).toBeGreaterThanOrEqual(mid.seq + 1);
    expect(sofar.every((u) => u.seat === null && u.legal.length === 0)).toBe(true);
    const last = await playOut(socket, 0, (legal) => rng.pick(legal), undefined, mid);
    const views = await client.views(table.id);
    expect(views.map((u) => u.seq)).toEqual(Array.from({ length: last.seq + 1 }, (_, k) => k));
    expect(views.at(-1)).toMatchObject({ status: 'finished', outcome: last.outcome });
    expect(views.slice(0, -1).every((u) => u.status === 'running' && u.outcome === null)).toBe(true);
    const record = (await client.record(table.id)) as GameRecord;
    expectViewsOfRecord('skirmish', record, views);
    await expect(client.views('nosuchtable')).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it.each(GAME_IDS)('%s: after a restart the table resumes where it was', async (game) => {
    const store = storeFor(backend);
    const first = await serve(store);
    let client = new TableClient(first.url);
    const table = await client.createTable({
      game,
      seats: [{ kind: 'person' }, { kind: 'agent', agent: 'random' }],
    });
    const { token } = await client.join(table.id);
    const rng = createRng(3);
    const socket = await client.connect(table.id, { token });
    const seen = await playOut(
      socket,
      0,
      (legal) => rng.pick(legal),
      (u) => u.seq >= 3 && u.toAct.includes(0),
    );
    await socket.close();
    await first.close();

    const { client: second } = await open(store);
    client = second;
    const summary = await client.table(table.id);
    expect(summary.seq).toBeGreaterThanOrEqual(seen.seq);
    expect(summary.status).toBe('running');
    const again = await connect(client, table.id, { token, since: seen.seq - 2 });
    const last = await playOut(again, 0, (legal) => rng.pick(legal));
    expect(last.status).toBe('finished');
    const record = (await client.record(table.id)) as GameRecord;
    expect(replay(GAMES[game] as NonNullable<(typeof GAMES)[string]>, record)).toHaveLength(last.seq + 1);
    expectViewsOfRecord(game, record, updatesOf(again.received));
  });
});
