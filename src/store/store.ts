import type pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config/config.ts';
import { hostEmbeddedStore, socketAnswers, type EmbeddedHost } from './embedded.ts';
import { makePool, type ServerPoolOptions } from './pool.ts';
import { preparingPool } from './prepared-statements.ts';
import type { CentralDatabase, TenantDatabase } from './tables.ts';
import { cursorKeyReader } from './feed/cursor-key.ts';
import { feedEnd, readFeed, type FeedPage, type FeedPosition } from './feed/change-feed.ts';
import { openExport, type ExportReader } from './export/export-reader.ts';
import { ListEngine, type Companion, type CompanionPage, type ListDatabase, type ListPage } from './list/list-engine.ts';
import type { ListQuery, ListSpec } from './list/list-spec.ts';
import { PageIndexCache } from './list/page-index-cache.ts';
import { CENTRAL_NAME, type TenantDbRef } from './tenant-directory.ts';
import { TenantPools } from './tenant-pools.ts';

/**
 * The stores every part of the app talks to: the central database (companies, users,
 * credentials, tokens, audit) and, per company, the tenant database holding its business data.
 * One driver API (`pg` pools) over PostgreSQL or the embedded PGlite store.
 */
export interface Store {
  kind: 'embedded' | 'postgres';
  pool: pg.Pool;
  /**
   * A one-connection pool to the same central database without the request bounds (no statement
   * timeout, no client-side bound): for the server's own work at start — migrations, which may
   * rightly take minutes on a large store, as the CLI's may (D38 bounds requests). End it after use.
   */
  unboundedPool(): pg.Pool;
  central: Kysely<CentralDatabase>;
  /**
   * The central database through a pool of its own for the notification worker (ADR 0020,
   * amended): on PostgreSQL its WORKER_POOL_MAX connections besides the requests' pool, so the
   * worker's statements never wait in the requests' queue nor make requests wait in its own. The
   * embedded store is one session that every connection shares: there it is `central`.
   */
  worker: Kysely<CentralDatabase>;
  /** the pool under `worker` (for raw statements, as `pool` is under `central`) */
  workerPool: pg.Pool;
  /**
   * The database holding a company's business data: `tenantDb` is where the tenant directory
   * places the company (the principal carries it, read with the token), null = the central database.
   * Queries must still filter by `empresaId`: isolation never depends on routing alone.
   */
  tenant(tenantDb: TenantDbRef | null): Kysely<TenantDatabase>;
  /**
   * A page of a list with its exact total (store/list/, ADR 0010), from the database holding the
   * company's data. Queries still filter by the company.
   */
  listPage(tenantDb: TenantDbRef | null, spec: ListSpec, query: ListQuery): Promise<ListPage>;
  /** a page of a list of the central database, its first statement also reading `companion` (ADR 0014) */
  listPageWith(spec: ListSpec, query: ListQuery, companion: Companion): Promise<CompanionPage>;
  /** One record of a list's table by id, written as the list writes it (JSON text), or null. */
  listRecord(tenantDb: TenantDbRef | null, spec: ListSpec, empresaId: number, id: number): Promise<string | null>;
  /** A page of a list table's change feed after a position (store/feed/, ADR 0013), records written as the list writes them. */
  feedPage(tenantDb: TenantDbRef | null, spec: ListSpec, empresaId: number, after: FeedPosition | null, limit: number): Promise<FeedPage>;
  /** The current end of the change feeds of the database holding a company's data (D50). */
  feedEnd(tenantDb: TenantDbRef | null): Promise<FeedPosition>;
  /** The key that signs feed cursors, shared by every instance (central database). */
  cursorKey(): Promise<Buffer>;
  /**
   * An export of a list table's records for a company, from one snapshot, in batches (store/export/,
   * D48): it holds a connection (or, on the embedded store, a cursor) until closed.
   */
  openExport(tenantDb: TenantDbRef | null, spec: ListSpec, empresaId: number): Promise<ExportReader>;
  close(): Promise<void>;
}

export interface OpenStoreOptions {
  /**
   * `host`: this process must own the embedded store (the server).
   * `any`: connect to a running server's socket when there is one, else host it (the CLI).
   */
  embeddedRole: 'host' | 'any';
  poolMax?: number;
  /** PostgreSQL statement_timeout, in ms (0 or absent: none) */
  statementTimeoutMs?: number;
  /** Client-side bound of each statement, in ms (0 or absent: none); see pool.ts. */
  queryTimeoutMs?: number;
}

/**
 * The server's statements run at most DB_STATEMENT_TIMEOUT_MS on the database and are given up
 * by the client at DB_QUERY_TIMEOUT_MS even when the database never answers (then 503, D38); the
 * operator's CLI has neither bound (migrations and imports may rightly take longer). Every pool
 * connects within DB_CONNECT_TIMEOUT_MS.
 */
