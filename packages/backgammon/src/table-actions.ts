import { IllegalActionError } from '@tabula/core';
import type { Step } from './moves.js';
import {
  ACTION_TYPES,
  type Action,
  type ActionType,
  KINDS,
  type Phase,
  type ResignKind,
} from './table-state.js';

function refuse(code: string, message: string): never {
  throw new IllegalActionError(code, message);
}

/** The phases in which each action may be taken. */
export const PHASES_FOR: Readonly<Record<ActionType, readonly Phase[]>> = {
  roll: ['decide'],
  double: ['decide'],
  take: ['cube_offered'],
  drop: ['cube_offered'],
  move: ['move'],
  resign: ['decide', 'move'],
  accept: ['resign_offered'],
  decline: ['resign_offered'],
};

/** What a phase waits for, to explain a refusal. */
export const WHAT_PHASE_WANTS: Readonly<Record<Phase, string>> = {
  idle: 'the game has not started: call Table.start',
  decide: 'the seat to act may roll, double or resign',
  move: 'the dice are rolled and a move (or a resignation) is due',
  cube_offered: 'a double waits for a take or a drop',
  resign_offered: 'a resignation waits for an accept or a decline',
  complete: 'the game is over',
};

function readSteps(value: unknown): Step[] {
  if (!Array.isArray(value)) refuse('bad_action', 'A move needs steps: a list of { from, to }');
  return value.map((step: unknown, i) => {
    if (typeof step !== 'object' || step === null) refuse('bad_action', `steps[${i}] must be { from, to }`);
    const { from, to } = step as { from?: unknown; to?: unknown };
    const isPoint = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 23;
    if (!(from === 'bar' || isPoint(from))) {
      refuse(
        'bad_action',
        `steps[${i}].from must be a point index 0..23 or 'bar', got ${JSON.stringify(from)}`,
      );
    }
    if (!(to === 'off' || isPoint(to))) {
      refuse('bad_action', `steps[${i}].to must be a point index 0..23 or 'off', got ${JSON.stringify(to)}`);
    }
    return { from, to } as Step;
  });
}

/** Checks an action from outside (a bot, the network) field by field. */
export function readAction(action: unknown): Action {
  if (typeof action !== 'object' || action === null)
    refuse('bad_action', 'An action is an object with a type');
  const { type } = action as { type?: unknown };
  if (!ACTION_TYPES.includes(type as ActionType)) {
    refuse(
      'bad_action',
      `Unknown action type ${JSON.stringify(type)}: use one of ${ACTION_TYPES.join(', ')}`,
    );
  }
  if (type === 'move') return { type, steps: readSteps((action as { steps?: unknown }).steps) };
  if (type === 'resign') {
    const { kind } = action as { kind?: unknown };
    if (!KINDS.includes(kind as ResignKind)) {
      refuse(
        'bad_action',
        `A resignation needs a kind: single, gammon or backgammon, got ${JSON.stringify(kind)}`,
      );
    }
    return { type, kind: kind as ResignKind };
  }
  return { type } as Action;
}
