import {
  intFlag,
  simulate as localSimulate,
  type PlayJobs,
  parseCommand,
  SIMULATE_USAGE,
  simulateWith,
  UsageError,
} from '@tabula/cli';
import { playOnQueue, startWorker } from '../queue.js';

export const DISTRIBUTED_SIMULATE_USAGE = `${SIMULATE_USAGE} [--redis URL]`;
export const WORKER_USAGE = 'tabula worker --redis URL [--workers W] [--name NAME]';

/** The value of `--name URL` (or `--name=URL`) and the arguments without it. */
function takeFlag(argv: readonly string[], name: string): { value: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === `--${name}`) {
      value = argv[i + 1];
      if (value === undefined) throw new UsageError(`--${name} takes a value`);
      i++;
    } else if (arg.startsWith(`--${name}=`)) value = arg.slice(name.length + 3);
    else rest.push(arg);
  }
  return { value, rest };
}

/**
 * `tabula simulate`: with `--redis URL`, the games go in batches on the
 * Redis queue that `tabula worker`s play (this process plays too); the
 * results file is the one a single machine writes for the same seed.
 */
export async function simulate(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const { value: url, rest } = takeFlag(argv, 'redis');
  if (url === undefined) return localSimulate(argv, out);
  const prefix = process.env.TABULA_QUEUE_PREFIX;
  const play: PlayJobs = (gameId, config, jobs, workers, options) =>
    playOnQueue({ url, ...(prefix ? { prefix } : {}) }, gameId, config, jobs, workers, options);
  return simulateWith(play, rest, out);
}

/** `tabula worker --redis URL`: plays the queue's batches until Ctrl-C (or SIGTERM), then ends after those under way. */
export async function worker(argv: readonly string[], out: (line: string) => void): Promise<void> {
  const { positionals, values } = parseCommand(argv, {
    redis: { type: 'string' },
    workers: { type: 'string' },
    name: { type: 'string' },
  });
  if (positionals.length > 0 || typeof values.redis !== 'string')
    throw new UsageError(`Usage: ${WORKER_USAGE}`);
  const threads = intFlag(values, 'workers', 1, 0);
  const prefix = process.env.TABULA_QUEUE_PREFIX;
  let games = 0;
  const running = startWorker({
    url: values.redis,
    threads,
    ...(prefix ? { prefix } : {}),
    ...(typeof values.name === 'string' ? { name: values.name } : {}),
    onBatch: (n) => {
      games += n;
    },
  });
  out(`Tabula worker ${running.name} on ${values.redis} (${threads} at once); Ctrl-C stops it.`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await running.stop();
  out(`Worker ${running.name} stopped after ${games} games.`);
}
