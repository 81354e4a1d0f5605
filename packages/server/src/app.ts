import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import { type TSchema, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { agentsFor, defaultAgentFor } from '@tabula/agents';
import { GAMES } from '@tabula/cli';
import {
  type ErrorCode,
  IllegalActionError,
  InvalidInputError,
  jsonPath,
  NotationError,
  parseWith,
  TabulaError,
} from '@tabula/core';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { WebSocket } from 'ws';
import type { ClusterHealth } from './cluster.js';
import { DEFAULT_LIMITS, type Limits, PerAddress, RateLimiter } from './limits.js';
import {
  AckSchema,
  type ClientMessage,
  ClientMessageSchema,
  type CreateTable,
  CreateTableSchema,
  ErrorBodySchema,
  GameInfoSchema,
  type Join,
  JoinedSchema,
  JoinSchema,
  ListQuerySchema,
  type ServerMessage,
  type Submit,
  SubmitSchema,
  TableIdSchema,
  type TableStatus,
  TableSummarySchema,
  UpdateSchema,
} from './schemas.js';
import type { Hall } from './tables.js';

export interface AppOptions {
  readonly hall: Hall;
  readonly limits?: Partial<Limits>;
  /** Fastify's logger option: pino's settings, or false. */
  readonly logger?: FastifyServerOptions['logger'];
  /** What /health reports of the database. */
  readonly database?: { dialect: string; where: string };
  /** A directory of static files served at `/` (the built browser client, `packages/web/dist`). */
  readonly web?: string;
  /** The node's part in a cluster, for /health. */
  readonly cluster?: { health(): ClusterHealth };
}

/** The HTTP status for each kind of refusal. */
function statusOf(error: TabulaError): number {
  const byCode: Partial<Record<ErrorCode, number>> = {
    not_found: 404,
    unauthorized: 401,
    rate_limited: 429,
    too_large: 413,
    unavailable: 503,
    game_not_over: 409,
  };
  const status = byCode[error.code];
  if (status !== undefined) return status;
  if (error instanceof IllegalActionError) return 409;
  if (error instanceof InvalidInputError || error instanceof NotationError) return 400;
  return 400;
}

const errorBody = (code: string, message: string) => ({ error: { code, message } });

/** Fastify's own errors (before a route runs) in the server's vocabulary. */
function fromFastify(error: { code?: string; statusCode?: number; message: string }): TabulaError {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new TabulaError('too_large', 'The request body is larger than the server takes');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new InvalidInputError('invalid_input', '$', 'send the body as application/json');
    default:
      if (error.statusCode === 429) return new TabulaError('rate_limited', error.message);
      return new InvalidInputError('invalid_input', '$', `the request is not readable: ${error.message}`);
  }
}

/**
 * Validates a route's parts with their TypeBox schemas, compiled once, and
 * names the first problem with its path ($.seats[1].agent). Nothing is
 * coerced or removed: what a route gets is what was sent, or a refusal.
 */
function typeboxValidator({ schema }: { schema: unknown }) {
  const check = TypeCompiler.Compile(schema as TSchema);
  return (data: unknown) => {
    if (check.Check(data)) return { value: data };
    const first = check.Errors(data).First();
    const path = first === undefined ? '$' : jsonPath(first.path);
    return {
      error: new InvalidInputError('invalid_input', path, first?.message ?? 'does not fit the schema'),
    };
  };
}

