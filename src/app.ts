import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { createAuthenticatedReads } from './auth/authenticated-read.ts';
import type { Config } from './config/config.ts';
import { DataError } from './errors/coded-error.ts';
import { answerClientError } from './http/client-error.ts';
import { connectionBudgets, refuseMissingHost } from './http/connection-budgets.ts';
import type { Drain } from './http/drain.ts';
import { envelopeErrorHandler, sendCoded } from './http/failure.ts';
import { handleFrameworkError } from './http/framework-errors.ts';
import { registerCompression } from './http/compression.ts';
import { refuseRepeatedHeaders } from './http/repeated-headers.ts';
import { conditionalGetHook } from './http/conditional.ts';
import { setCommonHeaders } from './http/headers.ts';
import { isPageAsset } from './http/static-page.ts';
import { requestIdFor } from './http/request-id.ts';
import { RouteTable } from './http/route-table.ts';
import { ErrorEnvelopeSchema } from './contract/schemas.ts';
import type { Metrics } from './observability/metrics.ts';
import { dataApiPlugin } from './plugins/data-api.plugin.ts';
import { oauthPlugin } from './plugins/oauth.plugin.ts';
import { opsPlugin } from './plugins/ops.plugin.ts';
import { settingsPlugin } from './plugins/settings.plugin.ts';
import type { Limiter } from './ratelimit/limiter.ts';
import { everyRoute } from './routes.ts';
import { logEntry } from './http/request-log-entry.ts';
import type { RequestLogSink } from './request-log/request-log-writer.ts';
import { RequestLogWriter } from './request-log/request-log-writer.ts';
import type { Store } from './store/store.ts';
import { secretKeyReader } from './webhooks/secret-key.ts';

export interface AppDeps {
  config: Pick<Config, 'trustProxy'> & Partial<Pick<Config, 'publicBaseUrl' | 'webhooksSecretKey' | 'webhooksAllowPrivate'>>;
  store: Store;
  limiter: Limiter;
  logger?: FastifyServerOptions['loggerInstance'];
  /** counts every answered request; `/metrics` is served here unless `metricsOnOwnPort` */
  metrics?: Metrics;
  metricsOnOwnPort?: boolean;
  /** the server's stop (http/drain.ts): `/readyz` answers 503 once it is draining */
  drain?: Pick<Drain, 'draining'>;
  /** how long an export's reader may take nothing before it is ended; default 60 s (D49) */
  exportIdleMs?: number;
  /** wakes this process's notification worker when the settings API queues an event (else its poll finds it) */
  notificationQueued?: () => void;
  /**
   * Where each request naming a credential is logged (D59). Absent: the app makes its own writer
   * over the central database and flushes it when it closes.
   */
  requestLog?: RequestLogSink;
}

// Node's default limit for the request line and headers together (--max-http-header-size).
const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * Builds the app without listening. The root holds what every request shares — the request id,
 * the common headers, the access log and metrics, 404/405 — and registers the four encapsulated
 * plugins of src/plugins/, each with its own body parsing, error format and hooks.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const ownWriter =
    deps.requestLog === undefined
      ? new RequestLogWriter(deps.store.central, {
          ...(deps.metrics ? { onDropped: (n: number) => deps.metrics?.requestLogDropped.inc(n) } : {}),
          ...(deps.logger ? { warn: (obj: object, msg: string) => deps.logger?.warn(obj, msg) } : {}),
        }).start()
      : null;
  const requestLog: RequestLogSink = deps.requestLog ?? (ownWriter as RequestLogWriter);

  /** One access-log line and the metrics of every answered request; a page's assets log at debug. */
  function recordResponse(request: FastifyRequest, reply: FastifyReply): void {
    deps.metrics?.observe(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    // A request the router could not decode never met the decorators: undefined, not null.
    const subject = request.principal ?? request.logSubject ?? null;
    if (subject !== null) requestLog.record(logEntry(request, reply, subject));
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? null,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      client_id: request.principal?.clientId,
      empresa_id: request.principal?.empresaId,
    };
    if (isPageAsset(request)) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
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
    // Queries are parsed strictly by the data routes themselves from the raw URL (D6-D8). Path
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
    // Header, request and keep-alive budgets of our own (slow clients), and Host checked by us.
    ...connectionBudgets(),
  }) as unknown as FastifyInstance;

  // Validation is the routes' own (the strict query parser, the settings body schemas), so Ajv
  // never silently coerces or drops anything; response schemas still drive the serializer.
  app.setValidatorCompiler(() => () => true);
  app.addSchema(ErrorEnvelopeSchema);
  app.decorateRequest('principal', null);
  app.decorateRequest('deferredAuth', null);
  app.decorateRequest('logSubject', null);
  app.decorateRequest('outcomeCode', null);
  if (ownWriter !== null) app.addHook('onClose', async () => ownWriter.close());

  // What no plugin answers — an unknown route, or a known one with another method — may still
  // carry a body: read it as text (and ignore it) so the answer is the 404/405 below.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  // Callback hooks, not async ones: they run on every request, and an async hook costs a promise
  // and a microtask turn each time (ADR 0014).
  app.addHook('onRequest', (request, reply, done) => {
    setCommonHeaders(request, reply);
    // Answered here: the request goes no further, so `done` is not called.
    if (!refuseMissingHost(request, reply) && !refuseRepeatedHeaders(request, reply)) done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    recordResponse(request, reply);
    done();
  });
  app.setErrorHandler(envelopeErrorHandler);

  // D2: 405 with Allow for a known path of the public API (token endpoint, data routes), decided
  // before authentication; 404 for anything else. Both in the data envelope.
  const routes = new RouteTable();
  for (const route of everyRoute()) if (route.plugin === 'oauth' || route.plugin === 'data-api') routes.add(route.url, route.method);
  app.setNotFoundHandler((request, reply) => {
    const allow = routes.allowFor(request.url);
    if (allow === null) return sendCoded(reply, request, new DataError('recurso_nao_encontrado'));
    reply.header('allow', allow);
    return sendCoded(reply, request, new DataError('metodo_nao_permitido'));
  });

  // Registered first, on the root, so that they see the routes of every plugin registered after them;
  // the ETag before compression, so that it tags the body as written (D46).
  app.addHook('onSend', conditionalGetHook);
  await registerCompression(app);
  const { store, limiter } = deps;
  const { publicBaseUrl } = deps.config;
  // One authenticated read for the data routes; the token endpoint tells it of each token it issues (ADR 0014).
  const reads = createAuthenticatedReads({ store, limiter });
  await app.register(oauthPlugin, { store, limiter, issued: reads.issued, publicBaseUrl });
  await app.register(dataApiPlugin, { reads, publicBaseUrl, exportIdleMs: deps.exportIdleMs });
  // The settings API seals new notification secrets with the key the worker opens them with (ADR 0021).
  const webhooks = {
    db: store.central,
    secretKey: secretKeyReader(store.pool, deps.config.webhooksSecretKey),
    allowPrivate: deps.config.webhooksAllowPrivate ?? false,
    ...(deps.notificationQueued ? { queued: deps.notificationQueued } : {}),
  };
  await app.register(settingsPlugin, { store, limiter, webhooks });
  await app.register(opsPlugin, {
    store,
    limiter,
    publicBaseUrl,
    ...(deps.metrics && !deps.metricsOnOwnPort ? { metrics: deps.metrics } : {}),
    ...(deps.drain ? { drain: deps.drain } : {}),
  });
  await app.ready();
  return app;
}
