import { readFileSync } from 'node:fs';
import type { Board } from '../src/board.js';
import type { Side } from '../src/schemas.js';

/** One case of the gnubg public fixture (see fixtures/README.md). */
export interface PublicCase {
  id: string;
  board: Board;
  seat: Side;
  dice: [number, number];
  /** gnubg's Position ID, with \`seat\` on roll. */
  positionId: string;
  /** gnubg's \`positionId:matchId\`: a money game without the Jacoby rule, \`seat\` on roll with \`dice\`. */
  gnubgId: string;
  expected: { count: number; keys: string[]; moves: string[]; noPlay: boolean; diceUsed: number };
}

/** The 300 cases of `fixtures/legal-public.jsonl`. */
export const publicCases: PublicCase[] = readFileSync(
  new URL('./fixtures/legal-public.jsonl', import.meta.url),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
