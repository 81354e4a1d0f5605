import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, lineSplitter } from './json-lines.js';

/** The lines and the too-long reports of `text` fed in the given pieces. */
function split(text: string, cuts: number[], max: number): string[] {
  const bytes = Buffer.from(text);
  const seen: string[] = [];
  const splitter = lineSplitter(
    max,
    (line) => seen.push(line),
    () => seen.push('<too long>'),
  );
  let at = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1))].sort((a, b) => a - b)) {
    splitter.push(bytes.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  splitter.push(bytes.subarray(at));
  splitter.end();
  return seen;
}

describe('lineSplitter', () => {
  it('gives the same lines however the bytes are cut, and reports each line over the limit once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.boolean(),
        (lines, cuts, lastNewline) => {
          const clean = lines.map((l) => l.replace(/[\r\n]/g, ''));
          const text = clean.join('\n') + (lastNewline ? '\n' : '');
          const max = 16;
          const expected = clean
            .filter((l) => l.trim() !== '' || Buffer.byteLength(l) > max)
            .map((l) => (Buffer.byteLength(l) > max ? '<too long>' : l));
          expect(split(text, cuts, max)).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cuts a final carriage return and skips blank lines', () => {
    expect(split('a\r\n\n  \nb', [1, 2, 3], 10)).toEqual(['a', 'b']);
  });
});

describe('canonicalJson', () => {
  it('is the same for the same JSON value whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: [{ y: 2, x: 1 }] })).toBe(canonicalJson({ a: [{ x: 1, y: 2 }], b: 1 }));
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
  });
});
