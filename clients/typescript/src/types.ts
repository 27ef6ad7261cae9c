import type { paths } from './openapi.ts';

// Every type here is derived from the generated `paths` (src/openapi.ts) by URL and status, not
// from component names, so it survives a document that moves its schemas into components:
// regenerating openapi.ts (npm run client:types) is the only step after the API changes.

type Operation<P extends keyof paths> = NonNullable<paths[P]['get']>;
type Ok<P extends keyof paths> = Operation<P>['responses'] extends { 200: { content: { 'application/json': infer B } } } ? B : never;
type Query<P extends keyof paths> = Operation<P>['parameters'] extends { query?: infer Q } ? NonNullable<Q> : never;

/** Paths of the lists: `/v1/<recurso>`. */
export type ListPath = {
  [P in keyof paths]: P extends `/v1/${string}/${string}` ? never : NonNullable<paths[P]['get']> extends never ? never : P;
}[keyof paths];
/** Paths of the details: `/v1/<recurso>/{id}`. */
export type DetailPath = Extract<keyof paths, `/v1/${string}/{id}`>;

/** Paths of the change feeds: `/v1/<recurso>/alteracoes`. */
export type FeedPath = Extract<keyof paths, `/v1/${string}/alteracoes`>;
/** A page of a change feed: `data` (entries) and `meta` (proximo_cursor, tem_mais). */
export type FeedPage<P extends FeedPath> = Ok<P>;
type RawFeedEntry<P extends FeedPath> = Ok<P> extends { data: (infer E)[] } ? E : never;
/**
 * One entry of a change feed, told apart by `operacao`: `alterado` carries the record in
 * `registro`, `excluido` carries `registro: null`. A union (the description gives one object with
 * a nullable `registro`), so that `if (entry.operacao === 'alterado') entry.registro.id` type-checks.
 */
export type FeedEntry<P extends FeedPath> =
  | (Omit<RawFeedEntry<P>, 'operacao' | 'registro'> & {
      operacao: 'alterado';
      registro: NonNullable<RawFeedEntry<P> extends { registro: infer R } ? R : never>;
    })
  | (Omit<RawFeedEntry<P>, 'operacao' | 'registro'> & { operacao: 'excluido'; registro: null });
/** The query parameters of a feed (cursor, por_pagina; incluir on clientes). */
export type FeedQuery<P extends FeedPath> = Query<P>;

/** A page of a list: `data` and `meta` (pagina, por_pagina, total, total_paginas). */
export type Page<P extends ListPath> = Ok<P>;
/** One record of a list. */
export type ItemOf<P extends ListPath> = Ok<P> extends { data: (infer R)[] } ? R : never;
/** The query parameters of a list (filters, pagina, por_pagina, ordenar_por, ordem). */
export type ListQuery<P extends ListPath> = Query<P>;
/** The record of a detail. */
export type RecordOf<P extends DetailPath> = Ok<P> extends { data: infer R } ? R : never;
/** The query parameters of a detail (e.g. `incluir` on clientes). */
export type DetailQuery<P extends DetailPath> = Query<P>;
/** The `meta` of a list page. */
export type PageMeta = Ok<'/v1/clientes'> extends { meta: infer M } ? M : never;

/** The token endpoint's successful answer. */
export type TokenResponse = NonNullable<paths['/v1/oauth/token']['post']>['responses'][200]['content']['application/json'];

export type Cliente = RecordOf<'/v1/clientes/{id}'>;
export type OrdemServico = RecordOf<'/v1/ordens-servico/{id}'>;
export type ContaReceber = ItemOf<'/v1/contas-receber'>;
export type ContaPagar = ItemOf<'/v1/contas-pagar'>;
export type Boleto = ItemOf<'/v1/boletos'>;
export type Produto = RecordOf<'/v1/produtos/{id}'>;
export type Servico = RecordOf<'/v1/servicos/{id}'>;

/** Paths of the exports: `/v1/<recurso>/exportacao`. */
export type ExportPath = Extract<keyof paths, `/v1/${string}/exportacao`>;
/** One line of an export's NDJSON body: a record, or the `fim` line. */
type ExportLine<P extends ExportPath> = Operation<P>['responses'] extends { 200: { content: { 'application/x-ndjson': infer L } } }
  ? L
  : never;
/** One record of an export: the record as the feed's `registro` and the list serve it. */
export type ExportRecord<P extends ExportPath> = Exclude<ExportLine<P>, { fim: true }>;
/** The last line of an export: `fim`, `total` (records sent) and `proximo_cursor` (where the feed resumes). */
export type ExportEnd = Extract<ExportLine<'/v1/clientes/exportacao'>, { fim: true }>;
/**
 * The query parameters of an export (`incluir` on clientes). An export that takes none accepts
 * only `{}`, so that `export({}, { signal })` reads as well as on clientes.
 */
export type ExportQuery<P extends ExportPath> = [Query<P>] extends [never] ? Record<string, never> : Query<P>;
