import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { SETTINGS_API_PREFIX } from '../errors/error-handler.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { Store } from '../store/store.ts';
import { clearedSessionCookie, readSessionCookie, sessionCookie } from './cookies.ts';
import * as admin from './credentials-admin.service.ts';
import { isHttps, originAllowed } from './csrf.ts';
import { readJsonObject, SETTINGS_BODY_LIMIT } from './json-body.ts';
import { createSettingsAuth, csrfRefused, sessionOf } from './settings-auth.ts';
import { signIn, signOut, usuarioView } from './session.service.ts';
import { readSignIn } from './sign-in-input.ts';
import { countSignInFromIp } from './sign-in-limits.ts';

export interface SettingsDeps {
  store: Store;
  limiter: Limiter;
}

type ClientIdRequest = FastifyRequest<{ Params: { client_id: string } }>;

const SESSION = `${SETTINGS_API_PREFIX}session`;
const CREDENTIALS = `${SETTINGS_API_PREFIX}credentials`;
const CREDENTIAL = `${CREDENTIALS}/:client_id`;
const MAX_USER_AGENT = 512;

/**
 * The settings area's JSON API (docs/settings-api.md). Thin handlers: the session, CSRF and
 * permission checks are preHandlers (settings-auth.ts), the rules live in the services. Not part
 * of the public data API, so hidden from the OpenAPI document.
 */
export function registerSettingsApi(app: FastifyInstance, deps: SettingsDeps): void {
  const db = deps.store.central;
  const auth = createSettingsAuth(db);
  app.decorateRequest('settingsSession', null);

  const route = (preHandler?: (request: FastifyRequest) => Promise<void>): RouteShorthandOptions => ({
    schema: { hide: true },
    bodyLimit: SETTINGS_BODY_LIMIT,
    ...(preHandler === undefined ? {} : { preHandler }),
  });
  const context = (request: FastifyRequest): admin.AdminContext => ({ db, limiter: deps.limiter, user: sessionOf(request).user, ip: request.ip });

  // Sign-in has no session yet: a foreign Origin and a non-JSON body (which a cross-site form
  // cannot send) are what stand against login CSRF.
  app.post(SESSION, route(), async (request, reply) => {
    if (!originAllowed(request)) throw csrfRefused();
    await countSignInFromIp(deps.limiter, request.ip);
    const { email, senha } = readSignIn(readJsonObject(request, { allowEmpty: false }));
    const userAgent = request.headers['user-agent']?.slice(0, MAX_USER_AGENT) ?? null;
    const previousSessionId = readSessionCookie(request.headers.cookie);
    const { sessionId, session } = await signIn(db, deps.limiter, { email, senha, ip: request.ip, userAgent, previousSessionId });
    reply.header('set-cookie', sessionCookie(sessionId, isHttps(request)));
    return { usuario: usuarioView(session.user), csrf_token: session.csrfToken };
  });

  app.get(SESSION, route(auth.signedIn), async (request) => {
    const session = sessionOf(request);
    return { usuario: usuarioView(session.user), csrf_token: session.csrfToken };
  });

  app.delete(SESSION, route(auth.signedIn), async (request, reply) => {
    readJsonObject(request, { allowEmpty: true });
    await signOut(db, sessionOf(request), request.ip);
    reply.header('set-cookie', clearedSessionCookie(isHttps(request)));
    return {};
  });

  app.get(CREDENTIALS, route(auth.apiExterna), async (request) => admin.listForCompany(context(request)));

  app.post(CREDENTIALS, route(auth.apiExterna), async (request, reply) => {
    const created = await admin.create(context(request), readJsonObject(request, { allowEmpty: false }));
    return reply.code(201).send(created);
  });

  app.patch(CREDENTIAL, route(auth.apiExterna), async (request: ClientIdRequest) =>
    admin.change(context(request), request.params.client_id, readJsonObject(request, { allowEmpty: false })),
  );

  app.post(`${CREDENTIAL}/rotate`, route(auth.apiExterna), async (request: ClientIdRequest) =>
    admin.rotate(context(request), request.params.client_id, readJsonObject(request, { allowEmpty: true })),
  );

  app.post(`${CREDENTIAL}/revoke`, route(auth.apiExterna), async (request: ClientIdRequest) =>
    admin.revoke(context(request), request.params.client_id, readJsonObject(request, { allowEmpty: true })),
  );

  app.get(`${CREDENTIAL}/audit`, route(auth.apiExterna), async (request: ClientIdRequest) =>
    admin.auditTrail(context(request), request.params.client_id),
  );
}
