import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { type GameJob, type GameSummary, openPool, type Played, type PlayJobsOptions } from '@tabula/cli';
import { TabulaError } from '@tabula/core';
import { Redis } from 'ioredis';

/**
 * `tabula simulate --redis URL`: a run's games in batches on a Redis list,
 * played by `tabula worker --redis URL` on any machine and by the
 * coordinator itself. A worker moves the batch it takes onto a list of its
 * own (BRPOPLPUSH) and keeps a heartbeat key alive while it plays; a worker
 * that dies leaves its batch there, and the coordinator puts it back on the
 * queue once the heartbeat has run out. A batch played twice is counted
 * once. Each game is a function of its job (seed, seating), and results are
 * put back in job order: the results file is the one a single machine writes.
 */

export interface QueueOptions {
  /** `redis://host:port`. */
  readonly url: string;
  /** The keys' prefix (default `tabula:sim`): workers and coordinators of one queue share it. */
  readonly prefix?: string;
  /** How long a worker's heartbeat lasts unrenewed (default 3 s); it is renewed every third of that. */
  readonly heartbeatMs?: number;
}

/** A batch on the queue: some consecutive games of one run. */
interface QueuedBatch {
  readonly run: string;
  readonly id: number;
  readonly gameId: string;
  readonly config: unknown;
  readonly jobs: readonly GameJob[];
  readonly lines: boolean;
}

type QueuedReply =
  | { readonly id: number; readonly summaries: GameSummary[]; readonly lines: string[] | null }
  | { readonly id: number; readonly error: string };

class Keys {
  constructor(private readonly prefix: string) {}
  get queue() {
    return `${this.prefix}:queue`;
  }
  get workers() {
    return `${this.prefix}:workers`;
  }
  working(worker: string) {
    return `${this.prefix}:working:${worker}`;
  }
  alive(worker: string) {
    return `${this.prefix}:alive:${worker}`;
  }
  done(run: string) {
    return `${this.prefix}:done:${run}`;
  }
}

const connect = (url: string) => {
  const client = new Redis(url, {
    maxRetriesPerRequest: null,
    retryStrategy: (n) => Math.min(n * 100, 1000),
  });
  client.on('error', () => undefined);
  return client;
};

/** Games a batch: about a tenth of a worker's share, so that a worker that dies costs little to redo. */
export function queueBatchSize(games: number, workers: number): number {
  return Math.max(1, Math.min(50, Math.ceil(games / (10 * Math.max(1, workers)))));
}

export interface WorkerOptions extends QueueOptions {
  /** The worker's name (default: host and process id, and a random tail); unique among the workers. */
  readonly name?: string;
  /** Batches played at once, each in a worker thread of its own (default 1; 0: one, in this thread). */
  readonly threads?: number;
  /** Told of each batch played. */
  readonly onBatch?: (games: number) => void;
}

/** A running worker: `stop` lets the batches under way finish, then ends. */
export interface QueueWorker {
  readonly name: string;
  stop(): Promise<void>;
}

/** Takes batches off the queue and plays them until stopped. */
export function startWorker(options: WorkerOptions): QueueWorker {
  const keys = new Keys(options.prefix ?? 'tabula:sim');
  const heartbeat = options.heartbeatMs ?? 3000;
  const name = options.name ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const command = connect(options.url);
  let stopped = false;
  const beat = async () => {
    await command.set(keys.alive(name), '1', 'PX', heartbeat);
    await command.sadd(keys.workers, name);
  };
  const beating = setInterval(() => void beat().catch(() => undefined), Math.max(50, heartbeat / 3));
  const loops = Math.max(1, options.threads ?? 1);
  const running = Array.from({ length: loops }, async () => {
    const blocking = connect(options.url);
    const pool = openPool(options.threads === 0 ? 0 : 1);
    try {
      await beat();
      while (!stopped) {
        const raw = await blocking.brpoplpush(keys.queue, keys.working(name), 1);
        if (raw === null) continue;
        const batch = JSON.parse(raw) as QueuedBatch;
        let reply: QueuedReply;
        try {
          const played = await pool.play(batch.gameId, batch.config, batch.jobs, { lines: batch.lines });
          reply = { id: batch.id, summaries: played.summaries, lines: played.lines };
        } catch (error) {
          reply = { id: batch.id, error: error instanceof Error ? error.message : String(error) };
        }
        // The reply and the batch's removal from the worker's list go together: a batch is never lost between them.
        await command
          .multi()
          .lpush(keys.done(batch.run), JSON.stringify(reply))
          .expire(keys.done(batch.run), 24 * 3600)
          .lrem(keys.working(name), 1, raw)
          .exec();
        options.onBatch?.(batch.jobs.length);
      }
    } finally {
      await pool.close();
      blocking.disconnect();
    }
  });
  return {
    name,
    async stop() {
      stopped = true;
      await Promise.allSettled(running);
      clearInterval(beating);
      await command
        .multi()
        .del(keys.alive(name))
        .srem(keys.workers, name)
        .exec()
        .catch(() => undefined);
      command.disconnect();
      const failed = (await Promise.allSettled(running)).find((r) => r.status === 'rejected');
      if (failed !== undefined && failed.status === 'rejected') throw failed.reason;
    },
  };
}

