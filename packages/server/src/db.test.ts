import { GAMES } from '@tabula/cli';
import { createRng, type GameRecord, gameStreams, replay } from '@tabula/core';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { BACKENDS, newStore, playOut, type Store, serve } from '../test/helpers.js';
import { TableClient } from './client.js';
import { openDatabase } from './db.js';
import { newToken, tokenHash } from './tables.js';

const backgammon = GAMES.backgammon as NonNullable<(typeof GAMES)[string]>;

describe.each(BACKENDS)('the migrations on %s', (backend) => {
  let store: Store | null = null;
  afterEach(async () => {
    await store?.drop();
    store = null;
  });

  it('0003 moves each table row’s state into a snapshot, and a table saved before it plays on', async () => {
    store = newStore(backend);
    const target = {
      target: store.options.db as string,
      ...(store.options.schema ? { schema: store.options.schema } : {}),
    };
    // A table seven actions into a game, as the server wrote it before 0003: its state and generator in its row.
    const config = { ...(backgammon.defaultConfig(2) as object), cube: false };
    const seed = 41;
    const { chance } = gameStreams(seed, 2);
    let state = backgammon.setup(config, chance);
    const pick = createRng(5);
    const actions: { seat: number; action: unknown }[] = [];
    while (actions.length < 7) {
      const seat = backgammon.toAct(state)[0] as number;
      const action = pick.pick(
        backgammon.legalActions(state, seat).filter((a) => (a as { type: string }).type !== 'resign'),
      );
      state = backgammon.apply(state, seat, action, chance);
      actions.push({ seat, action });
    }
    const token = newToken();
    const old = await openDatabase({ ...target, migrateTo: '0002_agent_leases' });
    const at = new Date().toISOString();
    await sql`insert into tables (id, game, version, config, seed, seq, state, rng, status, outcome, created_at, updated_at)
      values ('old', 'backgammon', ${backgammon.version}, ${JSON.stringify(config)}, ${seed}, 7,
        ${JSON.stringify(state)}, ${JSON.stringify(chance.save())}, 'running', null, ${at}, ${at})`.execute(
      old.db,
    );
    await sql`insert into seats (table_id, seat, kind, agent, name, token_hash)
      values ('old', 0, 'person', null, 'Ann', ${tokenHash(token)}), ('old', 1, 'agent', 'heuristic', 'heuristic', null)`.execute(
      old.db,
    );
    for (const [i, { seat, action }] of actions.entries())
      await sql`insert into actions (table_id, seq, seat, action, created_at)
        values ('old', ${i + 1}, ${seat}, ${JSON.stringify(action)}, ${at})`.execute(old.db);
    await old.close();

    const migrated = await openDatabase(target);
    const snapshot = await migrated.db.selectFrom('snapshots').selectAll().executeTakeFirstOrThrow();
    expect({ ...snapshot, seq: Number(snapshot.seq) }).toEqual({
      table_id: 'old',
      seq: 7,
      state: JSON.stringify(state),
      rng: JSON.stringify(chance.save()),
    });
    const row = await migrated.db.selectFrom('tables').selectAll().executeTakeFirstOrThrow();
    expect(row).not.toHaveProperty('state');
    expect(row.to_act).toBeNull();
    await migrated.close();

    const server = await serve(store);
    try {
      const client = new TableClient(server.url);
      const listed = (await client.list('running')).find((t) => t.id === 'old');
      expect(listed?.seq).toBeGreaterThanOrEqual(7);
      const socket = await client.connect('old', { token });
      const last = await playOut(socket, 0, (legal) => pick.pick(legal));
      expect(last.status).toBe('finished');
      const record = (await client.record('old')) as GameRecord;
      expect(record.actions.slice(0, 7)).toEqual(actions);
      expect(replay(backgammon, record)).toHaveLength(last.seq + 1);
      await socket.close();
    } finally {
      await server.close();
    }
  });
});
