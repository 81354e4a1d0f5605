import { type Static, Type } from '@sinclair/typebox';
import { InvalidInputError, NotationError, parseWith, shown } from '@tabula/core';
import { positionKind } from './board.js';
import { SEAT_NAMES } from './definition.js';
import { isMatch } from './match.js';
import { scoreAfter } from './match-rules.js';
import { cachedPlays } from './play-cache.js';
import {
  BitReader,
  BitWriter,
  boardOfPositionId,
  decodeKey,
  encodeKey,
  POSITION_ID_LENGTH,
  positionIdOf,
} from './position-id.js';
import {
  type BackgammonState,
  type Board,
  CHECKERS_PER_SIDE,
  ConfigSchema,
  DicePairSchema,
  MAX_CUBE,
  type MatchState,
  NamesSchema,
  type PositionKind,
  PositionKindSchema,
  type Result,
  type Score,
  type Side,
  SideSchema,
} from './schemas.js';
import { cubeAllows, fromJSON, MULTIPLIER, opponent } from './state.js';
import { create } from './table.js';

/**
 * gnubg's Match ID: the match and game state beside a Position ID, as GNU
 * Backgammon 1.07 writes it ("A technical description of the Match ID" in
 * its manual). The key is 72 bits (9 bytes, 12 base64 characters), filled
 * from the least significant bit of the first byte, each field lowest bit
 * first:
 *
 * | bits  | field                                                                        |
 * | ----- | ---------------------------------------------------------------------------- |
 * | 1-4   | log2 of the cube value                                                       |
 * | 5-6   | cube owner: 0, 1, or 3 for a centered cube                                   |
 * | 7     | the player on roll (or who rolled, or who doubles or resigns)                |
 * | 8     | the Crawford game                                                            |
 * | 9-11  | game state: 0 none, 1 playing, 2 over, 3 resigned, 4 a dropped cube          |
 * | 12    | whose turn it is to act (the opponent while a double or resignation waits)   |
 * | 13    | a double is offered                                                          |
 * | 14-15 | a resignation is offered: 0 none, 1 single, 2 gammon, 3 backgammon           |
 * | 16-21 | the dice, 3 bits each, the larger die first; 0 when not rolled               |
 * | 22-36 | the match length, 0 for a money session                                      |
 * | 37-66 | the scores of player 0 and player 1, 15 bits each                            |
 * | 67    | 1 when the Jacoby rule is NOT in force (gnubg writes it 1 in every match)    |
 * | 68-72 | 0                                                                            |
 *
 * Seat 0 is gnubg's player 0 and seat 1 its player 1. The Position ID
 * beside a Match ID is written from the side of the player in bit 7.
 */

const MATCH_KEY_BITS = 72;
/** Bits gnubg uses; the rest of the key is 0. */
const MATCH_BITS_USED = 67;
const MATCH_ID_LENGTH = 12;
/** The largest length and score 15 bits hold. */
export const MAX_MATCH_NUMBER = 32767;
const CENTERED = 3;

/** What a game is doing, as the Match ID says it (bits 9-11). */
export const GnubgGameStateSchema = Type.Union([
  Type.Literal('none'),
  Type.Literal('playing'),
  Type.Literal('over'),
  Type.Literal('resigned'),
  Type.Literal('dropped'),
]);
export type GnubgGameState = Static<typeof GnubgGameStateSchema>;
const GAME_STATES: readonly GnubgGameState[] = ['none', 'playing', 'over', 'resigned', 'dropped'];
const RESIGN_KINDS: readonly PositionKind[] = ['single', 'gammon', 'backgammon'];

const MatchNumberSchema = Type.Integer({ minimum: 0, maximum: MAX_MATCH_NUMBER });
const closed = { additionalProperties: false } as const;

/**
 * Everything a Match ID holds, as plain data: what `readMatchId` returns
 * and `writeMatchId` takes. `dice` are written larger first; `cubeOwner`
 * null is a centered cube.
 */
