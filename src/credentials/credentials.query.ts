import { sql, type Kysely, type Transaction } from 'kysely';
import type { AuthMethod } from '../domain/client-auth.ts';
import { utcDateTime } from '../store/sql.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { credentialNotExpired } from './expiry.sql.ts';
import type { ClientKey } from './public-key.ts';
import { couldBeClientId } from './secrets.ts';

export type CredentialStatus = 'active' | 'expired' | 'revoked';

export interface CredentialRow {
  id: number;
  empresa_id: number;
  client_id: string;
  name: string;
  scopes: string[];
  allowed_ips: string[];
  expires: string | null;
  status: CredentialStatus;
  created_at: string;
  created_by_usuario_id: number | null;
  last_used_at: string | null;
  last_used_ip: string | null;
  /** D57: a secret by HTTP Basic, or a JWT signed with the key whose thumbprint follows */
  auth_method: AuthMethod;
  /** RFC 7638 thumbprint of a key credential's public key; null for a secret credential */
  key_thumbprint: string | null;
}

type Db = Kysely<CentralDatabase> | Transaction<CentralDatabase>;

function selectCredentials(db: Db) {
  return db.selectFrom('api_credentials as c').select([
    'c.id',
    'c.empresa_id',
    'c.client_id',
    'c.name',
    'c.scopes',
    'c.allowed_ips',
    'c.expires_on as expires',
    sql<CredentialStatus>`CASE WHEN c.revoked_at IS NOT NULL THEN 'revoked'
        WHEN NOT ${credentialNotExpired} THEN 'expired'
        ELSE 'active' END`.as('status'),
    utcDateTime<string>('c.created_at').as('created_at'),
    'c.created_by_usuario_id',
    utcDateTime('c.last_used_at').as('last_used_at'),
    'c.last_used_ip',
    'c.auth_method',
    'c.key_thumbprint',
  ]);
}

export async function listCredentials(db: Db, empresaId: number): Promise<CredentialRow[]> {
  return selectCredentials(db).where('c.empresa_id', '=', empresaId).orderBy('c.id').execute();
}

/** null for an unknown client id, and for text that cannot be one (never sent to SQL). */
export async function findCredentialByClientId(db: Db, clientId: string): Promise<CredentialRow | null> {
  if (!couldBeClientId(clientId)) return null;
  return (await selectCredentials(db).where('c.client_id', '=', clientId).executeTakeFirst()) ?? null;
}

export async function insertCredential(
  db: Db,
  values: {
    empresaId: number;
    clientId: string;
    secretHash: Buffer;
    name: string;
    scopes: string[];
    allowedIps: string[];
    expires: string | null;
    createdByUsuarioId: number | null;
    /** a `private_key_jwt` credential's key (D57); absent for a secret credential */
    key?: ClientKey;
  },
): Promise<number> {
  const row = await db
    .insertInto('api_credentials')
    .values({
      empresa_id: values.empresaId,
      client_id: values.clientId,
      secret_hash: values.secretHash,
      name: values.name,
      scopes: values.scopes,
      allowed_ips: values.allowedIps,
      expires_on: values.expires,
      created_by_usuario_id: values.createdByUsuarioId,
      ...(values.key === undefined ? {} : keyColumns(values.key)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function lockCredential(db: Transaction<CentralDatabase>, clientId: string): Promise<void> {
  if (!couldBeClientId(clientId)) return;
  await db.selectFrom('api_credentials').select('id').where('client_id', '=', clientId).forUpdate().execute();
}

/** Name, scopes, allowed IPs and expiry of a live credential (a revoked one stays as it was). */
export async function updateCredentialFields(
  db: Db,
  credentialId: number,
  fields: { name: string; scopes: string[]; allowed_ips: string[]; expires: string | null },
): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ name: fields.name, scopes: fields.scopes, allowed_ips: fields.allowed_ips, expires_on: fields.expires })
    .where('id', '=', credentialId)
    .where('revoked_at', 'is', null)
    .execute();
}

const keyColumns = (key: ClientKey) => ({
  auth_method: 'private_key_jwt' as const,
  public_key: JSON.stringify(key.jwk),
  key_algorithms: key.algorithms,
  key_thumbprint: key.thumbprint,
});

/**
 * A key credential's new key (D57), with a new unseen version hash: every earlier token stops
 * working at once, as on a secret rotation, and a token being issued with the old key is refused
 * at its store (ADR 0016).
 */
export async function replaceKey(db: Db, credentialId: number, key: ClientKey, versionHash: Buffer): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ ...keyColumns(key), secret_hash: versionHash, secret_rotated_at: sql<string>`now()` })
    .where('id', '=', credentialId)
    .where('auth_method', '=', 'private_key_jwt')
    .execute();
  await revokeTokens(db, credentialId);
}

/** A new secret; every earlier token stops working at once (spec "Rotate secret"). */
export async function replaceSecret(db: Db, credentialId: number, secretHash: Buffer): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ secret_hash: secretHash, secret_rotated_at: sql<string>`now()` })
    .where('id', '=', credentialId)
    .execute();
  await revokeTokens(db, credentialId);
}

export async function markRevoked(db: Db, credentialId: number): Promise<void> {
  await db
    .updateTable('api_credentials')
    .set({ revoked_at: sql<string>`now()` })
    .where('id', '=', credentialId)
    .where('revoked_at', 'is', null)
    .execute();
  await revokeTokens(db, credentialId);
}

async function revokeTokens(db: Db, credentialId: number): Promise<void> {
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: sql<string>`now()` })
    .where('credential_id', '=', credentialId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Locks the company's row until the transaction ends, so that the company's credential creations
 * (and reactivations) count its active credentials one at a time (D47). False when the company
 * does not exist.
 */
export async function lockCompany(db: Transaction<CentralDatabase>, empresaId: number): Promise<boolean> {
  const row = await db
    .selectFrom('empresas')
    .select('id')
    .where('id', '=', empresaId)
    .where('excluido', '=', false)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's credentials neither revoked nor expired (D32, D47). */
export async function countActiveCredentials(db: Db, empresaId: number): Promise<number> {
  const row = await db
    .selectFrom('api_credentials as c')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('c.empresa_id', '=', empresaId)
    .where('c.revoked_at', 'is', null)
    .where(credentialNotExpired)
    .executeTakeFirstOrThrow();
  return row.n;
}
