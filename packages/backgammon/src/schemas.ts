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

/** The longest match, in points, as in gnubg. */
export const MAX_MATCH_LENGTH = 64;

/** The most games a money session may be set to play. */
export const MAX_SESSION_GAMES = 10_000;

/** The longest time a clock setting or an action's `elapsedMs` may give, in milliseconds (about 24.8 days). */
export const MAX_CLOCK_MS = 2_147_483_647;

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

const MillisecondsSchema = Type.Integer({ minimum: 0, maximum: MAX_CLOCK_MS });

/**
 * A clock as online servers run one: each action a seat takes has `delayMs`
 * free (a simple delay: time within it costs nothing), and time beyond it
 * comes off the seat's reserve, `reserveMs` at the start of the table or the
 * match (it carries over from game to game). A seat whose action takes longer
 * than the delay plus its reserve has run out of time.
 */
export const ClockConfigSchema = Type.Object(
  { delayMs: MillisecondsSchema, reserveMs: MillisecondsSchema },
  closed,
);

/**
 * Money play: a session of `games` games (1 when absent) scored by the
 * points each game is worth, with no match length. `jacoby`: a gammon or a
 * backgammon counts as a single game unless the cube was turned. `beavers`:
 * a seat that is doubled may beaver (take and redouble at once, keeping the
 * cube). Both are off when absent.
 */
export const MoneyConfigSchema = Type.Object(
  {
    jacoby: Type.Optional(Type.Boolean()),
    beavers: Type.Optional(Type.Boolean()),
    games: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SESSION_GAMES })),
  },
  closed,
);

/**
 * The table's settings, which are also the match's. `cube` turns doubling
 * on; `length` 1 plays one game at a table, a `length` above 1 a match to that
 * many points (with a Crawford game when `crawford` is set), and `money` a
 * money session instead (with `length` 1). `clock` adds a delay and a
 * reserve. A `Table` reads `cube`, `clock` and `money.beavers`; `length`,
 * `crawford` and the rest of `money` are the match layer's (`Match`).
 */
