import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, type Backend, newStore, type Store, serveChild } from '../test/helpers.js';
import { openDatabase } from './db.js';
import { ServerError, TableClient } from './index.js';

let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  children = [];
});

/** `tabula serve` in a child process on a free port; resolves with its URL once it listens. */
async function serveOn(db: string): Promise<{ child: ChildProcess; url: string }> {
  const served = await serveChild(['serve', '--port', '0', '--db', db]);
  children.push(served.child);
  return served;
}

/**
 * Where the child server keeps its tables: the SQLite file, or the PostgreSQL
 * URL with the test's own schema as its search path (made first, since
 * `tabula serve` takes a URL only).
 */
async function targetOf(backend: Backend, store: Store): Promise<string> {
  const url = store.options.db as string;
  if (backend === 'sqlite') return url;
  const schema = store.options.schema as string;
  const made = await openDatabase({ target: url, schema });
  await made.close();
  return `${url}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

describe.each(BACKENDS)('on %s', (backend) => {
  it('a server killed with SIGKILL mid-game loses no acknowledged action and doubles none; every table goes on', async () => {
    const store = newStore(backend);
    try {
      const db = await targetOf(backend, store);
      const first = await serveOn(db);
      const client = new TableClient(first.url);
      const tables = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const t = await client.createTable({
            game: 'skirmish',
            seats: [{ kind: 'person' }, { kind: 'person' }],
          });
          return { id: t.id, tokens: [(await client.join(t.id)).token, (await client.join(t.id)).token] };
        }),
      );
      /** Every action the server acknowledged: table, its sequence number, and the action. */
      const acked: { table: string; seq: number; action: unknown }[] = [];
      let killed = false;
      const player = async (table: { id: string; tokens: string[] }, seat: number) => {
        const token = table.tokens[seat] as string;
        while (!killed) {
          try {
            const now = await client.view(table.id, token);
            if (now.status === 'finished') return;
            const action = now.legal[0];
            if (action === undefined) continue;
            const seq = await client.submit(table.id, token, now.seq, action);
            acked.push({ table: table.id, seq, action });
          } catch (error) {
            if (error instanceof ServerError && error.code === 'stale_sequence') continue;
            return; // the server is gone
          }
        }
      };
      const playing = Promise.all(tables.flatMap((t) => [player(t, 0), player(t, 1)]));
      while (acked.length < 40) await new Promise((resolve) => setTimeout(resolve, 5));
      first.child.kill('SIGKILL');
      killed = true;
      await playing;

      const opened = await openDatabase(
        backend === 'sqlite'
          ? { target: db }
          : { target: store.options.db as string, schema: store.options.schema as string },
      );
      try {
        for (const { table, seq, action } of acked) {
          const row = await opened.db
            .selectFrom('actions')
            .select('action')
            .where('table_id', '=', table)
            .where('seq', '=', seq)
            .executeTakeFirst();
          expect(row && JSON.parse(row.action), `table ${table} action ${seq}`).toEqual(action);
        }
        for (const { id } of tables) {
          const rows = await opened.db
            .selectFrom('actions')
            .select('seq')
            .where('table_id', '=', id)
            .orderBy('seq')
            .execute();
          const { seq } = await opened.db
            .selectFrom('tables')
            .select('seq')
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          expect(rows.map((r) => Number(r.seq))).toEqual(
            Array.from({ length: Number(seq) }, (_, i) => i + 1),
          );
        }
      } finally {
        await opened.close();
      }

      // Restarted, every table goes on to its end.
      const second = await serveOn(db);
      const again = new TableClient(second.url);
      for (const table of tables) {
        for (;;) {
          const now = await again.view(table.id, table.tokens[0]);
          if (now.status === 'finished') break;
          const seat = now.toAct[0] as number;
          const mine = await again.view(table.id, table.tokens[seat]);
          await again.submit(table.id, table.tokens[seat] as string, mine.seq, mine.legal[0]);
        }
        expect((await again.table(table.id)).status).toBe('finished');
      }
      second.child.kill('SIGTERM');
      await new Promise((resolve) => second.child.once('exit', resolve));
    } finally {
      await store.drop();
    }
  }, 180_000);
});
