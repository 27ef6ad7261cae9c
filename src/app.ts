import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Config } from './config/config.ts';
import { handleError } from './errors/error-handler.ts';
import { envelope } from './errors/envelope.ts';
import { handleFrameworkError } from './errors/framework-errors.ts';
import { setCommonHeaders } from './http/headers.ts';
import { answerClientError } from './http/client-error.ts';
import { registerMetricsRoute, registerOpenApiRoute, registerOpsRoutes } from './http/ops-routes.ts';
import { registerDocsPage } from './docs-page/docs-page.routes.ts';
import type { Metrics } from './observability/metrics.ts';
import { requestIdFor } from './http/request-id.ts';
import { RouteTable } from './http/route-table.ts';
import type { Limiter } from './ratelimit/limiter.ts';
import { registerApiRoutes } from './routes.ts';
import { registerSettingsApi } from './settings/settings.routes.ts';
import { registerSettingsPage } from './settings/page/page.routes.ts';
import type { Store } from './store/store.ts';
import { registerOpenApi } from './http/openapi.ts';
import { ErrorEnvelopeSchema } from './http/schemas.ts';

export interface AppDeps {
  config: Pick<Config, 'trustProxy'>;
  store: Store;
  limiter: Limiter;
  logger?: FastifyServerOptions['loggerInstance'];
  /** counts every answered request; `/metrics` is served here unless `metricsOnOwnPort` */
  metrics?: Metrics;
  metricsOnOwnPort?: boolean;
}

// Node's default limit for the request line and headers together (--max-http-header-size).
const MAX_PARAM_LENGTH = 16 * 1024;

/** Builds the app without listening: plugins in order, error handling, routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  /** One access-log line and the metrics of every answered request. */
  function recordResponse(request: FastifyRequest, reply: FastifyReply): void {
    deps.metrics?.observe(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        client_id: request.principal?.clientId,
        empresa_id: request.principal?.empresaId,
      },
      'request',
    );
  }

  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: requestIdFor,
    requestIdHeader: false,
    // One access-log line per request is written in onResponse, with the fields operators need.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    // D2: HEAD is "another method" (405), and a trailing slash is another route (D3).
    exposeHeadRoutes: false,
    // D33: X-Forwarded-For is believed only from proxies the operator names.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    // Queries are parsed strictly by the routes themselves from the raw URL (D6-D8). Path
    // parameters are bounded by Node's header size only (no route has a regex parameter), so a
    // long `{id}` is judged by the route like any other bad id (D4, D6) instead of the router's
    // own 414 (FST_ERR_MAX_PARAM_LENGTH).
    routerOptions: { querystringParser: () => ({}), maxParamLength: MAX_PARAM_LENGTH },
    // A path the router cannot decode gets our envelope and headers (D2), and is logged and counted.
    frameworkErrors: (err, request, reply) => {
      reply.raw.once('finish', () => recordResponse(request, reply));
      handleFrameworkError(err, request, reply);
    },
    // A request Node's parser refuses (oversized headers, a bad method token) gets our envelope too.
    clientErrorHandler(err, socket) {
      answerClientError(err, socket, app.log);
    },
    return503OnClosing: false,
  }) as unknown as FastifyInstance;

  // Validation is ours (strict parser), so Ajv never silently coerces or drops anything.
  app.setValidatorCompiler(() => () => true);
  app.addSchema(ErrorEnvelopeSchema);
  app.decorateRequest('principal', null);

  // The token endpoint reads its raw form body; no other route takes a body. Every media type
  // is read here (limited to 8 KiB) so the route itself can answer 415 in the OAuth shape.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => setCommonHeaders(request, reply));
  app.addHook('onResponse', async (request, reply) => recordResponse(request, reply));
  app.setErrorHandler(handleError);

  const routes = new RouteTable();
  app.setNotFoundHandler((request, reply) => {
    const allow = routes.allowFor(request.url);
    if (allow !== null) {
      reply.code(405).header('allow', allow).send(envelope('metodo_nao_permitido', request.id));
    } else {
      reply.code(404).send(envelope('recurso_nao_encontrado', request.id));
    }
  });

  await registerOpenApi(app);
  registerOpsRoutes(app, deps.store, deps.limiter);
  registerOpenApiRoute(app);
  registerDocsPage(app);
  if (deps.metrics && !deps.metricsOnOwnPort) registerMetricsRoute(app, deps.metrics);
  registerApiRoutes(app, routes, { store: deps.store, limiter: deps.limiter });
  registerSettingsApi(app, { store: deps.store, limiter: deps.limiter });
  registerSettingsPage(app);
  await app.ready();
  return app;
}
