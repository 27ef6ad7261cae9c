import type { TSchema } from 'typebox';
import type { Scope } from '../../auth/scopes.ts';
import { ApiError } from '../../errors/api-error.ts';
import { registerDataRoute, type DataRouteDeps } from '../../http/data-route.ts';
import { listMeta, pageOf } from '../../http/pagination.ts';
import { detailOf, listOf } from '../../http/schemas.ts';
import type { Store } from '../../store/store.ts';
import { findCatalogo, listCatalogo, type Catalogo } from './catalogo.query.ts';
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
export function registerCatalogoRoutes(deps: DataRouteDeps, store: Store, resource: CatalogoResource): void {
  const { table, scope, tag, plural, singular, schema } = resource;
  registerDataRoute(deps, {
    url: `/v1/${table}`,
    scope,
    tag,
    summary: `Listar ${plural}`,
    description:
      `${tag} da empresa da credencial, paginados (D24). Padrão: somente ativos, ordenados por \`id\` crescente; ` +
      '`ordenar_por` sem `ordem` também usa `asc` (D9). `ordenar_por=nome` ignora maiúsculas e acentos. Excluídos nunca aparecem (D22).',
    params: catalogoListParams(plural),
    response: listOf(schema),
    async handler(ctx) {
      const p = ctx.params();
      const page = pageOf(p);
      const { data, total } = await listCatalogo(
        store.tenant(ctx.principal.empresaId, ctx.principal.tenantDb),
        ctx.principal.empresaId,
        table,
        { nome: p.nome, ativo: p.ativo ?? true },
        { field: p.ordenar_por ?? 'id', direction: p.ordem ?? 'asc' },
        page,
      );
      return { data, meta: listMeta(page, total) };
    },
  });

  registerDataRoute(deps, {
    url: `/v1/${table}/:id`,
    scope,
    tag,
    summary: `Detalhar ${singular}`,
    description:
      `${singular[0]?.toUpperCase()}${singular.slice(1)} pelo id, ativo ou inativo (D24). Id inexistente, excluído ou de outra empresa: ` +
      '404 `recurso_nao_encontrado` (D22). Não aceita parâmetros de consulta (D8).',
    params: catalogoDetailParams,
    response: detailOf(schema),
    async handler(ctx) {
      ctx.params(); // validates the id and refuses any query parameter (D8)
      const item = await findCatalogo(store.tenant(ctx.principal.empresaId, ctx.principal.tenantDb), ctx.principal.empresaId, table, ctx.id());
      if (item === null) throw new ApiError('recurso_nao_encontrado');
      return { data: item };
    },
  });
}
