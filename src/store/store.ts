import type pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config/config.ts';
import { hostEmbeddedStore, socketAnswers, type EmbeddedHost } from './embedded.ts';
import { makePool } from './pool.ts';
import type { CentralDatabase, TenantDatabase } from './tables.ts';
import { ListEngine, type ListPage } from './list/list-engine.ts';
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
  central: Kysely<CentralDatabase>;
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
  /** One record of a list's table by id, written as the list writes it (JSON text), or null. */
  listRecord(tenantDb: TenantDbRef | null, spec: ListSpec, empresaId: number, id: number): Promise<string | null>;
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
}

/**
 * The server's statements run at most DB_STATEMENT_TIMEOUT_MS (then 503, D38); the operator's
 * CLI has no such bound (migrations and imports may rightly take longer).
 */
function statementTimeout(options: OpenStoreOptions): Pick<pg.PoolConfig, 'statement_timeout'> {
  return options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {};
}

export async function openStore(config: Config, options: OpenStoreOptions): Promise<Store> {
  let host: EmbeddedHost | undefined;
  let pool: pg.Pool;
  if (config.databaseUrl !== undefined) {
    pool = makePool({ connectionString: config.databaseUrl, max: options.poolMax ?? config.dbPoolMax, ...statementTimeout(options) });
  } else {
    const running = await socketAnswers(config.dataDir);
    if (running && options.embeddedRole === 'host') {
      throw new Error(`another process already serves the embedded store in ${config.dataDir}`);
    }
    if (!running) host = await hostEmbeddedStore(config.dataDir);
    pool = makePool({ host: config.dataDir, user: 'postgres', database: 'postgres', max: options.poolMax ?? config.dbPoolMax });
  }
  const central = new Kysely<CentralDatabase>({ dialect: new PostgresDialect({ pool }) });
  // A company the directory places nowhere lives in the central database, which also holds the
  // tenant tables (ADR 0006). Other tenant databases get a pool each, on first use.
  const centralTenant = central as unknown as Kysely<TenantDatabase>;
  const tenantPools = new TenantPools(options.poolMax ?? config.dbPoolMax, statementTimeout(options));
  const lists = new ListEngine(new PageIndexCache());
  return {
    kind: config.databaseUrl === undefined ? 'embedded' : 'postgres',
    pool,
    central,
    tenant: (tenantDb) => (tenantDb === null ? centralTenant : tenantPools.get(tenantDb)),
    listPage: (tenantDb, spec, query) =>
      tenantDb === null ? lists.page(pool, CENTRAL_NAME, spec, query) : lists.page(tenantPools.pool(tenantDb), tenantDb.name, spec, query),
    listRecord: (tenantDb, spec, empresaId, id) => lists.record(tenantDb === null ? pool : tenantPools.pool(tenantDb), spec, empresaId, id),
    async close() {
      await tenantPools.close();
      await central.destroy();
      // Kysely ends the pool only if it ever ran a query through it; raw users of `pool` (migrate,
      // import) would otherwise leave an idle connection keeping the process alive for 30 s.
      if (!pool.ending) await pool.end();
      await host?.close();
    },
  };
}
