import { sql, type Kysely } from 'kysely';
import type { CentralDatabase } from '../store/tables.ts';
import { credentialNotExpired } from '../credentials/expiry.sql.ts';
import { couldBeClientId } from '../credentials/secrets.ts';
import { TOKEN_LIFETIME_SECONDS } from '../domain/limits.ts';

export interface ClientRecord {
  id: number;
  empresaId: number;
  secretHash: Buffer;
  scopes: string[];
  allowedIps: string[];
  /** not revoked, not past its expiry day (D32), company not deleted */
  usable: boolean;
}

export async function findClient(db: Kysely<CentralDatabase>, clientId: string): Promise<ClientRecord | null> {
  if (!couldBeClientId(clientId)) return null;
  const row = await db
    .selectFrom('api_credentials as c')
    .innerJoin('empresas as e', 'e.id', 'c.empresa_id')
    .select([
      'c.id',
      'c.empresa_id as empresaId',
      'c.secret_hash as secretHash',
      'c.scopes',
      'c.allowed_ips as allowedIps',
      sql<boolean>`(c.revoked_at IS NULL AND NOT e.excluido AND ${credentialNotExpired})`.as('usable'),
    ])
    .where('c.client_id', '=', clientId)
    .executeTakeFirst();
  return row ?? null;
}

/** Stores a new token's hash, and notes the credential's use. */
export async function insertToken(
  db: Kysely<CentralDatabase>,
  token: { hash: Buffer; credentialId: number; scopes: string[]; ip: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('access_tokens')
      .values({
        token_hash: token.hash,
        credential_id: token.credentialId,
        scopes: token.scopes,
        expires_at: sql<string>`now() + make_interval(secs => ${TOKEN_LIFETIME_SECONDS})`,
      })
      .execute();
    // Tokens long expired are of no use to anyone: prune this credential's as we go.
    await trx
      .deleteFrom('access_tokens')
      .where('credential_id', '=', token.credentialId)
      .where('expires_at', '<', sql<string>`now() - interval '1 day'`)
      .execute();
    await trx
      .updateTable('api_credentials')
      .set({ last_used_at: sql<string>`now()`, last_used_ip: token.ip })
      .where('id', '=', token.credentialId)
      .execute();
  });
}
