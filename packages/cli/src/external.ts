import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import {
  type Agent,
  type AgentContext,
  AgentFailedError,
  type AnyGame,
  matches,
  type Outcome,
  shown,
} from '@tabula/core';
import { canonicalJson, lineSplitter } from './json-lines.js';
import { AgentResults, MAX_LINE_BYTES, PROTOCOL_VERSION } from './protocol.js';

/** The prefix of an agent name that is a program to start: `cmd:python3 mybot.py`. */
export const CMD_PREFIX = 'cmd:';

/** The time budget an `act` request gives when the run sets none, in milliseconds. */
export const DEFAULT_BUDGET_MS = 5000;
/** What an answer may take beyond the budget (the pipes, a busy machine) before it counts as late. */
export const GRACE_MS = 1000;
/** How long a program has to start and answer `hello`: interpreters take a while to load. */
export const HELLO_MS = 10_000;
/** How long a program has to exit after `quit` before it is killed. */
const EXIT_MS = 1000;
/** How much of the program's standard error is kept, to say why it failed. */
const STDERR_KEEP = 2000;

interface Pending {
  readonly id: number;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: AgentFailedError) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * An external program as an agent: it is started (through `/bin/sh -c`, in
 * its own process group) when its seat first acts, told `hello`, then asked
 * `act` for each decision, on the protocol of docs/protocol.md. A program
 * that answers late (after its budget and `GRACE_MS`), answers anything but
 * one of the legal actions, writes a line longer than the protocol allows, or
 * stops, fails with an `AgentFailedError` saying why: `playGame` records a
 * forfeit for its seat, and the program is killed. Each game starts its own
 * program (`close` ends it), so one game's failure never reaches the next.
 */
export class ExternalAgent implements Agent<unknown, unknown> {
  readonly name: string;
  private child: ChildProcessWithoutNullStreams | null = null;
  private pending: Pending | null = null;
  /** Why the program can no longer play, once it has failed. */
  private failure: string | null = null;
  private exited: Promise<void> = Promise.resolve();
  private nextId = 1;
  private stderr = '';
  /** Whether the program's pipes have closed: it and all it started are gone. */
  private closed = false;

  constructor(
    readonly command: string,
    private readonly game: AnyGame,
    private readonly config: unknown,
  ) {
    this.name = `${CMD_PREFIX}${command}`;
  }

  async act(view: unknown, legal: readonly unknown[], ctx: AgentContext): Promise<unknown> {
    if (this.child === null && this.failure === null) {
      this.start();
      await this.request(
        {
          type: 'hello',
          protocol: PROTOCOL_VERSION,
          role: 'agent',
          game: this.game.id,
          version: this.game.version,
          seat: ctx.seat,
          seats: this.game.seatCount(this.config),
          config: this.config,
        },
        HELLO_MS,
      );
    }
    const budgetMs = ctx.budgetMs ?? DEFAULT_BUDGET_MS;
    const result = await this.request(
      { type: 'act', seat: ctx.seat, view, legal, budgetMs },
      budgetMs + GRACE_MS,
    );
    if (!matches(AgentResults.act, result))
      throw this.fail(`answered ${shown(result)}, which is neither {"action": ...} nor {"index": n}`);
    if ('index' in result) {
      if (result.index >= legal.length)
        throw this.fail(`answered index ${result.index}, but there are ${legal.length} legal actions`);
      return legal[result.index];
    }
    const wanted = canonicalJson(result.action);
    const found = legal.find((action) => canonicalJson(action) === wanted);
    if (found === undefined) throw this.fail(`answered ${shown(result.action)}, which is no legal action`);
    return found;
  }

  /**
   * Tells the program the game is over and waits (briefly) for it to exit;
   * kills it otherwise, and stops waiting for anything it left running.
   */
  async close(outcome: Outcome | null = null): Promise<void> {
    const child = this.child;
    if (child === null) return;
    if (this.failure === null) {
      this.failure = 'the game is over';
      this.write({ id: this.nextId++, type: 'quit', outcome });
      child.stdin.end();
    } else this.kill();
    if (!(await within(this.exited, EXIT_MS))) {
      this.kill();
      // Counted from the kill: a busy event loop that fired both timers at once would not leave the group time to die.
      await within(this.exited, 2 * EXIT_MS);
    }
    // Something the program started may still hold its pipes: they are not read any more.
    child.stdout.destroy();
    child.stderr.destroy();
  }

