import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { makePool, type ServerPoolOptions } from './pool.ts';
import type { TenantDatabase } from './tables.ts';
import type { TenantDbRef } from './tenant-directory.ts';

/** A pool replaced because its URL changed is ended this long after, once in-flight requests are done. */
const RETIRE_AFTER_MS = 30_000;

interface Entry {
  url: string;
  pool: pg.Pool;
  db: Kysely<TenantDatabase>;
}

/**
 * One `pg` pool (and Kysely) per tenant database name, created on first use. The URL travels
 * with every request (the principal query reads it from the directory), so a URL changed by
 * `tenants add` is picked up by the next request: the old pool is retired, not reused. Pools
 * reconnect by themselves on next use after their database comes back (D38): pg drops a broken
 * client and opens a new connection for the next query.
 */
export class TenantPools {
  private readonly live = new Map<string, Entry>();
  private readonly retiring = new Map<Entry, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly poolMax: number,
    /**
     * The store's bounds (DB_CONNECT_TIMEOUT_MS, statement and client-side query timeouts): a
     * tenant database that is down or silent costs its own companies a prompt 503 (D38) and never
     * holds requests for long.
     */
    private readonly options: ServerPoolOptions = { config: {}, bounds: {} },
  ) {}

  get(ref: TenantDbRef): Kysely<TenantDatabase> {
    return this.entry(ref).db;
  }

  /** The tenant database's `pg` pool, for the hand-written statements of the list path. */
  pool(ref: TenantDbRef): pg.Pool {
    return this.entry(ref).pool;
  }

  private entry(ref: TenantDbRef): Entry {
    if (this.closed) throw new Error('Cannot use a pool after calling end on the pool');
    const current = this.live.get(ref.name);
    if (current !== undefined && current.url === ref.url) return current;
    if (current !== undefined) this.retire(current);
    const pool = makePool({ connectionString: ref.url, max: this.poolMax, ...this.options.config }, this.options.bounds);
    const entry: Entry = { url: ref.url, pool, db: new Kysely<TenantDatabase>({ dialect: new PostgresDialect({ pool }) }) };
    this.live.set(ref.name, entry);
    return entry;
  }

  /** How many tenant pools are open (tests, metrics). */
  get size(): number {
    return this.live.size;
  }

  private retire(entry: Entry): void {
    const timer = setTimeout(() => {
      this.retiring.delete(entry);
      void end(entry);
    }, RETIRE_AFTER_MS);
    timer.unref();
    this.retiring.set(entry, timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    const entries = [...this.live.values(), ...this.retiring.keys()];
    for (const timer of this.retiring.values()) clearTimeout(timer);
    this.live.clear();
    this.retiring.clear();
    await Promise.all(entries.map(end));
  }
}

/** Kysely ends its pool only if it ever ran a query; end it in any case. */
async function end(entry: Entry): Promise<void> {
  await entry.db.destroy().catch(() => undefined);
  if (!entry.pool.ending) await entry.pool.end().catch(() => undefined);
}
