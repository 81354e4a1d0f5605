import assert from 'node:assert/strict';
import { startServer, TableClient } from '@tabula/server';

// A server on an in-memory SQLite database, on a free port, without logs.
const server = await startServer({ db: ':memory:', port: 0, logger: false });
try {
  const client = new TableClient(server.url);
  // A skirmish table: a person at seat 0, the bidder agent at seat 1.
  const table = await client.createTable({
    game: 'skirmish',
    seats: [{ kind: 'person' }, { kind: 'agent', agent: 'bidder' }],
  });
  // Joining gives the seat's secret token, once.
  const { seat, token } = await client.join(table.id, { name: 'ada' });
  const socket = await client.connect(table.id, { token });
  // Each update is the seat's own view, its legal actions and who is to act.
  let update = await socket.nextUpdate();
  while (update.status !== 'finished') {
    // Play the lowest ship. The battles are simultaneous: the agent's hidden bid may have moved the
    // table on meanwhile, and the action still counts for the position this seat saw.
    if (update.toAct.includes(seat)) await socket.act(update.seq, update.legal[0]);
    update = await socket.nextUpdate();
  }
  console.log(`skirmish over after ${update.seq} actions:`, update.outcome);
  // The record of the finished table replays with `tabula replay`.
  const record = (await client.record(table.id)) as { actions: unknown[] };
  assert.equal(record.actions.length, update.seq);
  await socket.close();
} finally {
  await server.close();
}
