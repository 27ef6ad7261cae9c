import { sql, type Kysely, type Transaction } from 'kysely';
import { CREDENTIAL_NOT_EXPIRED } from '../credentials/expiry.sql.ts';
import type { CentralDatabase } from '../store/tables.ts';

/**
 * Change detection for notifications (D52, ADR 0022): which companies' tables changed in a
 * database since its last scan, read from the change feed's log (tenant migration 0007), and who
 * follows them. SQL only; the scan's steps are in change-scanner.ts.
 */

type Central = Kysely<CentralDatabase> | Transaction<CentralDatabase>;

/**
 * Holds the database's scan row until the transaction ends (created at the current horizon on the
 * first scan); null when another instance holds it. The horizon is where the last scan stopped.
 */
export async function holdScan(trx: Transaction<CentralDatabase>, banco: string): Promise<{ horizonte: string | null } | null> {
  const { rows } = await sql<{ horizonte: string }>`
    SELECT horizonte FROM webhook_scans WHERE banco = ${banco} FOR UPDATE SKIP LOCKED`.execute(trx);
  if (rows[0] !== undefined) return { horizonte: rows[0].horizonte };
  // No row yet: the first scan starts from now (no event for what changed before notifications existed).
  const inserted = await sql`INSERT INTO webhook_scans (banco, horizonte) VALUES (${banco}, '0') ON CONFLICT (banco) DO NOTHING`.execute(
    trx,
  );
  return Number(inserted.numAffectedRows ?? 0) > 0 ? { horizonte: null } : null;
}

export async function saveScan(trx: Transaction<CentralDatabase>, banco: string, horizonte: string): Promise<void> {
  await sql`UPDATE webhook_scans SET horizonte = ${horizonte}, scanned_at = now() WHERE banco = ${banco}`.execute(trx);
}

export interface Changed {
  /** this scan's horizon: every transaction below it has ended */
  horizonte: string;
  /** the (company, table) pairs written between the last horizon and this one */
  pares: [number, string][];
  /** more than `limit` log rows in the range: the pairs may be incomplete */
  cheio: boolean;
}

/**
 * One statement on the database holding the log: its horizon (`pg_snapshot_xmin`, as the feed
 * uses it, so an event comes when the feed can serve the change) and the distinct pairs in
 * [from, horizon), reading at most `limit` + 1 log rows. `from` null: only the horizon.
 */
export async function changedSince<DB>(db: Kysely<DB> | Transaction<DB>, from: string | null, limit: number): Promise<Changed> {
  const { rows } = await sql<{ horizonte: string; lidas: number; pares: [number, string][] | null }>`
    WITH h AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS agora),
    m AS (
      SELECT a.empresa_id, a.tabela FROM alteracoes a, h
       WHERE ${from !== null} AND a.xid >= ${from ?? '0'}::xid8 AND a.xid < h.agora
       LIMIT ${limit + 1}
    )
    SELECT (SELECT agora::text FROM h) AS horizonte,
           (SELECT count(*) FROM m)::int AS lidas,
           (SELECT json_agg(json_build_array(p.empresa_id, p.tabela)) FROM (SELECT DISTINCT empresa_id, tabela FROM m) p) AS pares`.execute(
    db,
  );
  const row = rows[0];
  if (row === undefined) throw new Error('the change scan returned no row');
  return { horizonte: row.horizonte, pares: row.pares ?? [], cheio: row.lidas > limit };
}

/**
 * The exact pairs of [from, horizonte) when the range holds too many rows to read them all (a bulk
 * import): one probe of the feed's index (company, table, xid) per company and table, so the cost
 * grows with the companies of the database, not with the rows written.
 */
export async function changedPairsByProbe<DB>(
  db: Kysely<DB> | Transaction<DB>,
  companies: readonly number[],
  tables: readonly string[],
  from: string,
  horizonte: string,
): Promise<[number, string][]> {
  if (companies.length === 0) return [];
  const { rows } = await sql<{ empresa_id: number; tabela: string }>`
    SELECT e.id AS empresa_id, t.tabela
      FROM unnest(${companies}::bigint[]) AS e(id) CROSS JOIN unnest(${tables}::text[]) AS t(tabela)
     WHERE EXISTS (SELECT 1 FROM alteracoes a
                    WHERE a.empresa_id = e.id AND a.tabela = t.tabela AND a.xid >= ${from}::xid8 AND a.xid < ${horizonte}::xid8)`.execute(
    db,
  );
  return rows.map((r) => [Number(r.empresa_id), r.tabela]);
}

/** A resource changed for a company, with the scope that reads it. */
export interface ChangedResource {
  empresaId: number;
  recurso: string;
  scope: string;
}

/**
 * The endpoints to tell: active, of a credential neither revoked nor expired that still has the
 * resource's scope, following the resource, of the company whose data changed — never another's.
 */
export async function followersOf(db: Central, changed: readonly ChangedResource[]): Promise<{ endpoint_id: number; recurso: string }[]> {
  if (changed.length === 0) return [];
  const { rows } = await sql<{ endpoint_id: number; recurso: string }>`
    SELECT w.id AS endpoint_id, p.recurso
      FROM unnest(${changed.map((c) => c.empresaId)}::bigint[], ${changed.map((c) => c.recurso)}::text[], ${changed.map((c) => c.scope)}::text[])
           AS p(empresa_id, recurso, scope)
      JOIN webhook_endpoints w ON w.empresa_id = p.empresa_id AND p.recurso = ANY (w.recursos) AND w.estado = 'ativo'
      JOIN api_credentials c ON c.id = w.credential_id
     WHERE c.revoked_at IS NULL AND ${sql.raw(CREDENTIAL_NOT_EXPIRED)} AND p.scope = ANY (c.scopes)
     ORDER BY w.id, p.recurso`.execute(db);
  return rows;
}

/** The companies whose data lives in a database (`tenantName` null: the central one). */
export async function companiesOf(db: Central, tenantName: string | null): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM empresas WHERE NOT excluido AND tenant_db IS NOT DISTINCT FROM ${tenantName} ORDER BY id`.execute(db);
  return rows.map((r) => r.id);
}

/** Whether any endpoint is active: without one, no database is scanned (one cheap read a second). */
export async function anyActiveEndpoint(db: Central): Promise<boolean> {
  const { rows } = await sql<{ sim: boolean }>`SELECT EXISTS (SELECT 1 FROM webhook_endpoints WHERE estado = 'ativo') AS sim`.execute(db);
  return rows[0]?.sim === true;
}

/** The registered tenant databases. */
export async function tenantDatabases(db: Central): Promise<{ name: string; url: string }[]> {
  return db.selectFrom('tenant_databases').select(['name', 'url']).orderBy('name').execute();
}
