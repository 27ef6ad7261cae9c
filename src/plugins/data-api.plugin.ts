import { timed } from '../logger.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ListQuery } from '../store/list/list-spec.ts';
import { createDataGuard, principalOf, type DataGuard, type DataGuardDeps } from '../auth/data-guard.ts';
import { principalCompanion } from '../auth/token.query.ts';
import { DataError } from '../errors/coded-error.ts';
import { baseUrlOf } from '../http/base-url.ts';
import { dataRouteSchema, hasIdParam, JsonText, parseAll, type DataRoute } from '../http/data-route.ts';
import { envelopeErrorHandler } from '../http/failure.ts';
import { paginationLinks } from '../http/link-header.ts';
import { rawQuery } from '../http/query-string.ts';
import { DATA_ROUTES } from '../routes.ts';
import { isStoreUnavailable } from '../store/unavailable.ts';
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

/** Thrown when a deferred request's principal is not the one its handler ran with: the handler runs again (ADR 0014). */
class PrincipalChanged extends Error {}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const outcomeOf = (work: () => Promise<unknown>): Promise<Outcome> =>
  work().then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

function registerDataRoute(app: FastifyInstance, route: DataRoute, guard: DataGuard, deps: DataApiDeps): void {
  const withId = hasIdParam(route);
  // A list reads its caller's token with its page (ADR 0014); a record or a feed after the guard.
  const deferring = !withId && route.feed !== true;

  /** The route's handler, for the principal the request holds now. */
  function run(request: FastifyRequest, reply: FastifyReply, raw: string): Promise<unknown> {
    const principal = principalOf(request);
    let id: number | null = null;
    let atualizadoDesde: string | undefined;
    const withSince = (query: ListQuery): ListQuery => (atualizadoDesde === undefined ? query : { ...query, atualizadoDesde });
    return route.handler({
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
        timed(request.log, 'list page read', async () => {
          const deferred = request.deferredAuth;
          if (deferred === null || deferred.confirmed) return deps.store.listPage(principal.tenantDb, spec, withSince(query));
          const read = await deps.store.listPageWith(spec, withSince(query), principalCompanion(deferred.tokenHash));
          if (!(await guard.confirm(request, reply, read.companion)) || read.page === null) throw new PrincipalChanged();
          return read.page;
        }),
      listRecord: (spec, recordId) =>
        timed(request.log, 'record read', () => deps.store.listRecord(principal.tenantDb, spec, principal.empresaId, recordId)),
      feedPage: (spec, after, limit) =>
        timed(request.log, 'feed page read', () => deps.store.feedPage(principal.tenantDb, spec, principal.empresaId, after, limit)),
      cursorKey: () => deps.store.cursorKey(),
      today: todayInSaoPaulo(),
    });
  }

  /**
   * The handler's result, never answered before the caller is authenticated (D4, D31): a deferred
   * request that ended without its list confirming the principal (a 400, a principal that
   * changed) has its token read now; the outcome stands if the principal is the one it ran with,
   * else the handler runs again with the principal read now.
   */
  async function answer(request: FastifyRequest, reply: FastifyReply, raw: string): Promise<unknown> {
    if (request.deferredAuth === null) return run(request, reply, raw);
    let outcome = await outcomeOf(() => run(request, reply, raw));
    // A database that cannot be reached is a 503 whoever asks: the token's own read would be one
    // too (it is the same central database), and waiting for it would double the time to answer.
    if (!outcome.ok && isStoreUnavailable(outcome.error)) throw outcome.error;
    if (!(await guard.settle(request, reply)) || (!outcome.ok && outcome.error instanceof PrincipalChanged))
      outcome = await outcomeOf(() => run(request, reply, raw));
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  app.get(
    route.url,
    {
      onRequest: withId
        ? [emptyIdIsUnknownRoute, guard.guardFor(route.scope)]
        : deferring
          ? guard.deferringGuardFor(route.scope)
          : guard.guardFor(route.scope),
      schema: dataRouteSchema(route),
      // D46: an ETag on every 200, and 304 for a matching If-None-Match (http/conditional.ts, on the root).
      config: { conditionalGet: true },
    },
    async (request, reply) => {
      const raw = rawQuery(request.url);
      const result = await answer(request, reply, raw);
      if (!(result instanceof JsonText)) return result;
      // RFC 8288 links beside the envelope's meta, on every page of a list (ADR 0012).
      if (result.meta !== undefined)
        reply.header('link', paginationLinks(baseUrlOf(request, deps.publicBaseUrl), route.url, raw, result.meta));
      // As bytes, encoded once: the ETag hashes them and the socket writes them as they are (a
      // string would be encoded for each, and its length measured once more).
      return reply.type(JSON_TYPE).send(result.bytes());
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
  const guard = createDataGuard(deps);
  for (const route of DATA_ROUTES) registerDataRoute(app, route, guard, deps);
}
