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
 * generator's state. Skirmish's bids not shown yet are checked directly:
 * told to the other seats and the spectator, the position is the same
 * whichever ship the bidder had put in. `TABULA_LEAK_GAMES` sets the games of
 * each game (the default, 40 and 10 of rummy, keeps the file near a minute
 * on a loaded machine; thousands: `TABULA_LEAK_GAMES=2000`).
 */
const KNOB = process.env.TABULA_LEAK_GAMES;
/** Rummy's legal actions are a solver's search in the workers: fewer of its games by default. */
const gamesOf = (game: string) => (KNOB !== undefined ? Number(KNOB) : game === 'rummy' ? 10 : 40);
const AT_ONCE = 16;

interface SkirmishLike {
  readonly hands: readonly (readonly number[])[];
  readonly plays: readonly (number | null)[];
}

/**
 * The same position but for the ships bid and not shown: each pending bid
 * is swapped, in turn, with every other ship of its bidder's hand. A seat
 * that is not the bidder must be told the same of all of them.
 */
function otherBids(state: SkirmishLike, viewer: number | null): SkirmishLike[] {
  const others: SkirmishLike[] = [];
  state.plays.forEach((bid, bidder) => {
    if (bid === null || bidder === viewer) return;
    const hand = state.hands[bidder] ?? [];
    for (const [i, ship] of hand.entries()) {
      if (ship === bid) continue;
      const hands = [...state.hands];
      hands[bidder] = hand.map((s, j) => (j === i ? bid : s));
      const plays = [...state.plays];
      plays[bidder] = ship;
      others.push({ ...state, hands, plays });
    }
  });
  return others;
}

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
  const spectator = await client.connect(table.id, { keep: true });
  const seats: { seat: number; socket: TableSocket }[] = [];
  for (let i = 0; i < 2; i++) {
    const { seat, token } = await client.join(table.id);
    seats.push({ seat, socket: await client.connect(table.id, { token, keep: true }) });
  }
  try {
    await Promise.all(
      seats.map(({ seat, socket }) => {
        const rng = createRng(index * 7 + seat + 1);
        return playOut(socket, seat, (legal) => rng.pick(legal));
      }),
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
    const told: [number | null, readonly ServerMessage[]][] = [
      [null, spectator.received],
      [null, frames],
      ...seats.map(({ seat, socket }): [number, readonly ServerMessage[]] => [seat, socket.received]),
    ];
    const secret = [
      `"seed"`,
      `"rng"`,
      'xoroshiro',
      ...(Math.abs(record.seed) >= 1e6 ? [String(record.seed)] : []),
    ];
    let checked = 0;
    let pending = 0;
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
        if (game === 'skirmish')
          for (const other of otherBids(state as SkirmishLike, seat)) {
            expect(message.view, `seat ${seat} at ${message.seq} sees a pending bid`).toEqual(
              JSON.parse(JSON.stringify(definition.view(other, seat))),
            );
            expect(message.toAct).toEqual(definition.toAct(other));
            pending++;
          }
        checked++;
      }
    }
    if (game === 'skirmish')
      expect(pending, 'positions with a bid not shown yet were told').toBeGreaterThan(0);
    return checked;
  } finally {
    await Promise.all([spectator, ...seats.map((s) => s.socket)].map((s) => s.close()));
  }
}

it.each(['backgammon', 'rummy', 'skirmish'])(
  '%s: no message tells a seat or a spectator what it may not know',
  async (game) => {
    const count = gamesOf(game);
    let checked = 0;
    for (let start = 0; start < count; start += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, count - start) }, (_, i) =>
        oneGame(game, start + i),
      );
      for (const n of await Promise.all(batch)) checked += n;
    }
    expect(checked).toBeGreaterThan(count * 3);
  },
  // Thousands of games take their time; the default count keeps each game's test far below this.
  Math.max(120_000, Number(KNOB ?? 0) * 10_000),
);
