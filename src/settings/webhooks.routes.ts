import type { CredentialRow } from '../credentials/credentials.query.ts';
import { parseInteger } from '../domain/integer.ts';
import { SettingsError } from '../errors/coded-error.ts';
import type { EndpointRow } from '../webhooks/endpoints.query.ts';
import { ChangeWebhookBody, CreateWebhookBody, EmptyBody } from './bodies.ts';
import type { BodyDefinition } from './body-errors.ts';
import * as admin from './credentials-admin.service.ts';
import { route, SETTINGS_API_PREFIX, type SettingsContext } from './settings.routes.ts';
import * as hooks from './webhooks-admin.service.ts';

const WEBHOOKS = `${SETTINGS_API_PREFIX}/credentials/:client_id/webhooks`;
const WEBHOOK = `${WEBHOOKS}/:id`;

const hookContext = (ctx: SettingsContext<BodyDefinition>): hooks.WebhookAdminContext => ({
  admin: ctx.admin(),
  webhooks: ctx.deps.webhooks,
});

/** The path's credential, the signed-in user's company's (else 404). */
function credentialOf(ctx: SettingsContext<BodyDefinition>): Promise<CredentialRow> {
  return admin.ownCredential(ctx.admin(), (ctx.request.params as { client_id: string }).client_id);
}

/**
 * The path's credential and its endpoint. An id that is no positive integer names no endpoint: the
 * same 404 as another company's or another credential's, never a database error.
 */
async function endpointOf(ctx: SettingsContext<BodyDefinition>): Promise<{ credential: CredentialRow; endpoint: EndpointRow }> {
  const credential = await credentialOf(ctx);
  const id = parseInteger((ctx.request.params as { id: string }).id, 1);
  if (id === null) throw new SettingsError('recurso_nao_encontrado');
  return { credential, endpoint: await hooks.ownEndpoint(hookContext(ctx), credential, id) };
}

/**
 * A credential's notification endpoints (docs/settings-api.md, "Notifications (webhooks)"),
 * appended to the settings API by its plugin. As for the credentials: access `api-externa` (CSRF on
 * every state-changing one), the credential and the endpoint looked up (404) before the body is read.
 */
export const webhookRoutes = [
  route({
    method: 'GET',
    url: WEBHOOKS,
    access: 'api-externa',
    handler: async (ctx) => hooks.list(hookContext(ctx), await credentialOf(ctx)),
  }),
  route({
    method: 'POST',
    url: WEBHOOKS,
    access: 'api-externa',
    status: 201,
    body: { definition: CreateWebhookBody, optional: false },
    async handler(ctx) {
      const credential = await credentialOf(ctx);
      return hooks.create(hookContext(ctx), credential, ctx.body());
    },
  }),
  route({
    method: 'PATCH',
    url: WEBHOOK,
    access: 'api-externa',
    body: { definition: ChangeWebhookBody, optional: false },
    async handler(ctx) {
      const { credential, endpoint } = await endpointOf(ctx);
      return hooks.change(hookContext(ctx), credential, endpoint, ctx.body());
    },
  }),
  route({
    method: 'POST',
    url: `${WEBHOOK}/rotate-secret`,
    access: 'api-externa',
    body: { definition: EmptyBody, optional: true },
    async handler(ctx) {
      const { credential, endpoint } = await endpointOf(ctx);
      ctx.body();
      return hooks.rotate(hookContext(ctx), credential, endpoint);
    },
  }),
  route({
    method: 'POST',
    url: `${WEBHOOK}/test`,
    access: 'api-externa',
    status: 202,
    body: { definition: EmptyBody, optional: true },
    async handler(ctx) {
      const { credential, endpoint } = await endpointOf(ctx);
      ctx.body();
      return hooks.sendTest(hookContext(ctx), credential, endpoint);
    },
  }),
  route({
    method: 'GET',
    url: `${WEBHOOK}/deliveries`,
    access: 'api-externa',
    async handler(ctx) {
      const { credential, endpoint } = await endpointOf(ctx);
      return hooks.deliveries(hookContext(ctx), credential, endpoint);
    },
  }),
  route({
    method: 'DELETE',
    url: WEBHOOK,
    access: 'api-externa',
    body: { definition: EmptyBody, optional: true },
    async handler(ctx) {
      const { credential, endpoint } = await endpointOf(ctx);
      ctx.body();
      return hooks.remove(hookContext(ctx), credential, endpoint);
    },
  }),
];
