/**
 * JSON lines read from a stream in bounded memory: bytes are gathered up to
 * `maxBytes` a line; a longer line is dropped as it arrives (never buffered
 * whole) and reported once its end comes, so one runaway writer cannot grow
 * the reader's memory. Blank lines are skipped; a final `\r` is cut.
 */
export interface LineSplitter {
  push(chunk: Uint8Array): void;
  /** The input ended: a last line without a newline still counts. */
  end(): void;
}

export function lineSplitter(
  maxBytes: number,
  onLine: (line: string) => void,
  onTooLong: () => void,
): LineSplitter {
  let parts: Uint8Array[] = [];
  let size = 0;
  let skipping = false;
  const emit = (last: Uint8Array) => {
    parts.push(last);
    const text = Buffer.concat(parts).toString('utf8');
    parts = [];
    size = 0;
    const line = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (line.trim() !== '') onLine(line);
  };
  return {
    push(chunk) {
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(10, start);
        const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
        if (!skipping && size + piece.length > maxBytes) {
          skipping = true;
          parts = [];
          size = 0;
        }
        if (nl === -1) {
          if (!skipping && piece.length > 0) {
            parts.push(piece);
            size += piece.length;
          }
          return;
        }
        if (skipping) {
          skipping = false;
          onTooLong();
        } else emit(piece);
        start = nl + 1;
      }
    },
    end() {
      if (skipping) onTooLong();
      else if (size > 0) emit(new Uint8Array(0));
      skipping = false;
    },
  };
}

/** JSON text with the keys of every object sorted: two values are the same JSON when their texts are equal. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
