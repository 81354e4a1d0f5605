import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ERROR_CODES, GameRecordSchema } from '@tabula/core';

/**
 * The `tabula engine` protocol: JSON lines, one request and one response a
 * line, each response echoing its request's `id`. The same envelope goes both
 * ways: a host drives `tabula engine <game>` with the engine requests, and
 * Tabula drives an external agent program (`--agents cmd:...`) with the agent
 * requests. These TypeBox schemas are the one source of truth for every
 * message; docs/protocol.schema.json is generated from them
 * (`protocolDocument`) and a test keeps it current.
 */
export const PROTOCOL_VERSION = 1;

/** The longest line either side reads, in bytes: a longer one is discarded and answered with an error. */
export const MAX_LINE_BYTES = 1024 * 1024;

const Id = Type.Union([Type.String({ maxLength: 200 }), Type.Integer()], {
  description: 'any string or integer; the response echoes it',
});
const SeatField = Type.Integer({ minimum: 0, description: 'a seat, numbered from 0' });
const GameValue = (what: string) =>
  Type.Unknown({ description: `${what}: its shape is the game's own schema, which hello gives` });
const Budget = Type.Integer({
  minimum: 1,
  maximum: 3_600_000,
  description: 'a soft time budget for the decision, in milliseconds',
});
const Seed = Type.Integer({ minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER });
const RngStateSchema = Type.Object(
  {
    algorithm: Type.Literal('xoroshiro128plus'),
    state: Type.Array(Type.Integer(), { minItems: 4, maxItems: 4 }),
  },
  { additionalProperties: false, description: "the generator's state, as the state request gives it" },
);

const request = <T extends string, P extends Record<string, TSchema>>(
  type: T,
  props: P,
  description: string,
) =>
  Type.Object({ id: Id, type: Type.Literal(type), ...props }, { additionalProperties: false, description });

/** What a host may ask `tabula engine <game>`. */
export const EngineRequests = {
  hello: request(
    'hello',
    {},
    'the protocol version, the game, the games and agents offered, and the schemas',
  ),
  new: request(
    'new',
    {
      config: Type.Optional(
        Type.Unknown({ description: "the game's config, whole or in part (the rest from its default)" }),
      ),
      seats: Type.Optional(
        Type.Integer({ minimum: 1, maximum: 16, description: 'the player count (default 2)' }),
      ),
      seed: Type.Optional(Seed),
    },
    'starts a game: setup draws from the seeded chance generator the engine keeps (seed default 1)',
  ),
  load: request(
    'load',
    {
      record: Type.Optional(GameRecordSchema),
      state: Type.Optional(GameValue('a saved state (as the state request gives it)')),
      config: Type.Optional(
        Type.Unknown({
          description:
            "with a state: the config it is played under, whole or in part (default: the game's default)",
        }),
      ),
      rng: Type.Optional(RngStateSchema),
      seed: Type.Optional(Seed),
    },
    'loads a game record (replayed, chance included: play goes on as it would have) or a state with its config, and the chance generator (rng) or a seed for it; exactly one of record and state',
  ),
  state: request(
    'state',
    {},
    "the game's whole state and chance generator, for a host to save; hidden information included",
  ),
  record: request(
    'record',
    {},
    'the game record so far: config, seed and actions (of a game started by new or loaded as a record)',
  ),
  legal: request('legal', { seat: SeatField }, 'the legal actions of a seat (empty when it is not to act)'),
  apply: request(
    'apply',
    { seat: SeatField, action: GameValue('an action') },
    'plays an action for a seat; a refused action leaves the game as it was',
  ),
  view: request(
    'view',
    { seat: Type.Union([SeatField, Type.Null()], { description: 'a seat, or null for a spectator' }) },
    'what a seat (or a spectator) may know',
  ),
  outcome: request('outcome', {}, 'the seats to act and the outcome (null while the game is live)'),
  describe: request(
    'describe',
    { action: GameValue('an action') },
    "an action in the game's notation, as played in the current state",
  ),
  parse: request(
    'parse',
    { seat: SeatField, text: Type.String({ maxLength: 10_000 }) },
    "a seat's action typed in the game's notation, read against its view and legal actions",
  ),
  best: request(
    'best',
    {
      seat: SeatField,
      agent: Type.Optional(Type.String({ description: "an agent name (default: the game's strongest)" })),
      budgetMs: Type.Optional(Budget),
    },
    "a shipped agent's choice for a seat to act, from that seat's view",
  ),
  analyse: request(
    'analyse',
    {
      record: GameRecordSchema,
      agent: Type.Optional(Type.String({ description: "an agent name (default: the game's strongest)" })),
      budgetMs: Type.Optional(Budget),
    },
    "each decision of a record: the action played, the agent's preferred action, and whether they match",
  ),
  quit: request('quit', {}, 'answers, then the engine ends'),
} as const;

