/** The positions of `fixtures/slow-positions.jsonl` (see the fixtures' README). */
import { readFileSync } from 'node:fs';
import { type RummyState, rummyGame } from '../src/index.js';
import type { Position } from './solver/positions.js';

export interface SlowPosition {
  readonly seed: number;
  readonly step: number;
  readonly note: string;
  /** The exact solver's objective (cards laid, points laid, melds kept) and steps. */
  readonly exact: {
    readonly cards: number;
    readonly points: number;
    readonly kept: number;
    readonly steps: number;
  };
  readonly state: RummyState;
  /** The position of the seat to act, for `solve`. */
  readonly position: Position;
}

function field(entry: unknown, name: string): unknown {
  if (typeof entry !== 'object' || entry === null || !(name in entry)) {
    throw new Error(`slow-positions.jsonl: no ${name}`);
  }
  return Reflect.get(entry, name);
}

function count(value: unknown): number {
  if (typeof value !== 'number') throw new Error('slow-positions.jsonl: not a number');
  return value;
}

export function slowPositions(): SlowPosition[] {
  const text = readFileSync(new URL('fixtures/slow-positions.jsonl', import.meta.url), 'utf8');
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const entry: unknown = JSON.parse(line);
      const state = rummyGame.fromJSON(field(entry, 'state'));
      const exact = field(entry, 'exact');
      const seat = state.current;
      return {
        seed: count(field(entry, 'seed')),
        step: count(field(entry, 'step')),
        note: String(field(entry, 'note')),
        exact: {
          cards: count(field(exact, 'cards')),
          points: count(field(exact, 'points')),
          kept: count(field(exact, 'kept')),
          steps: count(field(exact, 'steps')),
        },
        state,
        position: {
          table: state.table.map((m) => ({ kind: m.kind, cards: m.cards.slice() })),
          hand: state.hands[seat]?.slice() ?? [],
          opened: state.opened[seat] === true,
          rules: state.rules,
        },
      };
    });
}
