import type { FastifyInstance } from 'fastify';
import type { Limiter } from '../ratelimit/limiter.ts';
import type { Metrics } from '../observability/metrics.ts';
import type { Store } from '../store/store.ts';

/**
 * Health endpoints outside /v1 (D1): not part of the public contract. A Redis that does not answer
 * leaves the instance ready ("redis":"degraded"): it serves on per-instance windows (ADR 0005).
 */
export function registerOpsRoutes(app: FastifyInstance, store: Store, limiter?: Limiter): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const [storeOk, redisOk] = await Promise.all([
      store.pool.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      limiter?.ping?.(),
    ]);
    const redis = redisOk === undefined ? {} : { redis: redisOk ? 'ok' : 'degraded' };
    if (!storeOk) return reply.code(503).send({ status: 'unavailable', store: 'central', ...redis });
    return { status: 'ready', ...redis };
  });
}

/** The generated OpenAPI description, outside /v1 like the other non-contract routes (D1). */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** Prometheus metrics (D1: outside /v1, not part of the public contract). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('content-type', metrics.contentType);
    return metrics.text();
  });
}
