import { sql, type Kysely } from 'kysely';
import type { CentralDatabase } from '../store/tables.ts';
import { settingsDb } from './settings-tables.ts';

/** A session ends after 30 minutes without use, and 12 hours after sign-in whatever the use. */
export const IDLE_MINUTES = 30;
export const ABSOLUTE_HOURS = 12;

/** A company user as the settings area knows them. */
export interface SettingsUser {
  id: number;
  empresaId: number;
  empresaNome: string;
  nome: string | null;
  email: string | null;
  permissoes: string[];
}

export interface SignInCandidate extends SettingsUser {
  senhaHash: string | null;
}

export interface SessionRecord {
  csrfToken: string;
  user: SettingsUser;
}

const USER_COLUMNS = ['u.id', 'u.empresa_id as empresaId', 'e.nome as empresaNome', 'u.nome', 'u.email', 'u.permissoes'] as const;

/**
 * The live user with this e-mail (case-insensitive), or null. Deleted users and users of a deleted
 * company are not found: to the caller they look exactly like an unknown e-mail.
 */
export async function findSignInCandidate(db: Kysely<CentralDatabase>, email: string): Promise<SignInCandidate | null> {
  const row = await db
    .selectFrom('usuarios as u')
    .innerJoin('empresas as e', 'e.id', 'u.empresa_id')
    .select([...USER_COLUMNS, 'u.senha_hash as senhaHash'])
    // the expression of the usuarios_email index, so the lookup uses it
    .where(sql<string>`lower(u.email)`, '=', email.toLowerCase())
    .where('u.excluido', '=', false)
    .where('e.excluido', '=', false)
    .executeTakeFirst();
  return row ?? null;
}

/** The user's current password hash (read fresh when `senha_atual` is checked). */
export async function findPasswordHash(db: Kysely<CentralDatabase>, usuarioId: number): Promise<string | null> {
  const row = await db
    .selectFrom('usuarios')
    .select('senha_hash')
    .where('id', '=', usuarioId)
    .where('excluido', '=', false)
    .executeTakeFirst();
  return row?.senha_hash ?? null;
}

export async function insertSession(
  db: Kysely<CentralDatabase>,
  session: { idHash: Buffer; usuarioId: number; csrfToken: string; ip: string; userAgent: string | null },
): Promise<void> {
  await settingsDb(db)
    .transaction()
    .execute(async (trx) => {
      // Sessions past their absolute limit are of no use: sweep them as users sign in (indexed).
      await trx
        .deleteFrom('settings_sessions')
        .where('expires_at', '<=', sql<string>`now()`)
        .execute();
      await trx
        .deleteFrom('settings_sessions')
        .where('usuario_id', '=', session.usuarioId)
        .where('last_seen_at', '<=', sql<string>`now() - make_interval(mins => ${IDLE_MINUTES})`)
        .execute();
      await trx
        .insertInto('settings_sessions')
        .values({
          id_hash: session.idHash,
          usuario_id: session.usuarioId,
          csrf_token: session.csrfToken,
          ip: session.ip,
          user_agent: session.userAgent,
          expires_at: sql<string>`now() + make_interval(hours => ${ABSOLUTE_HOURS})`,
        })
        .execute();
    });
}

/**
 * The live session behind an id hash, refreshing its idle clock in the same statement; null when
 * unknown, idle too long, past its absolute limit, or its user or company was deleted. The user's
 * permissions are read here on every request, so taking `api_externa` away applies at once.
 */
export async function touchSession(db: Kysely<CentralDatabase>, idHash: Buffer): Promise<SessionRecord | null> {
  const row = await settingsDb(db)
    .updateTable('settings_sessions as s')
    .from(['usuarios as u', 'empresas as e'])
    .set({ last_seen_at: sql<string>`now()` })
    .whereRef('u.id', '=', 's.usuario_id')
    .whereRef('e.id', '=', 'u.empresa_id')
    .where('s.id_hash', '=', idHash)
    .where('s.expires_at', '>', sql<string>`now()`)
    .where('s.last_seen_at', '>', sql<string>`now() - make_interval(mins => ${IDLE_MINUTES})`)
    .where('u.excluido', '=', false)
    .where('e.excluido', '=', false)
    .returning(['s.csrf_token as csrfToken', ...USER_COLUMNS])
    .executeTakeFirst();
  if (row === undefined) return null;
  const { csrfToken, ...user } = row;
  return { csrfToken, user };
}

export async function deleteSession(db: Kysely<CentralDatabase>, idHash: Buffer): Promise<void> {
  await settingsDb(db).deleteFrom('settings_sessions').where('id_hash', '=', idHash).execute();
}