export const MatchIdFieldsSchema = Type.Object(
  {
    /** The cube value, a power of two from 1 to 4096 (gnubg's highest). */
    cubeValue: Type.Integer({ minimum: 1, maximum: MAX_CUBE }),
    /** The seat that owns the cube, null when centered. */
    cubeOwner: Type.Union([SideSchema, Type.Null()]),
    /** The player on roll: who rolled or is to roll, or who doubles or resigns. */
    onRoll: SideSchema,
    /** Whether this is the Crawford game. */
    crawford: Type.Boolean(),
    gameState: GnubgGameStateSchema,
    /** Whose turn it is to act: the opponent of `onRoll` while a double or a resignation waits. */
    turn: SideSchema,
    /** Whether a double waits for an answer. */
    doubled: Type.Boolean(),
    /** The resignation offered (or accepted, when the game state is `resigned`), else null. */
    resigned: Type.Union([PositionKindSchema, Type.Null()]),
    /** The dice rolled, larger first, or null before the roll. */
    dice: Type.Union([DicePairSchema, Type.Null()]),
    /** The match length; 0 for a money session. */
    length: MatchNumberSchema,
    /** Seat 0's score, then seat 1's. */
    score: Type.Tuple([MatchNumberSchema, MatchNumberSchema]),
    /** Whether the Jacoby rule is in force (money sessions). */
    jacoby: Type.Boolean(),
  },
  closed,
);
export type MatchIdFields = Static<typeof MatchIdFieldsSchema>;

/**
 * What a Match ID needs beyond one table's game: the match length (0 for a
 * money session), the score as it stands (seat 0's first) and whether the
 * Jacoby rule is in force (false when left out).
 */
export const MatchIdScoreSchema = Type.Object(
  {
    length: MatchNumberSchema,
    score: Type.Tuple([MatchNumberSchema, MatchNumberSchema]),
    jacoby: Type.Optional(Type.Boolean()),
  },
  closed,
);
export type MatchIdScore = Static<typeof MatchIdScoreSchema>;

/** A lone table's game: a money game without the Jacoby rule, at 0-0. */
const MONEY: MatchIdScore = { length: 0, score: [0, 0], jacoby: false };

/**
 * The match a Match state is at, as gnubg's Match ID holds it: the length (0
 * for a money session), the Jacoby rule, and the score before the game at
 * the table; once that game is over (the match is), the score after it as
 * gnubg counts it: the game's full points, past the length if it came to
 * that, and in a money session under the Jacoby rule a gammon played out
 * with the cube centered as one game (gnubg applies the rule to games played
 * out only). A lone table's game is money at 0-0.
 */
function matchAround(s: BackgammonState | MatchState): MatchIdScore {
  if (!isMatch(s)) return MONEY;
  const money = s.config.money;
  let score: Score = [0, 0];
  for (const g of s.match.games) score = scoreAfter(score, g.result.winner, g.points);
  const r = s.result;
  if (r !== null) {
    const jacoby = money?.jacoby === true && r.how === 'played' && s.cube.owner === null;
    score = scoreAfter(score, r.winner, jacoby ? s.cube.value : r.points);
  }
  return { length: money === undefined ? s.config.length : 0, score, jacoby: money?.jacoby === true };
}

/** The rules between fields that the format itself cannot hold; the first broken one, or null. */
function fieldsProblem(f: MatchIdFields): { path: string; message: string } | null {
  if ((f.cubeValue & (f.cubeValue - 1)) !== 0)
    return { path: '$.cubeValue', message: `the cube value is a power of two, got ${f.cubeValue}` };
  if (f.doubled && f.resigned !== null && f.gameState === 'playing')
    return { path: '$.resigned', message: 'a double and a resignation cannot both wait for an answer' };
  if (f.dice !== null && f.dice[0] < f.dice[1])
    return {
      path: '$.dice',
      message: `gnubg writes the larger die first: ${f.dice[1]}-${f.dice[0]}, not ${f.dice[0]}-${f.dice[1]}`,
    };
  return null;
}

/** The dice larger first, as gnubg writes them. */
function largerFirst(dice: readonly [number, number]): [number, number] {
  return dice[0] >= dice[1] ? [dice[0], dice[1]] : [dice[1], dice[0]];
}

function encodeFields(f: MatchIdFields): string {
  const key = new BitWriter(MATCH_KEY_BITS);
  key.write(Math.log2(f.cubeValue), 4);
  key.write(f.cubeOwner ?? CENTERED, 2);
  key.write(f.onRoll, 1);
  key.write(f.crawford ? 1 : 0, 1);
  key.write(GAME_STATES.indexOf(f.gameState), 3);
  key.write(f.turn, 1);
  key.write(f.doubled ? 1 : 0, 1);
  key.write(f.resigned === null ? 0 : RESIGN_KINDS.indexOf(f.resigned) + 1, 2);
  key.write(f.dice?.[0] ?? 0, 3);
  key.write(f.dice?.[1] ?? 0, 3);
  key.write(f.length, 15);
  key.write(f.score[0], 15);
  key.write(f.score[1], 15);
  key.write(f.jacoby ? 0 : 1, 1);
  return encodeKey(key.bytes);
}

