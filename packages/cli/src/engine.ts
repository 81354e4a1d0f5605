import { agentsFor, defaultAgentFor } from '@tabula/agents';
import {
  type Agent,
  type AnyGame,
  checkAction,
  createRng,
  type ErrorCode,
  type GameRecord,
  gameStreams,
  IllegalActionError,
  InvalidInputError,
  isErrorCode,
  matches,
  NotationError,
  parseWith,
  type RecordedAction,
  type Rng,
  readUnder,
  replay,
  type Seat,
  schemaProblem,
  shown,
  TabulaError,
} from '@tabula/core';
import { withDefaults } from './commands/config.js';
import { canonicalJson, lineSplitter } from './json-lines.js';
import {
  EngineRequests,
  type EngineRequestType,
  MAX_LINE_BYTES,
  PROTOCOL_VERSION,
  type ProtocolError,
} from './protocol.js';
import { GAMES, gameById } from './registry.js';

type Request<K extends EngineRequestType> = import('@sinclair/typebox').Static<(typeof EngineRequests)[K]>;

/** A game the engine holds: the state, its chance generator, the agents' generators, and what was played. */
interface Live {
  readonly config: unknown;
  readonly seats: number;
  /** The seed of a game started by `new` or loaded as a record; null for a game loaded as a state. */
  readonly seed: number | null;
  state: unknown;
  chance: Rng;
  readonly agentRngs: readonly Rng[];
  readonly actions: RecordedAction[];
  readonly forfeit?: GameRecord['forfeit'];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An error as the protocol answers it: any failure becomes a code and a message, never a crash. */
export function protocolError(error: unknown): ProtocolError {
  if (error instanceof TabulaError) {
    const code: ErrorCode = isErrorCode(error.code) ? error.code : 'invalid_argument';
    return error instanceof InvalidInputError
      ? { code, message: error.message, path: error.path }
      : { code, message: error.message };
  }
  // A game that fails on a value its checks let through is a bug; the host still gets an answer.
  const why = error instanceof Error ? error.message : String(error);
  return { code: 'invalid_argument', message: `unexpected failure: ${why}` };
}

/**
 * One `tabula engine <game>` session: it holds one game at a time (started
 * by `new`, or loaded by `load`), with its seeded chance generator, and
 * answers one request line with one response line. `handle` never throws:
 * a bad line is an error response, and the session goes on.
 */
export class EngineSession {
  readonly game: AnyGame;
  private live: Live | null = null;
  private readonly agents = new Map<string, Agent<unknown, unknown>>();
  /** Set by `quit`: the host is done. */
  done = false;

  constructor(gameId: string) {
    this.game = gameById(gameId);
  }

