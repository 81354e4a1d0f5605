import { createHash, randomBytes } from 'node:crypto';
import { agentsFor } from '@tabula/agents';
import { GAMES, withDefaults } from '@tabula/cli';
import {
  type AnyGame,
  createRng,
  type GameRecord,
  gameStreams,
  IllegalActionError,
  InvalidInputError,
  type Outcome,
  parseWith,
  type RecordedAction,
  type RngState,
  replay,
  type SpectatorRecord,
  TabulaError,
} from '@tabula/core';
import type { AgentPool } from './agents.js';
import type { OpenedDatabase, SeatsRow, TablesRow } from './db.js';
import type { CreateTable, Join, ServerMessage, TableStatus, TableSummary, Update } from './schemas.js';
import {
  type ActionLog,
  actionLog,
  insertTable,
  listTables,
  liveTableIds,
  loadActions,
  loadSeats,
  loadTable,
  takeSeat,
} from './store.js';

/** Someone told of a table's every new position: a seat's socket, or a spectator's (seat null). */
export interface Subscriber {
  readonly seat: number | null;
  /** `text`, when given, is the message as JSON: written once for every subscriber of one seat (spectators above all). */
  send(message: ServerMessage, text?: string): void;
}

interface SeatInfo {
  readonly kind: 'person' | 'agent';
  readonly agent: string | null;
  name: string | null;
  tokenHash: string | null;
}

/** A table in memory: a cache of its rows, its log and who listens. */
interface Live {
  readonly id: string;
  readonly game: AnyGame;
  readonly version: string;
  readonly config: unknown;
  readonly seed: number;
  readonly createdAt: string;
  readonly seats: SeatInfo[];
  state: unknown;
  rng: RngState;
  seq: number;
  status: TableStatus;
  outcome: Outcome | null;
  readonly actions: RecordedAction[];
  readonly subscribers: Set<Subscriber>;
  /** The end of the queue of this table's operations: they run one at a time, in order. */
  lock: Promise<unknown>;
  /** Agent seats with a decision under way. */
  readonly thinking: Set<number>;
  /**
   * Each seat to act now, with the sequence number since which it has been
   * to act at every position without acting: an action it sends naming any
   * of those positions is still its answer to the position now.
   */
  waiting: Map<number, number>;
}

export interface HallOptions {
  readonly agents: AgentPool;
  /** An agent's time budget a decision, in milliseconds (default 1000). */
  readonly agentBudgetMs?: number;
  /**
   * Games whose legal actions take long to find (rummy's: a solver's search
   * of many milliseconds): theirs are worked out in the worker threads, so
   * that the event loop stays free for other tables. Default: rummy.
   */
  readonly slowLegal?: readonly string[];
  /** The other nodes of a cluster (see cluster.ts); none for a server alone. */
  readonly peers?: HallPeers;
}

/**
 * A hall's link to the other nodes on the same database: it tells them of
 * each table it moves on, and plays a table's agents only while it holds
 * that table's lease.
 */
export interface HallPeers {
  /** The table moved on (an action, a seat taken) to `seq`: committed, to be told to the other nodes. */
  advanced(tableId: string, seq: number): void;
  /** Whether this node plays the table's agent seats now. */
  holds(tableId: string): boolean;
  /** The table has agents to play and this node does not hold it: try to take its lease. */
  want(tableId: string): void;
}

/** Where the hall reports what goes wrong off any request (an agent that failed): the server's logger. */
export interface HallLog {
  warn(obj: object, msg: string): void;
}

/** A seat token: 192 random bits, in base64url; only its hash is stored. */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const newTableId = () => randomBytes(9).toString('base64url');

/** A 32-bit seed from the system's secure generator: nobody can guess a table's chance. */
const newSeed = () => randomBytes(4).readInt32LE(0);

function gameOf(id: string, path = '$.game'): AnyGame {
  const game = Object.hasOwn(GAMES, id) ? GAMES[id] : undefined;
  if (game === undefined)
    throw new InvalidInputError(
      'invalid_input',
      path,
      `no game "${id}" on this server; games: ${Object.keys(GAMES).join(', ')}`,
    );
  return game;
}

/**
 * A table's snapshot (its state and generator) is saved every this many
 * actions and at the end; loading a table replays fewer than this many.
 */
const SNAPSHOT_EVERY = 32;

