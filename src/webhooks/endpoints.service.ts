import type { Kysely, Transaction } from 'kysely';
import { recordAudit, type Actor } from '../credentials/audit.ts';
import { findCredentialByClientId, type CredentialRow } from '../credentials/credentials.query.ts';
import { seal } from '../crypto/secret-box.ts';
import { newWebhookSecret } from '../crypto/webhook-signature.ts';
import { MAX_WEBHOOK_URL_LENGTH, MAX_WEBHOOKS_PER_CREDENTIAL } from '../domain/limits.ts';
import { followableWith, isNotifiableResource, sortResources, type NotifiableResource } from '../domain/notification-resources.ts';
import type { CentralDatabase } from '../store/tables.ts';
import {
  countEndpoints,
  deleteEndpoint,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  lockEndpoint,
  replaceEndpointSecret,
  updateEndpointFields,
  type DeliveryRow,
  type EndpointRow,
  type EndpointState,
} from './endpoints.query.ts';
import { eventBody, newEventId } from './events.ts';
import { dropPending, enqueueEvent } from './queue.query.ts';
import { refusedLiteral } from './public-lookup.ts';

/** D51: after a rotation the previous secret signs too, for this long. */
export const PREVIOUS_SECRET_HOURS = 24;

/** What the endpoint services need: the central database, the secrets' key, D55's switch, a clock. */
export interface WebhookContext {
  db: Kysely<CentralDatabase>;
  secretKey: () => Promise<Buffer>;
  /** WEBHOOKS_ALLOW_PRIVATE=1 (D55) */
  allowPrivate: boolean;
  now?: () => Date;
  /** told when an event is queued, so a worker in this process sends it without waiting for its poll */
  queued?: () => void;
}

/** A request the endpoint rules refuse; `field` names what to correct. */
export class WebhookError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** No such endpoint (or credential) for this caller: the same answer whether it exists elsewhere or not. */
export class WebhookNotFound extends Error {}

/** An endpoint as the settings API and the CLI write it (interfaces: `webhooks list`); never a secret. */
export interface EndpointDocument {
  id: number;
  client_id: string;
  url: string;
  resources: NotifiableResource[];
  status: EndpointState;
  /** why it was disabled (`desativado_por_falhas`), else null */
  reason: string | null;
  created_at: string;
  updated_at: string;
}