export const ConfigSchema = Type.Object(
  {
    /** Whether the doubling cube is played. */
    cube: Type.Boolean(),
    /** The match length in points: 1 for one game (or a money session), above 1 for a match. */
    length: PositiveSchema,
    /** Whether the match plays a Crawford game: no doubling in the game after a seat first reaches one point from the length. */
    crawford: Type.Boolean(),
    /** A money session instead of a match, with its options. */
    money: Type.Optional(MoneyConfigSchema),
    /** A delay per action and a reserve per table or match. */
    clock: Type.Optional(ClockConfigSchema),
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
/**
 * How long the seat took for an action, in milliseconds, as the host measured
 * it (from the moment the seat was to act). Read only at a table with a clock;
 * absent is 0. The engine never reads the wall clock, so a record of actions
 * with their `elapsedMs` replays exactly.
 */
export const ElapsedSchema = MillisecondsSchema;
const elapsed = { elapsedMs: Type.Optional(ElapsedSchema) };
const bare = <T extends string>(type: T) => Type.Object({ type: Type.Literal(type), ...elapsed }, closed);

/**
 * What a seat can do. `beaver` answers a double at a money table with
 * beavers on; `timeout` is the host's word that the seat to act has run out
 * of time (its `elapsedMs` must be more than the delay plus the seat's
 * reserve).
 */
export const ActionSchema = Type.Union([
  bare('roll'),
  bare('double'),
  bare('take'),
  bare('drop'),
  Type.Object({ type: Type.Literal('move'), steps: StepsSchema, ...elapsed }, closed),
  Type.Object({ type: Type.Literal('resign'), kind: PositionKindSchema, ...elapsed }, closed),
  bare('accept'),
  bare('decline'),
  bare('beaver'),
  Type.Object({ type: Type.Literal('timeout'), elapsedMs: ElapsedSchema }, closed),
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
export const ResultHowSchema = oneOf(['played', 'dropped', 'resigned', 'forfeit', 'timeout']);

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
  'beaver',
  'timeout',
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
    /** The time a `timeout` entry's seat took, in milliseconds. */
    elapsedMs: Type.Optional(ElapsedSchema),
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
  /** At a table with a clock: the reserve each seat has left, in milliseconds. Absent without a clock. */
  reserveMs: Type.Optional(Type.Tuple([MillisecondsSchema, MillisecondsSchema])),
  /** Present (true) while a beaver waits for the doubler's take or drop. */
  beaver: Type.Optional(Type.Literal(true)),
};

/**
 * One game as plain data, log included: it round-trips through JSON
 * unchanged. Treat it as immutable: every Table function returns a new state
 * and may share unchanged parts (the board, the log entries) with the one it
 * was given.
 */
export const StateSchema = Type.Object({ ...tableFields, log: Type.Array(LogEntrySchema) }, closed);

const PointsSchema = Type.Integer({ minimum: 0 });
/** The points each seat has scored, seat 0's first. */
export const ScoreSchema = Type.Tuple([PointsSchema, PointsSchema]);

/**
 * One finished game of a match or money session, kept whole so that the
 * match can be written out (as a .mat file) and reviewed: the score before
 * it, whether it was the Crawford game, the table's full log (the opening
 * roll, every roll, move, cube action and resignation), the cube and the
 * table's result at the end, and the points the match rules gave the winner
 * (the result's points capped at what the winner needed, or under the Jacoby
 * rule a single game's).
 */
export const MatchGameSchema = Type.Object(
  {
    score: ScoreSchema,
    crawford: Type.Boolean(),
    log: Type.Array(LogEntrySchema),
    cube: CubeSchema,
    result: ResultSchema,
    points: PositiveSchema,
  },
  closed,
);

/**
 * How a match ended: `score` a seat reached the length, `timeout` a seat ran
 * out of time, `forfeit` a seat gave up the match, `session` a money session
 * played all its games (the winner is the seat ahead, null when even).
 */
export const MatchEndSchema = oneOf(['score', 'timeout', 'forfeit', 'session']);
export const MatchResultSchema = Type.Object({ winner: nullable(SideSchema), how: MatchEndSchema }, closed);

/**
 * The match around the game at the table: the score (every finished game,
 * the one at the table included once it is over), the finished games before
 * the one at the table, oldest first, and the match's result once it is over.
 */
export const MatchSchema = Type.Object(
  {
    score: ScoreSchema,
    games: Type.Array(MatchGameSchema),
    result: nullable(MatchResultSchema),
  },
  closed,
);

/**
 * A match (or money session) as plain data: the game at the table, in every
 * field of a table state, plus `match`. Between games the next one starts at
 * once, so the table is `complete` only when the match is over (and then
 * holds its last game).
 */
export const MatchStateSchema = Type.Object(
  { ...tableFields, log: Type.Array(LogEntrySchema), match: MatchSchema },
  closed,
);

/** The state under the contract: one game at a table (length 1), or a match. */
export const GameStateSchema = Type.Union([StateSchema, MatchStateSchema]);

/** A finished game as the score sheet shows it. */
export const SheetRowSchema = Type.Object(
  {
    /** The score before the game. */
    score: ScoreSchema,
    crawford: Type.Boolean(),
    winner: SideSchema,
    kind: PositionKindSchema,
    how: ResultHowSchema,
    /** The points the game added to the winner's score. */
    points: PositiveSchema,
  },
  closed,
);

/** The match as a view shows it. */
export const MatchViewSchema = Type.Object(
  {
    score: ScoreSchema,
    /** The number of the game at the table, from 1. */
    game: PositiveSchema,
    /** A game after the Crawford game (the doubling is back, a seat is one point from the length). */
    postCrawford: Type.Boolean(),
    /** Every finished game, oldest first. */
    sheet: Type.Array(SheetRowSchema),
    result: nullable(MatchResultSchema),
  },
  closed,
);

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
    /** In a match: the score, the game's number and the score sheet. Absent for one game at a table. */
    match: Type.Optional(MatchViewSchema),
  },
  closed,
);

export type Side = Static<typeof SideSchema>;
export type PositionKind = Static<typeof PositionKindSchema>;
export type Phase = Static<typeof PhaseSchema>;
export type BackgammonConfig = Static<typeof ConfigSchema>;
export type ClockConfig = Static<typeof ClockConfigSchema>;
export type MoneyConfig = Static<typeof MoneyConfigSchema>;
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
export type Score = Static<typeof ScoreSchema>;
export type MatchGame = Static<typeof MatchGameSchema>;
export type MatchEnd = Static<typeof MatchEndSchema>;
export type MatchResult = Static<typeof MatchResultSchema>;
export type MatchInfo = Static<typeof MatchSchema>;
export type MatchState = Static<typeof MatchStateSchema>;
export type SheetRow = Static<typeof SheetRowSchema>;
export type MatchView = Static<typeof MatchViewSchema>;
export type WrittenMove = Static<typeof WrittenMoveSchema>;
