import { pageOf } from '../../domain/paging.ts';
import type { Scope } from '../../domain/scopes.ts';
import { DataError } from '../../errors/coded-error.ts';
import { dataRoute, JsonText, listBody, type ApiRecord, type ApiTag } from '../../contract/data-route.ts';
import { sortOf } from '../../contract/pagination.ts';
import { syncRoutes } from '../../contract/sync-routes.ts';
import { catalogoQuery, catalogoSpec, type Catalogo } from './catalogo.query.ts';
import { catalogoDetailParams, catalogoListParams } from './catalogo.schema.ts';

/** What differs between the two catalogues (D24): their table, scope, record schema and words. */
export interface CatalogoResource {
  table: Catalogo;
  scope: Scope;
  tag: ApiTag;
  /** plural and singular nouns for the documentation, e.g. 'produtos' / 'um produto' */
  plural: string;
  singular: string;
  /** the record, named in singular (`Produto`): operations are `listar<Tag>` and `obter<Produto>` */
  record: ApiRecord;
}

/** GET /v1/<table> and GET /v1/<table>/{id}: produtos and servicos are served the same way. */
export function catalogoRoutes(resource: CatalogoResource) {
  const { table, scope, tag, plural, singular, record } = resource;
  const listName = tag.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const listParams = catalogoListParams(plural);
  return [
    dataRoute({
      url: `/v1/${table}`,
      scope,
      operationId: `listar${listName}`,
      tag,
      summary: `Listar ${plural}`,
      description:
        `${tag.name} da empresa da credencial, paginados. Padrão: somente ativos, ordenados por \`id\` crescente; ` +
        '`ordenar_por` sem `ordem` também usa `asc`. `ordenar_por=nome` ignora maiúsculas e acentos. Excluídos nunca aparecem.',
      params: listParams,
      record,
      async handler(ctx) {
        const p = ctx.params();
        const page = pageOf(p);
        const filter = { nome: p.nome, ativo: p.ativo };
        const found = await ctx.listPage(catalogoSpec(table), catalogoQuery(ctx.principal.empresaId, filter, sortOf(listParams, p), page));
        return listBody(found, page);
      },
    }),
    ...syncRoutes({ url: `/v1/${table}`, scope, tag, record, name: listName, plural, spec: () => catalogoSpec(table) }),
    dataRoute({
      url: `/v1/${table}/:id`,
      scope,
      operationId: `obter${record.name}`,
      tag,
      summary: `Detalhar ${singular}`,
      description:
        `${singular[0]?.toUpperCase()}${singular.slice(1)} pelo id, ativo ou inativo. Id inexistente, excluído ou de outra empresa: ` +
        '404 `recurso_nao_encontrado`. Não aceita parâmetros de consulta.',
      params: catalogoDetailParams,
      record,
      async handler(ctx) {
        ctx.params(); // validates the id and refuses any query parameter (D8)
        const item = await ctx.listRecord(catalogoSpec(table), ctx.id());
        if (item === null) throw new DataError('recurso_nao_encontrado');
        return new JsonText(`{"data":${item}}`);
      },
    }),
  ];
}