/**
 * The Match ID of the given fields (dice in either order: they are written
 * larger first). Throws `InvalidInputError` (`invalid_input`) naming the
 * first problem: a field of the wrong type or range, a cube value that is
 * not a power of two, a double and a resignation pending together.
 */
export function writeMatchId(fields: MatchIdFields): string {
  const f = parseWith(MatchIdFieldsSchema, fields, 'The Match ID fields', 'invalid_input');
  const checked: MatchIdFields = { ...f, dice: f.dice === null ? null : largerFirst(f.dice) };
  const problem = fieldsProblem(checked);
  if (problem !== null) throw new InvalidInputError('invalid_input', problem.path, problem.message);
  return encodeFields(checked);
}

function bad(id: unknown, message: string): never {
  throw new NotationError('invalid_notation', `Match ID ${shown(id)}: ${message}`);
}

/**
 * The fields of a Match ID. Strict: it takes exactly what gnubg writes, so
 * `writeMatchId(readMatchId(id))` is `id`. Throws `NotationError`
 * (`invalid_notation`) naming the problem: not text, not 12 characters, a
 * character outside base64, bits set past the 67th, a cube above 4096, the
 * cube owner bits 10, a game state above 4, a die of 7 or one die without
 * the other, the smaller die first, a double and a resignation both pending.
 */
export function readMatchId(id: unknown): MatchIdFields {
  const bytes = decodeKey(id, MATCH_ID_LENGTH, MATCH_KEY_BITS / 8, 'Match ID');
  const key = new BitReader(bytes);
  for (let at = MATCH_BITS_USED; at < MATCH_KEY_BITS; at++)
    if (key.bit(at) === 1) bad(id, `bit ${at + 1} is set, but gnubg uses only the first ${MATCH_BITS_USED}`);
  const cubeLog = key.read(4);
  if (2 ** cubeLog > MAX_CUBE) bad(id, `the cube is at 2^${cubeLog}, above ${MAX_CUBE}, gnubg's highest`);
  const owner = key.read(2);
  if (owner === 2)
    bad(id, 'the cube owner bits are 10: a cube is owned by player 0 (00), 1 (01) or centered (11)');
  const onRoll: Side = key.read(1) === 0 ? 0 : 1;
  const crawford = key.read(1) === 1;
  const gameState = GAME_STATES[key.read(3)];
  if (gameState === undefined)
    bad(id, 'the game state is above 4 (0 none, 1 playing, 2 over, 3 resigned, 4 dropped)');
  const turn: Side = key.read(1) === 0 ? 0 : 1;
  const doubled = key.read(1) === 1;
  const resignBits = key.read(2);
  const die1 = key.read(3);
  const die2 = key.read(3);
  if (die1 > 6 || die2 > 6)
    bad(id, `a die is ${Math.max(die1, die2)}: dice are 1 to 6, or 0 before the roll`);
  if ((die1 === 0) !== (die2 === 0)) bad(id, `one die is rolled and the other not (${die1} and ${die2})`);
  const length = key.read(15);
  const score: [number, number] = [key.read(15), key.read(15)];
  const jacoby = key.read(1) === 0;
  const fields: MatchIdFields = {
    cubeValue: 2 ** cubeLog,
    cubeOwner: owner === CENTERED ? null : owner === 0 ? 0 : 1,
    onRoll,
    crawford,
    gameState,
    turn,
    doubled,
    resigned: RESIGN_KINDS[resignBits - 1] ?? null,
    dice: die1 === 0 ? null : [die1, die2],
    length,
    score,
    jacoby,
  };
  const problem = fieldsProblem(fields);
  if (problem !== null) bad(id, problem.message);
  return fields;
}

