import { createRng, InvalidInputError, NotationError, TabulaError } from '@tabula/core';
import { fuzzRuns, guarded, thrownBy } from '@tabula/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { position } from '../test/helpers.js';
import { idText } from '../test/id-text.js';
import { publicCases } from '../test/public-fixture.js';
import { mirror, randomBoard } from '../test/random-board.js';
import { Board } from './board.js';
import { BitWriter, encodeKey } from './position-id.js';

/** A Position ID from a string of key bits ('0' and '1', in key order), padded to 80 bits. */
function idOfBits(bits: string): string {
  const key = new BitWriter(80);
  for (const bit of bits) key.write(bit === '1' ? 1 : 0, 1);
  return encodeKey(key.bytes);
}

describe('Board.toPositionId', () => {
  it("writes the opening as gnubg's manual does, from either side", () => {
    expect(Board.toPositionId(Board.start(), 0)).toBe('4HPwATDgc/ABMA');
    expect(Board.toPositionId(Board.start(), 1)).toBe('4HPwATDgc/ABMA');
    // The manual's key for it, E0 73 F0 01 30 E0 73 F0 01 30, in base64.
    expect(encodeKey([0xe0, 0x73, 0xf0, 0x01, 0x30, 0xe0, 0x73, 0xf0, 0x01, 0x30])).toBe('4HPwATDgc/ABMA');
  });

  it("equals gnubg's positionId on every case of the public fixture", () => {
    for (const c of publicCases) {
      expect(Board.toPositionId(c.board, c.seat), c.id).toBe(c.positionId);
    }
  });

  it('writes the player not on roll first: seat 1 on roll is seat 0 on roll with the seats swapped', () => {
    const board = position({ 1: 2, 6: 5, 25: 1 }, { 23: 3, 13: 4 });
    expect(Board.toPositionId(board, 1)).toBe(Board.toPositionId(mirror(board), 0));
    expect(Board.toPositionId(board, 0)).not.toBe(Board.toPositionId(board, 1));
  });

  it('needs a sound position (borne-off checkers are not written) and a seat', () => {
    const short = { ...Board.start(), off: [0, 1] };
    const e = thrownBy(() => Board.toPositionId(short as never, 0), InvalidInputError);
    expect(e.code).toBe('invalid_input');
    expect(e.message).toMatch(/seat 1 has 16 checkers/);
    expect(thrownBy(() => Board.toPositionId(null as never, 0), InvalidInputError).code).toBe(
      'invalid_input',
    );
    expect(thrownBy(() => Board.toPositionId(Board.start(), 2 as never), TabulaError).code).toBe(
      'invalid_argument',
    );
  });
});

describe('Board.fromPositionId', () => {
  it('reads every Position ID of the public fixture back to its board', () => {
    for (const c of publicCases) {
      const id = c.positionId;
      expect(Board.key(Board.fromPositionId(id, c.seat)), c.id).toBe(Board.key(c.board));
    }
  });

  it('reads the board with the given seat on roll (seat 0 when not given), the rest borne off', () => {
    // gnubg's board after the last checker of player 1 came off: player 0 on roll, 12 checkers on its home points.
    const board = Board.fromPositionId('AAAAtm0DAAAAAA');
    expect(board).toEqual(position({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2 }, {}));
    // Player 1 on roll with one checker on its ace point, against the same home board.
    expect(Board.fromPositionId('27YBACAAAAAAAA', 1)).toEqual(
      position({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2 }, { 1: 1 }),
    );
    // Nothing on the board: everything off.
    expect(Board.fromPositionId('AAAAAAAAAAAAAA')).toEqual({
      points: new Array(24).fill(0),
      bar: [0, 0],
      off: [15, 15],
    });
  });

  it('round-trips thousands of random positions, from either side', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const board = randomBoard(createRng(seed));
        for (const seat of [0, 1] as const) {
          const id = Board.toPositionId(board, seat);
          expect(id).toMatch(/^[A-Za-z0-9+/]{14}$/);
          expect(Board.fromPositionId(id, seat)).toEqual(board);
        }
        expect(Board.toPositionId(board, 1)).toBe(Board.toPositionId(mirror(board), 0));
      }),
      { numRuns: 3000 },
    );
  });

  const sixteen = `${'1'.repeat(16)}0`;
  const bothOnOnePoint = `10${'0'.repeat(24)}${'0'.repeat(23)}10`;
  it.each([
    ['not text', 42, /is text, got 42/],
    ['13 characters', '4HPwATDgc/ABM', /has 14 characters, got 13/],
    ['15 characters', '4HPwATDgc/ABMAA', /has 14 characters, got 15/],
    ['a character outside base64', '4HPwATDgc/AB%A', /character 13 .* is "%"/],
    ['a padding "=" instead of a character', '4HPwATDgc/ABM=', /character 14 .* is "="/],
    ['bits past the 80-bit key in the last character', '4HPwATDgc/ABMB', /bits set past the 80-bit key/],
    ['16 checkers for the player not on roll', idOfBits(sixteen), /the player not on roll more than 15/],
    [
      '16 checkers for the player on roll',
      idOfBits(`${'0'.repeat(25)}${sixteen}`),
      /the player on roll more than 15/,
    ],
    [
      'both sides on one point',
      idOfBits(bothOnOnePoint),
      /both sides on one point: the player on roll has 1 on its 24 point/,
    ],
    [
      'bits after the last point',
      idOfBits(`${'0'.repeat(50)}1`),
      /bits set after the last point \(bit 51 of 80\)/,
    ],
  ])('refuses %s with a NotationError saying so', (_what, id, message) => {
    const e = thrownBy(() => Board.fromPositionId(id as string), NotationError);
    expect(e.code).toBe('invalid_notation');
    expect(e.message).toMatch(message);
  });

  it('refuses a seat other than 0 or 1 as a programming mistake', () => {
    expect(thrownBy(() => Board.fromPositionId('4HPwATDgc/ABMA', 2 as never), TabulaError).code).toBe(
      'invalid_argument',
    );
  });

  it('throws only NotationError for any text, at once', () => {
    const samples = publicCases.slice(0, 20).map((c) => c.positionId);
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = createRng(seed);
        const text = idText(rng, samples);
        const read = guarded('Board.fromPositionId', () => Board.fromPositionId(text, rng.pick([0, 1])), {
          inputs: [text],
          throws: ['NotationError'],
        });
        if (read.ok) expect(Board.checkerCount(read.value, 0)).toBe(15);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });
});
