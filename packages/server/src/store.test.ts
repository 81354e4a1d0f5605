import type { RngState } from '@tabula/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, newStore, type Store } from '../test/helpers.js';
import { type OpenedDatabase, openDatabase } from './db.js';
import { type Appended, actionLog, insertTable, loadActions, loadTable } from './store.js';

const RNG: RngState = { algorithm: 'xoroshiro128plus', state: [1, 2, 3, 4] };

describe.each(BACKENDS)('the action log on %s', (backend) => {
  let store: Store | null = null;
  let opened: OpenedDatabase | null = null;
  afterEach(async () => {
    await opened?.close();
    await store?.drop();
    opened = null;
    store = null;
  });

  async function withTables(ids: readonly string[]): Promise<OpenedDatabase> {
    store = newStore(backend);
    const { db, schema } = store.options;
    opened = await openDatabase({ target: db as string, ...(schema === undefined ? {} : { schema }) });
    for (const id of ids)
      await insertTable(opened.db, {
        id,
        game: 'skirmish',
        version: '1',
        config: {},
        seed: 1,
        state: { at: 0 },
        rng: RNG,
        toAct: [0],
        status: 'running',
        seats: [{ kind: 'person', agent: null, name: null }],
      });
    return opened;
  }

  const step = (tableId: string, seq: number, snapshot = false): Appended => ({
    tableId,
    seq,
    seat: 0,
    action: { n: seq + 1 },
    snapshot: snapshot ? { state: { at: seq + 1 }, rng: RNG } : null,
    toAct: [0],
    status: 'running',
    outcome: null,
  });

  it('appends sent together each stand or fall alone: a stale one is refused, the others are written', async () => {
    const database = await withTables(['a', 'b', 'c']);
    const log = actionLog(database);
    await log.append(step('b', 0));
    // In one turn of the event loop: on SQLite one transaction.
    const results = await Promise.allSettled([
      log.append(step('a', 0)),
      log.append(step('b', 0)), // b is at 1 already
      log.append(step('c', 0, true)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'stale_sequence' });
    for (const id of ['a', 'b', 'c']) {
      expect(await loadActions(database.db, id)).toEqual([{ seat: 0, action: { n: 1 } }]);
      expect(Number((await loadTable(database.db, id))?.row.seq)).toBe(1);
    }
    // The snapshot moves only with the appends that carry one.
    const c = await loadTable(database.db, 'c');
    const a = await loadTable(database.db, 'a');
    expect([Number(c?.snapshot.seq), JSON.parse(c?.snapshot.state ?? 'null')]).toEqual([1, { at: 1 }]);
    expect([Number(a?.snapshot.seq), JSON.parse(a?.snapshot.state ?? 'null')]).toEqual([0, { at: 0 }]);
  });

  it('one table appended twice at one position: exactly one is written', async () => {
    const database = await withTables(['a']);
    const log = actionLog(database);
    const results = await Promise.allSettled([log.append(step('a', 0)), log.append(step('a', 0))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await loadActions(database.db, 'a')).toHaveLength(1);
  });
});
