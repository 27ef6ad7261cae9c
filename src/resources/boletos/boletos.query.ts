import { sql, type Kysely } from 'kysely';
import type { BoletoStatus } from '../../domain/boleto.ts';
import { decimalToNumber } from '../../domain/decimal.ts';
import type { Direction, Page } from '../../domain/paging.ts';
import type { Period } from '../../http/period.ts';
import type { TenantDatabase } from '../../store/tables.ts';
import { pageWithTotal, sortRows } from '../../store/list.ts';
import type { BOLETOS_SORTS } from './boletos.schema.ts';

export interface BoletosFilter {
  period: Period | null;
  status?: BoletoStatus;
  clienteId?: number;
}

export interface Sort {
  field: (typeof BOLETOS_SORTS)[number];
  direction: Direction;
}

/**
 * Live boletos of the company with their customer when it is available: same company and not
 * deleted (D22). The count reuses this query; PostgreSQL drops the unused LEFT JOIN there
 * (clientes.id is unique), so it still reads boletos alone.
 */
function filtered(db: Kysely<TenantDatabase>, empresaId: number, f: BoletosFilter) {
  let q = db
    .selectFrom('boletos')
    .leftJoin('clientes', (join) =>
      join
        .onRef('clientes.id', '=', 'boletos.cliente_id')
        .onRef('clientes.empresa_id', '=', 'boletos.empresa_id')
        .on('clientes.excluido', '=', false),
    )
    .where('boletos.empresa_id', '=', empresaId)
    .where('boletos.excluido', '=', false);
  if (f.period !== null) q = q.where('boletos.vencimento', '>=', f.period.inicio).where('boletos.vencimento', '<=', f.period.fim);
  if (f.status !== undefined) q = q.where('boletos.status', '=', f.status);
  if (f.clienteId !== undefined) q = q.where('boletos.cliente_id', '=', f.clienteId);
  return q;
}

const SORT_COLUMN = {
  id: 'boletos.id',
  emissao: 'boletos.emissao',
  vencimento: 'boletos.vencimento',
  pagamento: 'boletos.data_pagamento',
  valor: 'boletos.valor',
} as const;

export async function listBoletos(db: Kysely<TenantDatabase>, empresaId: number, filter: BoletosFilter, sort: Sort, page: Page) {
  const where = filtered(db, empresaId, filter);
  const selected = where.select([
    'boletos.id',
    sql<{ id: number; nome: string } | null>`CASE WHEN clientes.id IS NULL THEN NULL
      ELSE json_build_object('id', clientes.id, 'nome', clientes.nome_exibicao) END`.as('cliente'),
    'boletos.numero_documento',
    'boletos.linha_digitavel',
    'boletos.valor',
    'boletos.emissao',
    'boletos.vencimento',
    'boletos.status',
    'boletos.data_pagamento',
    'boletos.data_compensacao',
  ]);
  const rows = sortRows(selected, SORT_COLUMN[sort.field], sort.direction, 'boletos.id');
  const { data, total } = await pageWithTotal(
    rows,
    where.select((eb) => eb.fn.countAll<number>().as('total')),
    page,
  );
  return { data: data.map((b) => ({ ...b, valor: decimalToNumber(b.valor) })), total };
}
