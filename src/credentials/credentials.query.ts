import { sql, type Kysely, type Transaction } from 'kysely';
import { utcDateTime } from '../store/sql.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { credentialNotExpired } from './expiry.sql.ts';
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
