/**
 * The server's own limits beside Fastify's (body size) and @fastify/rate-limit
 * (HTTP requests per address): actions per seat token, and open WebSockets
 * per address.
 */

export interface Limits {
  /** Largest HTTP body, in bytes. */
  readonly bodyBytes: number;
  /** Largest WebSocket message, in bytes; a larger one gets `too_large` and the socket stays open. */
  readonly messageBytes: number;
  /** HTTP requests per address per minute. */
  readonly requestsPerMinute: number;
  /** Actions (and other messages) a token may send in a burst, and per second after it. */
  readonly burst: number;
  readonly perSecond: number;
  /** WebSockets open at once from one address. */
  readonly socketsPerAddress: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 64 * 1024,
  messageBytes: 64 * 1024,
  requestsPerMinute: 1200,
  burst: 40,
  perSecond: 20,
  socketsPerAddress: 32,
};

/** A token bucket per key: `burst` at once, refilled at `perSecond`. */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Whether `key` may send one more now (and counts it). */
  take(key: string): boolean {
    const now = this.clock();
    const bucket = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    // Full buckets hold nothing worth keeping: forget them now and then, so the map stays small.
    if (this.buckets.size > 10_000) this.sweep(now);
    return allowed;
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.burst) this.buckets.delete(key);
    }
  }
}

/** Counts what each address holds open (its WebSockets). */
export class PerAddress {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Whether `address` may open one more; counts it when so. */
  acquire(address: string): boolean {
    const n = this.open.get(address) ?? 0;
    if (n >= this.max) return false;
    this.open.set(address, n + 1);
    return true;
  }

  release(address: string): void {
    const n = (this.open.get(address) ?? 1) - 1;
    if (n <= 0) this.open.delete(address);
    else this.open.set(address, n);
  }
}
