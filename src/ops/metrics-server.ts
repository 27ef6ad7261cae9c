import Fastify, { type FastifyInstance } from 'fastify';
import { registerMetricsRoute } from './ops.routes.ts';
import type { Metrics } from '../observability/metrics.ts';

/** `/metrics` on its own port (METRICS_PORT), e.g. reachable only from the monitoring network. */
export async function startMetricsServer(metrics: Metrics, host: string, port: number): Promise<FastifyInstance> {
  const app = Fastify({ logger: false }) as unknown as FastifyInstance;
  registerMetricsRoute(app, metrics, { loopbackOnly: false });
  await app.listen({ host, port });
  return app;
}
