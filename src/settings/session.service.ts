import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { verifyPassword } from '../crypto/password.ts';
import { recordAudit, type Actor } from '../credentials/audit.ts';
import { sha256 } from '../crypto/hashes.ts';
import { SettingsError } from '../errors/coded-error.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { CentralDatabase } from '../store/tables.ts';
import { newCsrfToken } from './csrf.ts';
import { countPasswordCheck, countSignInForAccount } from './sign-in-limits.ts';
import { deleteSession, findPasswordHash, findSignInCandidate, insertSession, touchSession, type SettingsUser } from './session.query.ts';

/** The permission that opens the credentials pages (users without it may sign in, and see nothing). */
export const API_EXTERNA_PERMISSION = 'api_externa';

/** A signed-in request's session. The id itself is never kept: only its hash. */
export interface Session {
  idHash: Buffer;
  csrfToken: string;
  user: SettingsUser;
}

export interface UsuarioView {
  id: number;
  nome: string | null;
  email: string | null;
  empresa: { id: number; nome: string };
  api_externa: boolean;
}

export const hasApiExterna = (user: SettingsUser): boolean => user.permissoes.includes(API_EXTERNA_PERMISSION);

export function usuarioView(user: SettingsUser): UsuarioView {
  return {
    id: user.id,
    nome: user.nome,
    email: user.email,
    empresa: { id: user.empresaId, nome: user.empresaNome },
    api_externa: hasApiExterna(user),
  };
}

/** One answer for a wrong password, an unknown e-mail and a deleted account alike. */
const SIGN_IN_FAILED = 'E-mail ou senha incorretos.';

export interface SignInAttempt {
  email: string;
  senha: string;
  ip: string;
  userAgent: string | null;
  /** the session id the browser already had, ended on success */
  previousSessionId: string | null;
}

/**
 * Checks e-mail and password and opens a session: a new 256-bit random id (stored only as its
 * SHA-256) and a new CSRF token, also when the browser already had a session (no fixation).
 * Unknown e-mails, deleted users and wrong passwords all run the KDF (against a decoy hash
 * when there is no account) and write one audit row, so they answer the same, in the same time.
 */
export async function signIn(
  db: Kysely<CentralDatabase>,
  limiter: Limiter,
  attempt: SignInAttempt,
): Promise<{ sessionId: string; session: Session }> {
  await countSignInForAccount(limiter, attempt.email);
  const candidate = await findSignInCandidate(db, attempt.email);
  const valid = await verifyPassword(attempt.senha, candidate?.senhaHash ?? null);
  const details = { email: attempt.email };
  if (candidate === null || !valid) {
    const actor: Actor =
      candidate === null ? { type: 'anonimo', ip: attempt.ip } : { type: 'usuario', usuarioId: candidate.id, ip: attempt.ip };
    await recordAudit(db, {
      empresaId: candidate?.empresaId ?? null,
      credentialId: null,
      actor,
      action: 'session.sign_in_failed',
      details,
    });
    throw new SettingsError('nao_autenticado', [], { mensagem: SIGN_IN_FAILED });
  }
  const { senhaHash: _hash, ...user } = candidate;
  const sessionId = randomBytes(32).toString('base64url');
  const session: Session = { idHash: sha256(sessionId), csrfToken: newCsrfToken(), user };
  await insertSession(db, {
    idHash: session.idHash,
    usuarioId: user.id,
    csrfToken: session.csrfToken,
    ip: attempt.ip,
    userAgent: attempt.userAgent,
  });
  if (attempt.previousSessionId !== null) await deleteSession(db, sha256(attempt.previousSessionId));
  const actor = { type: 'usuario', usuarioId: user.id, ip: attempt.ip } as const;
  await recordAudit(db, { empresaId: user.empresaId, credentialId: null, actor, action: 'session.sign_in' });
  return { sessionId, session };
}

/** The live session of a cookie's id (its idle clock refreshed), or null. */
export async function resumeSession(db: Kysely<CentralDatabase>, sessionId: string): Promise<Session | null> {
  const idHash = sha256(sessionId);
  const record = await touchSession(db, idHash);
  return record === null ? null : { idHash, ...record };
}

export async function signOut(db: Kysely<CentralDatabase>, session: Session, ip: string): Promise<void> {
  await deleteSession(db, session.idHash);
  const actor = { type: 'usuario', usuarioId: session.user.id, ip } as const;
  await recordAudit(db, { empresaId: session.user.empresaId, credentialId: null, actor, action: 'session.sign_out' });
}

/**
 * Confirms the signed-in user's current password (sensitive scopes: spec "Authentication").
 * Limited per user (sign-in-limits.ts); wrong → 403 `senha_incorreta`.
 */
export async function confirmPassword(db: Kysely<CentralDatabase>, limiter: Limiter, user: SettingsUser, senha: string): Promise<void> {
  await countPasswordCheck(limiter, user.id);
  if (!(await verifyPassword(senha, await findPasswordHash(db, user.id)))) throw new SettingsError('senha_incorreta');
}
