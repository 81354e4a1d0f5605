import { GAMES } from '@tabula/cli';
import { createRng, type GameRecord, replay } from '@tabula/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newStore, playOut, type Store, serve } from '../test/helpers.js';
import { type ServerMessage, TableClient, type TableServer, type TableSocket } from './index.js';

/**
 * The leak test: random games played through the server by scripted clients
 * at every seat, with a spectator; everything each socket was told is
 * compared with what the contract lets that seat know at that position (its
 * `view`, its `legalActions`), and no message holds the seed or the
 * generator's state. `TABULA_LEAK_GAMES` plays more (thousands) a game.
 */
const GAMES_EACH = Number(process.env.TABULA_LEAK_GAMES ?? 8);
const AT_ONCE = 8;

let store: Store;
let server: TableServer;
let client: TableClient;

beforeAll(async () => {
  store = newStore('sqlite');
  server = await serve(store);
  client = new TableClient(server.url);
});

afterAll(async () => {
  await server?.close();
  await store?.drop();
});

async function oneGame(game: string, index: number): Promise<number> {
  const table = await client.createTable({ game, seats: [{ kind: 'person' }, { kind: 'person' }] });
  const spectator = await client.connect(table.id);
  const seats: { seat: number; socket: TableSocket }[] = [];
  for (let i = 0; i < 2; i++) {
    const { seat, token } = await client.join(table.id);
    seats.push({ seat, socket: await client.connect(table.id, { token }) });
  }
  try {
    await Promise.all(
      seats.map(({ seat, socket }) =>
        playOut(socket, seat, (l) => createRng(index * 7 + seat + l.length).pick(l)),
      ),
    );
    const record = (await client.record(table.id)) as GameRecord;
    for (;;) {
      const u = await spectator.nextUpdate();
      if (u.status === 'finished') break;
    }
    const definition = GAMES[game] as NonNullable<(typeof GAMES)[string]>;
    const states = replay(definition, record);
    // The replay's frames (`/views`) are told to anyone, as a spectator's.
    const frames = (await client.views(table.id)).map((u): ServerMessage => ({ type: 'update', ...u }));
    const told: [number | null, ServerMessage[]][] = [
      [null, spectator.received],
      [null, frames],
      ...seats.map(({ seat, socket }): [number, ServerMessage[]] => [seat, socket.received]),
    ];
    const secret = [
      `"seed"`,
      `"rng"`,
      'xoroshiro',
      ...(Math.abs(record.seed) >= 1e6 ? [String(record.seed)] : []),
    ];
    let checked = 0;
    for (const [seat, messages] of told) {
      for (const message of messages) {
        const text = JSON.stringify(message);
        for (const s of secret)
          expect(text.includes(s), `${game}: a message to seat ${seat} holds ${s}`).toBe(false);
        if (message.type !== 'update') continue;
        expect(message.seat).toBe(seat);
        const state = states[message.seq];
        expect(message.view).toEqual(JSON.parse(JSON.stringify(definition.view(state, seat))));
        const legal =
          seat === null || message.status !== 'running' ? [] : definition.legalActions(state, seat);
        if (message.legal.length > 0 || seat === null)
          expect(message.legal).toEqual(JSON.parse(JSON.stringify(legal)));
        checked++;
      }
    }
    return checked;
  } finally {
    await Promise.all([spectator, ...seats.map((s) => s.socket)].map((s) => s.close()));
  }
}

it.each(['backgammon', 'rummy', 'skirmish'])(
  '%s: no message tells a seat or a spectator what it may not know',
  async (game) => {
    let checked = 0;
    for (let start = 0; start < GAMES_EACH; start += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, GAMES_EACH - start) }, (_, i) =>
        oneGame(game, start + i),
      );
      for (const n of await Promise.all(batch)) checked += n;
    }
    expect(checked).toBeGreaterThan(GAMES_EACH * 3);
  },
);
