import type { FastifyInstance } from 'fastify';
import { envelopeErrorHandler } from '../http/failure.ts';
import { registerStaticPage } from '../http/static-page.ts';
import { registerOpsRoutes, type OpsDeps } from '../ops/ops.routes.ts';
import { apiDescription, OPS_ROUTES } from '../routes.ts';

/**
 * Health, readiness, metrics, the OpenAPI description and the API reference page, outside /v1
 * (D1). Encapsulated like the others; errors in the data envelope.
 */
export async function opsPlugin(app: FastifyInstance, deps: Omit<OpsDeps, 'description'>): Promise<void> {
  app.setErrorHandler(envelopeErrorHandler);
  registerOpsRoutes(app, { ...deps, description: apiDescription });
  registerStaticPage(app, OPS_ROUTES.page);
}