const notFound = (id: string) => new TabulaError('not_found', `There is no table ${id}`);

/**
 * Sends each subscriber the message for its seat (none when `messageFor`
 * has none), made and written as JSON once a seat however many listen from
 * it: a table's spectators all share one.
 */
function tellEachSeat(
  subscribers: ReadonlySet<Subscriber>,
  messageFor: (seat: number | null) => ServerMessage | undefined,
): void {
  const bySeat = new Map<number | null, readonly [ServerMessage, string] | null>();
  for (const subscriber of subscribers) {
    let told = bySeat.get(subscriber.seat);
    if (told === undefined) {
      const message = messageFor(subscriber.seat);
      told = message === undefined ? null : [message, JSON.stringify(message)];
      bySeat.set(subscriber.seat, told);
    }
    if (told !== null) subscriber.send(told[0], told[1]);
  }
}

/**
 * Every table of the server: creating and joining them, taking actions, and
 * telling each seat and spectator its own new view. Each table's operations
 * run one at a time, in order; an action is applied in memory only once its
 * transaction has committed, so memory never runs ahead of the log.
 */
export class Hall {
  private readonly tables = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live>>();
  private closing = false;
  private readonly budgetMs: number;
  private readonly slowLegal: ReadonlySet<string>;
  private readonly actionLog: ActionLog;
  log: HallLog | null = null;

  private constructor(
    private readonly database: OpenedDatabase,
    private readonly options: HallOptions,
  ) {
    this.budgetMs = options.agentBudgetMs ?? 1000;
    this.slowLegal = new Set(options.slowLegal ?? ['rummy']);
    this.actionLog = actionLog(database);
  }

  /** A seat's legal actions: here for most games, in a worker for the slow ones. */
  private async legalFor(
    live: Live,
    state: unknown,
    seat: number | null,
    status: TableStatus,
  ): Promise<unknown[]> {
    if (seat === null || status !== 'running' || !live.game.toAct(state).includes(seat)) return [];
    if (!this.slowLegal.has(live.game.id)) return live.game.legalActions(state, seat);
    return this.options.agents.legal({ game: live.game.id, seat, state });
  }

  /** `known`: the legal actions of seats to act, when already worked out for this position. */
  private async updateNow(
    live: Live,
    seat: number | null,
    known?: ReadonlyMap<number, unknown[]>,
  ): Promise<Update> {
    const legal =
      (seat === null ? undefined : known?.get(seat)) ??
      (await this.legalFor(live, live.state, seat, live.status));
    return updateAt(live, live.state, live.seq, live.status, seat, legal);
  }

  /** Opens the hall on a database and resumes every table not finished, agents included. */
  static async open(database: OpenedDatabase, options: HallOptions): Promise<Hall> {
    const hall = new Hall(database, options);
    for (const id of await liveTableIds(database.db)) {
      const live = await hall.live(id);
      hall.scheduleAgents(live);
    }
    return hall;
  }

  private get db() {
    return this.database.db;
  }

  /** Tables in memory (for /health). */
  get size(): number {
    return this.tables.size;
  }

