import type { Kysely, Transaction } from 'kysely';
import { migrate } from './migrate.ts';
import { makePool } from './pool.ts';
import type { CentralDatabase } from './tables.ts';

/**
 * The tenant directory (architecture.md, "Central vs tenant"; ADR 0006): the central
 * database's `tenant_databases` (name -> PostgreSQL URL) and `empresas.tenant_db` (which one
 * holds each company's business data; NULL = the central database itself). Routing only picks
 * the database: every tenant query still filters by empresa_id.
 */

/** A registered tenant database, as a request or an import needs it to reach the company's data. */
export interface TenantDbRef {
  name: string;
  url: string;
}

/** The name that stands for the central database in `tenants assign`; never a registered name. */
export const CENTRAL_NAME = 'central';

/** An operator mistake about the directory (unknown name, bad URL, unreachable database...). */
export class TenantDirectoryError extends Error {}

type CentralDb = Kysely<CentralDatabase> | Transaction<CentralDatabase>;

const NAME_PATTERN = /^[a-z][a-z0-9_-]{0,62}$/;

export function checkTenantName(name: string): string {
  if (!NAME_PATTERN.test(name)) {
    throw new TenantDirectoryError(
      `tenant database name must be 1-63 characters of a-z, 0-9, "_" or "-", starting with a letter; got "${name}"`,
    );
  }
  if (name === CENTRAL_NAME) throw new TenantDirectoryError(`"${CENTRAL_NAME}" is reserved for the central database`);
  return name;
}

/** Tenant databases are PostgreSQL servers/databases, also when the central store is the embedded one. */
export function checkTenantUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TenantDirectoryError('tenant database URL is not a valid URL (expected postgres://user:password@host:port/database)');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new TenantDirectoryError(`tenant database URL must start with postgres:// or postgresql://, got "${url.protocol}//"`);
  }
  if (url.hostname === '') throw new TenantDirectoryError('tenant database URL has no host');
  if (url.pathname.length <= 1) throw new TenantDirectoryError('tenant database URL names no database (…/<database>)');
  return raw;
}

/** The URL with its password (user-info or `password=` parameter) shown as `***`, for output and the audit trail. */
export function maskUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return '***';
  }
  if (url.password !== '') url.password = '***';
  for (const key of [...url.searchParams.keys()]) if (key.toLowerCase() === 'password') url.searchParams.set(key, '***');
  return url.toString();
}

/**
 * Applies the 'tenant' migrations to a tenant database (so it is ready before any company is
 * placed on it). Returns the migrations applied now.
 */
export async function prepareTenantDatabase(url: string): Promise<string[]> {
  const pool = makePool({ connectionString: url, max: 1 });
  try {
    return await migrate(pool, ['tenant']);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new TenantDirectoryError(`cannot prepare the tenant database at ${maskUrl(url)}: ${reason}`, { cause: err });
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/** Adds a tenant database or changes its URL. Returns the URL it had (null when new). */
export async function registerTenantDatabase(db: CentralDb, name: string, url: string): Promise<{ previousUrl: string | null }> {
  const previous = await db.selectFrom('tenant_databases').select('url').where('name', '=', name).forUpdate().executeTakeFirst();
  await db
    .insertInto('tenant_databases')
    .values({ name, url })
    .onConflict((oc) => oc.column('name').doUpdateSet({ url }))
    .execute();
  return { previousUrl: previous?.url ?? null };
}

/**
 * Places a company on a tenant database (`null` = back to the central database). Existing data
 * is not moved: the company's records are read, and imported, from the new place from now on.
 * Returns where the company was (null = central).
 */
export async function assignCompany(db: CentralDb, empresaId: number, name: string | null): Promise<{ previous: string | null }> {
  const empresa = await db.selectFrom('empresas').select('tenant_db').where('id', '=', empresaId).forUpdate().executeTakeFirst();
  if (empresa === undefined) throw new TenantDirectoryError(`company ${empresaId} does not exist`);
  if (name !== null) {
    const known = await db.selectFrom('tenant_databases').select('name').where('name', '=', name).executeTakeFirst();
    if (known === undefined)
      throw new TenantDirectoryError(`unknown tenant database "${name}": register it first with "tenants add ${name} <url>"`);
  }
  await db.updateTable('empresas').set({ tenant_db: name }).where('id', '=', empresaId).execute();
  return { previous: empresa.tenant_db };
}

export interface TenantDatabaseEntry {
  name: string;
  /** the registered URL, password included: mask it (maskUrl) before showing it */
  url: string;
  /** ids of the companies placed on it, ascending */
  companies: number[];
}

export async function listTenantDatabases(db: CentralDb): Promise<TenantDatabaseEntry[]> {
  const [tenants, placed] = await Promise.all([
    db.selectFrom('tenant_databases').select(['name', 'url']).orderBy('name').execute(),
    db.selectFrom('empresas').select(['id', 'tenant_db']).where('tenant_db', 'is not', null).orderBy('id').execute(),
  ]);
  return tenants.map((t) => ({ name: t.name, url: t.url, companies: placed.filter((e) => e.tenant_db === t.name).map((e) => e.id) }));
}
