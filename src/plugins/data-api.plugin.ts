import { timed } from '../logger.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createDataGuard, principalOf, type DataGuardDeps } from '../auth/data-guard.ts';
import { DataError } from '../errors/coded-error.ts';
import { baseUrlOf } from '../http/base-url.ts';
import { dataRouteSchema, hasIdParam, JsonText, parseAll, type DataRoute } from '../http/data-route.ts';
import { envelopeErrorHandler } from '../http/failure.ts';
import { paginationLinks } from '../http/link-header.ts';
import { rawQuery } from '../http/query-string.ts';
import { DATA_ROUTES } from '../routes.ts';
import { todayInSaoPaulo } from '../time/sao-paulo-date.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface DataApiDeps extends DataGuardDeps {
  /** PUBLIC_BASE_URL: the address of the `Link` URLs; unset, each request's own origin */
  publicBaseUrl?: string | undefined;
}

/** The router lets `:id` match an empty segment; `/v1/clientes/` is another, unknown route (D3). */
async function emptyIdIsUnknownRoute(request: FastifyRequest): Promise<void> {
  if ((request.params as { id?: string }).id === '') throw new DataError('recurso_nao_encontrado');
}

function registerDataRoute(app: FastifyInstance, route: DataRoute, guardFor: ReturnType<typeof createDataGuard>, deps: DataApiDeps): void {
  const withId = hasIdParam(route);
  app.get(
    route.url,
    {
      onRequest: withId ? [emptyIdIsUnknownRoute, guardFor(route.scope)] : guardFor(route.scope),
      schema: dataRouteSchema(route),
      // D46: an ETag on every 200, and 304 for a matching If-None-Match (http/conditional.ts, on the root).
      config: { conditionalGet: true },
    },
    async (request, reply) => {
      const raw = rawQuery(request.url);
      const principal = principalOf(request);
      let id: number | null = null;
      let atualizadoDesde: string | undefined;
      const result = await route.handler({
        request,
        principal,
        rawQuery: raw,
        params: () => {
          const idText = withId ? ((request.params as { id?: string }).id ?? '') : null;
          const parsed = parseAll(raw, route.params, idText, (query, sent) => route.check?.(query, principal, sent) ?? []);
          id = parsed.id;
          const since: unknown = (parsed.query as Record<string, unknown>).atualizado_desde;
          if (typeof since === 'string') atualizadoDesde = since;
          return parsed.query;
        },
        id: () => {
          if (id === null) throw new Error('ctx.id() called before ctx.params()');
          return id;
        },
        tenant: deps.store.tenant(principal.tenantDb),
        central: deps.store.central,
        // D43: every list takes `atualizado_desde` (pagination.ts); applied here once instead of by each handler.
        listPage: (spec, query) =>
          timed(request.log, 'list page read', () =>
            deps.store.listPage(principal.tenantDb, spec, atualizadoDesde === undefined ? query : { ...query, atualizadoDesde }),
          ),
        listRecord: (spec, recordId) =>
          timed(request.log, 'record read', () => deps.store.listRecord(principal.tenantDb, spec, principal.empresaId, recordId)),
        feedPage: (spec, after, limit) =>
          timed(request.log, 'feed page read', () => deps.store.feedPage(principal.tenantDb, spec, principal.empresaId, after, limit)),
        cursorKey: () => deps.store.cursorKey(),
        today: todayInSaoPaulo(),
      });
      if (!(result instanceof JsonText)) return result;
      // RFC 8288 links beside the envelope's meta, on every page of a list (ADR 0012).
      if (result.meta !== undefined)
        reply.header('link', paginationLinks(baseUrlOf(request, deps.publicBaseUrl), route.url, raw, result.meta));
      return reply.type(JSON_TYPE).send(result.text);
    },
  );
}

/**
 * The data API, `/v1/<resource>` (spec "Endpoints"): GET routes only, no body, the data envelope
 * for every error, and the D4 guard (token, IP allowlist, rate limit, scope) before each handler.
 * Encapsulated: its error handler and hooks apply to its routes alone.
 */
export async function dataApiPlugin(app: FastifyInstance, deps: DataApiDeps): Promise<void> {
  app.setErrorHandler(envelopeErrorHandler);
  const guardFor = createDataGuard(deps);
  for (const route of DATA_ROUTES) registerDataRoute(app, route, guardFor, deps);
}