  private async live(id: string): Promise<Live> {
    const cached = this.tables.get(id);
    if (cached !== undefined) return cached;
    let pending = this.loading.get(id);
    if (pending === undefined) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async load(id: string): Promise<Live> {
    const stored = await loadTable(this.db, id);
    if (stored === null) throw notFound(id);
    const { row, snapshot, seats } = stored;
    const game = gameOf(row.game);
    // Another node may append between the reads: the log is taken as far as the row.
    const actions = (await loadActions(this.db, id)).slice(0, Number(row.seq));
    // The snapshot is the server's own, but it goes through the game's checks all the same.
    let state = game.fromJSON(JSON.parse(snapshot.state));
    const rng = createRng(JSON.parse(snapshot.rng) as RngState);
    for (const { seat, action } of actions.slice(Number(snapshot.seq)))
      state = game.apply(state, seat, action, rng);
    const live: Live = {
      id,
      game,
      version: row.version,
      config: JSON.parse(row.config) as unknown,
      seed: Number(row.seed),
      createdAt: row.created_at,
      seats: seats.map(seatInfo),
      state,
      rng: rng.save(),
      seq: Number(row.seq),
      status: row.status as TableStatus,
      outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
      actions,
      subscribers: new Set(),
      lock: Promise.resolve(),
      thinking: new Set(),
      waiting: new Map(),
    };
    if (live.actions.length !== live.seq)
      throw new TabulaError(
        'invalid_state',
        `Table ${id} logs ${live.actions.length} actions but is at ${live.seq}`,
      );
    if (live.status === 'running')
      live.waiting = waitingOf(game, replay(game, recordOf(live, null)), live.actions);
    else if (live.status === 'open') live.waiting = new Map(game.toAct(live.state).map((seat) => [seat, 0]));
    this.tables.set(id, live);
    return live;
  }

  /** Runs `work` after every operation queued before it on this table. */
  private queue<T>(live: Live, work: () => Promise<T>): Promise<T> {
    const run = live.lock.then(work, work);
    live.lock = run.catch(() => undefined);
    return run;
  }

  async create(spec: CreateTable): Promise<TableSummary> {
    this.refuseWhenClosing();
    const game = gameOf(spec.game);
    const players = spec.seats.length;
    let defaults: unknown;
    try {
      defaults = game.defaultConfig(players);
    } catch {
      throw new InvalidInputError('invalid_config', '$.seats', `${game.id} cannot seat ${players} players`);
    }
    const config = parseWith(
      game.schemas.config,
      withDefaults(defaults, spec.config ?? {}),
      `The ${game.id} config`,
      'invalid_config',
    );
    if (game.seatCount(config) !== players)
      throw new InvalidInputError(
        'invalid_config',
        '$.seats',
        `this ${game.id} config seats ${game.seatCount(config)}, but ${players} seats were given`,
      );
    const offered = agentsFor(game.id);
    spec.seats.forEach((seat, i) => {
      if (seat.kind === 'agent' && !offered.has(seat.agent))
        throw new InvalidInputError(
          'invalid_input',
          `$.seats[${i}].agent`,
          `no agent "${seat.agent}" for ${game.id}; agents: ${[...offered.keys()].join(', ')}`,
        );
    });
    const seed = newSeed();
    const { chance } = gameStreams(seed, players);
    const state = game.setup(config, chance);
    const seats: SeatInfo[] = spec.seats.map((s) =>
      s.kind === 'agent'
        ? { kind: 'agent', agent: s.agent, name: s.agent, tokenHash: null }
        : { kind: 'person', agent: null, name: null, tokenHash: null },
    );
    const status: TableStatus = seats.every((s) => s.kind === 'agent') ? 'running' : 'open';
    const id = newTableId();
    const rng = chance.save();
    const createdAt = await insertTable(this.db, {
      id,
      game: game.id,
      version: game.version,
      config,
      seed,
      state,
      rng,
      toAct: game.toAct(state),
      status,
      seats: seats.map(({ kind, agent, name }) => ({ kind, agent, name })),
    });
    const live: Live = {
      id,
      game,
      version: game.version,
      config,
      seed,
      createdAt,
      seats,
      state,
      rng,
      seq: 0,
      status,
      outcome: null,
      actions: [],
      subscribers: new Set(),
      lock: Promise.resolve(),
      thinking: new Set(),
      waiting: new Map(game.toAct(state).map((seat) => [seat, 0])),
    };
    this.tables.set(id, live);
    this.scheduleAgents(live);
    return summaryOf(live);
  }

  /** Takes a free person seat (the first one, unless named) and returns its token, shown this once. */
  async join(id: string, request: Join): Promise<{ table: string; seat: number; token: string }> {
    this.refuseWhenClosing();
    const live = await this.live(id);
    return this.queue(live, async () => {
      const free = live.seats.flatMap((s, seat) =>
        s.kind === 'person' && s.tokenHash === null ? [seat] : [],
      );
      const seat = request.seat ?? free[0];
      if (seat === undefined) throw new IllegalActionError('seat_taken', `Table ${id} has no free seat`);
      if (seat >= live.seats.length)
        throw new IllegalActionError('unknown_seat', `Table ${id} has seats 0 to ${live.seats.length - 1}`);
      if (!free.includes(seat))
        throw new IllegalActionError('seat_taken', `Seat ${seat} of table ${id} is not free for a person`);
      const token = newToken();
      const hash = tokenHash(token);
      const status: TableStatus = free.length === 1 ? 'running' : 'open';
      const name = request.name ?? null;
      await takeSeat(this.db, id, seat, hash, name, status);
      const info = live.seats[seat] as SeatInfo;
      info.tokenHash = hash;
      info.name = name;
      const started = live.status === 'open' && status === 'running';
      live.status = status;
      this.options.peers?.advanced(id, live.seq);
      if (started) {
        // Everyone learns that the game has begun: who is to act now.
        await this.broadcast(live);
        this.scheduleAgents(live);
      }
      return { table: id, seat, token };
    });
  }

  /** The seat a token opens at a table; `unauthorized` for any other token. */
  async seatOf(id: string, token: string): Promise<number> {
    const live = await this.live(id);
    const hash = tokenHash(token);
    let seat = live.seats.findIndex((s) => s.tokenHash === hash);
    if (seat === -1 && this.options.peers !== undefined) {
      // The seat may have been taken through another node since this one read the table.
      await this.queue(live, () => this.catchUp(live));
      seat = live.seats.findIndex((s) => s.tokenHash === hash);
    }
    if (seat === -1) throw new TabulaError('unauthorized', `That token opens no seat of table ${id}`);
    return seat;
  }

  /**
   * A seat's action, sent with the sequence number the seat last saw. The
   * engine checks it; the log takes it in one transaction; only then does the
   * table move on, and every seat and spectator is told its own new view.
   * Returns the new sequence number. A refusal (stale, illegal) changes nothing.
   */
  async submit(id: string, seat: number, seq: number, action: unknown): Promise<number> {
    this.refuseWhenClosing();
    const live = await this.live(id);
    return this.queue(live, async () => {
      // A seat that saw a later position than this node's came through another node: read the log first.
      if (this.options.peers !== undefined && seq > live.seq) await this.catchUp(live);
      if (live.status === 'finished') throw new IllegalActionError('game_over', `Table ${id} has finished`);
      if (live.status === 'open')
        throw new IllegalActionError('wrong_phase', `Table ${id} waits for its players to join`);
      // An older sequence number stands when the seat has been to act ever since without acting:
      // only other seats' moves (hidden bids of a simultaneous round) moved the table on meanwhile.
      const since = live.waiting.get(seat);
      if (seq !== live.seq && (since === undefined || seq < since || seq > live.seq))
        throw new IllegalActionError(
          'stale_sequence',
          `Table ${id} is at action ${live.seq}, not ${seq}: read its view again`,
        );
      // The engine draws from a copy: a refused action leaves the table's generator as it was.
      const rng = createRng(live.rng);
      let state: unknown;
      try {
        state = live.game.apply(live.state, seat, action, rng);
      } catch (error) {
        if (error instanceof TabulaError) throw error;
        // An engine that throws anything else on untrusted input has a bug; the action is refused all the same.
        this.log?.warn({ table: id, err: error }, 'the engine failed on an action');
        throw new IllegalActionError(
          'invalid_action',
          `The ${live.game.id} engine could not apply that action`,
        );
      }
      const outcome = live.game.outcome(state);
      const status: TableStatus = outcome === null ? 'running' : 'finished';
      const saved = rng.save();
      const toAct = status === 'running' ? live.game.toAct(state) : [];
      // The update's legal actions are worked out now, while the engine still has this position's
      // in its cache (backgammon's plays, found for its own checks): after the commit, the other
      // tables' actions of the batch have pushed them out, and they would be computed again.
      const legal = new Map<number, unknown[]>();
      if (!this.slowLegal.has(live.game.id))
        for (const { seat: watcher } of live.subscribers)
          if (watcher !== null && toAct.includes(watcher) && !legal.has(watcher))
            legal.set(watcher, live.game.legalActions(state, watcher));
      try {
        await this.actionLog.append({
          tableId: id,
          seq: live.seq,
          seat,
          action,
          snapshot:
            status !== 'running' || (live.seq + 1) % SNAPSHOT_EVERY === 0 ? { state, rng: saved } : null,
          toAct,
          status,
          outcome,
        });
      } catch (error) {
        // Another process moved this table on: the cache is stale, so it is read again next time.
        if (error instanceof TabulaError && error.code === 'stale_sequence') await this.catchUp(live);
        else if (!(error instanceof TabulaError))
          throw new TabulaError('unavailable', 'The action could not be saved; it was not applied', {
            cause: error,
          });
        throw error;
      }
      live.state = state;
      live.rng = saved;
      live.seq += 1;
      live.status = status;
      live.outcome = outcome;
      live.actions.push({ seat, action });
      live.waiting = waitingAfter(live.waiting, seat, toAct, live.seq);
      this.options.peers?.advanced(id, live.seq);
      await this.broadcast(live, legal);
      this.scheduleAgents(live);
      return live.seq;
    });
  }

  /** What a seat (or a spectator, null) is shown now. */
  async update(id: string, seat: number | null): Promise<Update> {
    const live = await this.live(id);
    return this.queue(live, () => this.updateNow(live, seat));
  }

  /**
   * Starts telling a seat or spectator each new position. `since` is the
   * sequence number it saw last (after a reconnect): it is first told every
   * position after that one, in order; without it, the position now.
   * Legal actions come with the position now only (an old one's are past).
   * Returns the function that stops it.
   */
  async subscribe(id: string, subscriber: Subscriber, since?: number): Promise<() => void> {
    const live = await this.live(id);
    return this.queue(live, async () => {
      if (since === undefined || since > live.seq) {
        subscriber.send({ type: 'update', ...(await this.updateNow(live, subscriber.seat)) });
      } else if (since < live.seq) {
        const states = replay(live.game, recordOf(live, null));
        for (let k = since + 1; k < live.seq; k++)
          subscriber.send({
            type: 'update',
            ...updateAt(live, states[k], k, 'running', subscriber.seat, []),
          });
        subscriber.send({ type: 'update', ...(await this.updateNow(live, subscriber.seat)) });
      }
      live.subscribers.add(subscriber);
      return () => {
        live.subscribers.delete(subscriber);
      };
    });
  }

  async summary(id: string): Promise<TableSummary> {
    return summaryOf(await this.live(id));
  }

  /** The tables with a status (all without one), newest first. */
  async list(status?: TableStatus, limit = 100): Promise<TableSummary[]> {
    const rows = await listTables(
      this.db,
      status === undefined ? ['open', 'running', 'finished'] : [status],
      limit,
    );
    const seats = await loadSeats(
      this.db,
      rows.map((r) => r.id),
    );
    return Promise.all(
      rows.map(async (row) => {
        let live = this.tables.get(row.id);
        // A running table saved before rows said who is to act: loaded, to find out.
        if (live === undefined && row.status === 'running' && row.to_act === null)
          live = await this.live(row.id);
        return live !== undefined
          ? summaryOf(live)
          : summaryOfRow(
              row,
              seats.filter((s) => s.table_id === row.id),
            );
      }),
    );
  }

  /**
   * The game record of a finished table, which `tabula replay` plays back.
   * A running table's full record would hold the seed, all of the game's
   * future chance (the dice to come, the stock's order), and its actions
   * what seats keep hidden (a skirmish bid not yet shown): until the game is
   * over it gets the spectator's record, every position as a spectator saw it.
   */
  async record(id: string): Promise<GameRecord | SpectatorRecord> {
    const live = await this.live(id);
    return this.queue(live, async () => {
      if (live.status === 'finished') return recordOf(live, live.outcome);
      return {
        game: live.game.id,
        version: live.version,
        players: playerNames(live.seats),
        positions: spectatorUpdates(live).map(({ seq, toAct, view }) => ({ seq, toAct, view })),
      };
    });
  }

  /**
   * Every position of a table as a spectator saw it, from the start (seq 0)
   * to now: what the browser's replay steps through. Spectator views only,
   * so nothing any seat may hide; the record (with its seed) stays here.
   */
  async views(id: string): Promise<Update[]> {
    const live = await this.live(id);
    return this.queue(live, async () => spectatorUpdates(live));
  }

  /** The tables in memory not finished, with the sequence number each is at: what a node compares with the log. */
  cached(): { id: string; seq: number; status: TableStatus }[] {
    return [...this.tables.values()]
      .filter((live) => live.status !== 'finished')
      .map(({ id, seq, status }) => ({ id, seq, status }));
  }

  /**
   * Another node moved the table on to `seq`: when it is in memory here and
   * behind, it reads the log, and its seats and spectators here are told.
   */
  async refresh(id: string, seq?: number): Promise<void> {
    // A table being loaded may have read its row just before the news: it catches up once loaded.
    const live = this.tables.get(id) ?? (await this.loading.get(id)?.catch(() => undefined));
    if (live === undefined || this.closing) return;
    if (seq !== undefined && seq < live.seq) return;
    await this.queue(live, () => this.catchUp(live));
  }

  /** This node now holds the table's lease: it loads the table and plays its agents. */
  async resumeAgents(id: string): Promise<void> {
    if (this.closing) return;
    const live = await this.live(id);
    await this.queue(live, () => this.catchUp(live));
    this.scheduleAgents(live);
  }

  /**
   * Brings a table in memory up to the log (run in the table's queue): the
   * actions logged after its sequence number are applied in order (the
   * engines are deterministic, so each position and the generator after it
   * are the writer's), each told to the listeners here.
   */
  private async catchUp(live: Live): Promise<void> {
    const stored = await loadTable(this.db, live.id);
    if (stored === null) return;
    const { row, seats } = stored;
    const seq = Number(row.seq);
    const status = row.status as TableStatus;
    let seated = false;
    seats.forEach((s, i) => {
      const info = live.seats[i];
      if (info !== undefined && info.tokenHash !== s.token_hash) {
        info.tokenHash = s.token_hash;
        info.name = s.name;
        seated = true;
      }
    });
    if (seq <= live.seq && status === live.status && !seated) return;
    if (seq > live.seq) {
      const logged = (await loadActions(this.db, live.id, live.seq)).slice(0, seq - live.seq);
      const rng = createRng(live.rng);
      let state = live.state;
      for (const [k, { seat, action }] of logged.entries()) {
        const at = live.seq + k + 1;
        live.actions.push({ seat, action });
        state = live.game.apply(state, seat, action, rng);
        const over = live.game.outcome(state) !== null;
        // Who has been waiting since when, as the writing node counted it: an older bid stands here too.
        live.waiting = waitingAfter(live.waiting, seat, over ? [] : live.game.toAct(state), at);
        // The position now is told below, with its legal actions; those before it, as they were.
        if (at < seq)
          tellEachSeat(live.subscribers, (viewer) => ({
            type: 'update',
            ...updateAt(live, state, at, 'running', viewer, []),
          }));
      }
      live.state = state;
      live.rng = rng.save();
      live.seq = seq;
      live.outcome = row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome);
    }
    live.status = status;
    if (seq > 0 || status !== 'open') await this.broadcast(live);
    this.scheduleAgents(live);
  }

