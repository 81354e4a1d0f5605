import type { Rng } from '@tabula/core';
import { garbageText } from '@tabula/core/testing';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const ODD = [':', '=', ' ', '-', '_', '\u00e9', '\u0000', '\ud83c'];

/**
 * Text to fuzz an ID reader with: garbage, or a real ID with one to three
 * small edits (a character changed, mostly to another base64 one, dropped,
 * added, two swapped, the text cut or doubled once), so that most of it
 * gets past the length and alphabet checks to the checks on the bits.
 */
export function idText(rng: Rng, samples: readonly string[]): string {
  if (samples.length === 0 || rng.int(0, 3) === 0) return garbageText(rng);
  let text = rng.pick(samples);
  for (let n = rng.int(1, 3); n > 0; n--) {
    const at = rng.int(0, Math.max(text.length - 1, 0));
    const char = rng.int(0, 4) === 0 ? rng.pick(ODD) : (BASE64[rng.int(0, 63)] ?? 'A');
    switch (rng.int(0, 5)) {
      case 0:
      case 1:
        text = text.slice(0, at) + char + text.slice(at + 1);
        break;
      case 2:
        text = text.slice(0, at) + text.slice(at + 1);
        break;
      case 3:
        text = text.slice(0, at) + char + text.slice(at);
        break;
      case 4:
        text = text.slice(0, at) + text.charAt(at + 1) + text.charAt(at) + text.slice(at + 2);
        break;
      default:
        text = rng.int(0, 1) === 0 ? text.slice(0, at) : text + text;
    }
  }
  return text;
}