/** Puts back on the queue the batches of workers whose heartbeat ran out: they died while playing. */
export async function requeueDead(client: Redis, prefix = 'tabula:sim'): Promise<number> {
  const keys = new Keys(prefix);
  let moved = 0;
  for (const worker of await client.smembers(keys.workers)) {
    if ((await client.exists(keys.alive(worker))) === 1) continue;
    while ((await client.rpoplpush(keys.working(worker), keys.queue)) !== null) moved++;
    await client.srem(keys.workers, worker);
  }
  return moved;
}

/**
 * Plays a run's jobs on the queue, as `playJobs` does on threads: the
 * coordinator plays too (`threads` batches at once, 0: in this thread) while
 * any number of `tabula worker`s help. Returns the summaries (and the lines
 * when asked) in job order.
 */
export async function playOnQueue(
  options: QueueOptions,
  gameId: string,
  config: unknown,
  jobs: readonly GameJob[],
  threads: number,
  { lines: wantLines = false, onResult = () => {} }: PlayJobsOptions = {},
): Promise<Played> {
  const prefix = options.prefix ?? 'tabula:sim';
  const keys = new Keys(prefix);
  const run = randomBytes(8).toString('hex');
  const client = connect(options.url);
  const blocking = connect(options.url);
  const size = queueBatchSize(jobs.length, threads);
  const batches: QueuedBatch[] = [];
  for (let start = 0, id = 0; start < jobs.length; start += size, id++)
    batches.push({ run, id, gameId, config, jobs: jobs.slice(start, start + size), lines: wantLines });
  const raws = batches.map((b) => JSON.stringify(b));
  const summaries: GameSummary[] = new Array(jobs.length);
  const lines: string[] | null = wantLines ? new Array(jobs.length) : null;
  const done = new Set<number>();
  let games = 0;
  let local: QueueWorker | null = null;
  try {
    // First in, first out: BRPOPLPUSH takes from the right.
    if (raws.length > 0) await client.lpush(keys.queue, ...raws);
    local = startWorker({
      ...options,
      prefix,
      threads,
      name: `coordinator-${hostname()}-${process.pid}-${run}`,
    });
    let reaped = Date.now();
    while (done.size < batches.length) {
      const popped = await blocking.brpop(keys.done(run), 1);
      if (Date.now() - reaped > 1000) {
        reaped = Date.now();
        await requeueDead(client, prefix);
      }
      if (popped === null) continue;
      const reply = JSON.parse(popped[1]) as QueuedReply;
      if (done.has(reply.id)) continue;
      if ('error' in reply)
        throw new TabulaError('worker_failed', `batch ${reply.id} of the run failed: ${reply.error}`);
      const start = reply.id * size;
      reply.summaries.forEach((summary, k) => {
        summaries[start + k] = summary;
      });
      reply.lines?.forEach((line, k) => {
        if (lines !== null) lines[start + k] = line;
      });
      done.add(reply.id);
      games += reply.summaries.length;
      onResult(games);
    }
    return { summaries, lines };
  } finally {
    await local?.stop().catch(() => undefined);
    // A run that failed leaves no batch behind for the workers.
    if (done.size < batches.length)
      for (const raw of raws) await client.lrem(keys.queue, 0, raw).catch(() => undefined);
    await client.del(keys.done(run)).catch(() => undefined);
    client.disconnect();
    blocking.disconnect();
  }
}
