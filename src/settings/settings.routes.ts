import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { SettingsError } from '../errors/coded-error.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { Store } from '../store/store.ts';
import type { WebhookContext } from '../webhooks/endpoints.service.ts';
import { ChangeCredentialBody, CreateCredentialBody, EmptyBody, ReplaceKeyBody, RotateBody, SignInBody } from './bodies.ts';
import { bodyProblems, type BodyDefinition } from './body-errors.ts';
import { clearedSessionCookie, readSessionCookie, sessionCookie } from './cookies.ts';
import * as admin from './credentials-admin.service.ts';
import { isHttps, originAllowed } from './csrf.ts';
import { invalidBody, SEND_JSON } from './json-parser.ts';
import { sessionOf } from './settings-auth.ts';
import { signIn, signOut, usuarioView } from './session.service.ts';
import { countSignInFromIp } from './sign-in-limits.ts';

export interface SettingsDeps {
  store: Store;
  limiter: Limiter;
  /** the notification endpoints' services (webhooks.routes.ts), on the same central database */
  webhooks: WebhookContext;
}

/** What a settings handler works with. */
export interface SettingsContext<B extends BodyDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  deps: SettingsDeps;
  /**
   * The JSON body, validated against the route's schema (bodies.ts): every bad field at once,
   * 400 `dados_invalidos`. Called by the handler when the route's own checks that come first
   * (the credential exists: 404) have passed.
   */
  body(): Static<B['schema']>;
  /** the services' view of the signed-in user (routes with access `api-externa`) */
  admin(): admin.AdminContext;
}

/**
 * One route of the settings API (docs/settings-api.md), as a definition the settings plugin
 * registers: who may call it (checked before the body is read), the body it takes, its handler.
 */
export interface SettingsRoute<B extends BodyDefinition = BodyDefinition> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  /** `public`: sign-in only; `signed-in`: a session; `api-externa`: a session with that permission */
  access: 'public' | 'signed-in' | 'api-externa';
  /** the JSON body; `optional` when nothing must be sent (an absent body reads as `{}`) */
  body?: { definition: B; optional: boolean };
  status?: number;
  handler(ctx: SettingsContext<B>): Promise<unknown>;
}

export const SETTINGS_API_PREFIX = '/settings/api';
const SESSION = `${SETTINGS_API_PREFIX}/session`;
const CREDENTIALS = `${SETTINGS_API_PREFIX}/credentials`;
const CREDENTIAL = `${CREDENTIALS}/:client_id`;
const MAX_USER_AGENT = 512;

export const route = <B extends BodyDefinition>(definition: SettingsRoute<B>): SettingsRoute<B> => definition;
const clientIdOf = (request: FastifyRequest): string => (request.params as { client_id: string }).client_id;

/** The body as the route's schema reads it: an absent body is `{}` where nothing must be sent, and refused elsewhere. */
export function readBody<B extends BodyDefinition>(
  request: FastifyRequest,
  body: { definition: B; optional: boolean },
): Static<B['schema']> {
  const value = request.body ?? (body.optional ? {} : undefined);
  if (value === undefined) throw invalidBody(request.headers['content-type'] === undefined ? SEND_JSON : 'O corpo não é um JSON válido.');
  const detalhes = bodyProblems(body.definition, value);
  if (detalhes.length > 0) throw new SettingsError('dados_invalidos', detalhes);
  return value as Static<B['schema']>;
}

/** The settings API. Thin handlers: access is checked by the plugin, bodies at the edge, the rules live in the services. */
export const settingsApiRoutes = [
  // Sign-in has no session yet: a foreign Origin and a non-JSON body (which a cross-site form
  // cannot send) are what stand against login CSRF. Attempts count per IP before the body is read.
  route({
    method: 'POST',
    url: SESSION,
    access: 'public',
    body: { definition: SignInBody, optional: false },
    async handler({ request, reply, deps, body }) {
      const { email, senha } = body();
      const userAgent = request.headers['user-agent']?.slice(0, MAX_USER_AGENT) ?? null;
      const previousSessionId = readSessionCookie(request.headers.cookie);
      const attempt = { email: email.trim(), senha, ip: request.ip, userAgent, previousSessionId };
      const { sessionId, session } = await signIn(deps.store.central, deps.limiter, attempt);
      reply.header('set-cookie', sessionCookie(sessionId, isHttps(request)));
      return { usuario: usuarioView(session.user), csrf_token: session.csrfToken };
    },
  }),
  route({
    method: 'GET',
    url: SESSION,
    access: 'signed-in',
    async handler({ request }) {
      const session = sessionOf(request);
      return { usuario: usuarioView(session.user), csrf_token: session.csrfToken };
    },
  }),
  route({
    method: 'DELETE',
    url: SESSION,
    access: 'signed-in',
    body: { definition: EmptyBody, optional: true },
    async handler({ request, reply, deps, body }) {
      body();
      await signOut(deps.store.central, sessionOf(request), request.ip);
      reply.header('set-cookie', clearedSessionCookie(isHttps(request)));
      return {};
    },
  }),
  route({ method: 'GET', url: CREDENTIALS, access: 'api-externa', handler: async (ctx) => admin.listForCompany(ctx.admin()) }),
  route({
    method: 'POST',
    url: CREDENTIALS,
    access: 'api-externa',
    status: 201,
    body: { definition: CreateCredentialBody, optional: false },
    handler: async (ctx) => admin.create(ctx.admin(), ctx.body()),
  }),
  route({
    method: 'PATCH',
    url: CREDENTIAL,
    access: 'api-externa',
    body: { definition: ChangeCredentialBody, optional: false },
    async handler(ctx) {
      const row = await admin.ownCredential(ctx.admin(), clientIdOf(ctx.request));
      return admin.change(ctx.admin(), row, ctx.body());
    },
  }),
  route({
    method: 'POST',
    url: `${CREDENTIAL}/rotate`,
    access: 'api-externa',
    body: { definition: RotateBody, optional: true },
    async handler(ctx) {
      const row = await admin.ownCredential(ctx.admin(), clientIdOf(ctx.request));
      return admin.rotate(ctx.admin(), row, ctx.body());
    },
  }),
  route({
    method: 'POST',
    url: `${CREDENTIAL}/replace-key`,
    access: 'api-externa',
    body: { definition: ReplaceKeyBody, optional: false },
    async handler(ctx) {
      const row = await admin.ownCredential(ctx.admin(), clientIdOf(ctx.request));
      return admin.replaceKey(ctx.admin(), row, ctx.body());
    },
  }),
  route({
    method: 'POST',
    url: `${CREDENTIAL}/revoke`,
    access: 'api-externa',
    body: { definition: EmptyBody, optional: true },
    async handler(ctx) {
      const row = await admin.ownCredential(ctx.admin(), clientIdOf(ctx.request));
      ctx.body();
      return admin.revoke(ctx.admin(), row);
    },
  }),
  route({
    method: 'GET',
    url: `${CREDENTIAL}/audit`,
    access: 'api-externa',
    async handler(ctx) {
      return admin.auditTrail(ctx.admin(), await admin.ownCredential(ctx.admin(), clientIdOf(ctx.request)));
    },
  }),
];

/** Sign-in's own access rule: a foreign Origin is refused, and every attempt counts per source IP first. */
export async function signInAccess(request: FastifyRequest, deps: SettingsDeps): Promise<void> {
  if (!originAllowed(request)) throw new SettingsError('csrf_invalido');
  await countSignInFromIp(deps.limiter, request.ip);
}
