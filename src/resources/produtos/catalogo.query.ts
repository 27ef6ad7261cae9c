import type { Direction, Page } from '../../domain/paging.ts';
import type { ListQuery, ListSpec } from '../../store/list/list-spec.ts';
import type { SqlPiece } from '../../store/list/sql-params.ts';
import { likeContains, utcText } from '../../store/sql.ts';
import type { CATALOGO_SORTS } from './catalogo.schema.ts';

/**
 * Produtos and servicos are one catalogue in two tables (D24): same columns except the
 * product's `unidade`, same filters and sorts. One spec serves both.
 */
export type Catalogo = 'produtos' | 'servicos';

export interface CatalogoFilter {
  nome?: string;
  ativo: boolean;
}

/**
 * The record as PostgreSQL writes it, in the API's field order: only produtos have a unit (D24),
 * servicos records do not carry the key at all; `valor` the shortest decimal of numeric(15,2) (D23).
 */
const record = (table: Catalogo) => `(SELECT row_to_json(x)::text FROM (SELECT
    r.id,
    r.codigo,
    r.nome,
    r.descricao,${table === 'produtos' ? '\n    r.unidade,' : ''}
    r.valor::float8 AS valor,
    r.ativo,
    ${utcText('r.data_cadastro')} AS data_cadastro,
    ${utcText('r.atualizado_em')} AS atualizado_em) x)`;

const SPECS: Record<Catalogo, ListSpec> = {
  produtos: {
    table: 'produtos',
    sorts: { nome: { column: 'r.nome_ordem', type: 'text', nullable: false } },
    record: () => record('produtos'),
  },
  servicos: {
    table: 'servicos',
    sorts: { nome: { column: 'r.nome_ordem', type: 'text', nullable: false } },
    record: () => record('servicos'),
  },
};

/** `ordenar_por=nome` uses the normalised name (nome_ordem, never null: ADR 0008), as the search does. */
export const catalogoSpec = (table: Catalogo): ListSpec => SPECS[table];

export function catalogoQuery(
  empresaId: number,
  filter: CatalogoFilter,
  sort: { field: (typeof CATALOGO_SORTS)[number]; direction: Direction },
  page: Page,
): ListQuery {
  const { nome, ativo } = filter;
  const conditions: SqlPiece[] = [(p) => `r.ativo = ${p.add(ativo)}`];
  // D11: nome_ordem is busca_normalizada(nome); the term gets the same normalisation (trigram index, tenant 0005).
  if (nome !== undefined) conditions.push((p) => `r.nome_ordem LIKE '%' || busca_normalizada(${p.add(likeContains(nome))}) || '%'`);
  return { empresaId, conditions, filterKey: JSON.stringify([nome, ativo]), sort, page };
}