  /** The response to one line of text (without its newline), as a line of JSON. */
  async handle(line: string): Promise<string> {
    let id: string | number | null = null;
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        // The parser's own message differs between Node versions; the line itself says enough.
        throw new InvalidInputError('invalid_input', '$', `the line is not JSON: ${shown(line)}`);
      }
      if (!isObject(parsed))
        throw new InvalidInputError('invalid_input', '$', `a request is a JSON object, got ${shown(parsed)}`);
      if ((typeof parsed.id === 'string' && parsed.id.length <= 200) || Number.isSafeInteger(parsed.id))
        id = parsed.id as string | number;
      const type = parsed.type;
      if (typeof type !== 'string' || !Object.hasOwn(EngineRequests, type)) {
        throw new InvalidInputError(
          'invalid_input',
          '$.type',
          `unknown request ${shown(type)}: the requests are ${Object.keys(EngineRequests).join(', ')}`,
        );
      }
      const result = await this.run(type as EngineRequestType, parsed);
      return JSON.stringify({ id, ok: true, result });
    } catch (error) {
      return JSON.stringify({ id, ok: false, error: protocolError(error) });
    }
  }

  /** The answer to a line longer than the protocol allows (`MAX_LINE_BYTES`), which was dropped unread. */
  tooLong(): string {
    const error: ProtocolError = {
      code: 'invalid_input',
      message: `$: the line is longer than ${MAX_LINE_BYTES} bytes; it was discarded unread`,
      path: '$',
    };
    return JSON.stringify({ id: null, ok: false, error });
  }

  private async run(type: EngineRequestType, raw: Record<string, unknown>): Promise<unknown> {
    const schema = EngineRequests[type];
    if (!matches(schema, raw)) {
      const problem = schemaProblem(schema, raw);
      // A record is checked here by its schema: a broken one is an invalid record, as `replay` would say.
      const inRecord = problem !== null && /^\$\.record\b/.test(problem.path);
      parseWith(schema, raw, `The ${type} request`, inRecord ? 'invalid_record' : 'invalid_input');
    }
    switch (type) {
      case 'hello':
        return this.hello();
      case 'new':
        return this.start(raw as Request<'new'>);
      case 'load':
        return this.load(raw as Request<'load'>);
      case 'state': {
        const live = this.need();
        return { state: live.state, rng: live.chance.save() };
      }
      case 'record':
        return { record: this.record() };
      case 'legal': {
        const { seat } = raw as Request<'legal'>;
        const live = this.need();
        return { actions: this.game.legalActions(live.state, this.seat(seat)) };
      }
      case 'apply':
        return this.apply(raw as Request<'apply'>);
      case 'view': {
        const { seat } = raw as Request<'view'>;
        const live = this.need();
        return { view: this.game.view(live.state, seat === null ? null : this.seat(seat)) };
      }
      case 'outcome':
        return this.where();
      case 'describe': {
        const { action } = raw as Request<'describe'>;
        const live = this.need();
        checkAction(this.game.schemas.action, action, this.game.id);
        return {
          text: this.game.describe ? this.game.describe(action, live.state) : JSON.stringify(action),
        };
      }
      case 'parse': {
        const { seat, text } = raw as Request<'parse'>;
        const live = this.need();
        const s = this.seat(seat);
        if (!this.game.parseAction)
          throw new NotationError('invalid_notation', `${this.game.id} has no notation`);
        const legal = this.game.legalActions(live.state, s);
        return { action: this.game.parseAction(text, this.game.view(live.state, s), legal) };
      }
      case 'best':
        return this.best(raw as Request<'best'>);
      case 'analyse':
        return this.analyse(raw as Request<'analyse'>);
      case 'quit':
        this.done = true;
        return {};
    }
  }

  private hello() {
    const { game } = this;
    return {
      protocol: PROTOCOL_VERSION,
      engine: 'tabula' as const,
      game: game.id,
      version: game.version,
      games: Object.keys(GAMES),
      agents: [...agentsFor(game.id).keys()],
      defaultAgent: defaultAgentFor(game.id),
      requests: Object.keys(EngineRequests),
      schemas: game.schemas,
    };
  }

  private need(): Live {
    if (this.live === null)
      throw new TabulaError('no_game', 'there is no game: start one with "new" or load one with "load"');
    return this.live;
  }

  private seat(seat: Seat): Seat {
    const live = this.need();
    if (seat >= live.seats)
      throw new IllegalActionError(
        'unknown_seat',
        `there is no seat ${seat}: the seats are 0 to ${live.seats - 1}`,
      );
    return seat;
  }

  private where() {
    const live = this.need();
    return { toAct: this.game.toAct(live.state), outcome: this.game.outcome(live.state) };
  }

  /** A config from the request: the game's default for `seats` players, completed by the given fields. */
  private configOf(given: unknown, seats: number | undefined): unknown {
    const { game } = this;
    let defaults: unknown;
    try {
      defaults = game.defaultConfig(seats ?? 2);
    } catch {
      throw new InvalidInputError(
        'invalid_config',
        '$.seats',
        `${game.id} cannot seat ${seats ?? 2} players`,
      );
    }
    if (given === undefined) return defaults;
    const config = readUnder('$.config', () =>
      parseWith(
        game.schemas.config,
        withDefaults(defaults, given),
        `The ${game.id} config`,
        'invalid_config',
      ),
    );
    const count = readUnder('$.config', () => game.seatCount(config));
    if (seats !== undefined && count !== seats)
      throw new InvalidInputError('invalid_config', '$.config', `this config seats ${count}, not ${seats}`);
    return config;
  }

  private start(req: Request<'new'>) {
    const config = this.configOf(req.config, req.seats);
    const seed = req.seed ?? 1;
    const seats = readUnder('$.config', () => this.game.seatCount(config));
    const { chance, agents } = gameStreams(seed, seats);
    const state = readUnder('$.config', () => this.game.setup(config, chance));
    this.live = { config, seats, seed, state, chance, agentRngs: agents, actions: [] };
    return { config, seats, seed, ...this.where() };
  }

  private load(req: Request<'load'>) {
    const { game } = this;
    if ((req.record === undefined) === (req.state === undefined))
      throw new InvalidInputError(
        'invalid_input',
        '$',
        'a load request gives a record or a state, exactly one',
      );
    if (req.record !== undefined) {
      const record = req.record as GameRecord;
      const states = readUnder('$.record', () => replay(game, record));
      const seats = game.seatCount(record.config);
      // The chance generator is brought to where the record left it, so play goes on as it would have.
      const { chance, agents } = gameStreams(record.seed, seats);
      game.setup(record.config, chance);
      for (const [i, { seat, action }] of record.actions.entries())
        game.apply(states[i], seat, action, chance);
      this.live = {
        config: record.config,
        seats,
        seed: record.seed,
        state: states[states.length - 1],
        chance,
        agentRngs: agents,
        actions: record.actions.map(({ seat, action }) => ({ seat, action })),
        ...(record.forfeit === undefined ? {} : { forfeit: record.forfeit }),
      };
      return { seats, actions: record.actions.length, ...this.where() };
    }
    const config = this.configOf(req.config, undefined);
    const state = readUnder('$.state', () => game.fromJSON(req.state));
    const seats = game.seatCount(config);
    const seed = req.seed ?? 1;
    const chance = req.rng === undefined ? gameStreams(seed, seats).chance : createRng(req.rng);
    this.live = {
      config,
      seats,
      seed: null,
      state,
      chance,
      agentRngs: gameStreams(seed, seats).agents,
      actions: [],
    };
    return { seats, actions: 0, ...this.where() };
  }

  private record(): GameRecord {
    const live = this.need();
    if (live.seed === null)
      throw new TabulaError(
        'invalid_argument',
        'a game loaded as a state has no record (no seed, no actions)',
      );
    return {
      game: this.game.id,
      version: this.game.version,
      config: live.config,
      seed: live.seed,
      actions: live.actions,
      outcome: live.forfeit === undefined ? this.game.outcome(live.state) : undefined,
      ...(live.forfeit === undefined ? {} : { forfeit: live.forfeit }),
    };
  }

  private apply({ seat, action }: Request<'apply'>) {
    const live = this.need();
    const s = this.seat(seat);
    if (live.forfeit !== undefined) throw new IllegalActionError('game_over', 'the game ended by a forfeit');
    // A refused action leaves the game as it was, chance included.
    const saved = live.chance.save();
    try {
      live.state = this.game.apply(live.state, s, action, live.chance);
    } catch (error) {
      live.chance = createRng(saved);
      throw error;
    }
    live.actions.push({ seat: s, action });
    return this.where();
  }

  private agent(name: string | undefined): { name: string; agent: Agent<unknown, unknown> } {
    const chosen = name ?? defaultAgentFor(this.game.id);
    let agent = this.agents.get(chosen);
    if (agent === undefined) {
      const entry = agentsFor(this.game.id).get(chosen);
      if (entry === undefined) {
        throw new InvalidInputError(
          'invalid_input',
          '$.agent',
          `${this.game.id} has no agent ${shown(chosen)}: the agents are ${[...agentsFor(this.game.id).keys()].join(', ')}`,
        );
      }
      agent = entry.create();
      this.agents.set(chosen, agent);
    }
    return { name: chosen, agent };
  }

  private async choose(
    agent: Agent<unknown, unknown>,
    state: unknown,
    seat: Seat,
    legal: readonly unknown[],
    rng: Rng,
    budgetMs: number | undefined,
  ): Promise<unknown> {
    const context = budgetMs === undefined ? { seat, rng } : { seat, rng, budgetMs };
    return agent.act(this.game.view(state, seat), legal, context);
  }

  private async best({ seat, agent, budgetMs }: Request<'best'>) {
    const live = this.need();
    const s = this.seat(seat);
    const legal = this.game.legalActions(live.state, s);
    if (legal.length === 0) throw new TabulaError('no_legal_action', `seat ${s} is not to act now`);
    const chosen = this.agent(agent);
    const rng = live.agentRngs[s] as Rng;
    return {
      action: await this.choose(chosen.agent, live.state, s, legal, rng, budgetMs),
      agent: chosen.name,
    };
  }

  /**
   * For each decision of the record, the agent's preferred action in the same
   * position and whether the played one is it. This is agreement with an
   * agent, not equity: it says where a player chose otherwise, not how much it cost.
   */
  private async analyse({ record, agent, budgetMs }: Request<'analyse'>) {
    const { game } = this;
    const states = readUnder('$.record', () => replay(game, record as GameRecord));
    const chosen = this.agent(agent);
    const { agents: rngs } = gameStreams(record.seed, game.seatCount(record.config));
    const decisions = [];
    for (const [index, { seat, action: played }] of record.actions.entries()) {
      const state = states[index];
      const legal = game.legalActions(state, seat);
      if (legal.length === 0) continue;
      const preferred = await this.choose(chosen.agent, state, seat, legal, rngs[seat] as Rng, budgetMs);
      const matched = canonicalJson(preferred) === canonicalJson(played);
      decisions.push({ index, seat, played, preferred, matched, choices: legal.length });
    }
    return { agent: chosen.name, decisions };
  }
}

