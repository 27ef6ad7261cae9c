import { sql, type Kysely } from 'kysely';
import type { CedenteTipo, ContaStatus } from '../../domain/conta.ts';
import { decimalToNumber } from '../../domain/decimal.ts';
import type { Direction, Page } from '../../domain/paging.ts';
import type { Period } from '../../http/period.ts';
import { pageWithTotal, sortRows } from '../../store/list.ts';
import type { CentralDatabase, ContasTable, TenantDatabase } from '../../store/tables.ts';
import type { ContasSort } from './contas.schema.ts';

/** Receivables and payables share one shape, so one query serves both tables. */
export type ContasTabela = 'contas_receber' | 'contas_pagar';

export interface ContasFilter {
  periodo: Period | null;
  status?: ContaStatus;
  cedenteTipo?: CedenteTipo;
  cedenteId?: number;
}

export interface ContasSortOrder {
  field: ContasSort;
  direction: Direction;
}

export interface Conta {
  id: number;
  cedente: { tipo: CedenteTipo; id: number | null; nome: string | null };
  descricao: string | null;
  valor: number;
  vencimento: string;
  status: ContaStatus;
  data_pagamento: string | null;
}

// D15: "today" in America/Sao_Paulo, computed by the database so the `status` field and the
// `status` filter always agree (D19).
const TODAY = sql<string>`(now() AT TIME ZONE 'America/Sao_Paulo')::date`;

function base(db: Kysely<TenantDatabase>, empresaId: number, tabela: ContasTabela) {
  return db
    .selectFrom(sql<ContasTable>`${sql.table(tabela)}`.as('c'))
    .where('c.empresa_id', '=', empresaId)
    .where('c.excluido', '=', false);
}

type ContasQuery = ReturnType<typeof base>;

/** D19 as sargable predicates, so the vencimento index still bounds the scan. */
function withStatus(q: ContasQuery, status: ContaStatus): ContasQuery {
  switch (status) {
    case 'pago':
      return q.where('c.data_pagamento', 'is not', null);
    case 'vencido':
      return q.where('c.data_pagamento', 'is', null).where('c.vencimento', '<', TODAY);
    case 'aberto':
      return q.where('c.data_pagamento', 'is', null).where('c.vencimento', '>=', TODAY);
  }
}

function filtered(db: Kysely<TenantDatabase>, empresaId: number, tabela: ContasTabela, f: ContasFilter): ContasQuery {
  let q = base(db, empresaId, tabela);
  if (f.periodo !== null) q = q.where('c.vencimento', '>=', f.periodo.inicio).where('c.vencimento', '<=', f.periodo.fim);
  if (f.status !== undefined) q = withStatus(q, f.status);
  if (f.cedenteTipo !== undefined) q = q.where('c.cedente_tipo', '=', f.cedenteTipo);
  if (f.cedenteId !== undefined) q = q.where('c.cedente_id', '=', f.cedenteId);
  return q;
}

/**
 * Cedente names that live in the tenant database, taken only from a record of the matching
 * type, of the same company and not deleted (D22: otherwise `nome` is null). Scalar subqueries
 * rather than joins: PostgreSQL evaluates them only for the rows of the page (they are deferred
 * past a sort with LIMIT), and the page keeps the count query's shape (pageWithTotal).
 * Usuarios live in the central database and are named afterwards (usuarioNames).
 */
function selectConta(q: ContasQuery) {
  return q.select([
    'c.id',
    'c.cedente_tipo',
    // D22: an `outro` cedente never has an id, whatever the row holds
    sql<number | null>`CASE WHEN c.cedente_tipo = 'outro' THEN NULL ELSE c.cedente_id END`.as('cedente_id'),
    sql<string | null>`CASE c.cedente_tipo
      WHEN 'outro' THEN c.cedente_nome
      WHEN 'cliente' THEN (SELECT cl.nome_exibicao FROM clientes cl
        WHERE cl.id = c.cedente_id AND cl.empresa_id = c.empresa_id AND NOT cl.excluido)
      WHEN 'fornecedor' THEN (SELECT fo.nome FROM fornecedores fo
        WHERE fo.id = c.cedente_id AND fo.empresa_id = c.empresa_id AND NOT fo.excluido)
      WHEN 'pre_cliente' THEN (SELECT pc.nome FROM pre_clientes pc
        WHERE pc.id = c.cedente_id AND pc.empresa_id = c.empresa_id AND NOT pc.excluido)
    END`.as('cedente_nome'),
    'c.descricao',
    'c.valor',
    'c.vencimento',
    sql<ContaStatus>`CASE WHEN c.data_pagamento IS NOT NULL THEN 'pago'
      WHEN c.vencimento < ${TODAY} THEN 'vencido' ELSE 'aberto' END`.as('status'),
    'c.data_pagamento',
  ]);
}

type ContaRow = Awaited<ReturnType<ReturnType<typeof selectConta>['execute']>>[number];

/**
 * D9 with the id tie-break in the same direction. vencimento and valor are NOT NULL, so they
 * get no NULLS LAST clause: with one, PostgreSQL could not serve a descending sort (the
 * default) by scanning an ascending index backwards.
 */
function sorted(q: ReturnType<typeof selectConta>, sort: ContasSortOrder) {
  if (sort.field === 'data_pagamento') return sortRows(q, 'c.data_pagamento', sort.direction, 'c.id');
  const dir = <O extends { asc(): O; desc(): O }>(ob: O) => (sort.direction === 'asc' ? ob.asc() : ob.desc());
  const byField = sort.field === 'id' ? q : q.orderBy(sql.ref(`c.${sort.field}`), dir);
  return byField.orderBy(sql.ref('c.id'), dir);
}

export async function listContas(
  db: Kysely<TenantDatabase>,
  empresaId: number,
  tabela: ContasTabela,
  filter: ContasFilter,
  sort: ContasSortOrder,
  page: Page,
) {
  const where = filtered(db, empresaId, tabela, filter);
  const rows = sorted(selectConta(where), sort);
  return pageWithTotal(
    rows,
    where.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
}

/**
 * Names of the page's usuario cedentes. Users live in the central database, which need not be
 * the tenant's, so they cannot be joined: one batched query for the page instead.
 */
export async function usuarioNames(
  central: Kysely<CentralDatabase>,
  empresaId: number,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await central
    .selectFrom('usuarios')
    .select(['id', 'nome'])
    .where('empresa_id', '=', empresaId)
    .where('excluido', '=', false)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.nome]));
}

/** Ids of the usuario cedentes of a page. */
export function usuarioIds(rows: readonly ContaRow[]): number[] {
  return rows.flatMap((r) => (r.cedente_tipo === 'usuario' && r.cedente_id !== null ? [r.cedente_id] : []));
}

/** The API record. */
export function toConta(row: ContaRow, usuarios: ReadonlyMap<number, string | null>): Conta {
  const nome = row.cedente_tipo === 'usuario' && row.cedente_id !== null ? (usuarios.get(row.cedente_id) ?? null) : row.cedente_nome;
  return {
    id: row.id,
    cedente: { tipo: row.cedente_tipo, id: row.cedente_id, nome },
    descricao: row.descricao,
    valor: decimalToNumber(row.valor),
    vencimento: row.vencimento,
    status: row.status,
    data_pagamento: row.data_pagamento,
  };
}
