import type { Scope } from '../domain/scopes.ts';
import type { ListSpec } from '../store/list/list-spec.ts';
import { dataRoute, type ApiRecord, type ApiTag, type DataRoute, type DataRouteContext } from './data-route.ts';
import { EXPORT_DESCRIPTION, startExport, type CompleteLines } from './export-route.ts';
import { feedBody, FEED_DESCRIPTION, feedParams, feedProblems, parsedEntries, readFeedPage } from './feed-route.ts';
import type { ParamSpecs } from './params.ts';

/**
 * How integrators keep a copy of a resource (D44-D50): its change feed, `/alteracoes`, and its
 * export, `/exportacao`, built from ONE description of the resource, so both serve its records
 * with the list's own expression (the same bytes, test/resources/same-record.test.ts) and a new
 * resource gets both by describing itself once.
 */
export interface SyncResource {
  /** the list's URL, `/v1/clientes` */
  url: string;
  scope: Scope;
  tag: ApiTag;
  record: ApiRecord;
  /** in operation ids: `listarAlteracoes<name>`, `exportar<name>` */
  name: string;
  /** in summaries: `Alterações de <plural>`, `Exportar <plural>` */
  plural: string;
  /** parameters both take besides the feed's own (clientes: `incluir`) */
  params?: ParamSpecs;
  /** what the resource adds to both descriptions */
  note?: string;
  /** checks on the raw query before its values are parsed (clientes: the contact scope, D13) */
  precheck?(ctx: DataRouteContext<ParamSpecs>, params: ParamSpecs): void;
  /** the list expression the records are written with, for the parsed query */
  spec(ctx: DataRouteContext<ParamSpecs>, query: Record<string, unknown>): ListSpec;
  /**
   * Completes records in Node where the database cannot (contas of a tenant database: usuario
   * names live in the central one), in place; undefined when nothing is to be done for this caller.
   */
  completer?(ctx: DataRouteContext<ParamSpecs>): ((records: object[]) => Promise<void>) | undefined;
}

/** The records of NDJSON lines, completed, written back as lines. */
function linesCompleter(complete: (records: object[]) => Promise<void>): CompleteLines {
  return async (lines) => {
    const records = lines
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as object);
    await complete(records);
    let out = '';
    for (const record of records) out += `${JSON.stringify(record)}\n`;
    return out;
  };
}

const withNote = (text: string, note: string | undefined) => (note === undefined ? text : `${text} ${note}`);

/** `GET <url>/alteracoes` and `GET <url>/exportacao` of a resource. */
export function syncRoutes(resource: SyncResource): DataRoute[] {
  const { url, scope, tag, record } = resource;
  const extra = resource.params ?? {};
  const feedRouteParams = { ...extra, ...feedParams } satisfies ParamSpecs;
  return [
    dataRoute({
      url: `${url}/alteracoes`,
      scope,
      operationId: `listarAlteracoes${resource.name}`,
      tag,
      summary: `Alterações de ${resource.plural}`,
      description: withNote(FEED_DESCRIPTION, resource.note),
      params: feedRouteParams,
      check: feedProblems,
      record,
      feed: true,
      async handler(ctx) {
        resource.precheck?.(ctx, feedRouteParams);
        const p = ctx.params();
        const answer = await readFeedPage(ctx, resource.spec(ctx, p), p);
        const complete = resource.completer?.(ctx);
        if (complete === undefined) return feedBody(answer);
        const entries = parsedEntries(answer);
        await complete(entries.flatMap((e) => (e.registro === null || typeof e.registro !== 'object' ? [] : [e.registro])));
        return feedBody({ ...answer, entries: entries.map((e) => JSON.stringify(e)).join(',') });
      },
    }),
    dataRoute({
      url: `${url}/exportacao`,
      scope,
      operationId: `exportar${resource.name}`,
      tag,
      summary: `Exportar ${resource.plural}`,
      description: withNote(EXPORT_DESCRIPTION, resource.note),
      params: extra,
      record,
      export: true,
      async handler(ctx) {
        resource.precheck?.(ctx, extra);
        const p = ctx.params();
        const complete = resource.completer?.(ctx);
        return startExport(ctx, resource.spec(ctx, p), complete === undefined ? undefined : linesCompleter(complete));
      },
    }),
  ];
}
