import type pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { CREDENTIAL_NOT_EXPIRED } from '../credentials/expiry.sql.ts';
import { isScope, type Scope } from '../domain/scopes.ts';
import type { SqlPiece } from '../store/list/sql-params.ts';
import type { CentralDatabase } from '../store/tables.ts';
import type { Principal } from './principal.ts';

/**
 * The principal behind a token hash, as one JSON array (text): the token not expired or revoked,
 * its credential not revoked nor past its expiry day (D32), its company not deleted. One value
 * rather than nine columns: `pg` describes and converts every column of every row and parses text
 * arrays in JavaScript, while one `JSON.parse` of ~200 bytes is native. Text, not `json`: two reads
 * of the same principal compare as strings (ADR 0014). The tenant directory rides along (ADR 0006).
 */
const principalSql = (tokenHash: string) => `SELECT json_build_array(c.id, c.client_id, c.empresa_id, c.scopes, t.scopes, c.allowed_ips,
                                e.status_personalizados, td.name, td.url)::text
           FROM access_tokens t
           JOIN api_credentials c ON c.id = t.credential_id
           JOIN empresas e ON e.id = c.empresa_id
           LEFT JOIN tenant_databases td ON td.name = e.tenant_db
          WHERE t.token_hash = ${tokenHash} AND t.revoked_at IS NULL AND t.expires_at > now()
            AND c.revoked_at IS NULL AND ${CREDENTIAL_NOT_EXPIRED} AND NOT e.excluido`;

/**
 * Read on every request, never cached (D31). Hand-written and named: it runs once per data request
 * that does not read it with its page (ADR 0014), so PostgreSQL keeps its plan per connection and
 * the server builds no query (ADR 0010).
 */
const PRINCIPAL = { name: 'principal-for-token', text: principalSql('$1') };

/** The array the principal statement writes, in its order. */
type PrincipalTuple = [
  credentialId: number,
  clientId: string,
  empresaId: number,
  credentialScopes: string[],
  tokenScopes: string[],
  allowedIps: string[],
  statusPersonalizados: string[],
  tenantDbName: string | null,
  tenantDbUrl: string | null,
];

/** A principal as the database wrote it, and the text it was read from (for comparing two reads). */
export interface ReadPrincipal {
  principal: Principal;
  text: string;
}

function principalOfText(text: string): ReadPrincipal {
  const [credentialId, clientId, empresaId, credentialScopes, tokenScopes, allowedIps, statusPersonalizados, tenantDbName, tenantDbUrl] =
    JSON.parse(text) as PrincipalTuple;
  const current = new Set(credentialScopes);
  return {
    text,
    principal: {
      credentialId,
      clientId,
      empresaId,
      // D30: the token's scopes that its credential still holds.
      scopes: new Set(tokenScopes.filter((s): s is Scope => current.has(s) && isScope(s))),
      allowedIps,
      statusPersonalizados,
      tenantDb: tenantDbName === null || tenantDbUrl === null ? null : { name: tenantDbName, url: tenantDbUrl },
    },
  };
}

/**
 * `named`: prepare the statement once per connection (PostgreSQL). Not on the embedded store, whose
 * connections share PGlite's one session: a name prepared by one would already exist for the next.
 */
export async function principalForToken(pool: pg.Pool, tokenHash: Buffer, named: boolean): Promise<ReadPrincipal | null> {
  const statement = named ? PRINCIPAL : { text: PRINCIPAL.text };
  const { rows } = await pool.query<[string | null]>({ ...statement, values: [tokenHash], rowMode: 'array' });
  const text = rows[0]?.[0] ?? undefined;
  return text === undefined || text === null ? null : principalOfText(text);
}

/** The principal statement as a scalar subquery of a list page's statement (ADR 0014): null when the token is not valid. */
export const principalCompanion =
  (tokenHash: Buffer): SqlPiece =>
  (params) =>
    principalSql(params.add(tokenHash));

/**
 * Records use at most once a minute per credential: a write per request would cost more than it tells.
 * The write commits asynchronously (`synchronous_commit` off for its own transaction only): a usage
 * note lost in a database crash is harmless, while waiting for the WAL flush held a pool connection
 * for the disk's fsync, in the queue of the data requests (ADR 0014 amendment). `set_config(…, true)`
 * in the statement itself sets it for the statement's implicit transaction, in the same round trip;
 * it is evaluated only for the credential's row, before the commit reads the setting.
 */
export async function touchCredential(db: Kysely<CentralDatabase>, credentialId: number, ip: string): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ last_used_at: sql<string>`now()`, last_used_ip: ip })
    .where('id', '=', credentialId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<string>`now() - interval '1 minute'`)]))
    .where(sql<boolean>`set_config('synchronous_commit', 'off', true) = 'off'`)
    .execute();
}
