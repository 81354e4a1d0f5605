import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { newStore, serve } from '../test/helpers.js';
import { TableClient } from './index.js';

/**
 * A slow agent: its worker spins the CPU far past any budget (a search
 * that never ends) before it would bid the first ship of its hand. The
 * server runs agents in worker threads with a time budget, so the event
 * loop stays free: the other tables play on at full speed meanwhile, and
 * the agent is stopped at its budget and grace, a legal action played for it.
 */
const SLOW_WORKER = `
export default function decide(task) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {}
  return { type: 'play', card: task.state.hands[task.seat][0] };
}
export function legal() {
  return [];
}
`;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
  cleanup = [];
}, 30_000);

it('a slow agent on one table delays no action on another, and is stopped at its budget', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-slow-agent-'));
  cleanup.push(async () => rmSync(dir, { recursive: true, force: true }));
  const workerFile = join(dir, 'slow-worker.mjs');
  writeFileSync(workerFile, SLOW_WORKER);
  const store = newStore('sqlite');
  cleanup.push(() => store.drop());
  const budgetMs = 500;
  // A long grace, so that the other table's actions are counted while the agent surely thinks, however loaded the machine.
  const graceMs = 6_000;
  const server = await serve(store, { agents: { budgetMs, graceMs, threads: 2, workerFile } });
  let open = true;
  cleanup.push(async () => {
    if (open) await server.close();
  });
  const client = new TableClient(server.url);

  // The slow table: a person and the slow agent bid at once in skirmish's first battle.
  const slow = await client.createTable({
    game: 'skirmish',
    seats: [{ kind: 'person' }, { kind: 'agent', agent: 'bidder' }],
  });
  const person = await client.join(slow.id);
  const thinking = Date.now();
  const seen = await client.view(slow.id, person.token);
  expect(await client.submit(slow.id, person.token, seen.seq, seen.legal[0])).toBe(1);

  // Another table, two people, played as fast as they can while the agent thinks.
  const other = await client.createTable({
    game: 'backgammon',
    seats: [{ kind: 'person' }, { kind: 'person' }],
  });
  const tokens = [(await client.join(other.id)).token, (await client.join(other.id)).token];
  const latencies: number[] = [];
  while (Date.now() - thinking < budgetMs + graceMs / 2) {
    const now = await client.view(other.id, tokens[0]);
    if (now.status === 'finished') break;
    const seat = now.toAct[0] as number;
    const mine = await client.view(other.id, tokens[seat]);
    const started = Date.now();
    await client.submit(other.id, tokens[seat] as string, mine.seq, mine.legal[0]);
    latencies.push(Date.now() - started);
  }
  // The agent was still thinking all along: its table had not moved on.
  expect((await client.table(slow.id)).seq).toBe(1);
  expect(latencies.length).toBeGreaterThanOrEqual(5);
  // Each action of the other table took a fraction of the agent's thinking time (generous: a loaded machine).
  expect(Math.max(...latencies)).toBeLessThan(budgetMs + graceMs / 2);

  // At budget and grace the agent's worker is stopped and a legal action is played for it: the battle resolves.
  for (;;) {
    const summary = await client.table(slow.id);
    if (summary.seq >= 2) break;
    expect(Date.now() - thinking, 'the agent was not stopped').toBeLessThan(30_000);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const after = await client.view(slow.id, person.token);
  expect(after.seq).toBe(2);
  expect(after.toAct).toEqual([0, 1]);

  // The agent thinks again on the next battle; a shutdown drops that search rather than waiting out its minute.
  const closing = Date.now();
  open = false;
  await server.close();
  expect(Date.now() - closing, 'the shutdown waited for the agent').toBeLessThan(20_000);
}, 60_000);
