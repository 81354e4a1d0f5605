/**
 * GNU Backgammon over a pipe, for the benches that need it (`gnubg.ts`,
 * `referee.ts`): gnubg runs `gnubg-bridge.py` inside itself, which answers
 * one JSON request a line. Needs gnubg (Debian's `gnubg` package; GNUBG
 * names another program); no test needs it.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OPP, type Position } from '../src/neural/position.js';

const program = process.env.GNUBG ?? (existsSync('/usr/games/gnubg') ? '/usr/games/gnubg' : 'gnubg');

/** What every answer may carry: why gnubg could not answer. */
export interface Failed {
  error?: string;
}

/** gnubg running gnubg-bridge.py: one request a line, one answer a line in turn. */
export class Gnubg {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((answer: unknown) => void)[] = [];
  private buffered = '';

  constructor() {
    const script = fileURLToPath(new URL('./gnubg-bridge.py', import.meta.url));
    this.child = spawn(program, ['-t', '-q', '-p', script], { stdio: 'pipe' });
    this.child.on('error', (e) => {
      throw new Error(`could not run gnubg (${program}): ${e.message}; install Debian's gnubg or set GNUBG`);
    });
    this.child.on('exit', (code) => {
      if (this.waiting.length > 0) throw new Error(`gnubg exited (code ${code}) with a request unanswered`);
    });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.buffered += chunk;
      let nl = this.buffered.indexOf('\n');
      while (nl >= 0) {
        const line = this.buffered.slice(0, nl);
        this.buffered = this.buffered.slice(nl + 1);
        if (line.startsWith('@@ ')) this.waiting.shift()?.(JSON.parse(line.slice(3)));
        nl = this.buffered.indexOf('\n');
      }
    });
  }

  /**
   * gnubg's answer to one request (see gnubg-bridge.py), or its error. Ask
   * one at a time: a pipe full of requests gnubg has not read yet can stall
   * both sides.
   */
  async ask<T>(request: object): Promise<T> {
    const answer = await new Promise<T & Failed>((resolve) => {
      this.waiting.push(resolve as (answer: unknown) => void);
      this.child.stdin.write(`${JSON.stringify(request)}\n`);
    });
    if (answer.error !== undefined) throw new Error(`gnubg: ${answer.error}`);
    return answer;
  }

  close(): void {
    this.child.stdin.end();
  }
}

/** gnubg's board of a position: the side not on roll first, then the roller, each from its own side (24 its bar). */
export function gnubgBoard(pos: Position): number[][] {
  return [Array.from(pos.subarray(OPP, OPP + 25)), Array.from(pos.subarray(0, 25))];
}

/** gnubg's board of the position after a play (from the mover's side), the opponent now on roll. */
export function boardAfter(after: Position): number[][] {
  return [Array.from(after.subarray(0, 25)), Array.from(after.subarray(OPP, OPP + 25))];
}
