import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Direction, Page } from '../../domain/paging.ts';
import type { Period } from '../../http/period.ts';
import { pageWithTotal, sortRows } from '../../store/list.ts';
import { utcDateTime } from '../../store/sql.ts';
import type { TenantDatabase } from '../../store/tables.ts';
import type { ORDENS_SERVICO_SORTS } from './ordens-servico.schema.ts';

export interface OrdensServicoFilter {
  periodo: Period | null;
  status?: string;
  clienteId?: number;
  tecnicoId?: number;
}

export interface Sort {
  field: (typeof ORDENS_SERVICO_SORTS)[number];
  direction: Direction;
}

type OrdensQuery = SelectQueryBuilder<TenantDatabase, 'ordens_servico', object>;

function base(db: Kysely<TenantDatabase>, empresaId: number): OrdensQuery {
  return db.selectFrom('ordens_servico').where('ordens_servico.empresa_id', '=', empresaId).where('ordens_servico.excluido', '=', false);
}

function filtered(db: Kysely<TenantDatabase>, empresaId: number, f: OrdensServicoFilter): OrdensQuery {
  let q = base(db, empresaId);
  // Business dates compare as dates, never shifted by a time zone (D18).
  if (f.periodo !== null) {
    q = q.where('ordens_servico.data_abertura', '>=', f.periodo.inicio).where('ordens_servico.data_abertura', '<=', f.periodo.fim);
  }
  if (f.status !== undefined) q = q.where('ordens_servico.status', '=', f.status);
  if (f.clienteId !== undefined) q = q.where('ordens_servico.cliente_id', '=', f.clienteId);
  if (f.tecnicoId !== undefined) q = q.where('ordens_servico.tecnico_id', '=', f.tecnicoId);
  return q;
}

/**
 * The order record in one statement: customer and technician by LEFT JOIN (null when deleted or
 * missing, D22; same company required, so isolation never rests on ids alone), and the items'
 * total by a LATERAL sum per order row, so only the rows of the page are summed. The sum is
 * numeric, exact (D23), and reaches JavaScript as text.
 */
function selectOrdem(q: OrdensQuery) {
  return q
    .leftJoin('clientes', (join) =>
      join
        .onRef('clientes.id', '=', 'ordens_servico.cliente_id')
        .onRef('clientes.empresa_id', '=', 'ordens_servico.empresa_id')
        .on('clientes.excluido', '=', false),
    )
    .leftJoin('tecnicos', (join) =>
      join
        .onRef('tecnicos.id', '=', 'ordens_servico.tecnico_id')
        .onRef('tecnicos.empresa_id', '=', 'ordens_servico.empresa_id')
        .on('tecnicos.excluido', '=', false),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('ordens_servico_itens')
          .select(sql<string | null>`sum(ordens_servico_itens.subtotal)`.as('soma'))
          .whereRef('ordens_servico_itens.ordem_servico_id', '=', 'ordens_servico.id')
          .whereRef('ordens_servico_itens.empresa_id', '=', 'ordens_servico.empresa_id')
          .where('ordens_servico_itens.excluido', '=', false)
          .as('itens_total'),
      (join) => join.onTrue(),
    )
    .select([
      'ordens_servico.id',
      'ordens_servico.status',
      'clientes.id as cliente_id',
      // D21: the generated display name
      'clientes.nome_exibicao as cliente_nome',
      'tecnicos.id as tecnico_id',
      sql<string>`coalesce(tecnicos.nome, '')`.as('tecnico_nome'),
      // to_char keeps the text independent of the session's DateStyle (D18: never shifted)
      sql<string>`to_char(ordens_servico.data_abertura, 'YYYY-MM-DD')`.as('data_abertura'),
      sql<string | null>`to_char(ordens_servico.hora_abertura, 'HH24:MI:SS')`.as('hora_abertura'),
      utcDateTime('ordens_servico.criada_em').as('criada_em'),
      utcDateTime('ordens_servico.data_conclusao').as('data_conclusao'),
      sql<string>`coalesce(itens_total.soma, 0)`.as('valor_total'),
    ]);
}

export type OrdemRow = Awaited<ReturnType<ReturnType<typeof selectOrdem>['executeTakeFirstOrThrow']>>;

const SORT_COLUMN = {
  id: 'ordens_servico.id',
  data_abertura: 'ordens_servico.data_abertura',
  data_conclusao: 'ordens_servico.data_conclusao',
} as const;

export function listOrdensQuery(db: Kysely<TenantDatabase>, empresaId: number, filter: OrdensServicoFilter, sort: Sort) {
  const where = filtered(db, empresaId, filter);
  return {
    rows: sortRows(selectOrdem(where), SORT_COLUMN[sort.field], sort.direction, 'ordens_servico.id'),
    // The count needs neither the joins nor the items.
    count: where.select((eb) => eb.fn.countAll<number>().as('total')),
  };
}

export async function listOrdensServico(
  db: Kysely<TenantDatabase>,
  empresaId: number,
  filter: OrdensServicoFilter,
  sort: Sort,
  page: Page,
): Promise<{ data: OrdemRow[]; total: number }> {
  const { rows, count } = listOrdensQuery(db, empresaId, filter, sort);
  return pageWithTotal(rows, count, page);
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

export type ItemRow = Awaited<ReturnType<typeof itens>>[number];
export type ChecklistRow = Awaited<ReturnType<typeof checklist>>[number];

/**
 * The order, then its items and checklist together: two round trips, and none wasted on the
 * lines of an order that is deleted or another company's.
 */
export async function findOrdemServico(db: Kysely<TenantDatabase>, empresaId: number, id: number) {
  const ordem = await selectOrdem(base(db, empresaId).where('ordens_servico.id', '=', id)).executeTakeFirst();
  if (ordem === undefined) return null;
  const [itensRows, checklistRows] = await Promise.all([itens(db, empresaId, id), checklist(db, empresaId, id)]);
  return { ordem, itens: itensRows, checklist: checklistRows };
}
