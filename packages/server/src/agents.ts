import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleFromSource } from '@tabula/cli';
import { TabulaError } from '@tabula/core';
import { Piscina } from 'piscina';

/** One decision asked of an agent: the position (the worker shows the agent only its seat's view), and its budget. */
export interface AgentTask {
  readonly game: string;
  readonly agent: string;
  readonly seat: number;
  readonly state: unknown;
  /** Seeds the agent's own generator for this decision. */
  readonly seed: number;
  readonly budgetMs: number;
}

/** A seat's legal actions in a state. */
export interface LegalTask {
  readonly game: string;
  readonly seat: number;
  readonly state: unknown;
}

/** Where agents think: worker threads, so that a slow search never holds up the event loop and other tables. */
export interface AgentPool {
  /** The agent's action; rejects when the worker fails or runs past the hard limit. */
  decide(task: AgentTask): Promise<unknown>;
  /** A seat's legal actions, worked out in a worker (for games whose search for them is slow). */
  legal(task: LegalTask): Promise<unknown[]>;
  close(): Promise<void>;
}

let bundled: Promise<string> | null = null;

/**
 * The worker's code. The built package starts `agent-worker.js` beside this
 * file. From source, its module graph is bundled once into one JavaScript
 * file under the system's temporary folder (named by its content), so that
 * workers load plain JavaScript without a TypeScript loader.
 */
function workerFile(): Promise<string> {
  if (!import.meta.url.endsWith('.ts'))
    return Promise.resolve(fileURLToPath(new URL('./agent-worker.js', import.meta.url)));
  bundled ??= bundleFromSource(new URL('./agent-worker.ts', import.meta.url))
    .then((code) => {
      const dir = join(tmpdir(), 'tabula-server');
      mkdirSync(dir, { recursive: true });
      const file = join(
        dir,
        `agent-worker-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`,
      );
      if (!existsSync(file)) writeFileSync(file, code);
      return file;
    })
    .catch((error: unknown) => {
      bundled = null;
      throw error;
    });
  return bundled;
}

export interface AgentPoolOptions {
  /** Worker threads at most (default 2). */
  readonly threads?: number;
  /** How far past its budget a decision may run before its worker is stopped (default 5 s). */
  readonly graceMs?: number;
  /**
   * The workers' module (default the server's own): one whose `decide`
   * takes its time, to show that a slow agent holds up no other table.
   */
  readonly workerFile?: string;
}

/** A piscina pool of agent workers. */
export async function openAgentPool(options: AgentPoolOptions = {}): Promise<AgentPool> {
  const filename = options.workerFile ?? (await workerFile());
  const pool = new Piscina({
    filename,
    minThreads: 1,
    maxThreads: Math.max(1, options.threads ?? 2),
    idleTimeout: 30_000,
  });
  const grace = options.graceMs ?? 5_000;
  return {
    async decide(task) {
      // A decision past its budget and the grace is stopped: piscina ends that worker and starts another.
      const signal = AbortSignal.timeout(task.budgetMs + grace);
      try {
        return await pool.run(task, { signal });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new TabulaError('worker_failed', `agent ${task.agent} (seat ${task.seat}) failed: ${why}`, {
          cause: error,
        });
      }
    },
    async legal(task) {
      try {
        return await pool.run(task, { name: 'legal' });
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new TabulaError('worker_failed', `the legal actions of seat ${task.seat} failed: ${why}`, {
          cause: error,
        });
      }
    },
    // A decision under way is no part of any log: it is dropped, not awaited (a spinning search would hold the shutdown up to piscina's 30 s), and asked again when its table resumes.
    close: () => pool.destroy(),
  };
}
