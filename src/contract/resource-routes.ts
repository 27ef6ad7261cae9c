import type { Principal } from '../auth/principal.ts';
import { DataError, type Detalhe } from '../errors/coded-error.ts';
import type { ListQuery } from '../store/list/list-spec.ts';
import { dataRoute, JsonText, listBody, type DataRoute, type DataRouteContext } from './data-route.ts';
import type { Parsed, ParamSpecs } from './params.ts';
import { syncRoutes, type SyncResource } from './sync-routes.ts';

/** A resource's list: what its `GET <url>` adds to the resource's description. */
export interface ListOf<L extends ParamSpecs> {
  description: string;
  params: L;
  /** the list's own rules on parsed values (periods, D14's status), reported with the parsing's (D37) */
  check?(params: Parsed<L>, principal: Principal, sent: ReadonlySet<string>): Detalhe[];
  /** the page asked for: the company, the filters, the sort and the page (its query module builds it) */
  query(ctx: DataRouteContext<L>, params: Parsed<L>): ListQuery;
}

/** A resource's detail, `GET <url>/{id}`: its record is the list's, read by id. */
export interface DetailOf<D extends ParamSpecs> {
  /** `Detalhar <singular>` */
  singular: string;
  description: string;
  params: D;
}

/**
 * A resource of the API, described once (D44-D50): its list, its change feed and export
 * (contract/sync-routes.ts) and, when the spec has one, its detail all serve its records with
 * the same list expression (`spec`), under the same URL, scope, tag and record schema. A new
 * resource is this description plus its query module; the handlers are these.
 */
export interface Resource<L extends ParamSpecs, D extends ParamSpecs> extends SyncResource {
  list: ListOf<L>;
  detail?: DetailOf<D>;
}

/** The records of a page, completed in Node (SyncResource.completer), written back as JSON text. */
async function completed(records: string, complete: (records: object[]) => Promise<void>): Promise<string> {
  const data = JSON.parse(`[${records}]`) as object[];
  await complete(data);
  return data.map((r) => JSON.stringify(r)).join(',');
}

/** `GET <url>`, `GET <url>/alteracoes`, `GET <url>/exportacao` and, when described, `GET <url>/{id}`. */
export function resourceRoutes<L extends ParamSpecs, D extends ParamSpecs>(resource: Resource<L, D>): DataRoute[] {
  const { url, scope, tag, record, list, detail } = resource;
  const routes: DataRoute[] = [
    dataRoute({
      url,
      scope,
      operationId: `listar${resource.name}`,
      tag,
      summary: `Listar ${resource.plural}`,
      description: list.description,
      params: list.params,
      record,
      check: list.check,
      async handler(ctx) {
        resource.precheck?.(ctx, list.params);
        const p = ctx.params();
        const query = list.query(ctx, p);
        const found = await ctx.listPage(resource.spec(ctx, p), query);
        const complete = resource.completer?.(ctx);
        if (complete === undefined) return listBody(found, query.page);
        return listBody({ records: await completed(found.records, complete), total: found.total }, query.page);
      },
    }),
    ...syncRoutes(resource),
  ];
  if (detail === undefined) return routes;
  routes.push(
    dataRoute({
      url: `${url}/:id`,
      scope,
      operationId: `obter${record.name}`,
      tag,
      summary: `Detalhar ${detail.singular}`,
      description: detail.description,
      params: detail.params,
      record,
      async handler(ctx) {
        resource.precheck?.(ctx, detail.params);
        const p = ctx.params(); // validates the id and refuses any parameter the detail does not take (D8)
        const found = await ctx.listRecord(resource.spec(ctx, p), ctx.id());
        if (found === null) throw new DataError('recurso_nao_encontrado');
        const complete = resource.completer?.(ctx);
        return new JsonText(`{"data":${complete === undefined ? found : await completed(found, complete)}}`);
      },
    }),
  );
  return routes;
}
