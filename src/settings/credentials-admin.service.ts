import type { Kysely } from 'kysely';
import type { Actor } from '../credentials/audit.ts';
import { listCredentialEvents, type AuditEvent } from '../credentials/audit.query.ts';
import { listCredentials, type CredentialRow } from '../credentials/credentials.query.ts';
import {
  CredentialError,
  CredentialLimitError,
  createCredential,
  createKeyCredential,
  findCompanyCredential,
  replaceCredentialKey,
  revokeCredential,
  rotateSecret,
  updateCredential,
} from '../credentials/credentials.service.ts';
import { readPublicKey, type ClientKey } from '../credentials/public-key.ts';
import { carriesSensitiveScope, SCOPE_TABLE } from '../domain/scopes.ts';
import { SettingsError } from '../errors/coded-error.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { CentralDatabase } from '../store/tables.ts';
import {
  PASSWORD_NEEDED,
  passwordGiven,
  type ChangeCredentialInput,
  type CreateCredentialInput,
  type ReplaceKeyInput,
  type RotateInput,
} from './bodies.ts';
import { KEY_PROBLEMS } from './key-problems.ts';
import { credentialView, credentialViews, type CredentialView } from './credential-view.ts';
import { confirmPassword } from './session.service.ts';
import type { SettingsUser } from './session.query.ts';

/**
 * What a signed-in `api_externa` user may do with their company's credentials, on bodies already
 * validated at the edge (bodies.ts). Every lookup is by (company, client id): another company's
 * client id is `recurso_nao_encontrado`, exactly like an unknown one.
 */
export interface AdminContext {
  db: Kysely<CentralDatabase>;
  limiter: Limiter;
  user: SettingsUser;
  ip: string;
}

/** A scope as the settings page shows it next to its checkbox (docs/settings-api.md, ScopeInfo). */
export interface ScopeInfo {
  scope: string;
  recurso: string;
  descricao: string;
  /** granting or keeping it asks for the user's current password */
  sensivel: boolean;
}

/** The scope table, served to the page so that it never keeps a copy of its own. */
const SCOPE_INFO: readonly ScopeInfo[] = SCOPE_TABLE.map(({ id, recurso, descricao, sensivel }) => ({
  scope: id,
  recurso,
  descricao,
  sensivel,
}));

const actorOf = (ctx: AdminContext): Actor => ({ type: 'usuario', usuarioId: ctx.user.id, ip: ctx.ip });

const revokedIsFinal = (what: string): SettingsError =>
  new SettingsError('dados_invalidos', [
    { campo: 'client_id', mensagem: `Esta credencial foi revogada: ${what}. A revogação é definitiva.` },
  ]);

/** The company's credential with this client id; another company's or an unknown one is `recurso_nao_encontrado`. */
export async function ownCredential(ctx: AdminContext, clientId: string): Promise<CredentialRow> {
  const row = await findCompanyCredential(ctx.db, ctx.user.empresaId, clientId);
  if (row === null) throw new SettingsError('recurso_nao_encontrado');
  return row;
}

/**
 * Sensitive scopes need the current password (spec "Authentication"): missing is a field error
 * naming `senha_atual`; wrong is `senha_incorreta`.
 */
async function passwordRule(ctx: AdminContext, needed: boolean, senhaAtual: string | null | undefined): Promise<void> {
  if (!needed) return;
  if (!passwordGiven(senhaAtual)) throw new SettingsError('dados_invalidos', [{ campo: 'senha_atual', mensagem: PASSWORD_NEEDED }]);
  await confirmPassword(ctx.db, ctx.limiter, ctx.user, senhaAtual);
}

/** The edge checked every field already; should the credential rules still refuse one, it is named the same way. */
async function underCredentialRules<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CredentialLimitError) throw new SettingsError('limite_de_credenciais');
    if (err instanceof CredentialError) {
      throw new SettingsError('dados_invalidos', [{ campo: err.field, mensagem: 'Valor recusado pelas regras da credencial.' }]);
    }
    throw err;
  }
}

export async function listForCompany(ctx: AdminContext): Promise<{ credentials: CredentialView[]; scopes: readonly ScopeInfo[] }> {
  const rows = await listCredentials(ctx.db, ctx.user.empresaId);
  return { credentials: await credentialViews(ctx.db, ctx.user.empresaId, rows), scopes: SCOPE_INFO };
}

/**
 * A new credential: with a secret, shown in this answer only; or, given `public_key`, one that
 * authenticates with that key and has no secret to show (D57).
 */
