import type { Kysely, Transaction } from 'kysely';
import { isRealDate } from '../time/calendar.ts';
import { normaliseAllowEntry } from '../domain/ip-allowlist.ts';
import { credentialNameProblem, MAX_NAME_LENGTH } from './credential-name.ts';
import { isScope, sortScopes, type Scope } from '../domain/scopes.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { recordAudit, type Actor } from './audit.ts';
import {
  countActiveCredentials,
  findCredentialByClientId,
  lockCompany,
  insertCredential,
  lockCredential,
  updateCredentialFields,
  markRevoked,
  replaceKey,
  replaceSecret,
  type CredentialRow,
} from './credentials.query.ts';
import { sha256 } from '../crypto/hashes.ts';
import type { ClientKey } from './public-key.ts';
import { newClientId, newClientSecret } from './secrets.ts';
import { MAX_ACTIVE_CREDENTIALS } from '../domain/limits.ts';

/** At most this many addresses or networks in one credential's allowlist. */
export const MAX_ALLOWED_IPS = 100;

/** A request the credential rules refuse; `field` names what to correct. */
export class CredentialError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** The company already holds as many active credentials as the cap allows (D47: MAX_ACTIVE_CREDENTIALS). */
export class CredentialLimitError extends Error {
  constructor(
    readonly empresaId: number,
    cap: number,
  ) {
    super(`company ${empresaId} already has ${cap} active credentials, the most allowed: revoke one that is no longer used first`);
  }
}

/**
 * Inside the caller's transaction, after the company's row is locked (lockCompany): refuses when
 * the company's active credentials, counting the one being created or reactivated, pass the cap.
 * The lock makes two concurrent creations at the cap count one after the other: one wins (D47).
 */
async function withinCap(
  trx: Transaction<CentralDatabase>,
  empresaId: number,
  adding: number,
  cap = MAX_ACTIVE_CREDENTIALS,
): Promise<void> {
  if ((await countActiveCredentials(trx, empresaId)) + adding > cap) throw new CredentialLimitError(empresaId, cap);
}

export interface CreateOptions {
  /**
   * The D47 cap on active credentials, MAX_ACTIVE_CREDENTIALS unless given. Only the load
   * harness of bench/ passes another (it needs hundreds of credentials to keep every one under
   * the per-credential rate limit); the settings API and the CLI never do.
   */
  maxActive?: number;
}

export interface CredentialInput {
  empresaId: number;
  name: string;
  scopes: string[];
  allowedIps: string[];
  /** YYYY-MM-DD: valid until the end of that day in America/Sao_Paulo (D32) */
  expires: string | null;
}

export interface CreatedCredential extends CredentialRow {
  /** shown only in this response (spec "Credential": create) */
  client_secret: string;
}

function checkInput(input: CredentialInput): { name: string; scopes: Scope[]; allowedIps: string[] } {
  const name = input.name.trim();
  const problem = credentialNameProblem(name);
  if (problem === 'length') throw new CredentialError('name', `name must have 1 to ${MAX_NAME_LENGTH} characters`);
  if (problem === 'hidden') throw new CredentialError('name', 'name must be one line without control or text-direction characters');
  const unknown = input.scopes.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new CredentialError('scopes', `unknown scope(s): ${unknown.join(', ')}`);
  const scopes = sortScopes(input.scopes);
  if (scopes.length === 0) throw new CredentialError('scopes', 'at least one scope is required');
  if (input.allowedIps.length > MAX_ALLOWED_IPS)
    throw new CredentialError('allowed_ips', `at most ${MAX_ALLOWED_IPS} addresses or networks`);
  const allowedIps = input.allowedIps.map((entry) => {
    const normal = normaliseAllowEntry(entry);
    if (normal === null) throw new CredentialError('allowed_ips', `not an IP address or CIDR network: ${entry}`);
    return normal;
  });
  if (input.expires !== null && !isRealDate(input.expires)) throw new CredentialError('expires', 'expires must be a date YYYY-MM-DD');
  return { name, scopes, allowedIps: [...new Set(allowedIps)] };
}

export async function createCredential(
  db: Kysely<CentralDatabase>,
  input: CredentialInput,
  actor: Actor,
  options: CreateOptions = {},
): Promise<CreatedCredential> {
  const secret = newClientSecret();
  const row = await insertNew(db, input, actor, options, sha256(secret), undefined);
  return { ...row, client_secret: secret };
}

