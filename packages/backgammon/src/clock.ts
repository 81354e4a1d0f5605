import type { ClockConfig, Side } from './schemas.js';

/**
 * Clocks as online servers run them, as arithmetic over plain numbers: the
 * engine never reads the wall clock. Each action a seat takes comes with the
 * time the seat took (`elapsedMs`, measured by the host). Time within the
 * clock's delay is free; the rest comes off the seat's reserve (a simple
 * delay, which leaves the same reserve after each action as a Bronstein
 * delay). A seat that took longer than the delay plus its reserve has run
 * out of time.
 */

/** The reserves at the start of a table or a match with this clock. */
export function startReserves(clock: ClockConfig): [number, number] {
  return [clock.reserveMs, clock.reserveMs];
}

/** How long a seat with `reserveMs` left may take over its next action before it runs out. */
export function timeLeft(clock: ClockConfig, reserveMs: number): number {
  return clock.delayMs + reserveMs;
}

/**
 * The reserves after `seat` took `elapsedMs` over an action, or null when it
 * took longer than the delay plus its reserve (it has run out of time).
 */
export function charge(
  clock: ClockConfig,
  reserves: readonly [number, number],
  seat: Side,
  elapsedMs: number,
): [number, number] | null {
  const reserve = reserves[seat];
  if (elapsedMs > clock.delayMs + reserve) return null;
  const left = reserve - Math.max(0, elapsedMs - clock.delayMs);
  return seat === 0 ? [left, reserves[1]] : [reserves[0], left];
}

/** A time for people: `4:05`, `1:02:03`, or `12.3 s` under a minute. */
export function formatTime(ms: number): string {
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const seconds = Math.floor(ms / 1000);
  const s = String(seconds % 60).padStart(2, '0');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}:${s}`;
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${s}`;
}
