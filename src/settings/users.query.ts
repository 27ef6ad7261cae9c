import type { Kysely } from 'kysely';
import type { CentralDatabase } from '../store/tables.ts';

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
