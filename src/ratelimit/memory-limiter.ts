import { startOf, windowStart, windowState, type Lease, type Limiter, type WindowState } from './limiter.ts';
import { LocalLeases } from './local-leases.ts';

/** In-process windows: exact for one instance; REDIS_URL shares them across instances. */
export class MemoryLimiter implements Limiter {
  private window = 0;
  private counts = new Map<string, number>();
  private readonly leases: LocalLeases;

  constructor(private readonly now: () => number = Date.now) {
    this.leases = new LocalLeases(now);
  }

  async hit(key: string, limit: number): Promise<WindowState> {
    const nowMs = this.now();
    const start = windowStart(nowMs);
    if (start !== this.window) {
      // A new window: every earlier count is stale, so the map never outgrows one minute of keys.
      this.window = start;
      this.counts = new Map();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return windowState(count, limit, nowMs);
  }

  async refund(key: string, counted: WindowState): Promise<void> {
    if (startOf(counted) !== this.window) return;
    const count = this.counts.get(key) ?? 0;
    if (count > 0) this.counts.set(key, count - 1);
  }

  async lease(key: string, ttlMs: number): Promise<Lease | null> {
    return this.leases.take(key, ttlMs);
  }

  async close(): Promise<void> {
    this.counts.clear();
    this.leases.clear();
  }
}
