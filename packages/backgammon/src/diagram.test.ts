import { describe, expect, it } from 'vitest';
import { position } from '../test/helpers.js';
import { start } from './board.js';
import { drawBoard } from './diagram.js';

describe('drawBoard', () => {
  it('draws the opening position', () => {
    expect(drawBoard(start(), ['Ann', 'Bob'])).toBe(
      [
        '  13 14 15 16 17 18        19 20 21 22 23 24',
        ' +------------------+-----+------------------+   O Bob: pips 167, bar 0, off 0',
        ' | X           O    |     | O              X |',
        ' | X           O    |     | O              X |',
        ' | X           O    |     | O                |',
        ' | X                |     | O                |',
        ' | X                |     | O                |',
        ' |                  | BAR |                  |',
        ' | O                |     | X                |',
        ' | O                |     | X                |',
        ' | O           X    |     | X                |',
        ' | O           X    |     | X              O |',
        ' | O           X    |     | X              O |',
        ' +------------------+-----+------------------+   X Ann: pips 167, bar 0, off 0',
        '  12 11 10  9  8  7         6  5  4  3  2  1',
      ].join('\n'),
    );
  });

  it('shows the height of a tall stack, checkers on the bar, and what is off', () => {
    // Ann: 8 on her 1 point, 1 on the bar; Bob: 12 on his 1 point (Ann's 24), 3 off.
    const lines = drawBoard(position({ 1: 8, 25: 1 }, { 1: 12 })).split('\n');
    expect(lines[1]).toMatch(/O seat 1: pips 12, bar 0, off 3$/);
    expect(lines[13]).toMatch(/X seat 0: pips 33, bar 1, off 6$/);
    // Row 5 of each half shows the count; the column is the point's column.
    expect(lines[6]).toBe(' |                  |     |               12 |');
    expect(lines[8]).toBe(' |                  |     |                8 |');
    expect(lines[12]).toBe(' |                  |  X  |                X |');
    expect(lines.filter((l) => l.startsWith(' |') && l.includes(' X ')).length).toBe(4);
  });
});
