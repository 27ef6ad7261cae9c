/**
 * Fixed windows aligned to clock minutes (D35): every hit in [hh:mm:00, hh:mm+1:00) counts in
 * the same window. Implementations: memory (one process) and Redis (shared by instances).
 */
export const WINDOW_MS = 60_000;

export interface WindowState {
  /** hits in this window, this one included */
  count: number;
  limit: number;
  allowed: boolean;
  remaining: number;
  /** Unix time, in seconds, at which the window ends (X-RateLimit-Reset) */
  resetAt: number;
  /** whole seconds until the window ends, at least 1 (Retry-After) */
  retryAfter: number;
}

export interface Limiter {
  /** Counts one hit against `key` and tells whether it is within `limit`. */
  hit(key: string, limit: number): Promise<WindowState>;
  /**
   * Takes back one hit that `hit` counted against `key` in the window `counted` came from: a
   * request counted before its token was read, whose token then proved invalid, which D4 does not
   * count (ADR 0014). A window already over is left as it is. Never fails.
   */
  refund(key: string, counted: WindowState): Promise<void>;
  /**
   * Takes `key` for this holder alone until it is released or `ttlMs` pass without a renewal
   * (D49: one export at a time per credential, across instances when the windows are shared);
   * null while another holder has it. Never fails: without its shared store, a limiter leases
   * in this process as it counts there.
   */
  lease(key: string, ttlMs: number): Promise<Lease | null>;
  /**
   * For /readyz, on limiters that share windows through another store: true when that store
   * answers and the shared windows are in use. Absent: there is nothing beyond the process to check.
   */
  ping?(): Promise<boolean>;
  /**
   * On limiters that share windows through another store: true while that store does not answer
   * and this process counts on windows of its own (the metric api_externa_rate_limit_fallback).
   */
  readonly usingFallback?: boolean;
  close(): Promise<void>;
}

/** A key held by one holder (Limiter.lease). */
export interface Lease {
  /** Extends the hold by its ttl from now; false when the key is no longer this holder's (it expired). */
  renew(): Promise<boolean>;
  /** Gives the key up; a lease already lost is left alone. Never fails. */
  release(): Promise<void>;
}

/** The start (ms) of the window a state was counted in. */
export const startOf = (state: WindowState): number => state.resetAt * 1000 - WINDOW_MS;

export function windowStart(nowMs: number): number {
  return Math.floor(nowMs / WINDOW_MS) * WINDOW_MS;
}

export function windowState(count: number, limit: number, nowMs: number): WindowState {
  const end = windowStart(nowMs) + WINDOW_MS;
  return {
    count,
    limit,
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    resetAt: end / 1000,
    retryAfter: Math.max(1, Math.ceil((end - nowMs) / 1000)),
  };
}
