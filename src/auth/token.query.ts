import { sql, type Kysely } from 'kysely';
import type { CentralDatabase } from '../store/tables.ts';
import { credentialNotExpired } from '../credentials/expiry.sql.ts';
import type { Principal } from './principal.ts';
import { isScope } from '../domain/scopes.ts';

/**
 * Reads the principal behind a token hash, or null when the token is unknown, expired or
 * revoked, or its credential is revoked or expired (D32: valid until the end of its
 * `expires_on` day in America/Sao_Paulo). Read on every request, never cached (D31).
 */
export async function principalForToken(db: Kysely<CentralDatabase>, tokenHash: Buffer): Promise<Principal | null> {
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('api_credentials as c', 'c.id', 't.credential_id')
    .innerJoin('empresas as e', 'e.id', 'c.empresa_id')
    // The tenant directory rides along: a data request needs no extra round trip to route (ADR 0006).
    .leftJoin('tenant_databases as td', 'td.name', 'e.tenant_db')
    .select([
      'c.id as credentialId',
      'c.client_id as clientId',
      'c.empresa_id as empresaId',
      'c.scopes as credentialScopes',
      't.scopes as tokenScopes',
      'c.allowed_ips as allowedIps',
      'e.status_personalizados as statusPersonalizados',
      'td.name as tenantDbName',
      'td.url as tenantDbUrl',
    ])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<string>`now()`)
    .where('c.revoked_at', 'is', null)
    .where(credentialNotExpired)
    .where('e.excluido', '=', false)
    .executeTakeFirst();
  if (!row) return null;
  const current = new Set(row.credentialScopes);
  return {
    credentialId: row.credentialId,
    clientId: row.clientId,
    empresaId: row.empresaId,
    scopes: new Set(row.tokenScopes.filter((s) => current.has(s)).filter(isScope)),
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