  /** Stops taking work, waits for every table's operations under way (their transactions) to end. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.tables.values()].map((live) => live.lock));
  }

  private refuseWhenClosing(): void {
    if (this.closing) throw new TabulaError('unavailable', 'The server is shutting down');
  }

  /** Tells every seat and spectator listening its own view of the position now (`legal`: see `updateNow`). */
  private async broadcast(live: Live, legal?: ReadonlyMap<number, unknown[]>): Promise<void> {
    const bySeat = new Map<number | null, ServerMessage>();
    for (const subscriber of live.subscribers) {
      if (!bySeat.has(subscriber.seat))
        bySeat.set(subscriber.seat, {
          type: 'update',
          ...(await this.updateNow(live, subscriber.seat, legal)),
        });
    }
    tellEachSeat(live.subscribers, (viewer) => bySeat.get(viewer));
  }

  /** Asks each agent seat that is to act for its action, in a worker; it is submitted like a person's. */
  private scheduleAgents(live: Live): void {
    if (this.closing || live.status !== 'running') return;
    const peers = this.options.peers;
    if (peers !== undefined && !peers.holds(live.id)) {
      if (live.seats.some((s) => s.kind === 'agent')) peers.want(live.id);
      return;
    }
    for (const seat of live.game.toAct(live.state)) {
      const info = live.seats[seat];
      if (info?.kind !== 'agent' || info.agent === null || live.thinking.has(seat)) continue;
      live.thinking.add(seat);
      const { seq, state } = live;
      // The agent's own generator, a function of the table's secret seed and the moment: repeatable, never the table's chance.
      const seed = (live.seed ^ Math.imul(seat + 1, 0x9e3779b1) ^ Math.imul(seq + 1, 0x85ebca6b)) | 0;
      const task = { game: live.game.id, agent: info.agent, seat, state, seed, budgetMs: this.budgetMs };
      this.options.agents
        .decide(task)
        .catch(async (error: unknown) => {
          this.refuseWhenClosing();
          // A failed or overrunning agent still plays: a legal action chosen by its seed.
          this.log?.warn({ table: live.id, seat, err: error }, 'an agent failed; it plays a random action');
          return createRng(seed).pick(await this.legalFor(live, state, seat, 'running'));
        })
        .then((action) => this.submit(live.id, seat, seq, action))
        .catch((error: unknown) => {
          if (
            error instanceof TabulaError &&
            (error.code === 'stale_sequence' || error.code === 'unavailable')
          )
            return;
          this.log?.warn({ table: live.id, seat, err: error }, 'an agent action was refused');
        })
        .finally(() => {
          live.thinking.delete(seat);
          this.scheduleAgents(live);
        });
    }
  }
}