  private start(): void {
    const child = spawn('/bin/sh', ['-c', this.command], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    this.child = child;
    running.add(this);
    child.once('exit', () => running.delete(this));
    this.exited = new Promise((resolve) =>
      child.once('close', () => {
        this.closed = true;
        resolve();
      }),
    );
    const splitter = lineSplitter(
      MAX_LINE_BYTES,
      (line) => this.onLine(line),
      () => this.fail(`wrote a line longer than ${MAX_LINE_BYTES} bytes`),
    );
    child.stdout.on('data', (chunk: Buffer) => splitter.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    // A program that is gone makes writes fail: its exit says why.
    child.stdin.on('error', () => {});
    child.on('error', (error) => this.fail(`could not be started: ${error.message}`));
    child.on('exit', (code, signal) => {
      if (this.failure !== null) return;
      const how = signal === null ? `exit code ${code}` : `signal ${signal}`;
      const last = this.stderr.trim().split('\n').at(-1);
      this.fail(`stopped (${how})${last ? `: ${last}` : ''}`);
    });
  }

  private write(message: Record<string, unknown>): void {
    this.child?.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private request(message: Record<string, unknown>, timeoutMs: number): Promise<unknown> {
    if (this.failure !== null) return Promise.reject(this.fail(this.failure));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => this.fail(`answered no ${String(message.type)} request within ${timeoutMs} ms`),
        timeoutMs,
      );
      this.pending = { id, resolve, reject, timer };
      this.write({ id, ...message });
    });
  }

  private onLine(line: string): void {
    const pending = this.pending;
    if (this.failure !== null) return;
    let answer: unknown;
    try {
      answer = JSON.parse(line);
    } catch {
      this.fail(`wrote a line that is not JSON: ${shown(line)}`);
      return;
    }
    const a = answer as { id?: unknown; ok?: unknown; result?: unknown; error?: { message?: unknown } };
    if (pending === null || typeof answer !== 'object' || answer === null || a.id !== pending.id) {
      this.fail(
        `wrote ${shown(answer)}, which answers no request${pending ? ` (waiting for id ${pending.id})` : ''}`,
      );
      return;
    }
    if (a.ok !== true) {
      const why = typeof a.error?.message === 'string' ? a.error.message : shown(answer);
      this.fail(`answered with an error: ${why}`);
      return;
    }
    clearTimeout(pending.timer);
    this.pending = null;
    pending.resolve(a.result);
  }

  /** Marks the program failed, kills it, and fails the request waiting for an answer; returns the error. */
  private fail(why: string): AgentFailedError {
    const error = new AgentFailedError(`${this.name} ${this.failure ?? why}`);
    if (this.failure === null) {
      this.failure = why;
      this.kill();
      const pending = this.pending;
      this.pending = null;
      if (pending !== null) {
        clearTimeout(pending.timer);
        pending.reject(error);
      }
    }
    return error;
  }

  /** Kills the program's process group, if it still runs. */
  kill(): void {
    const pid = this.child?.pid;
    // Once the pipes have closed, the group is gone (and its number may be another's).
    if (pid === undefined || this.closed) return;
    try {
      // The whole group: the shell and the program it started (and anything that one started).
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** Whether `event` happens within `ms` milliseconds. */
async function within(event: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, ms, false)));
  const result = await Promise.race([event.then(() => true), late]);
  clearTimeout(timer);
  return result;
}

/**
 * The programs running now. They run in process groups of their own (so that
 * a kill reaches what they started), where a Ctrl-C at the terminal does not
 * reach them: they are killed when this process (or worker thread) ends.
 */
const running = new Set<ExternalAgent>();
process.on('exit', () => {
  for (const agent of running) agent.kill();
});

/** Whether an agent name names a program (`cmd:...`). */
export function isCommand(name: string): boolean {
  return name.startsWith(CMD_PREFIX);
}

/** Ends the external programs among a game's agents (telling them the outcome). */
export async function closeAgents(
  agents: readonly Agent<unknown, unknown>[],
  outcome: Outcome | null,
): Promise<void> {
  await Promise.all(
    agents.map((agent) => (agent instanceof ExternalAgent ? agent.close(outcome) : undefined)),
  );
}