/** How many lines may wait for their answers before the engine stops reading. */
const MAX_WAITING = 64;

/**
 * Serves a session over a byte stream of request lines: each line's response
 * is written (`write`, one line of JSON) in the order the lines came, one
 * request at a time. Resolves when the input ends or after `quit`.
 */
export function serveEngine(
  session: EngineSession,
  input: NodeJS.ReadableStream,
  write: (line: string) => void,
): Promise<void> {
  return new Promise((resolve) => {
    let queue: Promise<void> = Promise.resolve();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      input.off('data', onData);
      input.off('end', onEnd);
      if ('pause' in input) input.pause();
      resolve();
    };
    // Lines read but not yet answered: past a few dozen, reading waits, so a host that sends
    // faster than the engine answers cannot make it hold everything it sent.
    let waiting = 0;
    const enqueue = (answer: () => Promise<string> | string) => {
      if (++waiting === MAX_WAITING && 'pause' in input) input.pause();
      queue = queue.then(async () => {
        if (session.done) return;
        write(await answer());
        if (--waiting === MAX_WAITING - 1 && !finished && 'resume' in input) input.resume();
        if (session.done) finish();
      });
    };
    const splitter = lineSplitter(
      MAX_LINE_BYTES,
      (line) => enqueue(() => session.handle(line)),
      () => enqueue(() => session.tooLong()),
    );
    const onData = (chunk: Buffer | string) =>
      splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    const onEnd = () => {
      splitter.end();
      void queue.then(finish);
    };
    input.on('data', onData);
    input.on('end', onEnd);
  });
}
