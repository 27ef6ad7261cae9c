import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createDataGuard, principalOf, type DataGuardDeps } from '../auth/data-guard.ts';
import { DataError } from '../errors/coded-error.ts';
import { dataRouteSchema, hasIdParam, JsonText, parseAll, type DataRoute } from '../http/data-route.ts';
import { envelopeErrorHandler } from '../http/failure.ts';
import { rawQuery } from '../http/query-string.ts';
import { DATA_ROUTES } from '../routes.ts';
import { todayInSaoPaulo } from '../time/sao-paulo-date.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The router lets `:id` match an empty segment; `/v1/clientes/` is another, unknown route (D3). */
async function emptyIdIsUnknownRoute(request: FastifyRequest): Promise<void> {
  if ((request.params as { id?: string }).id === '') throw new DataError('recurso_nao_encontrado');
}

function registerDataRoute(
  app: FastifyInstance,
  route: DataRoute,
  guardFor: ReturnType<typeof createDataGuard>,
  deps: DataGuardDeps,
): void {
  const withId = hasIdParam(route);
  app.get(
    route.url,
    { onRequest: withId ? [emptyIdIsUnknownRoute, guardFor(route.scope)] : guardFor(route.scope), schema: dataRouteSchema(route) },
    async (request, reply) => {
      const raw = rawQuery(request.url);
      const principal = principalOf(request);
      let id: number | null = null;
      const result = await route.handler({
        request,
        principal,
        rawQuery: raw,
        params: () => {
          const idText = withId ? ((request.params as { id?: string }).id ?? '') : null;
          const parsed = parseAll(raw, route.params, idText, (query, sent) => route.check?.(query, principal, sent) ?? []);
          id = parsed.id;
          return parsed.query;
        },
        id: () => {
          if (id === null) throw new Error('ctx.id() called before ctx.params()');
          return id;
        },
        tenant: deps.store.tenant(principal.tenantDb),
        central: deps.store.central,
        listPage: (spec, query) => deps.store.listPage(principal.tenantDb, spec, query),
        listRecord: (spec, recordId) => deps.store.listRecord(principal.tenantDb, spec, principal.empresaId, recordId),
        today: todayInSaoPaulo(),
      });
      return result instanceof JsonText ? reply.type(JSON_TYPE).send(result.text) : result;
    },
  );
}

/**
 * The data API, `/v1/<resource>` (spec "Endpoints"): GET routes only, no body, the data envelope
 * for every error, and the D4 guard (token, IP allowlist, rate limit, scope) before each handler.
 * Encapsulated: its error handler and hooks apply to its routes alone.
 */
export async function dataApiPlugin(app: FastifyInstance, deps: DataGuardDeps): Promise<void> {
  app.setErrorHandler(envelopeErrorHandler);
  const guardFor = createDataGuard(deps);
  for (const route of DATA_ROUTES) registerDataRoute(app, route, guardFor, deps);
}
