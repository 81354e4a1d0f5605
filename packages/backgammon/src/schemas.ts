import { type TSchema, Type } from '@sinclair/typebox';
import { CHECKERS_PER_SIDE } from './board.js';
import { HOWS, KINDS, LOG_TYPES, MAX_CUBE, PHASES } from './table-state.js';

/**
 * JSON Schemas (TypeBox) of what `backgammonGame` takes and gives: the
 * config, an action, a state (a `TableState`) and a view. They describe
 * exactly what the engine produces, so untrusted JSON can be checked against
 * them. The rules between fields (15 checkers a seat, a cube value that is a
 * power of two, dice exactly when a move is due) are `Table.fromJSON`'s job.
 */

const literals = (values: readonly (string | number)[]) => Type.Union(values.map((v) => Type.Literal(v)));
const closed = { additionalProperties: false } as const;
const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const SeatSchema = literals([0, 1]);
const PointIndexSchema = Type.Integer({ minimum: 0, maximum: 23 });
const DieSchema = Type.Integer({ minimum: 1, maximum: 6 });
const DicePairSchema = Type.Tuple([DieSchema, DieSchema]);
const CountSchema = Type.Integer({ minimum: 0, maximum: CHECKERS_PER_SIDE });
const KindSchema = literals(KINDS);
const PositiveSchema = Type.Integer({ minimum: 1 });

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

const bare = (type: string) => Type.Object({ type: Type.Literal(type) }, closed);

export const ActionSchema = Type.Union([
  bare('roll'),
  bare('double'),
  bare('take'),
  bare('drop'),
  Type.Object({ type: Type.Literal('move'), steps: Type.Array(StepSchema, { maxItems: 4 }) }, closed),
  Type.Object({ type: Type.Literal('resign'), kind: KindSchema }, closed),
  bare('accept'),
  bare('decline'),
]);

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

export const CubeSchema = Type.Object(
  { value: Type.Integer({ minimum: 1, maximum: MAX_CUBE }), owner: nullable(SeatSchema) },
  closed,
);

export const ResultSchema = Type.Object(
  {
    winner: SeatSchema,
    kind: KindSchema,
    how: literals(HOWS),
    points: Type.Integer({ minimum: 1, maximum: 3 * MAX_CUBE }),
  },
  closed,
);

export const ResignationSchema = Type.Object(
  { seat: SeatSchema, kind: KindSchema, phase: literals(['decide', 'move']) },
  closed,
);

export const LogEntrySchema = Type.Object(
  {
    type: literals(LOG_TYPES),
    seat: nullable(SeatSchema),
    text: Type.String(),
    dice: Type.Optional(DicePairSchema),
    steps: Type.Optional(Type.Array(StepSchema, { maxItems: 4 })),
    kind: Type.Optional(KindSchema),
    value: Type.Optional(PositiveSchema),
    points: Type.Optional(PositiveSchema),
  },
  closed,
);

/** The fields a state and a view share: everything but the log. */
const tableFields = {
  phase: literals(PHASES),
  toAct: nullable(SeatSchema),
  dice: nullable(DicePairSchema),
  board: BoardSchema,
  cube: CubeSchema,
  result: nullable(ResultSchema),
  names: Type.Tuple([Type.String({ minLength: 1 }), Type.String({ minLength: 1 })]),
  config: ConfigSchema,
  crawfordGame: Type.Boolean(),
  passes: Type.Integer({ minimum: 0 }),
  resignation: nullable(ResignationSchema),
};

/** A `TableState`: the whole game, log included. */
export const StateSchema = Type.Object({ ...tableFields, log: Type.Array(LogEntrySchema) }, closed);

/** How many of the latest log entries a view carries. */
export const VIEW_LOG_ENTRIES = 10;

/** A `BackgammonView`: the state with only the latest log entries, as `recent`. */
export const ViewSchema = Type.Object(
  { ...tableFields, recent: Type.Array(LogEntrySchema, { maxItems: VIEW_LOG_ENTRIES }) },
  closed,
);
