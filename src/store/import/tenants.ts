import type pg from 'pg';
import { migrate } from '../migrate.ts';
import { makePool } from '../pool.ts';
import { maskUrl, type TenantDbRef } from '../tenant-directory.ts';
import { COLLECTIONS, type Dataset } from './dataset.ts';

/**
 * Where an import writes each record (ADR 0006): companies and their users in the central
 * database; every other record in its company's tenant database, as the tenant directory
 * says, or the central database for a company placed nowhere (new companies start there).
 */

/** The collections that live in tenant databases: every one but empresas and usuarios. */
const TENANT_COLLECTIONS = COLLECTIONS.filter((name) => name !== 'empresas' && name !== 'usuarios');

function tenantCompanies(dataset: Dataset): number[] {
  const ids = new Set<number>();
  for (const name of TENANT_COLLECTIONS) for (const record of dataset[name] ?? []) ids.add(record.empresa_id);
  return [...ids];
}

/**
 * Reads, in the import's central transaction, where each company with tenant records lives,
 * and share-locks those companies' rows: a concurrent `tenants assign` waits until the import
 * has committed, so no record lands on a database its company just left.
 */
export async function lockTenantRoutes(central: pg.ClientBase, dataset: Dataset): Promise<Map<number, TenantDbRef>> {
  const ids = tenantCompanies(dataset);
  if (ids.length === 0) return new Map();
  const { rows } = await central.query<{ id: number; name: string | null; url: string | null }>(
    `SELECT e.id, t.name, t.url FROM empresas e LEFT JOIN tenant_databases t ON t.name = e.tenant_db
      WHERE e.id = ANY($1::bigint[]) FOR SHARE OF e`,
    [ids],
  );
  const routes = new Map<number, TenantDbRef>();
  for (const row of rows) if (row.name !== null && row.url !== null) routes.set(row.id, { name: row.name, url: row.url });
  return routes;
}

export interface SplitDataset {
  /** empresas, usuarios, and the records of companies on the central database */
  central: Dataset;
  /** per tenant database name: where it is and the records of its companies */
  tenants: Map<string, { ref: TenantDbRef; dataset: Dataset }>;
}

export function splitByDatabase(dataset: Dataset, routes: ReadonlyMap<number, TenantDbRef>): SplitDataset {
  const central: Dataset = { empresas: dataset.empresas, usuarios: dataset.usuarios };
  const tenants = new Map<string, { ref: TenantDbRef; dataset: Dataset }>();
  for (const name of TENANT_COLLECTIONS) {
    for (const record of dataset[name] ?? []) {
      const ref = routes.get(record.empresa_id);
      let part = central;
      if (ref !== undefined) {
        let tenant = tenants.get(ref.name);
        if (tenant === undefined) tenants.set(ref.name, (tenant = { ref, dataset: {} }));
        part = tenant.dataset;
      }
      // Each collection keeps its records' order; the cast joins the per-collection record types.
      ((part[name] ??= []) as object[]).push(record);
    }
  }
  return { central, tenants };
}

/** A transaction open on one tenant database for the length of an import. */
export interface TenantTransaction {
  name: string;
  client: pg.PoolClient;
  /** committed already: not to be rolled back */
  committed: boolean;
  /** releases the connection and ends its pool */
  end(broken: boolean): Promise<void>;
}

/**
 * Connects to a tenant database, applies any pending 'tenant' migrations there, and opens a
 * transaction. The error of an unreachable database names it (never its password).
 */
export async function beginTenantTransaction(ref: TenantDbRef): Promise<TenantTransaction> {
  const pool = makePool({ connectionString: ref.url, max: 1 });
  let client: pg.PoolClient | undefined;
  try {
    await migrate(pool, ['tenant']);
    client = await pool.connect();
    await client.query('BEGIN');
  } catch (err) {
    client?.release(true);
    await pool.end().catch(() => undefined);
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`tenant database "${ref.name}" (${maskUrl(ref.url)}) cannot be written: ${reason}`, { cause: err });
  }
  const opened = client;
  return {
    name: ref.name,
    client: opened,
    committed: false,
    async end(broken) {
      opened.release(broken);
      await pool.end().catch(() => undefined);
    },
  };
}
