import type { Kysely } from 'kysely';
import { decimalToNumber } from '../../domain/decimal.ts';
import type { Direction, Page } from '../../domain/paging.ts';
import type { Period } from '../../domain/period.ts';
import type { ListQuery, ListSpec } from '../../store/list/list-spec.ts';
import type { SqlPiece } from '../../store/list/sql-params.ts';
import { dateText, utcText } from '../../store/sql.ts';
import type { TenantDatabase } from '../../store/tables.ts';
import type { ORDENS_SERVICO_SORTS } from './ordens-servico.schema.ts';

export interface OrdensServicoFilter {
  periodo: Period | null;
  status?: string;
  clienteId?: number;
  tecnicoId?: number;
}

/** `{id, nome}` of a person the order names, or null when deleted, missing or of another company (D22). */
const pessoa = (table: string, id: string, nome: string) =>
  `(SELECT row_to_json(p) FROM (SELECT x.id, coalesce(${nome}, '') AS nome FROM ${table} x
     WHERE x.id = ${id} AND x.empresa_id = r.empresa_id AND NOT x.excluido) p)`;

/**
 * The order record as PostgreSQL writes it, in the API's field order: customer and technician
 * looked up for the page's rows only (D21, D22); `valor_total` the exact sum of the non-deleted
 * items, in numeric, printed as the shortest decimal of its float8 (D23).
 */
const RECORD = `(SELECT row_to_json(x)::text FROM (SELECT
    r.id,
    'OS-' || r.id AS numero,
    r.status,
    ${pessoa('clientes', 'r.cliente_id', 'x.nome_exibicao')} AS cliente,
    ${pessoa('tecnicos', 'r.tecnico_id', 'x.nome')} AS tecnico,
    ${dateText('r.data_abertura')} AS data_abertura,
    to_char(r.hora_abertura, 'HH24:MI:SS') AS hora_abertura,
    ${utcText('r.criada_em')} AS criada_em,
    ${utcText('r.data_conclusao')} AS data_conclusao,
    coalesce((SELECT sum(i.subtotal) FROM ordens_servico_itens i
      WHERE i.ordem_servico_id = r.id AND i.empresa_id = r.empresa_id AND NOT i.excluido), 0)::float8 AS valor_total,
    ${utcText('r.atualizado_em')} AS atualizado_em) x)`;

export const ordensServicoSpec: ListSpec = {
  table: 'ordens_servico',
  sorts: {
    data_abertura: { column: 'r.data_abertura', type: 'date', nullable: false },
    data_conclusao: { column: 'r.data_conclusao', type: 'timestamptz', nullable: true },
  },
  record: () => RECORD,
};

export function ordensServicoQuery(
  empresaId: number,
  filter: OrdensServicoFilter,
  sort: { field: (typeof ORDENS_SERVICO_SORTS)[number]; direction: Direction },
  page: Page,
): ListQuery {
  const conditions: SqlPiece[] = [];
  const { periodo, status, clienteId, tecnicoId } = filter;
  // Business dates compare as dates, never shifted by a time zone (D18).
  if (periodo !== null)
    conditions.push((p) => `r.data_abertura BETWEEN ${p.add(periodo.inicio, 'date')} AND ${p.add(periodo.fim, 'date')}`);
  if (status !== undefined) conditions.push((p) => `r.status = ${p.add(status)}`);
  if (clienteId !== undefined) conditions.push((p) => `r.cliente_id = ${p.add(clienteId, 'bigint')}`);
  if (tecnicoId !== undefined) conditions.push((p) => `r.tecnico_id = ${p.add(tecnicoId, 'bigint')}`);
  return { empresaId, conditions, filterKey: JSON.stringify([periodo, status, clienteId, tecnicoId]), sort, page };
}

function itens(db: Kysely<TenantDatabase>, empresaId: number, ordemId: number) {
  return db
    .selectFrom('ordens_servico_itens')
    .select(['id', 'tipo', 'item_id', 'descricao', 'quantidade', 'valor_unitario', 'subtotal'])
    .where('empresa_id', '=', empresaId)
    .where('ordem_servico_id', '=', ordemId)
    .where('excluido', '=', false)
    .orderBy('id')
    .execute();
}

function checklist(db: Kysely<TenantDatabase>, empresaId: number, ordemId: number) {
  return (
    db
      .selectFrom('ordens_servico_checklist')
      .select(['id', 'equipamento_id', 'tipo', 'pergunta', 'resposta', 'motivo_nao_conformidade'])
      .where('empresa_id', '=', empresaId)
      .where('ordem_servico_id', '=', ordemId)
      .where('excluido', '=', false)
      // The order configured on the OS; rows without one go last, then by id.
      .orderBy('ordem', (ob) => ob.asc().nullsLast())
      .orderBy('id')
      .execute()
  );
}

/**
 * The order as the list writes it, with its items and checklist: the record first, then its lines
 * together; no round trip is spent on the lines of an order that is deleted or another company's.
 */
export async function findOrdemServico(
  db: Kysely<TenantDatabase>,
  empresaId: number,
  id: number,
  record: (id: number) => Promise<string | null>,
) {
  const found = await record(id);
  if (found === null) return null;
  const [itensRows, checklistRows] = await Promise.all([itens(db, empresaId, id), checklist(db, empresaId, id)]);
  return {
    ...(JSON.parse(found) as Record<string, unknown>),
    itens: itensRows.map((i) => ({
      ...i,
      quantidade: decimalToNumber(i.quantidade),
      valor_unitario: decimalToNumber(i.valor_unitario),
      subtotal: decimalToNumber(i.subtotal),
    })),
    checklist: checklistRows,
  };
}
