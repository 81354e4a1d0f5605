import { describe, expect, it } from 'vitest';
import { printGame } from '../examples/print-a-game.js';
import { Board } from './board.js';

describe('examples/print-a-game', () => {
  it('plays a complete game and prints every move, the boards and the result', () => {
    const lines: string[] = [];
    const state = printGame(3, (line) => lines.push(line));
    expect(state.phase).toBe('complete');
    const result = state.result;
    expect(result).not.toBeNull();
    expect(lines.at(-1)).toBe(state.log.at(-1)?.text);
    expect(lines).toEqual(expect.arrayContaining(state.log.map((e) => e.text)));
    const moves = state.log.filter((e) => e.type === 'move' && e.steps?.length).length;
    const boards = lines.filter((l) => l.includes('| BAR |')).length;
    expect(boards).toBe(moves + 1);
    expect(lines.join('\n')).toContain(`pips ${Board.pipCount(state.board, 0)}`);
  });

  it('prints the same game for the same seed, another for another', () => {
    const run = (seed: number) => {
      const lines: string[] = [];
      printGame(seed, (line) => lines.push(line));
      return lines;
    };
    expect(run(8)).toEqual(run(8));
    expect(run(8)).not.toEqual(run(9));
  });
});