function bounded(config: Config, options: OpenStoreOptions): ServerPoolOptions {
  return {
    config: {
      connectionTimeoutMillis: config.dbConnectTimeoutMs,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    },
    bounds: options.queryTimeoutMs ? { queryTimeoutMs: options.queryTimeoutMs } : {},
  };
}

/** Connections of the notification worker's own pool, per instance (PostgreSQL). */
export const WORKER_POOL_MAX = 2;

export async function openStore(config: Config, options: OpenStoreOptions): Promise<Store> {
  let host: EmbeddedHost | undefined;
  let pool: pg.Pool;
  let unboundedPool: () => pg.Pool;
  let workerPool: pg.Pool | null = null;
  const poolOptions = bounded(config, options);
  if (config.databaseUrl !== undefined) {
    const { databaseUrl } = config;
    pool = makePool({ connectionString: databaseUrl, max: options.poolMax ?? config.dbPoolMax, ...poolOptions.config }, poolOptions.bounds);
    unboundedPool = () => makePool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: config.dbConnectTimeoutMs });
    workerPool = makePool({ connectionString: databaseUrl, max: WORKER_POOL_MAX, ...poolOptions.config }, poolOptions.bounds);
  } else {
    const running = await socketAnswers(config.dataDir);
    if (running && options.embeddedRole === 'host') {
      throw new Error(`another process already serves the embedded store in ${config.dataDir}`);
    }
    if (!running) host = await hostEmbeddedStore(config.dataDir);
    // No statement_timeout: PGlite runs a statement to its end on this process's thread (no
    // backend can cancel it). The client-side bound still holds when the socket stops answering.
    const { connectionTimeoutMillis } = poolOptions.config;
    const socket = { host: config.dataDir, user: 'postgres', database: 'postgres' };
    pool = makePool({ ...socket, max: options.poolMax ?? config.dbPoolMax, connectionTimeoutMillis }, poolOptions.bounds);
    unboundedPool = () => makePool({ ...socket, max: 1, connectionTimeoutMillis });
  }
  const central = new Kysely<CentralDatabase>({ dialect: new PostgresDialect({ pool }) });
  const worker =
    workerPool === null ? central : new Kysely<CentralDatabase>({ dialect: new PostgresDialect({ pool: preparingPool(workerPool) }) });
  // A company the directory places nowhere lives in the central database, which also holds the
  // tenant tables (ADR 0006). Other tenant databases get a pool each, on first use.
  const centralTenant = central as unknown as Kysely<TenantDatabase>;
  const tenantPools = new TenantPools(options.poolMax ?? config.dbPoolMax, poolOptions);
  const lists = new ListEngine(new PageIndexCache());
  // Tenant databases are PostgreSQL servers, also beside an embedded central store.
  const listDatabase = (tenantDb: TenantDbRef | null): ListDatabase =>
    tenantDb === null
      ? { pool, name: CENTRAL_NAME, prepared: config.databaseUrl !== undefined }
      : { pool: tenantPools.pool(tenantDb), name: tenantDb.name, prepared: true };
  return {
    kind: config.databaseUrl === undefined ? 'embedded' : 'postgres',
    pool,
    unboundedPool,
    central,
    worker,
    workerPool: workerPool ?? pool,
    tenant: (tenantDb) => (tenantDb === null ? centralTenant : tenantPools.get(tenantDb)),
    listPage: (tenantDb, spec, query) => lists.page(listDatabase(tenantDb), spec, query),
    listPageWith: (spec, query, companion) => lists.pageWith(listDatabase(null), spec, query, companion),
    listRecord: (tenantDb, spec, empresaId, id) => lists.record(listDatabase(tenantDb), spec, empresaId, id),
    feedPage: (tenantDb, spec, empresaId, after, limit) => readFeed(listDatabase(tenantDb), spec, empresaId, after, limit),
    feedEnd: (tenantDb) => feedEnd(listDatabase(tenantDb)),
    cursorKey: cursorKeyReader(pool),
    openExport: (tenantDb, spec, empresaId) =>
      openExport(listDatabase(tenantDb), spec, empresaId, { held: tenantDb === null && config.databaseUrl === undefined }),
    async close() {
      await tenantPools.close();
      await central.destroy();
      if (worker !== central) await worker.destroy();
      if (workerPool !== null && !workerPool.ending) await workerPool.end();
      // Kysely ends the pool only if it ever ran a query through it; raw users of `pool` (migrate,
      // import) would otherwise leave an idle connection keeping the process alive for 30 s.
      if (!pool.ending) await pool.end();
      await host?.close();
    },
  };
}