export async function create(
  ctx: AdminContext,
  input: CreateCredentialInput,
): Promise<{ credential: CredentialView; client_secret?: string }> {
  const key = input.public_key === undefined ? undefined : await keyOf(input.public_key);
  await passwordRule(ctx, carriesSensitiveScope(input.scopes), input.senha_atual);
  const fields = {
    empresaId: ctx.user.empresaId,
    name: input.name,
    scopes: input.scopes,
    allowedIps: input.allowed_ips ?? [],
    expires: input.expires ?? null,
  };
  if (key !== undefined) {
    const row = await underCredentialRules(() => createKeyCredential(ctx.db, fields, key, actorOf(ctx)));
    return { credential: await credentialView(ctx.db, ctx.user.empresaId, row) };
  }
  const { client_secret, ...row } = await underCredentialRules(() => createCredential(ctx.db, fields, actorOf(ctx)));
  return { credential: await credentialView(ctx.db, ctx.user.empresaId, row), client_secret };
}

/** The pasted key, read; a refusal names `public_key` and says what to paste instead. */
async function keyOf(text: string): Promise<ClientKey> {
  const key = await readPublicKey(text);
  if ('problem' in key) throw new SettingsError('dados_invalidos', [{ campo: 'public_key', mensagem: KEY_PROBLEMS[key.problem] }]);
  return key;
}

/** D57: a key credential's new key; every earlier token stops working at once, as on a rotation. */
export async function replaceKey(ctx: AdminContext, row: CredentialRow, input: ReplaceKeyInput): Promise<{ credential: CredentialView }> {
  if (row.status === 'revoked') throw revokedIsFinal('não é possível substituir a chave');
  if (row.auth_method !== 'private_key_jwt') throw methodMismatch(USES_SECRET);
  const key = await keyOf(input.public_key);
  await passwordRule(ctx, carriesSensitiveScope(row.scopes), input.senha_atual);
  const updated = await underCredentialRules(() => replaceCredentialKey(ctx.db, row.client_id, key, actorOf(ctx)));
  return { credential: await credentialView(ctx.db, ctx.user.empresaId, updated) };
}

const USES_SECRET = 'Esta credencial usa segredo, não chave pública: gere um novo segredo em vez de substituir a chave.';
const USES_KEY = 'Esta credencial usa chave pública e não tem segredo: substitua a chave em vez de gerar um segredo.';

const methodMismatch = (mensagem: string): SettingsError => new SettingsError('dados_invalidos', [{ campo: 'client_id', mensagem }]);

/** Password when the credential carries or gains a sensitive scope; removing a scope applies at once (D30, D31). */
export async function change(ctx: AdminContext, row: CredentialRow, input: ChangeCredentialInput): Promise<{ credential: CredentialView }> {
  if (row.status === 'revoked') throw revokedIsFinal('ela não pode mais ser alterada');
  await passwordRule(ctx, carriesSensitiveScope(row.scopes) || carriesSensitiveScope(input.scopes ?? []), input.senha_atual);
  const changes = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.scopes === undefined ? {} : { scopes: input.scopes }),
    ...(input.allowed_ips === undefined ? {} : { allowedIps: input.allowed_ips }),
    ...(input.expires === undefined ? {} : { expires: input.expires }),
  };
  const updated = await underCredentialRules(() => updateCredential(ctx.db, row.client_id, changes, actorOf(ctx)));
  return { credential: await credentialView(ctx.db, ctx.user.empresaId, updated) };
}

/** A new secret, shown once; every earlier token stops working at once. */
export async function rotate(
  ctx: AdminContext,
  row: CredentialRow,
  input: RotateInput,
): Promise<{ client_id: string; client_secret: string }> {
  if (row.status === 'revoked') throw revokedIsFinal('não é possível gerar um novo segredo');
  if (row.auth_method === 'private_key_jwt') throw methodMismatch(USES_KEY);
  await passwordRule(ctx, carriesSensitiveScope(row.scopes), input.senha_atual);
  return underCredentialRules(() => rotateSecret(ctx.db, row.client_id, actorOf(ctx)));
}

/** Final; revoking a revoked credential changes nothing and answers the same. */
export async function revoke(ctx: AdminContext, row: CredentialRow): Promise<{ credential: CredentialView }> {
  await revokeCredential(ctx.db, row.client_id, actorOf(ctx));
  return { credential: await credentialView(ctx.db, ctx.user.empresaId, await ownCredential(ctx, row.client_id)) };
}

export async function auditTrail(ctx: AdminContext, row: CredentialRow): Promise<{ events: AuditEvent[] }> {
  return { events: await listCredentialEvents(ctx.db, ctx.user.empresaId, row.id) };
}
