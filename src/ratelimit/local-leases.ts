import { randomBytes } from 'node:crypto';
import type { Lease } from './limiter.ts';

/**
 * Leases held in this process: what MemoryLimiter gives, and what RedisLimiter falls back to while
 * Redis does not answer (ADR 0005: per-instance until it answers again). A lease's expiry is
 * checked when someone asks for the key, so an instance that lost track of one (it never released
 * it) blocks the key for `ttlMs` at most.
 */
export class LocalLeases {
  private readonly held = new Map<string, { token: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  take(key: string, ttlMs: number): Lease | null {
    const current = this.held.get(key);
    if (current !== undefined && current.until > this.now()) return null;
    const token = randomBytes(12).toString('base64url');
    this.held.set(key, { token, until: this.now() + ttlMs });
    return {
      renew: async () => {
        const mine = this.held.get(key);
        if (mine?.token !== token) return false;
        mine.until = this.now() + ttlMs;
        return true;
      },
      release: async () => {
        if (this.held.get(key)?.token === token) this.held.delete(key);
      },
    };
  }

  /** Whether this process holds `key` now (RedisLimiter: a key taken here while Redis was away). */
  holds(key: string): boolean {
    const current = this.held.get(key);
    return current !== undefined && current.until > this.now();
  }

  clear(): void {
    this.held.clear();
  }
}
