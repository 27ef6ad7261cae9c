import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { utcDateTime } from '../store/sql.ts';
import type { CentralDatabase, WebhookDeliveriesTable } from '../store/tables.ts';

type Db = Kysely<CentralDatabase> | Transaction<CentralDatabase>;

export type EndpointState = 'ativo' | 'pausado' | 'desativado_por_falhas';

/** An endpoint as people see it: never its secret. */
export interface EndpointRow {
  id: number;
  empresa_id: number;
  credential_id: number;
  client_id: string;
  url: string;
  recursos: string[];
  estado: EndpointState;
  motivo: string | null;
  created_at: string;
  updated_at: string;
}

function selectEndpoints(db: Db) {
  return db
    .selectFrom('webhook_endpoints as w')
    .innerJoin('api_credentials as c', 'c.id', 'w.credential_id')
    .select([
      'w.id',
      'w.empresa_id',
      'w.credential_id',
      'c.client_id',
      'w.url',
      'w.recursos',
      'w.estado',
      'w.motivo',
      utcDateTime<string>('w.created_at').as('created_at'),
      utcDateTime<string>('w.updated_at').as('updated_at'),
    ]);
}

/** A credential's endpoints, oldest first; the company id first, as every query of a company's rows. */
export async function listEndpoints(db: Db, empresaId: number, credentialId: number): Promise<EndpointRow[]> {
  return selectEndpoints(db).where('w.empresa_id', '=', empresaId).where('w.credential_id', '=', credentialId).orderBy('w.id').execute();
}

/** One endpoint by id: within a company (`empresaId`), or any (null: the operator's CLI). */
export async function findEndpoint(db: Db, empresaId: number | null, id: number): Promise<EndpointRow | null> {
  let query = selectEndpoints(db).where('w.id', '=', id);
  if (empresaId !== null) query = query.where('w.empresa_id', '=', empresaId);
  return (await query.executeTakeFirst()) ?? null;
}

/** Locks an endpoint's row for a change, so that concurrent changes of it happen one after another. */
export async function lockEndpoint(db: Transaction<CentralDatabase>, empresaId: number | null, id: number): Promise<boolean> {
  let query = db.selectFrom('webhook_endpoints').select('id').where('id', '=', id);
  if (empresaId !== null) query = query.where('empresa_id', '=', empresaId);
  return (await query.forUpdate().executeTakeFirst()) !== undefined;
}

export async function countEndpoints(db: Db, empresaId: number, credentialId: number): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('empresa_id', '=', empresaId)
    .where('credential_id', '=', credentialId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertEndpoint(
  db: Db,
  values: { empresaId: number; credentialId: number; url: string; recursos: string[]; segredo: Buffer },
): Promise<number> {
  const row = await db
    .insertInto('webhook_endpoints')
    .values({
      empresa_id: values.empresaId,
      credential_id: values.credentialId,
      url: values.url,
      recursos: values.recursos,
      segredo: values.segredo,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEndpointFields(
  db: Db,
  id: number,
  fields: { url: string; recursos: string[]; estado: EndpointState; motivo: string | null },
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({ url: fields.url, recursos: fields.recursos, estado: fields.estado, motivo: fields.motivo, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .execute();
}

/** A new secret; the one it replaces still signs until `previousUntil` (D51). */
export async function replaceEndpointSecret(db: Db, id: number, segredo: Buffer, previousUntil: Date): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({
      segredo_anterior: sql<Buffer>`segredo`,
      segredo_anterior_ate: previousUntil.toISOString(),
      segredo: segredo,
      updated_at: sql<string>`now()`,
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteEndpoint(db: Db, id: number): Promise<void> {
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** An endpoint's attempts, newest first (D54's delivery log). */
/** A line of the delivery log as read back (its instant as UTC text). */
export type DeliveryRow = Omit<Selectable<WebhookDeliveriesTable>, 'id' | 'endpoint_id'>;

export async function listDeliveries(db: Db, endpointId: number, limit: number): Promise<DeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries')
    .select([utcDateTime<string>('em').as('em'), 'evento_id', 'tipo', 'tentativa', 'http_status', 'erro', 'duracao_ms'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
