import { type Static, type TLiteral, type TSchema, Type } from '@sinclair/typebox';

/**
 * The shapes of backgammon as TypeBox schemas, the one source of truth: the
 * types below are derived from them, and untrusted JSON is checked against
 * them. A schema cannot say the rules between fields (15 checkers a seat, a
 * cube value that is a power of two, dice exactly when a move is due): those
 * are `fromJSON`'s job, in state.ts.
 */

export const CHECKERS_PER_SIDE = 15;

/** The highest cube value, as in gnubg: doubling stops there. */
export const MAX_CUBE = 4096;

/** How many of the latest log entries a view carries. */
export const VIEW_LOG_ENTRIES = 10;

const oneOf = <const T extends readonly (string | number)[]>(values: T) =>
  Type.Union(values.map((value) => Type.Literal(value)) as TLiteral<T[number]>[]);
const closed = { additionalProperties: false } as const;
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A backgammon seat: 0 plays the positive checkers, 1 the negative ones. */
export const SideSchema = oneOf([0, 1]);
const PointIndexSchema = Type.Integer({ minimum: 0, maximum: 23 });
/** One die. */
export const DieSchema = Type.Integer({ minimum: 1, maximum: 6 });
/** A roll: two dice, as rolled. */
export const DicePairSchema = Type.Tuple([DieSchema, DieSchema]);
const CountSchema = Type.Integer({ minimum: 0, maximum: CHECKERS_PER_SIDE });
const PositiveSchema = Type.Integer({ minimum: 1 });

/** How a game was lost, read off the final board; also what a resignation offers. */
export const PositionKindSchema = oneOf(['single', 'gammon', 'backgammon']);

/** Where a game is. */
export const PhaseSchema = oneOf(['idle', 'decide', 'move', 'cube_offered', 'resign_offered', 'complete']);

/**
 * The table's settings. Only `cube` changes how a game runs; `length` and
 * `crawford` are kept for a match layer, as in the PHP library.
 */
export const ConfigSchema = Type.Object(
  {
    /** Whether the doubling cube is played. */
    cube: Type.Boolean(),
    /** The match length, kept for a match layer; a table plays one game. */
    length: PositiveSchema,
    /** Whether the match plays a Crawford game, kept for a match layer. */
    crawford: Type.Boolean(),
  },
  closed,
);

/** One checker's move, as point indexes 0..23 (seat 0's pip p is index p - 1). */
export const StepSchema = Type.Object(
  {
    from: Type.Union([PointIndexSchema, Type.Literal('bar')]),
    to: Type.Union([PointIndexSchema, Type.Literal('off')]),
  },
  closed,
);

/** A play's steps: at most four (a double). */
export const StepsSchema = Type.Array(StepSchema, { maxItems: 4 });

const PipSchema = Type.Integer({ minimum: 0, maximum: 25 });

/**
 * One checker's path as a person writes it (`13/7*\/5`, `8/5(2)`), in the
 * mover's own pips: 25 is the bar, 0 is off. `via` holds the points named on
 * the way (`13/7*\/5` has via [7]); `count` is the `(2)` suffix. Each point
 * is lower than the one before it (checkers move down in their own pips).
 */
export const WrittenMoveSchema = Type.Object(
  {
    from: PipSchema,
    via: Type.Array(Type.Integer({ minimum: 1, maximum: 24 }), { maxItems: 23 }),
    to: PipSchema,
    count: Type.Integer({ minimum: 1, maximum: 4 }),
  },
  closed,
);
export const WrittenMovesSchema = Type.Array(WrittenMoveSchema);
const bare = <T extends string>(type: T) => Type.Object({ type: Type.Literal(type) }, closed);

/** What a seat can do. */
export const ActionSchema = Type.Union([
  bare('roll'),
  bare('double'),
  bare('take'),
  bare('drop'),
  Type.Object({ type: Type.Literal('move'), steps: StepsSchema }, closed),
  Type.Object({ type: Type.Literal('resign'), kind: PositionKindSchema }, closed),
  bare('accept'),
  bare('decline'),
]);

/**
 * A position as plain data. `points[i]` > 0 holds seat 0 checkers, < 0 seat 1
 * checkers. Seat 0's pip p is index p - 1 (it moves toward index 0 and bears
 * off below it); seat 1's pip p is index 24 - p (it moves toward index 23).
 */
export const BoardSchema = Type.Object(
  {
    points: Type.Array(Type.Integer({ minimum: -CHECKERS_PER_SIDE, maximum: CHECKERS_PER_SIDE }), {
      minItems: 24,
      maxItems: 24,
    }),
    bar: Type.Tuple([CountSchema, CountSchema]),
    off: Type.Tuple([CountSchema, CountSchema]),
  },
  closed,
);

