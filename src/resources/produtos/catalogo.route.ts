import { pageOf } from '../../domain/paging.ts';
import type { Scope } from '../../domain/scopes.ts';
import type { ApiRecord, ApiTag } from '../../contract/data-route.ts';
import { sortOf } from '../../contract/pagination.ts';
import { resourceRoutes } from '../../contract/resource-routes.ts';
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
  /** the record, named in singular (`Produto`): operations are `listar<Tag>` and `obter<Produto>` (contract/resource-routes.ts) */
  record: ApiRecord;
}

/** GET /v1/<table>, its feed, export and detail: produtos and servicos are served the same way. */
export function catalogoRoutes(resource: CatalogoResource) {
  const { table, scope, tag, plural, singular, record } = resource;
  const listParams = catalogoListParams(plural);
  return resourceRoutes({
    url: `/v1/${table}`,
    scope,
    tag,
    record,
    name: tag.name.normalize('NFD').replace(/[\u0300-\u036f]/g, ''),
    plural,
    spec: () => catalogoSpec(table),
    list: {
      description:
        `${tag.name} da empresa da credencial, paginados. Padrão: somente ativos, ordenados por \`id\` crescente; ` +
        '`ordenar_por` sem `ordem` também usa `asc`. `ordenar_por=nome` ignora maiúsculas e acentos. Excluídos nunca aparecem.',
      params: listParams,
      query: (ctx, p) => catalogoQuery(ctx.principal.empresaId, { nome: p.nome, ativo: p.ativo }, sortOf(listParams, p), pageOf(p)),
    },
    detail: {
      singular,
      description:
        `${singular[0]?.toUpperCase()}${singular.slice(1)} pelo id, ativo ou inativo. Id inexistente, excluído ou de outra empresa: ` +
        '404 `recurso_nao_encontrado`. Não aceita parâmetros de consulta.',
      params: catalogoDetailParams,
    },
  });
}
