import type { JsonWebKey } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AuthMethod } from '../domain/client-auth.ts';
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
  /** D57: a secret credential authenticates only with its secret, a key credential only with an assertion */
  authMethod: AuthMethod;
  /** a key credential's public key and the algorithms it may sign with; null for a secret credential */
  publicKey: JsonWebKey | null;
  keyAlgorithms: string[] | null;
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
      'c.auth_method as authMethod',
      'c.public_key as publicKey',
      'c.key_algorithms as keyAlgorithms',
    ])
    .where('c.client_id', '=', clientId)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Stores a new token's hash — only while the credential still holds the secret the client
 * authenticated with and may still be used — and notes the credential's use. False, and nothing
 * written, when it no longer does: a rotation, revocation or expiry, or the company's deletion,
 * committed since the client was authenticated (ADR 0016).
 *
 * The first statement locks the credential's row, the row a rotation or revocation updates
 * before it revokes the tokens: one of the two transactions waits for the other. A rotation
 * that commits first leaves no row matching the old secret's hash (PostgreSQL evaluates the
 * conditions again on the row's new version); one that commits after sees this token, committed,
 * when it revokes the credential's tokens.
 */
export async function insertToken(
  db: Kysely<CentralDatabase>,
  token: { hash: Buffer; credentialId: number; secretHash: Buffer; scopes: string[]; ip: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const held = await trx
      .updateTable('api_credentials as c')
      .from('empresas as e')
      .set({ last_used_at: sql<string>`now()`, last_used_ip: token.ip })
      .whereRef('e.id', '=', 'c.empresa_id')
      .where('c.id', '=', token.credentialId)
      .where('c.secret_hash', '=', token.secretHash)
      .where('c.revoked_at', 'is', null)
      .where(credentialNotExpired)
      .where('e.excluido', '=', false)
      .returning('c.id')
      .executeTakeFirst();
    if (held === undefined) return false;
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
    return true;
  });
}

/**
 * Revokes an access token of this credential (D58): another credential's token, an unknown one and
 * one already revoked are left as they are, by the same one statement (the caller cannot tell them
 * apart by the answer or its time). Read on every request (auth/token.query.ts), so the token stops
 * working at once on every instance.
 */
export async function revokeOwnToken(db: Kysely<CentralDatabase>, credentialId: number, tokenHash: Buffer): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<string>`now()` })
    .where('token_hash', '=', tokenHash)
    .where('credential_id', '=', credentialId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Notes an assertion's `jti` as used by this credential until `expiresAt` (epoch seconds): true the
 * first time, false for a replay (D57). One statement on the central database, which every
 * instance shares: two instances given the same assertion at once insert the same primary key, and
 * only one of them gets the row back. A jti seen before whose assertion has since expired may be
 * used again (its old assertion cannot be). Expired ones of this credential are pruned as we go.
 */
export async function rememberJti(db: Kysely<CentralDatabase>, credentialId: number, jtiHash: Buffer, expiresAt: number): Promise<boolean> {
  const row = await db
    .insertInto('client_assertion_jtis')
    .values({ credential_id: credentialId, jti_hash: jtiHash, expires_at: sql<string>`to_timestamp(${expiresAt})` })
    .onConflict((oc) =>
      oc
        .columns(['credential_id', 'jti_hash'])
        .doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') })
        .where('client_assertion_jtis.expires_at', '<', sql<string>`now()`),
    )
    .returning('credential_id')
    .executeTakeFirst();
  await db
    .deleteFrom('client_assertion_jtis')
    .where('credential_id', '=', credentialId)
    .where('expires_at', '<', sql<string>`now() - interval '1 hour'`)
    .execute();
  return row !== undefined;
}
