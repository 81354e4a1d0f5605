import { NotationError, shown } from '@tabula/core';
import { type Board, CHECKERS_PER_SIDE, type Side } from './schemas.js';

/**
 * gnubg's Position ID: a position as 14 characters, the way GNU Backgammon
 * (1.07) writes it, described in its manual ("A technical description of the
 * Position ID"). The key is a string of 80 bits: for the player NOT on roll,
 * then for the player on roll, each point from that player's ace point to
 * their 24 point and then the bar gets one 1 bit per checker and a 0 bit;
 * zeros pad it to 80 bits. The bits fill bytes from the least significant bit
 * up, and the 10 bytes are written in base64 without the padding (`=`).
 * Borne-off checkers are not written: a side has 15 minus those on the board.
 *
 * This module writes and reads the key; the `Board` namespace (board.ts)
 * checks its arguments and exports `Board.toPositionId` and
 * `Board.fromPositionId`. The base64 key codec here is shared with the
 * Match ID (match-id.ts).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Bits in a Position ID key, and its length in characters. */
export const POSITION_KEY_BITS = 80;
export const POSITION_ID_LENGTH = 14;

/** A key under construction: bits appended from the least significant bit of byte 0 on. */
export class BitWriter {
  readonly bytes: number[];
  private at = 0;

  constructor(bits: number) {
    this.bytes = new Array<number>(Math.ceil(bits / 8)).fill(0);
  }

  /** Appends `count` bits of `value`, its lowest bit first. */
  write(value: number, count: number): void {
    for (let i = 0; i < count; i++) {
      if ((value >> i) & 1) this.bytes[this.at >> 3] = (this.bytes[this.at >> 3] ?? 0) | (1 << (this.at & 7));
      this.at++;
    }
  }
}

/** Reads the bits of a key in the order they were written. */
export class BitReader {
  private at = 0;

  constructor(private readonly bytes: readonly number[]) {}

  /** The bit at a position (0 past the end). */
  bit(at: number): number {
    return ((this.bytes[at >> 3] ?? 0) >> (at & 7)) & 1;
  }

  /** The next `count` bits as a number, the first read the lowest. */
  read(count: number): number {
    let value = 0;
    for (let i = 0; i < count; i++) value |= this.bit(this.at++) << i;
    return value;
  }

  /** Bits read so far. */
  get position(): number {
    return this.at;
  }
}