export const endpointDocument = (row: EndpointRow): EndpointDocument => ({
  id: row.id,
  client_id: row.client_id,
  url: row.url,
  resources: sortResources(row.recursos),
  status: row.estado,
  reason: row.motivo,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** D55 at save time, for a clear answer: `https://`, no credentials or fragment, no non-public address written in it. */
export function checkUrl(text: string, allowPrivate: boolean): string {
  if (text.length > MAX_WEBHOOK_URL_LENGTH) throw new WebhookError('url', `url must have at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WebhookError('url', 'url is not a valid URL');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new WebhookError('url', 'url must start with https://');
  if (url.username !== '' || url.password !== '') throw new WebhookError('url', 'url must not carry a user name or password');
  if (url.hash !== '' || text.includes('#')) throw new WebhookError('url', 'url must not have a fragment (#...)');
  if (!allowPrivate) {
    const host = url.hostname.toLowerCase();
    if (host === 'localhost' || host.endsWith('.localhost'))
      throw new WebhookError('url', 'url must point to a public address, not localhost');
    const refused = refusedLiteral(url);
    if (refused !== null) throw new WebhookError('url', `url must point to a public address: ${refused.address} is ${refused.range}`);
  }
  return url.toString();
}

/** The resources asked for: known, readable with the credential's scopes (D51), at least one; in catalogue order. */
function checkResources(asked: readonly string[], credential: CredentialRow): NotifiableResource[] {
  const unknown = asked.filter((r) => !isNotifiableResource(r));
  if (unknown.length > 0) throw new WebhookError('resources', `unknown resource(s): ${unknown.join(', ')}`);
  const allowed = new Set(followableWith(credential.scopes));
  const unreadable = asked.filter((r) => !allowed.has(r as NotifiableResource));
  if (unreadable.length > 0)
    throw new WebhookError(
      'resources',
      `the credential's scopes do not read: ${unreadable.join(', ')} (it may follow: ${[...allowed].join(', ') || 'none'})`,
    );
  const resources = sortResources(asked);
  if (resources.length === 0) throw new WebhookError('resources', 'at least one resource is required');
  return resources;
}

/** The credential, live and (when `empresaId` is given) of that company, or WebhookNotFound. */
async function liveCredential(db: Kysely<CentralDatabase>, empresaId: number | null, clientId: string): Promise<CredentialRow> {
  const credential = await findCredentialByClientId(db, clientId);
  if (credential === null || (empresaId !== null && credential.empresa_id !== empresaId))
    throw new WebhookNotFound(`no credential ${clientId}`);
  return credential;
}

async function endpointOf(db: Kysely<CentralDatabase>, empresaId: number | null, id: number): Promise<EndpointRow> {
  const row = await findEndpoint(db, empresaId, id);
  if (row === null) throw new WebhookNotFound(`no notification endpoint ${id}`);
  return row;
}

async function queueEvent(
  ctx: WebhookContext,
  trx: Transaction<CentralDatabase>,
  endpointId: number,
  tipo: 'alteracoes.disponiveis' | 'teste',
  recurso: string | null,
): Promise<string> {
  const now = ctx.now?.() ?? new Date();
  const id = newEventId();
  await enqueueEvent(trx, { endpointId, eventoId: id, tipo, recurso, corpo: eventBody(id, tipo, now, recurso), now });
  return id;
}

export interface CreatedEndpoint extends EndpointDocument {
  /** shown only in this answer (D51) */
  secret: string;
}

/** `empresaId` null: the operator, for any company. */
export async function createEndpoint(
  ctx: WebhookContext,
  input: { empresaId: number | null; clientId: string; url: string; resources: string[] },
  actor: Actor,
): Promise<CreatedEndpoint> {
  const credential = await liveCredential(ctx.db, input.empresaId, input.clientId);
  if (credential.status !== 'active')
    throw new WebhookError('client_id', `the credential is ${credential.status}: it sends no notifications`);
  const url = checkUrl(input.url, ctx.allowPrivate);
  const resources = checkResources(input.resources, credential);
  const secret = newWebhookSecret();
  const sealed = seal(await ctx.secretKey(), secret);
  const id = await ctx.db.transaction().execute(async (trx) => {
    // The credential's row is the lock: two creations at the cap count one after the other.
    await trx.selectFrom('api_credentials').select('id').where('id', '=', credential.id).forUpdate().execute();
    if ((await countEndpoints(trx, credential.empresa_id, credential.id)) >= MAX_WEBHOOKS_PER_CREDENTIAL)
      throw new WebhookError('client_id', `a credential may have at most ${MAX_WEBHOOKS_PER_CREDENTIAL} notification endpoints`);
    const created = await insertEndpoint(trx, {
      empresaId: credential.empresa_id,
      credentialId: credential.id,
      url,
      recursos: resources,
      segredo: sealed,
    });
    await recordAudit(trx, {
      empresaId: credential.empresa_id,
      credentialId: credential.id,
      actor,
      action: 'webhook.create',
      details: { webhook_id: created, url, resources },
    });
    return created;
  });
  return { ...endpointDocument(await endpointOf(ctx.db, null, id)), secret };
}

export async function listEndpointsOf(ctx: WebhookContext, empresaId: number | null, clientId: string): Promise<EndpointDocument[]> {
  const credential = await liveCredential(ctx.db, empresaId, clientId);
  return (await listEndpoints(ctx.db, credential.empresa_id, credential.id)).map(endpointDocument);
}

export interface EndpointChange {
  url?: string;
  resources?: string[];
  /** false pauses; true resumes a paused or re-enables a disabled endpoint */
  active?: boolean;
}

/**
 * Changes an endpoint. Pausing drops what it had queued; resuming or re-enabling queues one fresh
 * event per followed resource (D54), since changes may have come meanwhile.
 */
export async function updateEndpoint(
  ctx: WebhookContext,
  empresaId: number | null,
  id: number,
  change: EndpointChange,
  actor: Actor,
): Promise<EndpointDocument> {
  const before = await endpointOf(ctx.db, empresaId, id);
  const credential = await liveCredential(ctx.db, empresaId, before.client_id);
  const url = change.url === undefined ? before.url : checkUrl(change.url, ctx.allowPrivate);
  const resources = change.resources === undefined ? sortResources(before.recursos) : checkResources(change.resources, credential);
  let estado: EndpointState = before.estado;
  let motivo = before.motivo;
  if (change.active === false) estado = 'pausado';
  if (change.active === true) {
    if (credential.status !== 'active')
      throw new WebhookError('active', `the credential is ${credential.status}: it sends no notifications`);
    estado = 'ativo';
    motivo = null;
  }
  const resumed = estado === 'ativo' && before.estado !== 'ativo';
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockEndpoint(trx, empresaId, id))) throw new WebhookNotFound(`no notification endpoint ${id}`);
    await updateEndpointFields(trx, id, { url, recursos: resources, estado, motivo });
    if (estado !== 'ativo') await dropPending(trx, id);
    if (resumed) for (const recurso of resources) await queueEvent(ctx, trx, id, 'alteracoes.disponiveis', recurso);
    const details: Record<string, unknown> = { webhook_id: id };
    if (url !== before.url) details.url = { from: before.url, to: url };
    if (resources.join() !== sortResources(before.recursos).join())
      details.resources = { from: sortResources(before.recursos), to: resources };
    if (estado !== before.estado) details.status = { from: before.estado, to: estado };
    await recordAudit(trx, { empresaId: before.empresa_id, credentialId: before.credential_id, actor, action: 'webhook.update', details });
  });
  if (resumed) ctx.queued?.();
  return endpointDocument(await endpointOf(ctx.db, empresaId, id));
}

