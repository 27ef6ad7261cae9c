import type { Kysely } from 'kysely';
import { SENSITIVE_SCOPES, isScope } from '../auth/scopes.ts';
import type { Actor } from '../credentials/audit.ts';
import { listCredentials, type CredentialRow } from '../credentials/credentials.query.ts';
import {
  CredentialError,
  createCredential,
  findCompanyCredential,
  revokeCredential,
  rotateSecret,
  updateCredential,
} from '../credentials/credentials.service.ts';
import { SettingsError, type Detalhe } from '../errors/api-error.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { listCredentialEvents } from './audit.query.ts';
import { PASSWORD_NEEDED, readChange, readCreate, readRevoke, readRotate } from './credential-input.ts';
import { credentialView, credentialViews, type CredentialView } from './credential-view.ts';
import type { JsonObject } from './json-body.ts';
import { SCOPE_INFO, type ScopeInfo } from './scope-info.ts';
import { confirmPassword } from './session.service.ts';
import type { SettingsUser } from './session.query.ts';

/**
 * What a signed-in `api_externa` user may do with their company's credentials. Every lookup is
 * by (company, client id): another company's client id is 404, exactly like an unknown one.
 */
export interface AdminContext {
  db: Kysely<CentralDatabase>;
  limiter: Limiter;
  user: SettingsUser;
  ip: string;
}

export interface AuditEventView {
  id: number;
  action: string;
  actor: { type: 'operator' | 'usuario' | 'anonimo'; id: number | null; nome: string | null };
  ip: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

const actorOf = (ctx: AdminContext): Actor => ({ type: 'usuario', usuarioId: ctx.user.id, ip: ctx.ip });

const carriesSensitive = (scopes: readonly string[]): boolean => scopes.some((s) => isScope(s) && SENSITIVE_SCOPES.has(s));

function invalid(detalhes: Detalhe[]): SettingsError {
  return new SettingsError('dados_invalidos', detalhes);
}

const revokedIsFinal = (what: string): SettingsError =>
  invalid([{ campo: 'client_id', mensagem: `Esta credencial foi revogada: ${what}. A revogação é definitiva.` }]);

async function ownCredential(ctx: AdminContext, clientId: string): Promise<CredentialRow> {
  const row = await findCompanyCredential(ctx.db, ctx.user.empresaId, clientId);
  if (row === null) throw new SettingsError('recurso_nao_encontrado');
  return row;
}

/**
 * Sensitive scopes need the current password (spec "Authentication"): missing joins the other
 * field errors in one 400 naming `senha_atual`; wrong is 403 `senha_incorreta`.
 */
async function passwordRule(ctx: AdminContext, needed: boolean, findings: Detalhe[], senhaAtual: string | undefined): Promise<void> {
  if (needed && senhaAtual === undefined && !findings.some((d) => d.campo === 'senha_atual')) {
    findings.push({ campo: 'senha_atual', mensagem: PASSWORD_NEEDED });
  }
  if (findings.length > 0) throw invalid(findings);
  if (needed && senhaAtual !== undefined) await confirmPassword(ctx.db, ctx.limiter, ctx.user, senhaAtual);
}

/** The service's own rules were checked above already; should one still refuse, it is a 400 too. */
async function asSettingsError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CredentialError) throw invalid([{ campo: err.field, mensagem: 'Valor recusado pelas regras da credencial.' }]);
    throw err;
  }
}

export async function listForCompany(ctx: AdminContext): Promise<{ credentials: CredentialView[]; scopes: readonly ScopeInfo[] }> {
  const rows = await listCredentials(ctx.db, ctx.user.empresaId);
  return { credentials: await credentialViews(ctx.db, ctx.user.empresaId, rows), scopes: SCOPE_INFO };
}

export async function create(ctx: AdminContext, body: JsonObject): Promise<{ credential: CredentialView; client_secret: string }> {
  const { findings, input, scopes, senhaAtual } = readCreate(body);
  await passwordRule(ctx, carriesSensitive(scopes), findings, senhaAtual);
  if (input === undefined) throw new Error('a create body without findings is complete');
  const created = await asSettingsError(() => createCredential(ctx.db, { empresaId: ctx.user.empresaId, ...input }, actorOf(ctx)));
  const { client_secret, ...row } = created;
  return { credential: await credentialView(ctx.db, ctx.user.empresaId, row), client_secret };
}

/** Password when the credential carries or gains a sensitive scope; removing a scope applies at once (D30, D31). */
export async function change(ctx: AdminContext, clientId: string, body: JsonObject): Promise<{ credential: CredentialView }> {
  const row = await ownCredential(ctx, clientId);
  const { findings, input, senhaAtual } = readChange(body);
  if (row.status === 'revoked') throw revokedIsFinal('ela não pode mais ser alterada');
  await passwordRule(ctx, carriesSensitive(row.scopes) || carriesSensitive(input.scopes ?? []), findings, senhaAtual);
  const updated = await asSettingsError(() => updateCredential(ctx.db, clientId, input, actorOf(ctx)));
  return { credential: await credentialView(ctx.db, ctx.user.empresaId, updated) };
}

/** A new secret, shown once; every earlier token stops working at once. */
export async function rotate(ctx: AdminContext, clientId: string, body: JsonObject): Promise<{ client_id: string; client_secret: string }> {
  const row = await ownCredential(ctx, clientId);
  const { findings, senhaAtual } = readRotate(body);
  if (row.status === 'revoked') throw revokedIsFinal('não é possível gerar um novo segredo');
  await passwordRule(ctx, carriesSensitive(row.scopes), findings, senhaAtual);
  return asSettingsError(() => rotateSecret(ctx.db, clientId, actorOf(ctx)));
}

/** Final; revoking a revoked credential changes nothing and answers the same. */
export async function revoke(ctx: AdminContext, clientId: string, body: JsonObject): Promise<{ credential: CredentialView }> {
  await ownCredential(ctx, clientId);
  const { findings } = readRevoke(body);
  if (findings.length > 0) throw invalid(findings);
  await revokeCredential(ctx.db, clientId, actorOf(ctx));
  return { credential: await credentialView(ctx.db, ctx.user.empresaId, await ownCredential(ctx, clientId)) };
}

export async function auditTrail(ctx: AdminContext, clientId: string): Promise<{ events: AuditEventView[] }> {
  const row = await ownCredential(ctx, clientId);
  const events = await listCredentialEvents(ctx.db, ctx.user.empresaId, row.id);
  return {
    events: events.map((e) => ({
      id: e.id,
      action: e.action,
      actor: { type: e.actor_type, id: e.actor_id, nome: e.actor_nome },
      ip: e.ip,
      details: e.details,
      created_at: e.created_at,
    })),
  };
}
