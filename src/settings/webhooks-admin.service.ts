import type { Actor } from '../credentials/audit.ts';
import type { CredentialRow } from '../credentials/credentials.query.ts';
import { MAX_WEBHOOKS_PER_CREDENTIAL, WEBHOOK_DELIVERY_LOG_SIZE } from '../domain/limits.ts';
import { followableWith, type NotifiableResource } from '../domain/notification-resources.ts';
import { SettingsError } from '../errors/coded-error.ts';
import { findEndpoint, type EndpointRow } from '../webhooks/endpoints.query.ts';
import {
  createEndpoint,
  deleteEndpointById,
  deliveriesOf,
  listEndpointsOf,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
  WebhookError,
  WebhookNotFound,
  type DeliveryDocument,
  type EndpointDocument,
  type WebhookContext,
} from '../webhooks/endpoints.service.ts';
import { passwordGiven, WEBHOOK_PASSWORD_NEEDED, type ChangeWebhookInput, type CreateWebhookInput } from './bodies.ts';
import type { AdminContext } from './credentials-admin.service.ts';
import { confirmPassword } from './session.service.ts';

/**
 * What a signed-in `api_externa` user may do with the notification endpoints of their company's
 * credentials: the settings API's glue to the rules of src/webhooks/endpoints.service.ts, on
 * bodies already validated at the edge (bodies.ts). The credential comes from `ownCredential`
 * (another company's is `recurso_nao_encontrado`); an endpoint must be of that same credential,
 * so another company's endpoint id, another credential's and an unknown one answer alike.
 */
export interface WebhookAdminContext {
  admin: AdminContext;
  webhooks: WebhookContext;
}

const actorOf = ({ admin }: WebhookAdminContext): Actor => ({ type: 'usuario', usuarioId: admin.user.id, ip: admin.ip });

const refused = (campo: string, mensagem: string): SettingsError => new SettingsError('dados_invalidos', [{ campo, mensagem }]);

/** This credential's endpoint, looked up within the user's company; anything else is `recurso_nao_encontrado`. */
export async function ownEndpoint(ctx: WebhookAdminContext, credential: CredentialRow, id: number): Promise<EndpointRow> {
  const row = await findEndpoint(ctx.webhooks.db, ctx.admin.user.empresaId, id);
  if (row === null || row.client_id !== credential.client_id) throw new SettingsError('recurso_nao_encontrado');
  return row;
}

/** The current password, as for a sensitive credential (confirmPassword: limited per user, wrong → `senha_incorreta`). */
async function passwordRule(ctx: WebhookAdminContext, senhaAtual: string | null | undefined): Promise<void> {
  if (!passwordGiven(senhaAtual)) throw refused('senha_atual', WEBHOOK_PASSWORD_NEEDED);
  await confirmPassword(ctx.admin.db, ctx.admin.limiter, ctx.admin.user, senhaAtual);
}

const inactiveCredential = (credential: CredentialRow): string =>
  `Esta credencial está ${credential.status === 'revoked' ? 'revogada' : 'expirada'}: ela não envia notificações.`;

/**
 * A refusal of the service's rules in pt-BR, naming the field the service names. The edge already
 * checked every field's form, so what the service may still refuse is what depends on the server's
 * settings (D55's switch), on the credential or on the endpoint's state: each field has few causes,
 * told apart here by that state rather than by the service's (English, operator-facing) text.
 */
function inPortuguese(err: WebhookError, credential: CredentialRow, input: { url?: string; resources?: string[] }): SettingsError {
  switch (err.field) {
    case 'url': {
      const https = input.url !== undefined && URL.canParse(input.url) && new URL(input.url).protocol === 'https:';
      return refused(
        'url',
        https
          ? 'A URL deve apontar para um endereço público da internet: localhost e endereços privados, de loopback, link-local ou reservados são recusados.'
          : 'A URL deve começar com https://.',
      );
    }
    case 'resources': {
      const allowed = followableWith(credential.scopes);
      const unreadable = (input.resources ?? []).filter((r) => !allowed.includes(r as NotifiableResource));
      return refused(
        'resources',
        `Os escopos desta credencial não leem: ${unreadable.join(', ') || '(nenhum)'}. Ela pode acompanhar: ${allowed.join(', ') || 'nenhum recurso'}.`,
      );
    }
    case 'client_id':
      return refused(
        'client_id',
        credential.status !== 'active'
          ? inactiveCredential(credential)
          : `Esta credencial já tem ${MAX_WEBHOOKS_PER_CREDENTIAL} notificações, o máximo permitido. Exclua uma que não esteja mais em uso para cadastrar outra.`,
      );
    case 'active':
      return refused('active', inactiveCredential(credential));
    case 'status':
      return refused('status', 'Esta notificação não está ativa: ative-a antes de enviar um evento de teste.');
    default:
      return refused(err.field, 'Valor recusado pelas regras das notificações.');
  }
}