/** The side whose view the Position ID takes, and the Match ID's game fields, for a table state. */
function gameFields(
  s: BackgammonState,
): Pick<MatchIdFields, 'onRoll' | 'turn' | 'gameState' | 'doubled' | 'resigned' | 'dice'> {
  const none = { doubled: false, resigned: null, dice: null } as const;
  switch (s.phase) {
    case 'idle':
      return { ...none, onRoll: 0, turn: 0, gameState: 'none' };
    case 'decide':
    case 'move': {
      const seat = s.toAct ?? 0;
      return { ...none, onRoll: seat, turn: seat, gameState: 'playing', dice: s.dice && largerFirst(s.dice) };
    }
    case 'cube_offered': {
      const taker = s.toAct ?? 0;
      // A beaver waits for the doubler, who stays on roll (the cube shows the beaver's value, the beaverer's).
      if (s.beaver === true)
        return { ...none, onRoll: taker, turn: taker, gameState: 'playing', doubled: true };
      return { ...none, onRoll: opponent(taker), turn: taker, gameState: 'playing', doubled: true };
    }
    case 'resign_offered': {
      const answerer = s.toAct ?? 0;
      return {
        ...none,
        onRoll: opponent(answerer),
        turn: answerer,
        gameState: 'playing',
        resigned: s.resignation?.kind ?? 'single',
        dice: s.dice && largerFirst(s.dice),
      };
    }
    case 'complete': {
      const r = s.result;
      const winner = r?.winner ?? 0;
      const loser = opponent(winner);
      // As gnubg leaves them: after the last checker off the loser is on roll; after a drop
      // the doubler, with the dropper to act; after a resignation the resigner, with the winner to act.
      if (r === null || r.how === 'played') return { ...none, onRoll: loser, turn: loser, gameState: 'over' };
      // A dropped beaver: the doubler, who dropped it, stays on roll and to act.
      if (r.how === 'dropped' && s.log.at(-3)?.type === 'beaver')
        return { ...none, onRoll: loser, turn: loser, gameState: 'dropped' };
      if (r.how === 'dropped') return { ...none, onRoll: winner, turn: loser, gameState: 'dropped' };
      return { ...none, onRoll: loser, turn: winner, gameState: 'resigned', resigned: r.kind };
    }
  }
}

function readScore(match: unknown): MatchIdScore {
  return parseWith(MatchIdScoreSchema, match, 'The match score', 'invalid_input');
}

function fieldsOf(s: BackgammonState, m: MatchIdScore): MatchIdFields {
  return {
    cubeValue: s.cube.value,
    cubeOwner: s.cube.owner,
    crawford: s.crawfordGame,
    ...gameFields(s),
    length: m.length,
    score: [m.score[0], m.score[1]],
    jacoby: m.jacoby ?? false,
  };
}

/**
 * The Match ID fields of a table or match state. For a `Match` state the
 * match is its own (see below); for one game at a table, `match` gives the
 * length (0 for a money session), the score as it stands and the Jacoby
 * rule, and without it the game is written as a lone table plays it: money,
 * 0-0, no Jacoby rule. A `match` given with a Match state is used instead of
 * the state's. The state is checked as `fromJSON` checks it
 * (`InvalidInputError`, `invalid_state`), the match against
 * `MatchIdScoreSchema` (`invalid_input`).
 *
 * A Match state's own match: its length (0 for a money session), its Jacoby
 * rule, and the score before the game at the table; when the match is over,
 * the score after its last game as gnubg counts it, the game's full points
 * even past the length (gnubg shows 1-4 after a 3-point match won by a
 * doubled game at 1-2).
 *
 * The phases map to gnubg's fields: `decide` and `move` are playing with the
 * seat to act on roll (dice in `move`); `cube_offered` has the doubler on
 * roll and the taker's turn (a beaver: the doubler on roll and to answer);
 * `resign_offered` the resigner on roll, the other's turn and the kind
 * offered; `complete` is over (a played game, the loser on roll), dropped
 * (the doubler on roll, the dropper's turn; a beaver dropped, the doubler
 * both, as the log shows it) or
 * resigned (the resigner on roll, the winner's turn, the kind; a forfeit is
 * written as a resignation of the kind it lost). `idle` is no game, seat 0
 * on roll.
 */
export function matchIdFieldsOf(state: BackgammonState | MatchState, match?: MatchIdScore): MatchIdFields {
  const s = fromJSON(state);
  return fieldsOf(s, readScore(match === undefined ? matchAround(s) : match));
}

/** The Match ID of a table or match state (see `matchIdFieldsOf`), as gnubg 1.07 writes it. */
export function matchIdOf(state: BackgammonState | MatchState, match?: MatchIdScore): string {
  return encodeFields(matchIdFieldsOf(state, match));
}

/**
 * The `positionId:matchId` pair gnubg prints for a table or match state,
 * the Position ID from the side of the Match ID's player on roll. Checks as
 * `matchIdFieldsOf` does.
 */
