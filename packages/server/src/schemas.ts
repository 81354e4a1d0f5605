import { type Static, Type } from '@sinclair/typebox';
import { ERROR_CODES, type Outcome } from '@tabula/core';

/**
 * The shapes that cross the server's edge, HTTP and WebSocket, as TypeBox
 * schemas: routes validate against them, the OpenAPI document is generated
 * from them, and a WebSocket message is read through them. What lies inside a
 * game (its config, action and view) is that game's own schema, checked by
 * the game for the table's game.
 */

/** Sizes the schemas hold every message to, so that nothing large reaches a game. */
export const MAX_NAME = 40;
const TOKEN = Type.String({ minLength: 1, maxLength: 128, description: 'the seat token from joining' });
const SEQ = Type.Integer({
  minimum: 0,
  maximum: 10_000_000,
  description: 'the number of actions the table has logged',
});

export const TableIdSchema = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' });

export const SeatSpecSchema = Type.Union([
  Type.Object(
    { kind: Type.Literal('person'), name: Type.Optional(Type.String({ maxLength: MAX_NAME })) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('agent'),
      agent: Type.String({
        minLength: 1,
        maxLength: MAX_NAME,
        description: 'the agent, by name: its strength (random, heuristic, greedy, solver, bidder, ...)',
      }),
    },
    { additionalProperties: false },
  ),
]);
export type SeatSpec = Static<typeof SeatSpecSchema>;

export const CreateTableSchema = Type.Object(
  {
    game: Type.String({ minLength: 1, maxLength: MAX_NAME, description: 'backgammon, rummy or skirmish' }),
    config: Type.Optional(
      Type.Unknown({
        description:
          "the game's config (see the <Game>Config components); fields left out take the game's default for the seats",
      }),
    ),
    seats: Type.Array(SeatSpecSchema, { minItems: 1, maxItems: 8 }),
  },
  { additionalProperties: false },
);
export type CreateTable = Static<typeof CreateTableSchema>;

export const JoinSchema = Type.Object(
  {
    seat: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 7, description: 'left out: the first free seat' }),
    ),
    name: Type.Optional(Type.String({ maxLength: MAX_NAME })),
  },
  { additionalProperties: false },
);
export type Join = Static<typeof JoinSchema>;

export const JoinedSchema = Type.Object({
  table: Type.String(),
  seat: Type.Integer(),
  token: Type.String({
    description: 'secret: send it as `Authorization: Bearer <token>` or in the WebSocket hello',
  }),
});

export const SubmitSchema = Type.Object(
  {
    seq: SEQ,
    action: Type.Unknown({ description: "the game's action (see the <Game>Action components)" }),
  },
  { additionalProperties: false },
);
export type Submit = Static<typeof SubmitSchema>;

export const AckSchema = Type.Object({ seq: SEQ });

const OutcomeSchema = Type.Object({
  scores: Type.Array(Type.Number()),
  winners: Type.Array(Type.Integer()),
  reason: Type.String(),
});

export const TableStatusSchema = Type.Union([
  Type.Literal('open'),
  Type.Literal('running'),
  Type.Literal('finished'),
]);
export type TableStatus = Static<typeof TableStatusSchema>;

export const TableSummarySchema = Type.Object({
  id: Type.String(),
  game: Type.String(),
  version: Type.String(),
  status: TableStatusSchema,
  seq: SEQ,
  seats: Type.Array(
    Type.Object({
      seat: Type.Integer(),
      kind: Type.Union([Type.Literal('person'), Type.Literal('agent')]),
      agent: Type.Union([Type.String(), Type.Null()]),
      name: Type.Union([Type.String(), Type.Null()]),
      taken: Type.Boolean(),
    }),
  ),
  toAct: Type.Array(Type.Integer()),
  outcome: Type.Union([OutcomeSchema, Type.Null()]),
  createdAt: Type.String(),
});
/** A table's summary; its outcome is core's (read-only lists). */
export type TableSummary = Omit<Static<typeof TableSummarySchema>, 'outcome'> & { outcome: Outcome | null };

/** A game the server offers, with its agents by name (strengths) and the one a new table gets by default. */
export const GameInfoSchema = Type.Object({
  id: Type.String(),
  version: Type.String(),
  agents: Type.Array(Type.String()),
  defaultAgent: Type.String(),
});
export type GameInfo = Static<typeof GameInfoSchema>;

export const ListQuerySchema = Type.Object(
  { status: Type.Optional(TableStatusSchema) },
  { additionalProperties: false },
);

/** What a seat (or a spectator, seat null) is told after each action: its own view, nothing else of the state. */
export const UpdateSchema = Type.Object({
  table: Type.String(),
  seq: SEQ,
  seat: Type.Union([Type.Integer(), Type.Null()]),
  status: TableStatusSchema,
  view: Type.Unknown({ description: "the game's view for this seat (see the <Game>View components)" }),
  legal: Type.Array(Type.Unknown(), { description: "this seat's legal actions now; empty for a spectator" }),
  toAct: Type.Array(Type.Integer()),
  outcome: Type.Union([OutcomeSchema, Type.Null()]),
});
export type Update = Omit<Static<typeof UpdateSchema>, 'outcome'> & { outcome: Outcome | null };

export const ErrorBodySchema = Type.Object({
  error: Type.Object({
    code: Type.String({ enum: Object.keys(ERROR_CODES) }),
    message: Type.String(),
  }),
});

const REF = Type.Optional(
  Type.Union([Type.String({ maxLength: 64 }), Type.Integer()], {
    description: 'any tag of the client, repeated in the answer',
  }),
);

/** What a client sends over its WebSocket. */
export const ClientMessageSchema = Type.Union([
  Type.Object(
    {
      type: Type.Literal('hello'),
      token: Type.Optional(TOKEN),
      since: Type.Optional(SEQ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { type: Type.Literal('act'), seq: SEQ, action: Type.Unknown(), ref: REF },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('ping') }, { additionalProperties: false }),
]);
export type ClientMessage = Static<typeof ClientMessageSchema>;

/** What the server sends over a WebSocket. */
export type ServerMessage =
  | { type: 'welcome'; table: string; seat: number | null; seq: number }
  | ({ type: 'update' } & Update)
  | { type: 'ack'; seq: number; ref?: string | number }
  | { type: 'error'; code: string; message: string; ref?: string | number }
  | { type: 'pong' };