const bearer = (request: FastifyRequest): string | null => {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

/**
 * The server's HTTP and WebSocket API on a hall of tables. Every refusal is
 * `{ error: { code, message } }` with a code from core's vocabulary.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { hall } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: limits.bodyBytes,
    // A server behind a proxy would trust it here; alone, the socket's address is the client's.
    trustProxy: false,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(typeboxValidator);
  // Responses are plain JSON; their schemas document them in the OpenAPI description.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const actionsPerToken = new RateLimiter(limits.burst, limits.perSecond);
  const sockets = new PerAddress(limits.socketsPerAddress);

  app.setErrorHandler((error, request, reply) => {
    const known =
      error instanceof TabulaError
        ? error
        : fromFastify(error as { code?: string; statusCode?: number; message: string });
    const status =
      error instanceof TabulaError ? statusOf(error) : (error as { statusCode?: number }).statusCode;
    const code = status !== undefined && status >= 400 && status < 600 ? status : statusOf(known);
    if (!(error instanceof TabulaError) && code >= 500) request.log.error({ err: error }, 'request failed');
    else if (error instanceof TabulaError && error.code === 'unavailable' && error.cause !== undefined)
      request.log.error({ err: error.cause }, 'the database refused a write');
    return reply.status(code).send(errorBody(known.code, known.message));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(errorBody('not_found', `There is no route ${request.method} ${request.url.split('?')[0]}`)),
  );

  await app.register(fastifyRateLimit, {
    max: limits.requestsPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...errorBody('rate_limited', `At most ${context.max} requests a minute; try again in ${context.after}`),
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Tabula table server',
        version: '0.1.0',
        description:
          'Tables of backgammon, rummy and skirmish. Seats act with their token (Authorization: Bearer); each seat and spectator follows its own view over the WebSocket /tables/{id}/ws.',
      },
      components: { schemas: gameComponents() as Record<string, never> },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await app.register(fastifyWebsocket, {
    options: { maxPayload: Math.max(limits.messageBytes * 4, 1 << 20) },
  });

  const id = Type.Object({ id: TableIdSchema });
  const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

  app.get('/health', { schema: { summary: 'Whether the server is up, and on what' } }, async () => ({
    status: 'ok',
    database: options.database?.dialect ?? 'unknown',
    tablesInMemory: hall.size,
    ...(options.cluster === undefined ? {} : options.cluster.health()),
  }));

  app.get(
    '/games',
    {
      schema: {
        summary: 'The games and the agents (strengths) each offers',
        response: { 200: Type.Array(GameInfoSchema) },
      },
    },
    async () =>
      Object.values(GAMES).map((game) => ({
        id: game.id,
        version: game.version,
        agents: [...agentsFor(game.id).keys()],
        defaultAgent: defaultAgentFor(game.id),
      })),
  );

  app.post<{ Body: CreateTable }>(
    '/tables',
    {
      schema: {
        summary: 'Creates a table: a game, its config, and a person or an agent at each seat',
        body: CreateTableSchema,
        response: { 201: TableSummarySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await hall.create(request.body)),
  );

  app.get<{ Querystring: { status?: TableStatus } }>(
    '/tables',
    {
      schema: {
        summary: 'Lists tables: open (seats free), running or finished',
        querystring: ListQuerySchema,
      },
    },
    async (request) => hall.list(request.query.status),
  );

  app.get<{ Params: { id: string } }>(
    '/tables/:id',
    { schema: { summary: 'One table', params: id, response: { 200: TableSummarySchema, ...errors } } },
    async (request) => hall.summary(request.params.id),
  );

  app.post<{ Params: { id: string }; Body: Join }>(
    '/tables/:id/join',
    {
      schema: {
        summary: 'Takes a free person seat; the answer holds the seat token, shown only this once',
        params: id,
        body: JoinSchema,
        response: { 200: JoinedSchema, ...errors },
      },
    },
    async (request) => hall.join(request.params.id, request.body ?? {}),
  );

  app.get<{ Params: { id: string } }>(
    '/tables/:id/view',
    {
      schema: {
        summary: "The seat's view (with its token) or the spectator's (without)",
        params: id,
        response: { 200: UpdateSchema, ...errors },
      },
    },
    async (request) => {
      const token = bearer(request);
      const seat = token === null ? null : await hall.seatOf(request.params.id, token);
      return hall.update(request.params.id, seat);
    },
  );

  app.post<{ Params: { id: string }; Body: Submit }>(
    '/tables/:id/actions',
    {
      schema: {
        summary: "A seat's action, with the sequence number it last saw; answered once the action is saved",
        params: id,
        body: SubmitSchema,
        response: { 200: AckSchema, ...errors },
      },
    },
    async (request) => {
      const token = bearer(request);
      if (token === null)
        throw new TabulaError('unauthorized', 'Send the seat token: Authorization: Bearer <token>');
      const seat = await hall.seatOf(request.params.id, token);
      if (!actionsPerToken.take(`${request.params.id}/${seat}`))
        throw new TabulaError('rate_limited', `At most ${limits.perSecond} actions a second a seat`);
      return { seq: await hall.submit(request.params.id, seat, request.body.seq, request.body.action) };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/tables/:id/record',
    {
      schema: {
        summary:
          'The game record of a finished table; of a running one, the spectator record (every position as a spectator saw it). Both play back with `tabula replay`',
        params: id,
        response: { ...errors },
      },
    },
    async (request) => hall.record(request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    '/tables/:id/views',
    {
      schema: {
        summary: "Every position from the start (seq 0) to now, as a spectator saw it: a replay's frames",
        params: id,
        response: { 200: Type.Array(UpdateSchema), ...errors },
      },
    },
    async (request) => hall.views(request.params.id),
  );

  app.get<{ Params: { id: string } }>(
    '/tables/:id/ws',
    {
      websocket: true,
      schema: { summary: 'The WebSocket of a seat or spectator (see the README)', params: id },
    },
    (socket, request) => serveSocket(socket, request, request.params.id),
  );

  /**
   * One WebSocket: a hello (with a seat token, or none to spectate, and the
   * last sequence number seen after a reconnect), then updates pushed as the
   * table moves on, and the seat's actions acknowledged once saved.
   */
  function serveSocket(socket: WebSocket, request: FastifyRequest, tableId: string): void {
    const send = (message: ServerMessage, text?: string) => {
      if (socket.readyState === socket.OPEN) socket.send(text ?? JSON.stringify(message));
    };
    const fail = (error: unknown, ref?: string | number) => {
      const known = error instanceof TabulaError ? error : null;
      if (known === null) request.log.error({ err: error }, 'a socket message failed');
      send({
        type: 'error',
        code: known?.code ?? 'unavailable',
        message: known?.message ?? 'The server could not handle that message',
        ...(ref === undefined ? {} : { ref }),
      });
    };
    const address = request.ip;
    if (!sockets.acquire(address)) {
      fail(new TabulaError('rate_limited', `At most ${limits.socketsPerAddress} sockets an address`));
      socket.close(1008, 'too many sockets');
      return;
    }
    let seat: number | null | undefined; // undefined until the hello
    let stop: (() => void) | null = null;
    let closed = false;
    // Messages are handled one at a time, in order: an act waits for the hello before it.
    let queue: Promise<void> = Promise.resolve();
    socket.on('close', () => {
      closed = true;
      sockets.release(address);
      stop?.();
    });
    socket.on('message', (data, isBinary) => {
      queue = queue.then(() => handle(data as Buffer, isBinary)).catch((error) => fail(error));
    });

    async function handle(data: Buffer, isBinary: boolean): Promise<void> {
      if (closed) return;
      if (isBinary) throw new InvalidInputError('invalid_input', '$', 'send messages as JSON text');
      if (data.length > limits.messageBytes)
        throw new TabulaError('too_large', `A message is at most ${limits.messageBytes} bytes`);
      let json: unknown;
      try {
        json = JSON.parse(data.toString('utf8'));
      } catch {
        throw new InvalidInputError('invalid_input', '$', 'the message is not JSON');
      }
      const message: ClientMessage = parseWith(ClientMessageSchema, json, 'The message', 'invalid_input');
      // A seat's messages count against its token, as its HTTP actions do; others against the address.
      const key = typeof seat === 'number' ? `${tableId}/${seat}` : `address:${address}`;
      if (!actionsPerToken.take(key)) {
        const ref = message.type === 'act' ? message.ref : undefined;
        return fail(new TabulaError('rate_limited', `At most ${limits.perSecond} messages a second`), ref);
      }
      if (message.type === 'ping') return send({ type: 'pong' });
      if (message.type === 'hello') {
        if (seat !== undefined)
          throw new InvalidInputError('invalid_input', '$.type', 'hello was said already');
        const token = message.token;
        const who = token === undefined ? null : await hall.seatOf(tableId, token);
        const { seq } = await hall.summary(tableId);
        seat = who;
        send({ type: 'welcome', table: tableId, seat: who, seq });
        const unsubscribe = await hall.subscribe(tableId, { seat: who, send }, message.since);
        if (closed) unsubscribe();
        else stop = unsubscribe;
        return;
      }
      const ref = message.ref;
      // The seat's own update (sent as the table moves on) and its ack leave in one write, not two.
      const wire = request.raw.socket;
      wire.cork();
      try {
        if (seat === undefined) throw new TabulaError('unauthorized', 'Say hello with your seat token first');
        if (seat === null) throw new TabulaError('unauthorized', 'A spectator cannot act');
        const seq = await hall.submit(tableId, seat, message.seq, message.action);
        send({ type: 'ack', seq, ...(ref === undefined ? {} : { ref }) });
      } catch (error) {
        fail(error, ref);
      } finally {
        wire.uncork();
      }
    }
  }

  if (options.web !== undefined) {
    // The browser client; its routes live after `#`, so every path it asks for is a file.
    await app.register(fastifyStatic, { root: options.web, prefix: '/' });
  }

  return app;
}

/** Each game's config, action and view schema, as OpenAPI components (BackgammonConfig, ...). */
function gameComponents(): Record<string, unknown> {
  const components: Record<string, unknown> = {};
  for (const game of Object.values(GAMES)) {
    const name = game.id.charAt(0).toUpperCase() + game.id.slice(1);
    const { config, action, view } = game.schemas;
    // A schema's own $id would clash with the component's name: the copy goes without it.
    for (const [part, schema] of Object.entries({ Config: config, Action: action, View: view })) {
      const { $id: _id, ...plain } = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
      components[`${name}${part}`] = plain;
    }
  }
  return components;
}
