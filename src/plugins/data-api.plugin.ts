import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ListQuery } from '../store/list/list-spec.ts';
import type { AuthenticatedReads } from '../auth/authenticated-read.ts';
import { DataError } from '../errors/coded-error.ts';
import { dataRouteSchema, hasIdParam, JsonText, parseAll, type DataRoute } from '../contract/data-route.ts';
import { envelopeErrorHandler } from '../http/failure.ts';
import { endWhenStalled } from '../http/stalled-reader.ts';
import { ExportStream, NDJSON_TYPE } from '../contract/export-route.ts';
import { EXPORT_IDLE_MS } from '../domain/limits.ts';
import { paginationLinks } from '../contract/link-header.ts';
import { rawQuery } from '../contract/query-string.ts';
import { DATA_ROUTES } from '../routes.ts';
import { todayInSaoPaulo } from '../time/sao-paulo-date.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

export interface DataApiDeps {
  /** who is calling and what it reads (auth/authenticated-read.ts) */
  reads: AuthenticatedReads;
  /** PUBLIC_BASE_URL: the address of the `Link` URLs; unset, each request's own origin */
  publicBaseUrl?: string | undefined;
  /** how long an export's reader may take nothing before it is ended (D49); tests shorten it */
  exportIdleMs?: number | undefined;
}

/**
 * An export's NDJSON is compressed with gzip when asked (D48): a level that keeps up with the
 * stream (NDJSON of records compresses ~8x even at the fastest levels) instead of the default 6.
 */
const EXPORT_COMPRESSION = { customTypes: /^application\/x-ndjson(?:;|$)/, encodings: ['gzip' as const], zlibOptions: { level: 3 } };

/** The router lets `:id` match an empty segment; `/v1/clientes/` is another, unknown route (D3). */
async function emptyIdIsUnknownRoute(request: FastifyRequest): Promise<void> {
  if ((request.params as { id?: string }).id === '') throw new DataError('recurso_nao_encontrado');
}

function registerDataRoute(app: FastifyInstance, route: DataRoute, deps: DataApiDeps): void {
  const { reads } = deps;
  const withId = hasIdParam(route);
  const kind = withId ? 'record' : route.feed === true ? 'feed' : route.export === true ? 'export' : 'list';
  const guard = reads.guard(kind, route.scope);
  const idleMs = deps.exportIdleMs ?? EXPORT_IDLE_MS;

  app.get(
    route.url,
    {
      onRequest: withId ? [emptyIdIsUnknownRoute, guard] : guard,
      schema: dataRouteSchema(route),
      // D46: an ETag on every 200, and 304 for a matching If-None-Match (http/conditional.ts, on the
      // root); not on an export (D48), whose body is streamed.
      config: { conditionalGet: route.export !== true },
      ...(route.export === true ? { compress: EXPORT_COMPRESSION } : {}),
    },
    async (request, reply) => {
      const raw = rawQuery(request.url);
      const today = todayInSaoPaulo();
      const result = await reads.answer(request, reply, (caller) => {
        let id: number | null = null;
        let atualizadoDesde: string | undefined;
        return route.handler({
          ...caller,
          request,
          rawQuery: raw,
          params: () => {
            const idText = withId ? ((request.params as { id?: string }).id ?? '') : null;
            const parsed = parseAll(raw, route.params, idText, (query, sent) => route.check?.(query, caller.principal, sent) ?? []);
            id = parsed.id;
            const since: unknown = (parsed.query as Record<string, unknown>).atualizado_desde;
            if (typeof since === 'string') atualizadoDesde = since;
            return parsed.query;
          },
          id: () => {
            if (id === null) throw new Error('ctx.id() called before ctx.params()');
            return id;
          },
          // D43: every list takes `atualizado_desde` (pagination.ts); applied here once instead of by each handler.
          listPage: (spec, query: ListQuery) =>
            caller.listPage(spec, atualizadoDesde === undefined ? query : { ...query, atualizadoDesde }),
          today,
        });
      });
      if (result instanceof ExportStream) {
        endWhenStalled(reply.raw, idleMs, () => request.log.info({ idleMs }, 'export: the reader took nothing for too long; ended'));
        return reply.type(NDJSON_TYPE).send(result);
      }
      if (!(result instanceof JsonText)) return result;
      // RFC 8288 links beside the envelope's meta, on every page of a list (ADR 0012).
      if (result.meta !== undefined) reply.header('link', paginationLinks(deps.publicBaseUrl ?? '', route.url, raw, result.meta));
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
  for (const route of DATA_ROUTES) registerDataRoute(app, route, deps);
}
