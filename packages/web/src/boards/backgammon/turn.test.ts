import {
  type BackgammonState,
  Board,
  Moves,
  SeededDice,
  type Side,
  type Step,
  Table,
} from '@tabula/backgammon';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySteps, diceLeft, nextSteps, playMade, startTurn, type TurnStart, targetsFrom } from './turn';

/** A position some turns into a cubeless game played by picking plays with `picks`. */
function positionAfter(seed: number, turns: number, picks: readonly number[]): TurnStart | null {
  const dice = new SeededDice(seed);
  let state: BackgammonState = Table.start(
    Table.create({ cube: false, length: 1, crawford: false }, ['A', 'B']),
    dice,
  );
  for (let t = 0; t < turns && Table.live(state); t++) {
    const seat = state.toAct;
    const plays = Table.legal(state, seat).plays;
    const steps = plays.length === 0 ? [] : (plays[(picks[t % picks.length] ?? 0) % plays.length] ?? []);
    state = Table.apply(state, seat, { type: 'move', steps }, dice);
  }
  if (!Table.live(state) || state.dice === null) return null;
  const seat = state.toAct as Side;
  return { board: state.board, seat, dice: state.dice, plays: Table.legal(state, seat).plays };
}

const positions = fc
  .tuple(
    fc.integer({ min: 0, max: 1e6 }),
    fc.integer({ min: 0, max: 120 }),
    fc.array(fc.nat(), { minLength: 1 }),
  )
  .map(([seed, turns, picks]) => positionAfter(seed, turns, picks))
  .filter((p): p is TurnStart => p !== null);

const keyOf = (start: TurnStart, steps: readonly Step[]) =>
  Board.key(Moves.applySteps(start.board, start.seat, steps));

describe('building a play step by step', () => {
  it('reaches every legal play by its own steps, one offered step at a time', () => {
    fc.assert(
      fc.property(positions, (start) => {
        const turn = startTurn(start);
        for (const play of start.plays) {
          for (let i = 0; i < play.length; i++)
            expect(nextSteps(turn, play.slice(0, i))).toContainEqual(play[i]);
          expect(playMade(turn, play)).not.toBeNull();
          expect(keyOf(start, playMade(turn, play) ?? [])).toBe(keyOf(start, play));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('never offers a step that leads outside the legal plays', () => {
    fc.assert(
      fc.property(positions, fc.array(fc.nat(), { minLength: 4, maxLength: 4 }), (start, choices) => {
        const turn = startTurn(start);
        const legalKeys = new Set(start.plays.map((p) => keyOf(start, p)));
        const made: Step[] = [];
        for (const choice of choices) {
          const next = nextSteps(turn, made);
          if (next.length === 0) break;
          made.push(next[choice % next.length] as Step);
          // The engine plays the steps made so far as a person would send them.
          expect(Board.key(applySteps(start.board, start.seat, made))).toBe(keyOf(start, made));
        }
        const play = playMade(turn, made);
        if (start.plays.length > 0) {
          expect(play).not.toBeNull();
          expect(legalKeys.has(keyOf(start, made))).toBe(true);
          expect(keyOf(start, play ?? [])).toBe(keyOf(start, made));
        }
      }),
      { numRuns: 100 },
    );
  });

  it('takes the dice in either order and one checker through both dice', () => {
    // The opening 6-1 played 8/7 13/7: the engine lists 13/7 8/7 (indexes 12/6 7/6).
    const start: TurnStart = {
      board: Board.start(),
      seat: 0,
      dice: [6, 1],
      plays: Moves.legalPlays(Board.start(), 0, [6, 1]).map((p) => p.steps),
    };
    const turn = startTurn(start);
    const first: Step = { from: 7, to: 6 };
    expect(nextSteps(turn, [])).toContainEqual(first);
    expect(diceLeft(turn, [first])).toEqual([6]);
    expect(playMade(turn, [first])).toBeNull();
    const done = playMade(turn, [first, { from: 12, to: 6 }]);
    expect(done).not.toBeNull();
    expect(keyOf(start, done ?? [])).toBe(keyOf(start, [first, { from: 12, to: 6 }]));
    // 13/6 as one target, by 13/7/6 or 13/12/6; 13/7 by one die.
    expect(targetsFrom(turn, [], 12).get(5)).toHaveLength(2);
    expect(targetsFrom(turn, [], 12).get(6)).toEqual([{ from: 12, to: 6 }]);
  });

  it('has nothing to offer after a step no legal play makes', () => {
    const start: TurnStart = { board: Board.start(), seat: 1, dice: [5, 5], plays: [] };
    const turn = startTurn(start);
    expect(nextSteps(turn, [])).toEqual([]);
    expect(playMade(turn, [{ from: 0, to: 5 }])).toBeNull();
  });

  it('completes at once when the only legal play is the empty one', () => {
    const start: TurnStart = { board: Board.start(), seat: 1, dice: [5, 5], plays: [[]] };
    expect(playMade(startTurn(start), [])).toEqual([]);
  });
});
