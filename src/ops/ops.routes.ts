import type { FastifyInstance } from 'fastify';
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
}

export const HEALTH_URL = '/healthz';
export const READY_URL = '/readyz';
export const METRICS_URL = '/metrics';
export const OPENAPI_URL = '/openapi.json';

/**
 * `/readyz`: 200 while the central store answers, 503 otherwise. A Redis that does not answer
 * leaves the instance ready ("redis":"degraded"): it serves on per-instance windows (ADR 0005).
 */
export async function readiness(deps: OpsDeps): Promise<{ status: number; body: { status: string; store?: string; redis?: string } }> {
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

/** Prometheus metrics, also served alone on METRICS_PORT (observability/metrics-server.ts). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get(METRICS_URL, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', metrics.contentType);
    return metrics.text();
  });
}

export function registerOpsRoutes(app: FastifyInstance, deps: OpsDeps): void {
  app.get(HEALTH_URL, { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get(READY_URL, { schema: { hide: true } }, async (_request, reply) => {
    const { status, body } = await readiness(deps);
    return reply.code(status).send(body);
  });
  // Generated from the route schemas (never written by hand); @fastify/swagger is registered on the root.
  app.get(OPENAPI_URL, { schema: { hide: true } }, async () => app.swagger());
  if (deps.metrics !== undefined) registerMetricsRoute(app, deps.metrics);
}
