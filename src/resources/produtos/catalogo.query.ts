import { sql, type Kysely } from 'kysely';
import { decimalToNumber } from '../../domain/decimal.ts';
import type { Direction, Page } from '../../domain/paging.ts';
import type { ServicosTable, TenantDatabase } from '../../store/tables.ts';
import { likeContains, utcDateTime } from '../../store/sql.ts';
import { pageWithTotal, sortRows } from '../../store/list.ts';
import type { CATALOGO_SORTS } from './catalogo.schema.ts';

/**
 * Produtos and servicos are one catalogue in two tables (D24): same columns except the
 * product's `unidade`, same filters and sorts. One query serves both.
 */
export type Catalogo = 'produtos' | 'servicos';

export interface CatalogoFilter {
  nome?: string;
  ativo: boolean;
}

export interface Sort {
  field: (typeof CATALOGO_SORTS)[number];
  direction: Direction;
}

function base(db: Kysely<TenantDatabase>, empresaId: number, table: Catalogo) {
  // Typed as the columns both tables share (ServicosTable), so the same builder fits either.
  return db
    .selectFrom(sql<ServicosTable>`${sql.table(table)}`.as('item'))
    .where('empresa_id', '=', empresaId)
    .where('excluido', '=', false);
}

function filtered(db: Kysely<TenantDatabase>, empresaId: number, table: Catalogo, f: CatalogoFilter) {
  let q = base(db, empresaId, table).where('ativo', '=', f.ativo);
  // D11: nome_ordem is busca_normalizada(nome); the term gets the same normalisation.
  if (f.nome !== undefined) q = q.where(sql<boolean>`nome_ordem LIKE '%' || busca_normalizada(${likeContains(f.nome)}) || '%'`);
  return q;
}

function selectItem(q: ReturnType<typeof base>, table: Catalogo) {
  return (
    q
      .select(['id', 'codigo', 'nome', 'descricao', 'valor', 'ativo', utcDateTime('data_cadastro').as('data_cadastro')])
      // Only produtos have a unit (D24); servicos records must not carry the key at all.
      .$if(table === 'produtos', (qb) => qb.select(sql<string | null>`unidade`.as('unidade')))
  );
}

function withNumericValor<R extends { valor: string }>(row: R) {
  return { ...row, valor: decimalToNumber(row.valor) };
}

const SORT_COLUMN = { id: 'id', nome: 'nome_ordem' } as const;

export async function listCatalogo(
  db: Kysely<TenantDatabase>,
  empresaId: number,
  table: Catalogo,
  filter: CatalogoFilter,
  sort: Sort,
  page: Page,
) {
  const where = filtered(db, empresaId, table, filter);
  const rows = sortRows(selectItem(where, table), SORT_COLUMN[sort.field], sort.direction, 'id');
  const { data, total } = await pageWithTotal(
    rows,
    where.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
  return { data: data.map(withNumericValor), total };
}

/** Inactive items are found by id; deleted ones and other companies' are not (D22). */
export async function findCatalogo(db: Kysely<TenantDatabase>, empresaId: number, table: Catalogo, id: number) {
  const row = await selectItem(base(db, empresaId, table).where('id', '=', id), table).executeTakeFirst();
  return row === undefined ? null : withNumericValor(row);
}