/** A new secret, shown once; the previous one signs too for PREVIOUS_SECRET_HOURS (D51). */
export async function rotateEndpointSecret(
  ctx: WebhookContext,
  empresaId: number | null,
  id: number,
  actor: Actor,
): Promise<{ id: number; secret: string; previous_valid_until: string }> {
  const before = await endpointOf(ctx.db, empresaId, id);
  const secret = newWebhookSecret();
  const sealed = seal(await ctx.secretKey(), secret);
  const until = new Date((ctx.now?.() ?? new Date()).getTime() + PREVIOUS_SECRET_HOURS * 3600_000);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockEndpoint(trx, empresaId, id))) throw new WebhookNotFound(`no notification endpoint ${id}`);
    await replaceEndpointSecret(trx, id, sealed, until);
    await recordAudit(trx, {
      empresaId: before.empresa_id,
      credentialId: before.credential_id,
      actor,
      action: 'webhook.rotate_secret',
      details: { webhook_id: id },
    });
  });
  return { id, secret, previous_valid_until: `${until.toISOString().slice(0, 19)}Z` };
}

export async function deleteEndpointById(
  ctx: WebhookContext,
  empresaId: number | null,
  id: number,
  actor: Actor,
): Promise<{ id: number; deleted: true }> {
  const before = await endpointOf(ctx.db, empresaId, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockEndpoint(trx, empresaId, id))) throw new WebhookNotFound(`no notification endpoint ${id}`);
    await deleteEndpoint(trx, id);
    await recordAudit(trx, {
      empresaId: before.empresa_id,
      credentialId: before.credential_id,
      actor,
      action: 'webhook.delete',
      details: { webhook_id: id, url: before.url },
    });
  });
  return { id, deleted: true };
}

/** Queues a `teste` event (D52), tried once: it checks the receiver, it does not count toward disabling. */
export async function sendTestEvent(
  ctx: WebhookContext,
  empresaId: number | null,
  id: number,
  actor: Actor,
): Promise<{ event_id: string }> {
  const endpoint = await endpointOf(ctx.db, empresaId, id);
  if (endpoint.estado !== 'ativo') throw new WebhookError('status', `the endpoint is ${endpoint.estado}: activate it first`);
  const eventId = await ctx.db.transaction().execute(async (trx) => {
    const queued = await queueEvent(ctx, trx, id, 'teste', null);
    await recordAudit(trx, {
      empresaId: endpoint.empresa_id,
      credentialId: endpoint.credential_id,
      actor,
      action: 'webhook.test',
      details: { webhook_id: id, event_id: queued },
    });
    return queued;
  });
  ctx.queued?.();
  return { event_id: eventId };
}

/** A line of the delivery log as the settings API and the CLI write it (interfaces: `webhooks deliveries`). */
export interface DeliveryDocument {
  at: string;
  event_id: string;
  tipo: string;
  attempt: number;
  http_status: number | null;
  error: string | null;
  duration_ms: number;
}

const deliveryDocument = (row: DeliveryRow): DeliveryDocument => ({
  at: row.em,
  event_id: row.evento_id,
  tipo: row.tipo,
  attempt: row.tentativa,
  http_status: row.http_status,
  error: row.erro,
  duration_ms: row.duracao_ms,
});

export async function deliveriesOf(ctx: WebhookContext, empresaId: number | null, id: number, limit: number): Promise<DeliveryDocument[]> {
  await endpointOf(ctx.db, empresaId, id);
  return (await listDeliveries(ctx.db, id, limit)).map(deliveryDocument);
}
