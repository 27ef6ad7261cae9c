import type { BoletoStatus } from '../../domain/boleto.ts';
import type { Direction, Page } from '../../domain/paging.ts';
import type { Period } from '../../domain/period.ts';
import type { ListQuery, ListSpec } from '../../store/list/list-spec.ts';
import type { SqlPiece } from '../../store/list/sql-params.ts';
import { dateText, utcText } from '../../store/sql.ts';
import type { BOLETOS_SORTS } from './boletos.schema.ts';

export interface BoletosFilter {
  period: Period | null;
  status?: BoletoStatus;
  clienteId?: number;
}

/**
 * The boleto record as PostgreSQL writes it, in the API's field order: its customer only when
 * available — same company, not deleted (D22); dates as the bank reported them (D18); `valor` the
 * shortest decimal of numeric(15,2) (D23).
 */
const RECORD = `(SELECT row_to_json(x)::text FROM (SELECT
    r.id,
    (SELECT row_to_json(c) FROM (SELECT cl.id, cl.nome_exibicao AS nome FROM clientes cl
       WHERE cl.id = r.cliente_id AND cl.empresa_id = r.empresa_id AND NOT cl.excluido) c) AS cliente,
    r.numero_documento,
    r.linha_digitavel,
    r.valor::float8 AS valor,
    ${dateText('r.emissao')} AS emissao,
    ${dateText('r.vencimento')} AS vencimento,
    r.status,
    ${dateText('r.data_pagamento')} AS data_pagamento,
    ${dateText('r.data_compensacao')} AS data_compensacao,
    ${utcText('r.atualizado_em')} AS atualizado_em) x)`;

/** Null dates sort last in both directions (D9); the descending default has its own index (tenant 0002). */
export const boletosSpec: ListSpec = {
  table: 'boletos',
  sorts: {
    emissao: { column: 'r.emissao', type: 'date', nullable: true },
    vencimento: { column: 'r.vencimento', type: 'date', nullable: true },
    pagamento: { column: 'r.data_pagamento', type: 'date', nullable: true },
    valor: { column: 'r.valor', type: 'numeric', nullable: false },
  },
  record: () => RECORD,
};

export function boletosQuery(
  empresaId: number,
  filter: BoletosFilter,
  sort: { field: (typeof BOLETOS_SORTS)[number]; direction: Direction },
  page: Page,
): ListQuery {
  const conditions: SqlPiece[] = [];
  const { period, status, clienteId } = filter;
  if (period !== null) conditions.push((p) => `r.vencimento BETWEEN ${p.add(period.inicio, 'date')} AND ${p.add(period.fim, 'date')}`);
  if (status !== undefined) conditions.push((p) => `r.status = ${p.add(status)}`);
  if (clienteId !== undefined) conditions.push((p) => `r.cliente_id = ${p.add(clienteId, 'bigint')}`);
  return { empresaId, conditions, filterKey: JSON.stringify([period, status, clienteId]), sort, page };
}
