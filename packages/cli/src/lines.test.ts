import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from './lines.js';

describe('readLines', () => {
  it('gives piped lines in order, trimmed, however late they are asked for, then null', async () => {
    const lines = readLines(Readable.from(['one\n two \r\nthree', '\nfour\n']));
    // Nobody asks while the whole input arrives: no line may be lost meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([await lines.next(), await lines.next(), await lines.next(), await lines.next()]).toEqual([
      'one',
      'two',
      'three',
      'four',
    ]);
    expect(await lines.next()).toBeNull();
    expect(lines.interrupted()).toBe(false);
    lines.close();
  });

  it('ends on Ctrl-C as at the end of the input, says so, and lets go of the signal when closed', async () => {
    const input = new PassThrough();
    const before = process.listenerCount('SIGINT');
    const lines = readLines(input);
    expect(process.listenerCount('SIGINT')).toBe(before + 1);
    const waiting = lines.next();
    process.emit('SIGINT', 'SIGINT');
    expect(await waiting).toBeNull();
    expect(await lines.next()).toBeNull();
    expect(lines.interrupted()).toBe(true);
    expect(process.listenerCount('SIGINT')).toBe(before);
    lines.close();
    const other = readLines(new PassThrough());
    other.close();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});
