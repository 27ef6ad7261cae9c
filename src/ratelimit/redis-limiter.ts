import { Redis, type Result } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { startOf, WINDOW_MS, windowStart, windowState, type Lease, type Limiter, type WindowState } from './limiter.ts';
import { LocalLeases } from './local-leases.ts';

/**
 * One hit, atomically, in one round trip: count it and, on the window's first hit, give the key
 * an expiry so stale windows clean themselves up. Returns the count including this hit.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
`;

/** Takes one hit back, atomically, from a window that still exists (an expired one is left alone). */
const REFUND_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return -1
`;

/** Extends a lease that is still this holder's (its token is the key's value); 1 if it was. */
const RENEW_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** Gives a lease up if it is still this holder's: a lease that expired and was taken by another stays theirs. */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    aeRateLimitHit(key: string, ttlMs: number): Result<number, Context>;
    aeRateLimitRefund(key: string): Result<number, Context>;
    aeLeaseRenew(key: string, token: string, ttlMs: number): Result<number, Context>;
    aeLeaseRelease(key: string, token: string): Result<number, Context>;
  }
}

/** Keys outlive their window a little, so an instance whose clock lags slightly still finds them. */
const EXPIRY_GRACE_MS = 5_000;
/** While on local windows, how often Redis is tried again (besides every reconnection). */
const PROBE_INTERVAL_MS = 1_000;

/** The part of the process logger (pino) the limiter writes to. */
export interface LimiterLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface RedisLimiterOptions {
  url: string;
  /** Prepended to every key (`<prefix><key>:<windowStartMs>`); tests use one of their own. */
  keyPrefix?: string;
  now?: () => number;
  logger?: LimiterLog;
  /** A Redis that does not answer costs the requests in flight at most this long, once: the limiter then falls back. */
  timeoutMs?: number;
  connectTimeoutMs?: number;
}

const silent: LimiterLog = { error() {}, warn() {} };

/**
 * Settles with `command`, or fails once `ms` have passed. The failure waits one more turn of the
 * event loop (setImmediate runs after the poll phase that reads sockets): when a busy instance's
 * loop stalls past the deadline, a reply already received is read first, so the instance never
 * mistakes its own lag for a slow Redis and loosens its limits (measured under a loaded test run).
 */
function within<T>(ms: number, command: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error(`Redis did not answer within ${ms} ms`))), ms);
    command.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * Windows shared by every instance through Redis (REDIS_URL), counted exactly: the increment is
 * one atomic script call, so concurrent hits from any number of instances never lose a count.
 *
 * The window (the key's suffix) comes from this instance's clock, like MemoryLimiter's. That is
 * why instance clocks must be NTP-synchronised: an instance whose clock is off by s seconds
 * counts s seconds of every minute in the neighbouring window's key, so around a boundary a
 * credential could get more than its limit and instances would disagree on X-RateLimit-Reset.
 *
 * When Redis cannot be reached (refused, reset, no answer in time) the limiter counts in this
 * instance (ADR 0005), continuing from the shared counts it last saw in the window, says so once
 * in the log, and goes back to Redis as soon as it answers.
 */
export class RedisLimiter implements Limiter {
  private readonly redis: Redis;
  private readonly keyPrefix: string;
  private readonly now: () => number;
  private readonly log: LimiterLog;
  private readonly timeoutMs: number;
  private readonly connectTimeoutMs: number;
  /** Per key, in the current window: the highest shared count seen, plus hits counted here while Redis was away. */
  private known = new Map<string, number>();
  private knownWindow = 0;
  private fallback = false;
  private fallbackCount = 0;
  private probeTimer: NodeJS.Timeout | null = null;
  private probing: Promise<void> | null = null;
  private closed = false;
  /** Leases taken while Redis was away (per instance, like the windows meanwhile). */
  private readonly localLeases: LocalLeases;

  constructor(options: RedisLimiterOptions) {
    this.keyPrefix = options.keyPrefix ?? 'ae:rl:';
    this.now = options.now ?? Date.now;
    this.log = options.logger ?? silent;
    this.timeoutMs = options.timeoutMs ?? 500;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 1_000;
    this.localLeases = new LocalLeases(this.now);
    this.redis = new Redis(options.url, {
      lazyConnect: true,
      // Never queue or replay a hit: a queued hit would hang a request, a replayed one count twice.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      // A backstop that clears commands a hung server never answers; requests wait `timeoutMs` at most.
      commandTimeout: 10 * this.timeoutMs,
      connectTimeout: this.connectTimeoutMs,
      // Probes a connection silent for 10 s, so a Redis host that died without a word is found
      // while the limiter is idle (on a busy one, the `timeoutMs` bound above notices first).
      keepAlive: 10_000,
      // Reconnect in the background for as long as the process lives.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
    });
    this.redis.defineCommand('aeRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis.defineCommand('aeRateLimitRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT });
    this.redis.defineCommand('aeLeaseRenew', { numberOfKeys: 1, lua: RENEW_SCRIPT });
    this.redis.defineCommand('aeLeaseRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
    // Every failed reconnection emits 'error'; the switch to local windows is logged once instead.
    this.redis.on('error', () => {});
    this.redis.on('close', () => this.useLocalWindows(new Error('connection to Redis closed')));
    this.redis.on('ready', () => void this.probe());
  }

  /**
   * Connects once, waiting at most the connect timeout (a server that accepts but never answers
   * would otherwise hold the start). Not ready by then: starts on local windows and keeps trying.
   */
  async connect(): Promise<this> {
    try {
      await within(this.connectTimeoutMs, this.redis.connect());
    } catch (err) {
      this.useLocalWindows(err);
    }
    return this;
  }

  /** True while hits are counted per instance because Redis does not answer. */
  get usingFallback(): boolean {
    return this.fallback;
  }

  /** How many times the limiter has fallen back to per-instance windows since it started. */
  get fallbacks(): number {
    return this.fallbackCount;
  }

  async hit(key: string, limit: number): Promise<WindowState> {
    const nowMs = this.now();
    const start = windowStart(nowMs);
    if (!this.fallback) {
      try {
        const command = this.redis.aeRateLimitHit(`${this.keyPrefix}${key}:${start}`, start + WINDOW_MS - nowMs + EXPIRY_GRACE_MS);
        const count = await within(this.timeoutMs, command);
        const known = this.knownCounts(start);
        if (known !== null && count > (known.get(key) ?? 0)) known.set(key, count);
        return windowState(count, limit, nowMs);
      } catch (err) {
        this.useLocalWindows(err);
      }
    }
    const known = this.knownCounts(start);
    const count = (known?.get(key) ?? 0) + 1;
    known?.set(key, count);
    return windowState(count, limit, nowMs);
  }

  async refund(key: string, counted: WindowState): Promise<void> {
    const start = startOf(counted);
    if (!this.fallback) {
      try {
        await within(this.timeoutMs, this.redis.aeRateLimitRefund(`${this.keyPrefix}${key}:${start}`));
        return;
      } catch (err) {
        this.useLocalWindows(err);
      }
    }
    // On local windows (or since the hit): taken back here, in the window it was counted in.
    if (start !== this.knownWindow) return;
    const count = this.known.get(key) ?? 0;
    if (count > 0) this.known.set(key, count - 1);
  }

  /**
   * A key held across instances: SET NX with an expiry, the holder's random token as its value, so
   * that renewing and releasing touch only a lease that is still this holder's. While Redis does
   * not answer, leased in this instance (as hits are counted, ADR 0005); a key taken here then is
   * still refused here once Redis answers, until it is released or expires.
   */
  async lease(key: string, ttlMs: number): Promise<Lease | null> {
    const name = `${this.keyPrefix}lease:${key}`;
    if (!this.fallback && !this.localLeases.holds(name)) {
      const token = randomBytes(12).toString('base64url');
      try {
        const taken = await within(this.timeoutMs, this.redis.set(name, token, 'PX', ttlMs, 'NX'));
        if (taken === null) return null;
        return {
          renew: async () => {
            try {
              return (await within(this.timeoutMs, this.redis.aeLeaseRenew(name, token, ttlMs))) === 1;
            } catch {
              // Redis away: the key expires there on its own; the holder keeps going (like a hit counted locally).
              return true;
            }
          },
          release: async () => {
            await within(this.timeoutMs, this.redis.aeLeaseRelease(name, token)).catch(() => {});
          },
        };
      } catch (err) {
        this.useLocalWindows(err);
      }
    }
    return this.localLeases.take(name, ttlMs);
  }

  /** For /readyz: Redis answers a PING and the shared windows are in use. */
  async ping(): Promise<boolean> {
    try {
      await within(this.timeoutMs, this.redis.ping());
    } catch {
      return false;
    }
    if (this.fallback) await this.probe();
    return !this.fallback;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopProbing();
    this.known = new Map();
    this.localLeases.clear();
    if (this.redis.status === 'ready') await within(this.timeoutMs, this.redis.quit()).catch(() => this.redis.disconnect());
    else this.redis.disconnect();
  }

  /** The counts of the window starting at `start`; null for a window already over (a reply that crossed the minute). */
  private knownCounts(start: number): Map<string, number> | null {
    if (start < this.knownWindow) return null;
    if (start > this.knownWindow) {
      // A new window: every earlier count is stale, so the map never outgrows one minute of keys.
      this.knownWindow = start;
      this.known = new Map();
    }
    return this.known;
  }

  private useLocalWindows(err: unknown): void {
    if (this.fallback || this.closed) return;
    this.fallback = true;
    this.fallbackCount++;
    this.log.error(
      { err, fallbacks: this.fallbackCount },
      'rate limit: Redis unreachable, counting per-instance windows until it answers again',
    );
    this.probeTimer = setInterval(() => void this.probe(), PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  /** Goes back to the shared windows once a real hit script succeeds (a PING alone could pass on a read-only replica). */
  private probe(): Promise<void> {
    if (!this.fallback || this.closed) return Promise.resolve();
    this.probing ??= within(this.timeoutMs, this.redis.aeRateLimitHit(`${this.keyPrefix}probe`, 1_000))
      .then(() => {
        if (!this.fallback || this.closed) return;
        this.fallback = false;
        this.stopProbing();
        this.log.warn({ fallbacks: this.fallbackCount }, 'rate limit: Redis answers again, windows are shared across instances again');
      })
      .catch(() => {})
      .finally(() => {
        this.probing = null;
      });
    return this.probing;
  }

  private stopProbing(): void {
    if (this.probeTimer !== null) clearInterval(this.probeTimer);
    this.probeTimer = null;
  }
}