/** What Tabula asks an external agent program (`--agents cmd:...`). */
export const AgentRequests = {
  hello: request(
    'hello',
    {
      protocol: Type.Literal(PROTOCOL_VERSION),
      role: Type.Literal('agent'),
      game: Type.String(),
      version: Type.String(),
      seat: SeatField,
      seats: Type.Integer({ minimum: 1 }),
      config: GameValue('the config'),
    },
    'sent once, first: the game and the seat the program plays; it answers with any result (a name, say)',
  ),
  act: request(
    'act',
    {
      seat: SeatField,
      view: GameValue("the seat's view"),
      legal: Type.Array(GameValue('an action'), { description: 'the legal actions, at least one' }),
      budgetMs: Budget,
    },
    'the program answers with one of the legal actions (result.action), or its place in the list (result.index), within budgetMs',
  ),
  quit: request(
    'quit',
    { outcome: Type.Union([OutcomeSchema(), Type.Null()]) },
    'the game is over (or the program forfeited it); the program may answer, and must exit',
  ),
} as const;

function OutcomeSchema() {
  return Type.Object(
    {
      scores: Type.Array(Type.Number()),
      winners: Type.Array(Type.Integer()),
      reason: Type.String(),
    },
    { additionalProperties: false },
  );
}

const Live = {
  toAct: Type.Array(SeatField, { description: 'the seats to act now (empty once over)' }),
  outcome: Type.Union([OutcomeSchema(), Type.Null()]),
};

/** The `result` of a successful answer to each engine request. */
export const EngineResults = {
  hello: Type.Object({
    protocol: Type.Literal(PROTOCOL_VERSION),
    engine: Type.Literal('tabula'),
    game: Type.String(),
    version: Type.String(),
    games: Type.Array(Type.String(), { description: 'the games `tabula engine` serves' }),
    agents: Type.Array(Type.String(), { description: 'the agent names best and analyse take' }),
    defaultAgent: Type.String(),
    requests: Type.Array(Type.String()),
    schemas: Type.Object(
      { config: Type.Unknown(), action: Type.Unknown(), state: Type.Unknown(), view: Type.Unknown() },
      { description: "the game's JSON Schemas" },
    ),
  }),
  new: Type.Object({ config: Type.Unknown(), seats: Type.Integer(), seed: Seed, ...Live }),
  load: Type.Object({ seats: Type.Integer(), actions: Type.Integer(), ...Live }),
  state: Type.Object({ state: Type.Unknown(), rng: RngStateSchema }),
  record: Type.Object({ record: GameRecordSchema }),
  legal: Type.Object({ actions: Type.Array(Type.Unknown()) }),
  apply: Type.Object(Live),
  view: Type.Object({ view: Type.Unknown() }),
  outcome: Type.Object(Live),
  describe: Type.Object({ text: Type.String() }),
  parse: Type.Object({ action: Type.Unknown() }),
  best: Type.Object({ action: Type.Unknown(), agent: Type.String() }),
  analyse: Type.Object({
    agent: Type.String(),
    decisions: Type.Array(
      Type.Object({
        index: Type.Integer({ description: 'the place of the action in the record' }),
        seat: SeatField,
        played: Type.Unknown(),
        preferred: Type.Unknown(),
        matched: Type.Boolean(),
        choices: Type.Integer({ description: 'how many legal actions there were' }),
      }),
    ),
  }),
  quit: Type.Object({}),
} as const;

/** The `result` of a successful answer to each agent request. */
export const AgentResults = {
  hello: Type.Unknown({ description: 'anything; a name, say' }),
  act: Type.Union([
    Type.Object({ action: GameValue('one of the legal actions') }),
    Type.Object({ index: Type.Integer({ minimum: 0, description: 'the place of the action in legal' }) }),
  ]),
  quit: Type.Unknown(),
} as const;

/** An error answer: one of core's error codes, a message for people, and where in the request for bad input. */
export const ErrorSchema = Type.Object(
  {
    code: Type.Union(
      Object.keys(ERROR_CODES).map((code) => Type.Literal(code)),
      { description: "one of Tabula's error codes (docs/architecture.md)" },
    ),
    message: Type.String(),
    path: Type.Optional(
      Type.String({ description: 'where in the request the problem is, as $.action.steps[0]' }),
    ),
  },
  { additionalProperties: false },
);

/** Every response: the request's id (null when the line had none), then a result or an error. */
export const ResponseSchema = Type.Union([
  Type.Object(
    { id: Type.Union([Id, Type.Null()]), ok: Type.Literal(true), result: Type.Unknown() },
    { additionalProperties: false },
  ),
  Type.Object(
    { id: Type.Union([Id, Type.Null()]), ok: Type.Literal(false), error: ErrorSchema },
    { additionalProperties: false },
  ),
]);

export type EngineRequestType = keyof typeof EngineRequests;
export type EngineRequest = {
  [K in EngineRequestType]: Static<(typeof EngineRequests)[K]>;
}[EngineRequestType];
export type Response = Static<typeof ResponseSchema>;
export type ProtocolError = Static<typeof ErrorSchema>;

// As plain JSON, without TypeBox's `$id`s: the record's schema appears in several messages, and an
// `$id` may name one schema only in a document.
const schema2020 = (schema: unknown) =>
  JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === '$id' ? undefined : value)));

/** Every message as JSON Schema: what docs/protocol.schema.json holds. */
export function protocolDocument(): Record<string, unknown> {
  const map = (schemas: Record<string, TSchema>) =>
    Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, schema2020(s)]));
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'The tabula engine protocol',
    protocol: PROTOCOL_VERSION,
    maxLineBytes: MAX_LINE_BYTES,
    response: schema2020(ResponseSchema),
    engine: { requests: map(EngineRequests), results: map(EngineResults) },
    agent: { requests: map(AgentRequests), results: map(AgentResults) },
  };
}
