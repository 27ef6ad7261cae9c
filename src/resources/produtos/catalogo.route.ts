import type { TSchema } from 'typebox';
import { pageOf } from '../../domain/paging.ts';
import type { Scope } from '../../domain/scopes.ts';
import { DataError } from '../../errors/coded-error.ts';
import { dataRoute, JsonText, listBody } from '../../http/data-route.ts';
import { sortOf } from '../../http/pagination.ts';
import { detailOf, listOf } from '../../http/schemas.ts';
import { catalogoQuery, catalogoSpec, type Catalogo } from './catalogo.query.ts';
import { catalogoDetailParams, catalogoListParams } from './catalogo.schema.ts';

/** What differs between the two catalogues (D24): their table, scope, record schema and words. */
export interface CatalogoResource {
  table: Catalogo;
  scope: Scope;
  tag: string;
  /** plural and singular nouns for the documentation, e.g. 'produtos' / 'um produto' */
  plural: string;
  singular: string;
  schema: TSchema;
}

/** GET /v1/<table> and GET /v1/<table>/{id}: produtos and servicos are served the same way. */
export function catalogoRoutes(resource: CatalogoResource) {
  const { table, scope, tag, plural, singular, schema } = resource;
  const listParams = catalogoListParams(plural);
  return [
    dataRoute({
      url: `/v1/${table}`,
      scope,
      tag,
      summary: `Listar ${plural}`,
      description:
        `${tag} da empresa da credencial, paginados. Padrão: somente ativos, ordenados por \`id\` crescente; ` +
        '`ordenar_por` sem `ordem` também usa `asc`. `ordenar_por=nome` ignora maiúsculas e acentos. Excluídos nunca aparecem.',
      params: listParams,
      response: listOf(schema),
      async handler(ctx) {
        const p = ctx.params();
        const page = pageOf(p);
        const filter = { nome: p.nome, ativo: p.ativo };
        const found = await ctx.listPage(catalogoSpec(table), catalogoQuery(ctx.principal.empresaId, filter, sortOf(listParams, p), page));
        return listBody(found, page);
      },
    }),
    dataRoute({
      url: `/v1/${table}/:id`,
      scope,
      tag,
      summary: `Detalhar ${singular}`,
      description:
        `${singular[0]?.toUpperCase()}${singular.slice(1)} pelo id, ativo ou inativo. Id inexistente, excluído ou de outra empresa: ` +
        '404 `recurso_nao_encontrado`. Não aceita parâmetros de consulta.',
      params: catalogoDetailParams,
      response: detailOf(schema),
      async handler(ctx) {
        ctx.params(); // validates the id and refuses any query parameter (D8)
        const item = await ctx.listRecord(catalogoSpec(table), ctx.id());
        if (item === null) throw new DataError('recurso_nao_encontrado');
        return new JsonText(`{"data":${item}}`);
      },
    }),
  ];
}
