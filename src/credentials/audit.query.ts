import type { Kysely } from 'kysely';
import { utcDateTime } from '../store/sql.ts';
import type { CentralDatabase } from '../store/tables.ts';

/**
 * One entry of a credential's audit trail, as the settings API (docs/settings-api.md,
 * `AuditEvent`) and the CLI (`credentials audit`) show it: `details` says what changed, never a secret.
 */
export interface AuditEvent {
  id: number;
  action: string;
  actor: { type: 'operator' | 'usuario' | 'anonimo'; id: number | null; nome: string | null };
  ip: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** One credential's trail, newest first, within the company (company id first, as everywhere). */
export async function listCredentialEvents(db: Kysely<CentralDatabase>, empresaId: number, credentialId: number): Promise<AuditEvent[]> {
  const rows = await db
    .selectFrom('audit_events as a')
    .leftJoin('usuarios as u', 'u.id', 'a.actor_usuario_id')
    .select([
      'a.id',
      'a.action',
      'a.actor_type',
      'a.actor_usuario_id as actor_id',
      'u.nome as actor_nome',
      'a.ip',
      'a.details',
      utcDateTime<string>('a.created_at').as('created_at'),
    ])
    .where('a.empresa_id', '=', empresaId)
    .where('a.credential_id', '=', credentialId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  return rows.map((e) => ({
    id: e.id,
    action: e.action,
    actor: { type: e.actor_type, id: e.actor_id, nome: e.actor_nome },
    ip: e.ip,
    details: e.details,
    created_at: e.created_at,
  }));
}