/** Who waits since when after `actor`'s action brought the table to `seq`, where `toAct` are to act. */
function waitingAfter(
  before: ReadonlyMap<number, number>,
  actor: number,
  toAct: readonly number[],
  seq: number,
): Map<number, number> {
  return new Map(toAct.map((seat) => [seat, seat === actor ? seq : (before.get(seat) ?? seq)]));
}

/** Who waits since when at the end of a log: its positions walked from the start. */
function waitingOf(
  game: AnyGame,
  states: readonly unknown[],
  actions: readonly RecordedAction[],
): Map<number, number> {
  let waiting = new Map(game.toAct(states[0]).map((seat) => [seat, 0]));
  actions.forEach(({ seat }, i) => {
    const state = states[i + 1];
    waiting = waitingAfter(waiting, seat, game.outcome(state) === null ? game.toAct(state) : [], i + 1);
  });
  return waiting;
}

function seatInfo(row: SeatsRow): SeatInfo {
  return {
    kind: row.kind === 'agent' ? 'agent' : 'person',
    agent: row.agent,
    name: row.name,
    tokenHash: row.token_hash,
  };
}

/** A seat's (or spectator's) update at a position: its view and legal actions, nothing else of the state. */
function updateAt(
  live: Live,
  state: unknown,
  seq: number,
  status: TableStatus,
  seat: number | null,
  legal: unknown[],
): Update {
  const playing = status === 'running';
  return {
    table: live.id,
    seq,
    seat,
    status,
    view: live.game.view(state, seat),
    legal,
    toAct: playing ? live.game.toAct(state) : [],
    outcome: status === 'finished' ? live.game.outcome(state) : null,
  };
}

