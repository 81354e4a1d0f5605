import { createInterface } from 'node:readline';

/** Where a command reads typed lines: `input`, with `prompt` showing the question. */
export interface Keyboard {
  readonly input: NodeJS.ReadableStream;
  readonly prompt: (question: string) => void;
}

/** The process's own standard input, with questions on standard output. */
export const processKeyboard: Keyboard = {
  input: process.stdin,
  prompt: (question) => process.stdout.write(question),
};

/** Typed lines, one at a time. */
export interface Lines {
  /** The next line, trimmed; null once the input has ended, or after Ctrl-C. */
  next(): Promise<string | null>;
  /** Whether the lines ended with Ctrl-C rather than the end of the input. */
  interrupted(): boolean;
  close(): void;
}

/**
 * The lines of an input stream, read in order whether they are typed at a
 * terminal or piped in all at once (none is lost while nobody is asking).
 * Ctrl-C ends the input as the end of a file does, so a command that reads
 * lines stops in its own way (a game says goodbye and saves what was played)
 * rather than failing.
 */
export function readLines(input: NodeJS.ReadableStream): Lines {
  const reader = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
  const lines = reader[Symbol.asyncIterator]();
  let closed = false;
  let interrupted = false;
  const close = () => {
    if (closed) return;
    closed = true;
    process.off('SIGINT', onInterrupt);
    reader.close();
  };
  const onInterrupt = () => {
    interrupted = true;
    close();
  };
  process.on('SIGINT', onInterrupt);
  return {
    async next() {
      if (closed) return null;
      const line = await lines.next();
      return line.done === true ? null : String(line.value).trim();
    },
    interrupted: () => interrupted,
    close,
  };
}