/**
 * A `private_key_jwt` credential (D57): the integrator signs its token requests with the private
 * half of `key`, and there is no secret to show. Its secret hash is of a value no one is shown: the
 * version a key replacement changes (migration 0007).
 */
export async function createKeyCredential(
  db: Kysely<CentralDatabase>,
  input: CredentialInput,
  key: ClientKey,
  actor: Actor,
): Promise<CredentialRow> {
  return insertNew(db, input, actor, {}, sha256(newClientSecret()), key);
}

async function insertNew(
  db: Kysely<CentralDatabase>,
  input: CredentialInput,
  actor: Actor,
  options: CreateOptions,
  secretHash: Buffer,
  key: ClientKey | undefined,
): Promise<CredentialRow> {
  const checked = checkInput(input);
  const clientId = newClientId();
  return db.transaction().execute(async (trx) => {
    if (!(await lockCompany(trx, input.empresaId))) throw new CredentialError('company', `company ${input.empresaId} does not exist`);
    await withinCap(trx, input.empresaId, 1, options.maxActive);
    const id = await insertCredential(trx, {
      empresaId: input.empresaId,
      clientId,
      secretHash,
      name: checked.name,
      scopes: checked.scopes,
      allowedIps: checked.allowedIps,
      expires: input.expires,
      createdByUsuarioId: actor.type === 'usuario' ? actor.usuarioId : null,
      ...(key === undefined ? {} : { key }),
    });
    await recordAudit(trx, {
      empresaId: input.empresaId,
      credentialId: id,
      actor,
      action: 'credential.create',
      details: {
        name: checked.name,
        scopes: checked.scopes,
        allowed_ips: checked.allowedIps,
        expires: input.expires,
        ...(key === undefined ? {} : { auth_method: 'private_key_jwt', key_thumbprint: key.thumbprint }),
      },
    });
    const row = await findCredentialByClientId(trx, clientId);
    if (row === null) throw new Error('credential vanished inside its own transaction');
    return row;
  });
}

/**
 * The credential when it belongs to the company, else null: another company's client id is as
 * unknown as one that does not exist (the settings area answers 404 for both).
 */
export async function findCompanyCredential(
  db: Kysely<CentralDatabase>,
  empresaId: number,
  clientId: string,
): Promise<CredentialRow | null> {
  const row = await findCredentialByClientId(db, clientId);
  return row !== null && row.empresa_id === empresaId ? row : null;
}

/** What a change may set; an absent field stays as it is (`expires: null` removes the expiry). */
export interface CredentialChanges {
  name?: string;
  scopes?: string[];
  allowedIps?: string[];
  expires?: string | null;
}

type Diff = Record<string, { from: unknown; to: unknown }>;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Changes name, scopes, allowed IPs and expiry, validated like create. Takes effect on the very
 * next request (D30, D31): tokens are authorised against the credential's current scopes, IPs
 * and expiry, so a removed scope or address stops working at once without revoking tokens.
 * Audited as `credential.update` with `{field: {from, to}}` of what really changed; a change
 * that changes nothing writes nothing.
 */
export async function updateCredential(
  db: Kysely<CentralDatabase>,
  clientId: string,
  changes: CredentialChanges,
  actor: Actor,
): Promise<CredentialRow> {
  return db.transaction().execute(async (trx) => {
    // Locked so two concurrent changes cannot both diff against the same old values.
    await lockCredential(trx, clientId);
    const row = await findCredentialByClientId(trx, clientId);
    if (row === null) throw new CredentialError('client_id', `no credential with client id ${clientId}`);
    if (row.status === 'revoked') throw new CredentialError('client_id', 'a revoked credential cannot be changed');
    const expires = changes.expires === undefined ? row.expires : changes.expires;
    const checked = checkInput({
      empresaId: row.empresa_id,
      name: changes.name ?? row.name,
      scopes: changes.scopes ?? row.scopes,
      allowedIps: changes.allowedIps ?? row.allowed_ips,
      expires,
    });
    const next = { name: checked.name, scopes: checked.scopes, allowed_ips: checked.allowedIps, expires };
    const diff: Diff = {};
    for (const field of ['name', 'scopes', 'allowed_ips', 'expires'] as const) {
      if (!same(row[field], next[field])) diff[field] = { from: row[field], to: next[field] };
    }
    if (Object.keys(diff).length === 0) return row;
    await updateCredentialFields(trx, row.id, next);
    await recordAudit(trx, { empresaId: row.empresa_id, credentialId: row.id, actor, action: 'credential.update', details: diff });
    const updated = await findCredentialByClientId(trx, clientId);
    if (updated === null) throw new Error('credential vanished inside its own transaction');
    // A new expiry can make an expired credential active again: it counts against the cap (D47).
    if (row.status === 'expired' && updated.status === 'active') {
      await lockCompany(trx, row.empresa_id);
      await withinCap(trx, row.empresa_id, 0);
    }
    return updated;
  });
}

