import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SettingsError } from '../errors/coded-error.ts';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../domain/limits.ts';
import { classify, logFailure, sendCoded } from '../http/failure.ts';
import { registerStaticPage } from '../http/static-page.ts';
import { SETTINGS_ROUTES } from '../routes.ts';
import { invalidBody, parseJsonObject, SEND_JSON, SETTINGS_BODY_LIMIT } from '../settings/json-parser.ts';
import { createSettingsAuth, sessionOf } from '../settings/settings-auth.ts';
import { readBody, signInAccess, type SettingsDeps, type SettingsRoute } from '../settings/settings.routes.ts';

/**
 * Errors of the settings area, in the envelope with the settings codes (docs/settings-api.md):
 * ours as they are; a body the framework refuses (too large, not JSON) as 400 `dados_invalidos`
 * naming `corpo`, since the settings codes have no 413/415; a store that cannot be reached 503;
 * anything else 500, logged.
 */
function settingsErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const failure = classify(err);
  logFailure(request, failure, err);
  switch (failure.kind) {
    case 'coded':
      if (failure.error instanceof SettingsError) return sendCoded(reply, request, failure.error);
      request.log.error({ err }, 'a code of another area reached the settings API');
      return sendCoded(reply, request, new SettingsError('erro_interno'));
    case 'client':
      return sendCoded(reply, request, invalidBody(failure.status === 413 ? 'O corpo da requisição é grande demais.' : SEND_JSON));
    case 'unavailable':
      return sendCoded(reply, request, new SettingsError('servico_indisponivel', [], { retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS }));
    case 'bug':
      return sendCoded(reply, request, new SettingsError('erro_interno'));
  }
}

/**
 * The settings area: its JSON API under /settings/api/ and its page. Encapsulated: JSON bodies
 * only (a cross-site form cannot send one, which guards sign-in), validated against each route's
 * TypeBox schema at the edge; access (Origin, session, CSRF token, permission) checked from the
 * headers before the body is read; its own error codes. Not part of the public API, so hidden
 * from the OpenAPI description.
 */
export async function settingsPlugin(app: FastifyInstance, deps: SettingsDeps): Promise<void> {
  app.setErrorHandler(settingsErrorHandler);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: SETTINGS_BODY_LIMIT }, (_request, body, done) => {
    try {
      done(null, parseJsonObject(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.decorateRequest('settingsSession', null);
  const auth = createSettingsAuth(deps.store.central);
  const access = {
    public: (request: FastifyRequest) => signInAccess(request, deps),
    'signed-in': auth.signedIn,
    'api-externa': auth.apiExterna,
  } as const;

  for (const route of SETTINGS_ROUTES.api as readonly SettingsRoute[]) {
    app.route({
      method: route.method,
      url: route.url,
      bodyLimit: SETTINGS_BODY_LIMIT,
      onRequest: access[route.access],
      handler: async (request, reply) => {
        const result = await route.handler({
          request,
          reply,
          deps,
          body: () => {
            if (route.body === undefined) throw new Error(`${route.method} ${route.url} takes no body`);
            return readBody(request, route.body);
          },
          admin: () => ({ db: deps.store.central, limiter: deps.limiter, user: sessionOf(request).user, ip: request.ip }),
        });
        if (route.status !== undefined) reply.code(route.status);
        return result;
      },
    });
  }
  registerStaticPage(app, SETTINGS_ROUTES.page);
}
