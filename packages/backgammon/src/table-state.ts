import type { Board, PositionKind, Side } from './board.js';
import type { Step } from './moves.js';

/** Where a game is. */
export type Phase = 'idle' | 'decide' | 'move' | 'cube_offered' | 'resign_offered' | 'complete';

export const PHASES: readonly Phase[] = [
  'idle',
  'decide',
  'move',
  'cube_offered',
  'resign_offered',
  'complete',
];

/** What a resignation offers to lose: the points are the cube value times 1, 2 or 3. */
export type ResignKind = PositionKind;

export const KINDS: readonly PositionKind[] = ['single', 'gammon', 'backgammon'];

/** How a game ended. */
export type ResultHow = 'played' | 'dropped' | 'resigned' | 'forfeit';

export const HOWS: readonly ResultHow[] = ['played', 'dropped', 'resigned', 'forfeit'];

/**
 * The table's settings. Only `cube` changes how a game runs; `length` and
 * `crawford` are kept for a match layer, as in the seed.
 */
export interface TableConfig {
  cube: boolean;
  length: number;
  crawford: boolean;
}

/** The doubling cube. `owner` null means centered: either seat may double. */
export interface Cube {
  value: number;
  owner: Side | null;
}

/** A complete game's outcome. `points` is the kind's multiplier (1, 2, 3) times the cube value. */
export interface Result {
  winner: Side;
  kind: PositionKind;
  how: ResultHow;
  points: number;
}

/** A pending resignation: who offers, what, and the phase to return to on a decline. */
export interface Resignation {
  seat: Side;
  kind: ResignKind;
  phase: 'decide' | 'move';
}

export type LogType =
  | 'opening'
  | 'roll'
  | 'move'
  | 'pass'
  | 'double'
  | 'take'
  | 'drop'
  | 'resign'
  | 'accept'
  | 'decline'
  | 'forfeit'
  | 'result';

export const LOG_TYPES: readonly LogType[] = [
  'opening',
  'roll',
  'move',
  'pass',
  'double',
  'take',
  'drop',
  'resign',
  'accept',
  'decline',
  'forfeit',
  'result',
];

/**
 * One line of the game's record. `text` is for people; the other fields are
 * for programs. `seat` is who acted (the winner for `result`, the opener for
 * `opening`, null for a tied opening roll). Fields that do not apply are absent.
 */
export interface LogEntry {
  type: LogType;
  seat: Side | null;
  text: string;
  /** The dice rolled or played, as rolled; for `opening`, seat 0's die then seat 1's. */
  dice?: [number, number];
  /** The steps of a `move` (empty when a stuck seat confirms its pass). */
  steps?: Step[];
  /** A resignation's kind, or the result's. */
  kind?: PositionKind;
  /** The cube value a `double` offers or a `take` accepts. */
  value?: number;
  /** The points of a `result`. */
  points?: number;
}

/**
 * One game as plain data: it round-trips through JSON unchanged. Treat it as
 * immutable: every Table function returns a new state and may share unchanged
 * parts (the board, the log entries) with the one it was given.
 */
export interface TableState {
  phase: Phase;
  /** The seat that must act; null exactly in `idle` and `complete`. */
  toAct: Side | null;
  /** The dice to play, as rolled; present in `move` (and while a resignation made in `move` is pending). */
  dice: [number, number] | null;
  board: Board;
  cube: Cube;
  result: Result | null;
  log: LogEntry[];
  names: [string, string];
  config: TableConfig;
  /** Set by a match layer for the Crawford game: no doubling. */
  crawfordGame: boolean;
  /** Rolls in a row that had no legal move; a real move resets it. From 2 on, passes wait for the seat. */
  passes: number;
  /** The pending resignation in `resign_offered`, null otherwise. */
  resignation: Resignation | null;
}

/** The moves on offer to one seat. Everything is false and `plays` empty for a seat that is not to act. */
export interface Legal {
  canRoll: boolean;
  canDouble: boolean;
  canTake: boolean;
  canDrop: boolean;
  canResign: boolean;
  canAccept: boolean;
  canDecline: boolean;
  /** Each entry can be passed as a move's `steps`. Empty in `move` means no move is possible: send `steps: []`. */
  plays: Step[][];
}

/** What a seat can do. */
export type Action =
  | { type: 'roll' }
  | { type: 'double' }
  | { type: 'take' }
  | { type: 'drop' }
  | { type: 'move'; steps: Step[] }
  | { type: 'resign'; kind: ResignKind }
  | { type: 'accept' }
  | { type: 'decline' };

export type ActionType = Action['type'];

export const ACTION_TYPES: readonly ActionType[] = [
  'roll',
  'double',
  'take',
  'drop',
  'move',
  'resign',
  'accept',
  'decline',
];

/** The highest cube value, as in gnubg: doubling stops there. */
export const MAX_CUBE = 4096;

export const MULTIPLIER: Readonly<Record<PositionKind, number>> = { single: 1, gammon: 2, backgammon: 3 };

export function opponent(seat: Side): Side {
  return seat === 0 ? 1 : 0;
}

/** Whether the cube rules let `seat` double now (the phase aside). */
export function cubeAllows(state: Pick<TableState, 'config' | 'crawfordGame' | 'cube'>, seat: Side): boolean {
  return (
    state.config.cube &&
    !state.crawfordGame &&
    (state.cube.owner === null || state.cube.owner === seat) &&
    state.cube.value < MAX_CUBE
  );
}
