import type { Kysely, Transaction } from 'kysely';
import type { CentralDatabase } from '../store/tables.ts';

/**
 * Who did something: the operator (CLI, server-side authority), a signed-in company user, or an
 * anonymous caller (a sign-in attempt for an e-mail no live account has).
 */
export type Actor =
  { type: 'operator' } | { type: 'usuario'; usuarioId: number; ip: string | null } | { type: 'anonimo'; ip: string | null };

export const OPERATOR: Actor = { type: 'operator' };

/** Appends to the audit trail. `details` says what changed and must never hold a secret. */
export async function recordAudit(
  db: Kysely<CentralDatabase> | Transaction<CentralDatabase>,
  event: { empresaId: number | null; credentialId: number | null; actor: Actor; action: string; details?: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      empresa_id: event.empresaId,
      credential_id: event.credentialId,
      actor_type: event.actor.type,
      actor_usuario_id: event.actor.type === 'usuario' ? event.actor.usuarioId : null,
      ip: event.actor.type === 'operator' ? null : event.actor.ip,
      action: event.action,
      details: JSON.stringify(event.details ?? {}),
    })
    .execute();
}