/** The service's refusals as settings errors: a rule → 400 naming its field; no such endpoint → 404. */
async function underWebhookRules<T>(
  credential: CredentialRow,
  input: { url?: string; resources?: string[] },
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof WebhookError) throw inPortuguese(err, credential, input);
    if (err instanceof WebhookNotFound) throw new SettingsError('recurso_nao_encontrado');
    throw err;
  }
}

export async function list(
  ctx: WebhookAdminContext,
  credential: CredentialRow,
): Promise<{ webhooks: EndpointDocument[]; resources: NotifiableResource[] }> {
  const webhooks = await underWebhookRules(credential, {}, () =>
    listEndpointsOf(ctx.webhooks, ctx.admin.user.empresaId, credential.client_id),
  );
  return { webhooks, resources: followableWith(credential.scopes) };
}

/** The signing secret is in this answer only (D51). */
export async function create(
  ctx: WebhookAdminContext,
  credential: CredentialRow,
  input: CreateWebhookInput,
): Promise<{ webhook: EndpointDocument; secret: string }> {
  await passwordRule(ctx, input.senha_atual);
  const { secret, ...webhook } = await underWebhookRules(credential, input, () =>
    createEndpoint(
      ctx.webhooks,
      { empresaId: ctx.admin.user.empresaId, clientId: credential.client_id, url: input.url, resources: input.resources },
      actorOf(ctx),
    ),
  );
  return { webhook, secret };
}

/** The URL as the service stores it (WHATWG serialisation), to tell a new URL from the saved one sent again. */
const normalised = (url: string): string => (URL.canParse(url) ? new URL(url).toString() : url);

/** A new URL asks for the password (D51); the same URL sent again, resources or pausing do not. */
export async function change(
  ctx: WebhookAdminContext,
  credential: CredentialRow,
  endpoint: EndpointRow,
  input: ChangeWebhookInput,
): Promise<{ webhook: EndpointDocument }> {
  if (input.url !== undefined && normalised(input.url) !== endpoint.url) await passwordRule(ctx, input.senha_atual);
  const change = {
    ...(input.url === undefined ? {} : { url: input.url }),
    ...(input.resources === undefined ? {} : { resources: input.resources }),
    ...(input.active === undefined ? {} : { active: input.active }),
  };
  const webhook = await underWebhookRules(credential, input, () =>
    updateEndpoint(ctx.webhooks, ctx.admin.user.empresaId, endpoint.id, change, actorOf(ctx)),
  );
  return { webhook };
}

/** A new secret, shown once; the previous one still signs for 24 h (D51), until `previous_valid_until`. */
export async function rotate(
  ctx: WebhookAdminContext,
  credential: CredentialRow,
  endpoint: EndpointRow,
): Promise<{ id: number; secret: string; previous_valid_until: string }> {
  return underWebhookRules(credential, {}, () => rotateEndpointSecret(ctx.webhooks, ctx.admin.user.empresaId, endpoint.id, actorOf(ctx)));
}

export async function sendTest(ctx: WebhookAdminContext, credential: CredentialRow, endpoint: EndpointRow): Promise<{ event_id: string }> {
  return underWebhookRules(credential, {}, () => sendTestEvent(ctx.webhooks, ctx.admin.user.empresaId, endpoint.id, actorOf(ctx)));
}

/** Newest first, the whole log kept (D54: the last 100 attempts). */
export async function deliveries(
  ctx: WebhookAdminContext,
  credential: CredentialRow,
  endpoint: EndpointRow,
): Promise<{ deliveries: DeliveryDocument[] }> {
  const found = await underWebhookRules(credential, {}, () =>
    deliveriesOf(ctx.webhooks, ctx.admin.user.empresaId, endpoint.id, WEBHOOK_DELIVERY_LOG_SIZE),
  );
  return { deliveries: found };
}

export async function remove(
  ctx: WebhookAdminContext,
  credential: CredentialRow,
  endpoint: EndpointRow,
): Promise<{ id: number; deleted: true }> {
  return underWebhookRules(credential, {}, () => deleteEndpointById(ctx.webhooks, ctx.admin.user.empresaId, endpoint.id, actorOf(ctx)));
}
