import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulate as localSimulate } from '@tabula/cli';
import { Redis } from 'ioredis';
import { afterEach, expect, it } from 'vitest';
import { simulate } from './commands/worker.js';
import { startWorker } from './queue.js';

const REDIS_URL = process.env.TABULA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await Promise.resolve(step()).catch(() => undefined);
  cleanup = [];
  delete process.env.TABULA_QUEUE_PREFIX;
});

/** A queue of the test's own on the machine's Redis; its keys are removed after. */
function ownQueue(): string {
  const prefix = `tabula:test:sim:${randomBytes(6).toString('hex')}`;
  process.env.TABULA_QUEUE_PREFIX = prefix;
  cleanup.push(async () => {
    const client = new Redis(REDIS_URL);
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length > 0) await client.del(...keys);
    client.disconnect();
  });
  return prefix;
}

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tabula-queue-test-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const run = ['backgammon', '--agents', 'random,heuristic', '--games', '40', '--seed', '19'];

it('the same seed gives the same results file on one machine and on three workers of the queue', async () => {
  const prefix = ownQueue();
  const dir = tempDir();
  const alone = join(dir, 'alone.jsonl');
  await localSimulate([...run, '--workers', '1', '--out', alone], () => undefined);
  const played = [0, 0, 0];
  const workers = played.map((_, k) =>
    startWorker({
      url: REDIS_URL,
      prefix,
      threads: 0,
      name: `w${k}`,
      onBatch: (games) => {
        played[k] = (played[k] ?? 0) + games;
      },
    }),
  );
  cleanup.push(() => Promise.all(workers.map((w) => w.stop())).then(() => undefined));
  const shared = join(dir, 'shared.jsonl');
  const lines: string[] = [];
  await simulate([...run, '--workers', '0', '--out', shared, '--redis', REDIS_URL], (line) =>
    lines.push(line),
  );
  expect(readFileSync(shared, 'utf8')).toBe(readFileSync(alone, 'utf8'));
  expect(readFileSync(shared, 'utf8').trim().split('\n')).toHaveLength(40);
  // The workers played part of the run (the coordinator the rest).
  expect(played.reduce((x, y) => x + y)).toBeGreaterThan(0);
  expect(lines.join('\n')).toMatch(/backgammon: 40 games, seed 19/);
}, 120_000);

it('a batch taken by a worker that died is put back on the queue and played: the results file is whole', async () => {
  const prefix = ownQueue();
  const dir = tempDir();
  const alone = join(dir, 'alone.jsonl');
  await localSimulate([...run, '--workers', '1', '--out', alone], () => undefined);
  // A worker that takes the first batch and dies with it: registered, no heartbeat, never answers.
  const ghost = new Redis(REDIS_URL);
  cleanup.push(() => ghost.disconnect());
  await ghost.sadd(`${prefix}:workers`, 'ghost');
  const taken = ghost.brpoplpush(`${prefix}:queue`, `${prefix}:working:ghost`, 30);
  const shared = join(dir, 'shared.jsonl');
  const running = simulate(
    [...run, '--workers', '0', '--out', shared, '--redis', REDIS_URL],
    () => undefined,
  );
  expect(JSON.parse((await taken) as string)).toMatchObject({ id: 0 });
  await running;
  expect(readFileSync(shared, 'utf8')).toBe(readFileSync(alone, 'utf8'));
  expect(await ghost.llen(`${prefix}:working:ghost`)).toBe(0);
}, 120_000);
