import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, newStore, serve } from '../test/helpers.js';
import { ServerError, TableClient, type TableServer } from './index.js';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
});

/** Sends them all at once; counts the acks and the refusals by code. */
async function race(attempts: (() => Promise<number>)[]): Promise<{ acks: number[]; refused: string[] }> {
  const results = await Promise.allSettled(attempts.map((attempt) => attempt()));
  const acks: number[] = [];
  const refused: string[] = [];
  for (const r of results) {
    if (r.status === 'fulfilled') acks.push(r.value);
    else refused.push(r.reason instanceof ServerError ? r.reason.code : String(r.reason));
  }
  return { acks, refused };
}

/** A backgammon table of two people, both joined. */
async function twoPeople(client: TableClient) {
  const table = await client.createTable({
    game: 'backgammon',
    seats: [{ kind: 'person' }, { kind: 'person' }],
  });
  const a = await client.join(table.id);
  const b = await client.join(table.id);
  return { id: table.id, tokens: [a.token, b.token] as const };
}

describe.each(BACKENDS)('racing submissions on %s', (backend) => {
  it('many clients at once on many tables: exactly one action a position, logs without gap or duplicate', async () => {
    const store = newStore(backend);
    cleanup.push(() => store.drop());
    const server = await serve(store);
    cleanup.push(() => server.close());
    const client = new TableClient(server.url);
    const tables = await Promise.all(Array.from({ length: 4 }, () => twoPeople(client)));
    for (let round = 0; round < 8; round++) {
      const attempts = await Promise.all(
        tables.map(async ({ id, tokens }) => {
          const now = await client.view(id, tokens[0]);
          if (now.status !== 'running') return [];
          const seat = now.toAct[0] as number;
          const token = tokens[seat] as string;
          const seen = await client.view(id, token);
          // Eight clients of the seat send the same position's actions at once.
          return Array.from(
            { length: 8 },
            (_, i) => () => client.submit(id, token, seen.seq, seen.legal[i % seen.legal.length]),
          ).map((attempt) => ({ id, seq: seen.seq, attempt }));
        }),
      );
      const flat = attempts.flat();
      const { acks, refused } = await race(flat.map((a) => a.attempt));
      const live = new Set(flat.map((a) => a.id)).size;
      expect(acks).toHaveLength(live);
      expect(new Set(refused)).toEqual(new Set(refused.length > 0 ? ['stale_sequence'] : []));
    }
    for (const { id } of tables) {
      const summary = await client.table(id);
      const record = (await client.record(id)) as { actions?: unknown[]; positions?: unknown[] };
      // A finished table's full record; a running one's spectator record, a position for each action and the start.
      if (summary.status === 'finished') expect(record.actions).toHaveLength(summary.seq);
      else expect(record.positions).toHaveLength(summary.seq + 1);
      const rows = await server.database.db
        .selectFrom('actions')
        .select('seq')
        .where('table_id', '=', id)
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: summary.seq }, (_, i) => i + 1));
    }
  });

  it('two server processes on one database: the unique key lets exactly one of two racing writers append', async () => {
    const store = newStore(backend);
    cleanup.push(() => store.drop());
    const servers: TableServer[] = [];
    for (let i = 0; i < 2; i++) {
      const server = await serve(store);
      cleanup.push(() => server.close());
      servers.push(server);
    }
    const [one, two] = servers.map((s) => new TableClient(s.url)) as [TableClient, TableClient];
    const { id, tokens } = await twoPeople(one);
    let applied = 0;
    for (let round = 0; round < 10; round++) {
      // Each server reads the table afresh from the database (a stale cache is dropped on a lost race).
      const seen = await one.view(id, tokens[0]);
      if (seen.status !== 'running') break;
      const seat = seen.toAct[0] as number;
      const token = tokens[seat] as string;
      const mine = await one.view(id, token);
      await two.view(id, token);
      const action = mine.legal[0];
      const { acks, refused } = await race([
        () => one.submit(id, token, mine.seq, action),
        () => two.submit(id, token, mine.seq, action),
      ]);
      expect(acks).toEqual([mine.seq + 1]);
      expect(refused).toEqual(['stale_sequence']);
      applied++;
      // The server that lost dropped its cache: both views above read the log afresh next round.
    }
    const rows = await servers[0]?.database.db
      .selectFrom('actions')
      .select('seq')
      .where('table_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(rows?.map((r) => Number(r.seq))).toEqual(Array.from({ length: applied }, (_, i) => i + 1));
  });
});