/** Bytes in base64 without padding, as gnubg writes its IDs. */
export function encodeKey(bytes: readonly number[]): string {
  let out = '';
  const bits = bytes.length * 8;
  for (let at = 0; at < bits; at += 6) {
    let group = 0;
    for (let i = 0; i < 6; i++) {
      const bit = at + i;
      // Base64 reads each byte from its most significant bit down.
      const value = bit < bits ? ((bytes[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1 : 0;
      group = (group << 1) | value;
    }
    out += ALPHABET[group];
  }
  return out;
}

/**
 * An ID's key: exactly `length` characters of the base64 alphabet, back to
 * `byteCount` bytes. The bits of the last character past the key must be 0
 * (gnubg never writes others). Throws `NotationError` (`invalid_notation`)
 * naming the problem, with `what` ("Position ID", "Match ID") in the message.
 */
export function decodeKey(id: unknown, length: number, byteCount: number, what: string): number[] {
  if (typeof id !== 'string')
    throw new NotationError('invalid_notation', `A ${what} is text, got ${shown(id)}`);
  if (id.length !== length)
    throw new NotationError(
      'invalid_notation',
      `A ${what} has ${length} characters, got ${id.length}: ${shown(id)}`,
    );
  const bytes = new Array<number>(byteCount).fill(0);
  const bits = byteCount * 8;
  for (let c = 0; c < length; c++) {
    const ch = id.charAt(c);
    const group = ALPHABET.indexOf(ch);
    if (group < 0)
      throw new NotationError(
        'invalid_notation',
        `A ${what} is written in base64 (A-Z, a-z, 0-9, + and /); character ${c + 1} of ${shown(id)} is ${shown(ch)}`,
      );
    for (let i = 0; i < 6; i++) {
      const bit = c * 6 + i;
      const value = (group >> (5 - i)) & 1;
      if (bit < bits) bytes[bit >> 3] = (bytes[bit >> 3] ?? 0) | (value << (7 - (bit & 7)));
      else if (value === 1)
        throw new NotationError(
          'invalid_notation',
          `${shown(id)} is no ${what}: its last character ${shown(ch)} has bits set past the ${bits}-bit key`,
        );
    }
  }
  return bytes;
}

/** The player not on roll first, then the player on roll: each side's own points 1..24, then the bar. */
function sidesInKeyOrder(onRoll: Side): [Side, Side] {
  return onRoll === 0 ? [1, 0] : [0, 1];
}

/** Seat `side`'s checkers at its own pip (1..24), or on the bar for 25. */
function checkersAtPip(board: Board, side: Side, pip: number): number {
  if (pip === 25) return board.bar[side];
  const n = board.points[side === 0 ? pip - 1 : 24 - pip] ?? 0;
  return side === 0 ? Math.max(n, 0) : Math.max(-n, 0);
}

/**
 * The Position ID of a board with `onRoll` the player on roll (trusted
 * arguments: `Board.toPositionId` checks them).
 */
export function positionIdOf(board: Board, onRoll: Side): string {
  const key = new BitWriter(POSITION_KEY_BITS);
  for (const side of sidesInKeyOrder(onRoll)) {
    for (let pip = 1; pip <= 25; pip++) {
      const n = checkersAtPip(board, side, pip);
      for (let i = 0; i < n; i++) key.write(1, 1);
      key.write(0, 1);
    }
  }
  return encodeKey(key.bytes);
}

/** Where a side's pip is, in words, for an error message. */
function pipName(pip: number): string {
  return pip === 25 ? 'the bar' : `its ${pip} point`;
}

/**
 * The board a Position ID writes, with `onRoll` the player on roll. Throws
 * `NotationError` (`invalid_notation`) naming the problem: not text, not 14
 * characters, a character outside base64, bits past the 80-bit key, more
 * than 15 checkers for a side, both sides on one point, or bits after the
 * last point.
 */
export function boardOfPositionId(id: unknown, onRoll: Side): Board {
  const key = new BitReader(decodeKey(id, POSITION_ID_LENGTH, POSITION_KEY_BITS / 8, 'Position ID'));
  const points = new Array<number>(24).fill(0);
  const bar: [number, number] = [0, 0];
  const off: [number, number] = [CHECKERS_PER_SIDE, CHECKERS_PER_SIDE];
  const [notOnRoll] = sidesInKeyOrder(onRoll);
  for (const side of sidesInKeyOrder(onRoll)) {
    const who = side === notOnRoll ? 'the player not on roll' : 'the player on roll';
    for (let pip = 1; pip <= 25; pip++) {
      let n = 0;
      while (key.read(1) === 1) {
        n++;
        if (off[side] - n < 0)
          throw new NotationError(
            'invalid_notation',
            `Position ID ${shown(id)} gives ${who} more than ${CHECKERS_PER_SIDE} checkers (the 16th on ${pipName(pip)})`,
          );
      }
      off[side] -= n;
      if (n === 0) continue;
      if (pip === 25) {
        bar[side] = n;
        continue;
      }
      const index = side === 0 ? pip - 1 : 24 - pip;
      if ((points[index] ?? 0) !== 0)
        throw new NotationError(
          'invalid_notation',
          `Position ID ${shown(id)} puts both sides on one point: ${who} has ${n} on ${pipName(pip)}, where the other player has checkers`,
        );
      points[index] = side === 0 ? n : -n;
    }
  }
  for (let at = key.position; at < POSITION_KEY_BITS; at++)
    if (key.bit(at) === 1)
      throw new NotationError(
        'invalid_notation',
        `Position ID ${shown(id)} has bits set after the last point (bit ${at + 1} of ${POSITION_KEY_BITS})`,
      );
  return { points, bar, off };
}
