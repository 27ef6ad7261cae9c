import type { Kysely } from 'kysely';
import { utcDateTime } from '../store/sql.ts';
import type { CentralDatabase } from '../store/tables.ts';

export interface AuditEventRow {
  id: number;
  action: string;
  actor_type: 'operator' | 'usuario' | 'anonimo';
  actor_id: number | null;
  actor_nome: string | null;
  ip: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** One credential's trail, newest first, within the company (company id first, as everywhere). */
export async function listCredentialEvents(db: Kysely<CentralDatabase>, empresaId: number, credentialId: number): Promise<AuditEventRow[]> {
  return db
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
}

/** Names of the company's users among `ids` (who created which credential). */
export async function userNames(
  db: Kysely<CentralDatabase>,
  empresaId: number,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('usuarios')
    .select(['id', 'nome'])
    .where('empresa_id', '=', empresaId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.nome]));
}