/** The credential with this client id, whatever its status and company; an unknown one is a `CredentialError`. */
export async function existingCredential(
  db: Kysely<CentralDatabase> | Transaction<CentralDatabase>,
  clientId: string,
): Promise<CredentialRow> {
  const row = await findCredentialByClientId(db, clientId);
  if (row === null) throw new CredentialError('client_id', `no credential with client id ${clientId}`);
  return row;
}

/** A new secret, shown once; all earlier tokens are revoked at once. */
export async function rotateSecret(
  db: Kysely<CentralDatabase>,
  clientId: string,
  actor: Actor,
): Promise<{ client_id: string; client_secret: string }> {
  const secret = newClientSecret();
  await db.transaction().execute(async (trx) => {
    // Read under the row's lock, so that a revocation committing meanwhile is seen. The lock also
    // orders the rotation with every token being issued: each token is revoked below or refused
    // at its issue (ADR 0016).
    await lockCredential(trx, clientId);
    const row = await existingCredential(trx, clientId);
    if (row.status === 'revoked') throw new CredentialError('client_id', 'a revoked credential cannot be rotated');
    if (row.auth_method === 'private_key_jwt') throw new KeyCredentialError(clientId);
    await replaceSecret(trx, row.id, sha256(secret));
    await recordAudit(trx, { empresaId: row.empresa_id, credentialId: row.id, actor, action: 'credential.rotate' });
  });
  return { client_id: clientId, client_secret: secret };
}

/** The credential authenticates with a key (or with a secret): the other method's operation does not apply (D57). */
export class AuthMethodError extends CredentialError {}

class KeyCredentialError extends AuthMethodError {
  constructor(clientId: string) {
    super('client_id', `credential ${clientId} authenticates with a key and has no secret: replace its key instead`);
  }
}

/**
 * A key credential's new public key (D57): every earlier token is revoked at once, like a secret
 * rotation, and the old key signs nothing more. A secret credential stays one (the method is
 * chosen at creation).
 */
export async function replaceCredentialKey(
  db: Kysely<CentralDatabase>,
  clientId: string,
  key: ClientKey,
  actor: Actor,
): Promise<CredentialRow> {
  return db.transaction().execute(async (trx) => {
    await lockCredential(trx, clientId);
    const row = await existingCredential(trx, clientId);
    if (row.status === 'revoked') throw new CredentialError('client_id', 'a revoked credential cannot have its key replaced');
    if (row.auth_method !== 'private_key_jwt') {
      throw new AuthMethodError('client_id', `credential ${clientId} authenticates with a secret: rotate its secret instead`);
    }
    await replaceKey(trx, row.id, key, sha256(newClientSecret()));
    await recordAudit(trx, {
      empresaId: row.empresa_id,
      credentialId: row.id,
      actor,
      action: 'credential.key_replace',
      details: { key_thumbprint: { from: row.key_thumbprint, to: key.thumbprint } },
    });
    return existingCredential(trx, clientId);
  });
}

/** Final: the credential and its tokens stop working at once. */
export async function revokeCredential(
  db: Kysely<CentralDatabase>,
  clientId: string,
  actor: Actor,
): Promise<{ client_id: string; status: 'revoked' }> {
  const row = await existingCredential(db, clientId);
  if (row.status !== 'revoked') {
    await db.transaction().execute(async (trx) => {
      await markRevoked(trx, row.id);
      await recordAudit(trx, { empresaId: row.empresa_id, credentialId: row.id, actor, action: 'credential.revoke' });
    });
  }
  return { client_id: clientId, status: 'revoked' };
}