/** The doubling cube. `owner` null means centered: either seat may double. */
export const CubeSchema = Type.Object(
  { value: Type.Integer({ minimum: 1, maximum: MAX_CUBE }), owner: nullable(SideSchema) },
  closed,
);

/** How a game ended. */
export const ResultHowSchema = oneOf(['played', 'dropped', 'resigned', 'forfeit']);

/** A complete game's outcome. `points` is the kind's multiplier (1, 2, 3) times the cube value. */
export const ResultSchema = Type.Object(
  {
    winner: SideSchema,
    kind: PositionKindSchema,
    how: ResultHowSchema,
    points: Type.Integer({ minimum: 1, maximum: 3 * MAX_CUBE }),
  },
  closed,
);

/** A pending resignation: who offers, what, and the phase to return to on a decline. */
export const ResignationSchema = Type.Object(
  { seat: SideSchema, kind: PositionKindSchema, phase: oneOf(['decide', 'move']) },
  closed,
);

export const LogTypeSchema = oneOf([
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
]);

/**
 * One line of the game's record. `text` is for people; the other fields are
 * for programs. `seat` is who acted (the winner for `result`, the opener for
 * `opening`, null for a tied opening roll). Fields that do not apply are absent.
 */
export const LogEntrySchema = Type.Object(
  {
    type: LogTypeSchema,
    seat: nullable(SideSchema),
    text: Type.String(),
    /** The dice rolled or played, as rolled; for `opening`, seat 0's die then seat 1's. */
    dice: Type.Optional(DicePairSchema),
    /** The steps of a `move` (empty when a stuck seat confirms its pass). */
    steps: Type.Optional(StepsSchema),
    /** A resignation's kind, or the result's. */
    kind: Type.Optional(PositionKindSchema),
    /** The cube value a `double` offers or a `take` accepts. */
    value: Type.Optional(PositiveSchema),
    /** The points of a `result`. */
    points: Type.Optional(PositiveSchema),
  },
  closed,
);

/** The two seats' names, seat 0's first. */
export const NamesSchema = Type.Tuple([Type.String({ pattern: '\\S' }), Type.String({ pattern: '\\S' })]);

/** The fields a state and a view share: everything but the log. */
const tableFields = {
  phase: PhaseSchema,
  /** The seat that must act; null exactly in `idle` and `complete`. */
  toAct: nullable(SideSchema),
  /** The dice to play, as rolled; present in `move` (and while a resignation made in `move` is pending). */
  dice: nullable(DicePairSchema),
  board: BoardSchema,
  cube: CubeSchema,
  result: nullable(ResultSchema),
  names: NamesSchema,
  config: ConfigSchema,
  /** Set by a match layer for the Crawford game: no doubling. */
  crawfordGame: Type.Boolean(),
  /** Rolls in a row that had no legal move; a real move resets it. From 2 on, passes wait for the seat. */
  passes: Type.Integer({ minimum: 0 }),
  /** The pending resignation in `resign_offered`, null otherwise. */
  resignation: nullable(ResignationSchema),
};

/**
 * One game as plain data, log included: it round-trips through JSON
 * unchanged. Treat it as immutable: every Table function returns a new state
 * and may share unchanged parts (the board, the log entries) with the one it
 * was given.
 */
export const StateSchema = Type.Object({ ...tableFields, log: Type.Array(LogEntrySchema) }, closed);

/**
 * What a seat (or a spectator) sees. Backgammon hides nothing but the dice
 * still to come, so this is the state itself, with only the latest log
 * entries (`recent`, oldest first) since the full log grows with every roll,
 * and whose view it is (`viewer`, null for a spectator), so that it is drawn
 * from that seat's side.
 */
export const ViewSchema = Type.Object(
  {
    viewer: nullable(SideSchema),
    ...tableFields,
    recent: Type.Array(LogEntrySchema, { maxItems: VIEW_LOG_ENTRIES }),
  },
  closed,
);

export type Side = Static<typeof SideSchema>;
export type PositionKind = Static<typeof PositionKindSchema>;
export type Phase = Static<typeof PhaseSchema>;
export type BackgammonConfig = Static<typeof ConfigSchema>;
export type Step = Static<typeof StepSchema>;
export type BackgammonAction = Static<typeof ActionSchema>;
export type ActionType = BackgammonAction['type'];
export type Board = Static<typeof BoardSchema>;
export type Cube = Static<typeof CubeSchema>;
export type ResultHow = Static<typeof ResultHowSchema>;
export type Result = Static<typeof ResultSchema>;
export type Resignation = Static<typeof ResignationSchema>;
export type LogType = Static<typeof LogTypeSchema>;
export type LogEntry = Static<typeof LogEntrySchema>;
export type BackgammonState = Static<typeof StateSchema>;
export type BackgammonView = Static<typeof ViewSchema>;
export type WrittenMove = Static<typeof WrittenMoveSchema>;