export function gnubgIdOf(state: BackgammonState | MatchState, match?: MatchIdScore): string {
  const s = fromJSON(state);
  const fields = fieldsOf(s, readScore(match === undefined ? matchAround(s) : match));
  return `${positionIdOf(s.board, fields.onRoll)}:${encodeFields(fields)}`;
}

/** A gnubg ID pair read: the board (from the side of the player on roll) and the Match ID's fields. */
export interface GnubgId {
  board: Board;
  match: MatchIdFields;
}

/**
 * Reads gnubg's `positionId:matchId` pair (14 characters, a colon, 12).
 * Throws `NotationError` (`invalid_notation`) naming the problem, as
 * `Board.fromPositionId` and `readMatchId` do.
 */
export function readGnubgId(id: unknown): GnubgId {
  if (typeof id !== 'string')
    throw new NotationError('invalid_notation', `A gnubg ID is text, got ${shown(id)}`);
  const parts = id.split(':');
  const [position, matchId] = parts;
  if (parts.length !== 2 || position === undefined || matchId === undefined)
    throw new NotationError(
      'invalid_notation',
      `A gnubg ID is a Position ID and a Match ID joined by a colon, such as 4HPwATDgc/ABMA:cAkAAAAAAAAA; got ${shown(id)}`,
    );
  if (position.length !== POSITION_ID_LENGTH && matchId.length === POSITION_ID_LENGTH)
    throw new NotationError(
      'invalid_notation',
      `${shown(id)}: the Position ID (14 characters) comes first, then the Match ID (12)`,
    );
  const match = readMatchId(matchId);
  return { board: boardOfPositionId(position, match.onRoll), match };
}

/** How `stateFromGnubgId` names the seats and sets up the table. */
export const GnubgIdOptionsSchema = Type.Object(
  {
    /** The seats' names, seat 0's first; `['White', 'Black']` by default. */
    names: Type.Optional(NamesSchema),
    /**
     * The table config; by default the cube is on, `length` is the match
     * length (1 for money) and `crawford` is on for a match.
     */
    config: Type.Optional(ConfigSchema),
  },
  closed,
);
export type GnubgIdOptions = Static<typeof GnubgIdOptionsSchema>;

/** A table state read from a gnubg ID, and the match around it. */
export interface GnubgIdState {
  state: BackgammonState;
  match: Required<MatchIdScore>;
}

function unfit(id: string, message: string): never {
  throw new NotationError('invalid_notation', `gnubg ID ${shown(id)}: ${message}`);
}

/** The phase, seat to act, dice, resignation and result a gnubg game state stands for. */
function phaseFields(
  id: string,
  f: MatchIdFields,
  board: Board,
): Pick<BackgammonState, 'phase' | 'toAct' | 'dice' | 'resignation' | 'result'> {
  const pending = f.doubled || f.resigned !== null;
  if (f.gameState === 'playing' && pending === (f.turn === f.onRoll))
    unfit(
      id,
      pending
        ? `a ${f.doubled ? 'double' : 'resignation'} waits, so the player to answer (turn, ${f.turn}) is not the one on roll (${f.onRoll})`
        : `nothing waits for an answer, so the player to act (turn, ${f.turn}) is the one on roll (${f.onRoll})`,
    );
  if (f.gameState !== 'playing' && f.doubled)
    unfit(id, `a double waits, but the game state is ${f.gameState}`);
  const quiet = { dice: null, resignation: null, result: null } as const;
  switch (f.gameState) {
    case 'none':
      if (f.dice !== null || f.resigned !== null)
        unfit(id, 'no game has started, yet it has dice or a resignation');
      return { ...quiet, phase: 'idle', toAct: null };
    case 'playing':
      if (f.doubled) {
        if (f.dice !== null) unfit(id, 'a double waits, yet dice are rolled: a double comes before the roll');
        return { ...quiet, phase: 'cube_offered', toAct: f.turn };
      }
      if (f.resigned !== null) {
        const phase = f.dice === null ? 'decide' : 'move';
        const resignation = { seat: f.onRoll, kind: f.resigned, phase } as const;
        return { ...quiet, phase: 'resign_offered', toAct: f.turn, dice: f.dice, resignation };
      }
      return { ...quiet, phase: f.dice === null ? 'decide' : 'move', toAct: f.turn, dice: f.dice };
    default:
      return { ...quiet, phase: 'complete', toAct: null, result: resultOf(id, f, board) };
  }
}

