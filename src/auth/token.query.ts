import type pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { CREDENTIAL_NOT_EXPIRED } from '../credentials/expiry.sql.ts';
import { isScope, type Scope } from '../domain/scopes.ts';
import type { CentralDatabase } from '../store/tables.ts';
import type { Principal } from './principal.ts';

/**
 * The principal behind a token hash: the token not expired or revoked, its credential not revoked
 * nor past its expiry day (D32), its company not deleted. The tenant directory rides along, so a
 * data request needs no extra round trip to route (ADR 0006). Read on every request, never cached
 * (D31). Hand-written and named: it runs once per data request, so PostgreSQL keeps its plan per
 * connection and the server builds no query (ADR 0010).
 */
const PRINCIPAL = {
  name: 'principal-for-token',
  text: `SELECT c.id AS "credentialId", c.client_id AS "clientId", c.empresa_id AS "empresaId",
                c.scopes AS "credentialScopes", t.scopes AS "tokenScopes", c.allowed_ips AS "allowedIps",
                e.status_personalizados AS "statusPersonalizados", td.name AS "tenantDbName", td.url AS "tenantDbUrl"
           FROM access_tokens t
           JOIN api_credentials c ON c.id = t.credential_id
           JOIN empresas e ON e.id = c.empresa_id
           LEFT JOIN tenant_databases td ON td.name = e.tenant_db
          WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now()
            AND c.revoked_at IS NULL AND ${CREDENTIAL_NOT_EXPIRED} AND NOT e.excluido`,
};

interface PrincipalRow {
  credentialId: number;
  clientId: string;
  empresaId: number;
  credentialScopes: string[];
  tokenScopes: string[];
  allowedIps: string[];
  statusPersonalizados: string[];
  tenantDbName: string | null;
  tenantDbUrl: string | null;
}

/**
 * `named`: prepare the statement once per connection (PostgreSQL). Not on the embedded store, whose
 * connections share PGlite's one session: a name prepared by one would already exist for the next.
 */
export async function principalForToken(pool: pg.Pool, tokenHash: Buffer, named: boolean): Promise<Principal | null> {
  const statement = named ? PRINCIPAL : { text: PRINCIPAL.text };
  const { rows } = await pool.query<PrincipalRow>({ ...statement, values: [tokenHash] });
  const row = rows[0];
  if (row === undefined) return null;
  const current = new Set(row.credentialScopes);
  return {
    credentialId: row.credentialId,
    clientId: row.clientId,
    empresaId: row.empresaId,
    // D30: the token's scopes that its credential still holds.
    scopes: new Set(row.tokenScopes.filter((s): s is Scope => current.has(s) && isScope(s))),
    allowedIps: row.allowedIps,
    statusPersonalizados: row.statusPersonalizados,
    tenantDb: row.tenantDbName === null || row.tenantDbUrl === null ? null : { name: row.tenantDbName, url: row.tenantDbUrl },
  };
}

/** Records use at most once a minute per credential: a write per request would cost more than it tells. */
export async function touchCredential(db: Kysely<CentralDatabase>, credentialId: number, ip: string): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ last_used_at: sql<string>`now()`, last_used_ip: ip })
    .where('id', '=', credentialId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<string>`now() - interval '1 minute'`)]))
    .execute();
}
