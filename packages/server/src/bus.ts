import { Redis } from 'ioredis';

/**
 * The nodes' news of tables over Redis pub/sub: "table T advanced to seq S".
 * Only news: every node reads the actions themselves from the database, so a
 * message lost (Redis down, restarted, a node's connection dropped) loses
 * nothing but time; the node learns it from the log by polling (cluster.ts).
 */

export type BusState = 'up' | 'down';

export interface BusOptions {
  /** `redis://host:port`. */
  readonly url: string;
  /** The pub/sub channel (default `tabula:tables`): nodes of one cluster share it. */
  readonly channel?: string;
  /** This node's name: its own messages come back to it and are skipped. */
  readonly node: string;
}

export interface BusEvents {
  /** Another node moved the table on to `seq`. */
  advanced(tableId: string, seq: number): void;
  /** Redis became reachable (`up`, news flows again) or unreachable (`down`, news may be missed). */
  changed(state: BusState): void;
}

export const DEFAULT_CHANNEL = 'tabula:tables';

/** Reconnects every 100 ms at first, then every second, for as long as it takes. */
const retryStrategy = (times: number) => Math.min(times * 100, 1000);

export class TableBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private current: BusState = 'down';
  private closed = false;

  constructor(
    private readonly options: BusOptions,
    private readonly events: BusEvents,
  ) {
    this.channel = options.channel ?? DEFAULT_CHANNEL;
    // No offline queue: news published while Redis is away is dropped at once, not sent late out of order.
    const settings = {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy,
    } as const;
    this.publisher = new Redis(options.url, settings);
    this.subscriber = new Redis(options.url, settings);
    for (const client of [this.publisher, this.subscriber]) client.on('error', () => undefined);
    this.subscriber.on('ready', () => {
      this.subscriber.subscribe(this.channel).then(
        () => this.set('up'),
        () => this.set('down'),
      );
    });
    this.subscriber.on('close', () => this.set('down'));
    this.subscriber.on('message', (_channel: string, text: string) => {
      const [table, seq, node] = text.split(' ');
      if (table === undefined || node === this.options.node) return;
      const n = Number(seq);
      if (Number.isInteger(n)) this.events.advanced(table, n);
    });
  }

  get state(): BusState {
    return this.current;
  }

  private set(state: BusState): void {
    if (this.closed || state === this.current) return;
    this.current = state;
    this.events.changed(state);
  }

  /** Connects; when Redis is not there yet, keeps trying in the background (the node polls meanwhile). */
  async start(): Promise<void> {
    await Promise.all(
      [this.publisher, this.subscriber].map((client) => client.connect().catch(() => undefined)),
    );
  }

  /** Tells the other nodes; a message that cannot be sent now is dropped (they poll while Redis is away). */
  advanced(tableId: string, seq: number): void {
    if (this.publisher.status !== 'ready') return;
    this.publisher.publish(this.channel, `${tableId} ${seq} ${this.options.node}`).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    // News needs no goodbye: a quit would wait on a Redis that may be away.
    for (const client of [this.publisher, this.subscriber]) client.disconnect();
  }
}