/** The seat the cube rules must let double for a state to be one the table makes, or null. */
function doublerOf(s: BackgammonState): Side | null {
  if (s.phase === 'decide') return s.toAct;
  if (s.phase === 'cube_offered' && s.toAct !== null) return opponent(s.toAct);
  if (s.resignation?.phase === 'decide') return s.resignation.seat;
  return null;
}

/**
 * A table state from gnubg's `positionId:matchId` pair, and the match
 * (length, score, Jacoby rule) around it: the inverse of `gnubgIdOf`. The
 * dice come back larger first; a position whose dice have no legal move
 * comes back waiting for the seat's empty move (`passes` 2), since the table
 * passes at once otherwise; the log is empty.
 *
 * Throws `NotationError` (`invalid_notation`) for an ID that cannot be read
 * (see `readGnubgId`) or that no table state can hold: a game under way with
 * no dice for a seat that may not double (the table rolls for it at once),
 * the player to act the one on roll while a double or resignation waits (or
 * not the one on roll otherwise), a centered cube above 1, a game over with
 * nobody's 15 checkers off, a resigned game with no resignation, a match
 * already won. Options that do not fit `GnubgIdOptionsSchema` throw
 * `InvalidInputError` (`invalid_input`), a config the ID does not fit (the
 * cube off with an owned cube) as `fromJSON` does (`invalid_state`).
 */
export function stateFromGnubgId(id: string, options: GnubgIdOptions = {}): GnubgIdState {
  const { board, match: f } = readGnubgId(id);
  const opts = parseWith(GnubgIdOptionsSchema, options, 'The options', 'invalid_input');
  const config = opts.config ?? { cube: true, length: Math.max(f.length, 1), crawford: f.length > 0 };
  const table = create(config, opts.names ?? [SEAT_NAMES[0], SEAT_NAMES[1]]);
  if (f.length > 0 && (f.gameState === 'none' || f.gameState === 'playing')) {
    const won = f.score.findIndex((points) => points >= f.length);
    if (won >= 0)
      unfit(id, `player ${won} has ${f.score[won]} points of a ${f.length}-point match: it is over`);
  }
  if (f.cubeOwner === null && f.cubeValue !== 1)
    unfit(id, `the cube is centered at ${f.cubeValue}: a centered cube is at 1`);
  const s: BackgammonState = {
    ...table,
    ...phaseFields(id, f, board),
    board,
    cube: { value: f.cubeValue, owner: f.cubeOwner },
    crawfordGame: f.crawford,
  };
  const doubler = doublerOf(s);
  if (doubler !== null && !cubeAllows(s, doubler))
    unfit(
      id,
      s.phase === 'cube_offered'
        ? `player ${doubler} doubles, but may not (${whyNoDouble(s, doubler)})`
        : `no dice are rolled, but player ${doubler} may not double (${whyNoDouble(s, doubler)}): the table rolls for it at once`,
    );
  const mover = s.phase === 'move' ? s.toAct : s.resignation?.phase === 'move' ? s.resignation.seat : null;
  if (mover !== null && s.dice !== null && cachedPlays(board, mover, s.dice).plays.length === 0) s.passes = 2;
  return {
    state: fromJSON(s),
    match: { length: f.length, score: [f.score[0], f.score[1]], jacoby: f.jacoby },
  };
}

function whyNoDouble(s: BackgammonState, seat: Side): string {
  if (!s.config.cube) return 'the cube is off at this table';
  if (s.crawfordGame) return 'it is the Crawford game';
  if (s.cube.owner !== null && s.cube.owner !== seat) return 'the other player owns the cube';
  return `the cube is at ${MAX_CUBE}`;
}

function resultOf(id: string, f: MatchIdFields, board: Board): Result {
  if (f.gameState === 'over') {
    const winners = ([0, 1] as const).filter((side) => board.off[side] === CHECKERS_PER_SIDE);
    const [winner] = winners;
    if (winner === undefined || winners.length > 1)
      unfit(id, 'the game is over, but not exactly one player has borne off all 15 checkers');
    const kind = positionKind(board, opponent(winner));
    return { winner, kind, how: 'played', points: MULTIPLIER[kind] * f.cubeValue };
  }
  if (f.gameState === 'dropped')
    return { winner: opponent(f.turn), kind: 'single', how: 'dropped', points: f.cubeValue };
  if (f.resigned === null) unfit(id, 'the game was resigned, but no resignation is given');
  return { winner: f.turn, kind: f.resigned, how: 'resigned', points: MULTIPLIER[f.resigned] * f.cubeValue };
}
