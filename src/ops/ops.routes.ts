import type { FastifyInstance, FastifyRequest } from 'fastify';
import { baseUrlOf } from '../http/base-url.ts';
import type { Drain } from '../http/drain.ts';
import { forBaseUrl, type Json } from '../contract/openapi.ts';
import { isLoopback } from '../domain/public-address.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { Store } from '../store/store.ts';

/**
 * The operational routes, outside /v1 (D1) and not part of the public contract: health, readiness,
 * metrics and the OpenAPI description. (The /docs page is registered beside them by the ops plugin.)
 */
export interface OpsDeps {
  store: Store;
  limiter: Limiter;
  /** served at /metrics unless the operator moved it to its own port */
  metrics?: Metrics;
  /** the OpenAPI description, with the default server */
  description: () => Json;
  /** PUBLIC_BASE_URL: the description's server; unset, each request's own origin */
  publicBaseUrl?: string | undefined;
  /** the server's stop (http/drain.ts); absent, the instance never drains (an app built for tests) */
  drain?: Pick<Drain, 'draining'>;
}

export const HEALTH_URL = '/healthz';
export const READY_URL = '/readyz';
export const METRICS_URL = '/metrics';
export const OPENAPI_URL = '/openapi.json';

/**
 * `/readyz`: 200 while the central store answers, 503 otherwise. A Redis that does not answer
 * leaves the instance ready ("redis":"degraded"): it serves on per-instance windows (ADR 0005).
 * Once a stop has begun, 503 "draining" without asking the stores: the balancer is to send no
 * more (issue 19).
 */
export async function readiness(deps: OpsDeps): Promise<{ status: number; body: { status: string; store?: string; redis?: string } }> {
  if (deps.drain?.draining === true) return { status: 503, body: { status: 'draining' } };
  const [storeOk, redisOk] = await Promise.all([
    deps.store.pool.query('SELECT 1').then(
      () => true,
      () => false,
    ),
    deps.limiter.ping?.(),
  ]);
  const redis = redisOk === undefined ? {} : { redis: redisOk ? 'ok' : 'degraded' };
  if (!storeOk) return { status: 503, body: { status: 'unavailable', store: 'central', ...redis } };
  return { status: 200, body: { status: 'ready', ...redis } };
}

/** Headers a proxy adds: a request carrying one came through a proxy, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/**
 * Only a caller on this machine, talking to the server directly: its socket's peer is loopback and
 * no proxy forwarded it (a reverse proxy on the same host connects from loopback too, on behalf of
 * anyone). Decided on the socket, not on `request.ip`, which a trusted proxy's header may set.
 */
function localCaller(request: FastifyRequest): boolean {
  return isLoopback(request.socket.remoteAddress) && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

/**
 * Prometheus metrics. On the API port (`loopbackOnly`) they answer only local callers and 404, as
 * for an unknown path, to anyone else: they name the routes, the companies' traffic and the
 * queue, nothing an integrator needs. On METRICS_PORT (observability/metrics-server.ts) anyone
 * who reaches that port, which the operator exposes to the monitoring network alone.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, options: { loopbackOnly: boolean }): void {
  app.get(METRICS_URL, async (request, reply) => {
    if (options.loopbackOnly && !localCaller(request)) return reply.callNotFound();
    reply.header('content-type', metrics.contentType);
    return metrics.text();
  });
}

// Each address a description was asked for, written once. Bounded: without PUBLIC_BASE_URL the
// address comes from the Host header, which anyone can vary.
const MAX_CACHED_ADDRESSES = 16;

/** GET /openapi.json: the description on the address this request reached the server at (ADR 0012). */
function openApiRoute(deps: OpsDeps) {
  const written = new Map<string, string>();
  return (baseUrl: string): string => {
    let text = written.get(baseUrl);
    if (text === undefined) {
      text = JSON.stringify(forBaseUrl(deps.description(), baseUrl));
      if (written.size >= MAX_CACHED_ADDRESSES) written.clear();
      written.set(baseUrl, text);
    }
    return text;
  };
}

export function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  const describe = openApiRoute(deps);
  app.get(HEALTH_URL, async () => ({ status: 'ok' }));
  app.get(READY_URL, async (_request, reply) => {
    const { status, body } = await readiness(deps);
    return reply.code(status).send(body);
  });
  // Generated from the route definitions (never written by hand).
  app.get(OPENAPI_URL, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(describe(baseUrlOf(request, deps.publicBaseUrl))),
  );
  if (deps.metrics !== undefined) registerMetricsRoute(app, deps.metrics, { loopbackOnly: true });
}