/** A spectator's update at every position of the table, from its start to now. */
function spectatorUpdates(live: Live): Update[] {
  return replay(live.game, recordOf(live, null)).map((state, k) =>
    k === live.seq
      ? updateAt(live, live.state, k, live.status, null, [])
      : updateAt(live, state, k, 'running', null, []),
  );
}

function playerNames(seats: readonly SeatInfo[]): string[] {
  return seats.map((s, seat) => s.name ?? (s.kind === 'agent' ? (s.agent ?? 'agent') : `seat ${seat}`));
}

function recordOf(live: Live, outcome: Outcome | null): GameRecord {
  return {
    game: live.game.id,
    version: live.version,
    config: live.config,
    seed: live.seed,
    players: playerNames(live.seats),
    actions: [...live.actions],
    ...(outcome === null ? {} : { outcome }),
  };
}

function summaryOf(live: Live): TableSummary {
  return {
    id: live.id,
    game: live.game.id,
    version: live.version,
    status: live.status,
    seq: live.seq,
    seats: live.seats.map((s, seat) => ({
      seat,
      kind: s.kind,
      agent: s.agent,
      name: s.name,
      taken: s.kind === 'agent' || s.tokenHash !== null,
    })),
    toAct: live.status === 'running' ? live.game.toAct(live.state) : [],
    outcome: live.outcome,
    createdAt: live.createdAt,
  };
}

function summaryOfRow(row: TablesRow, seats: readonly SeatsRow[]): TableSummary {
  const status = row.status as TableStatus;
  return {
    id: row.id,
    game: row.game,
    version: row.version,
    status,
    seq: Number(row.seq),
    seats: seats.map((s) => ({
      seat: Number(s.seat),
      kind: s.kind === 'agent' ? 'agent' : 'person',
      agent: s.agent,
      name: s.name,
      taken: s.kind === 'agent' || s.token_hash !== null,
    })),
    toAct: status === 'running' && row.to_act !== null ? (JSON.parse(row.to_act) as number[]) : [],
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
    createdAt: row.created_at,
  };
}
