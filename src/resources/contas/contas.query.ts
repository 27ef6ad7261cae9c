import type { Kysely } from 'kysely';
import type { CedenteTipo, ContaStatus } from '../../domain/conta.ts';
import type { Direction, Page } from '../../domain/paging.ts';
import type { Period } from '../../domain/period.ts';
import { LOOKED_UP, type ListQuery, type ListSpec, type RecordLookup } from '../../store/list/list-spec.ts';
import type { SqlParams, SqlPiece } from '../../store/list/sql-params.ts';
import { jsonText } from '../../store/sql.ts';
import type { CentralDatabase } from '../../store/tables.ts';
import type { ContasSort } from './contas.schema.ts';

/** Receivables and payables share one shape, so one query serves both tables. */
export type ContasTabela = 'contas_receber' | 'contas_pagar';

export interface ContasFilter {
  periodo: Period | null;
  status?: ContaStatus;
  cedenteTipo?: CedenteTipo;
  cedenteId?: number;
}

/** The cedente types whose name is read from another table, each with its table and column. */
function namedTables(usuariosHere: boolean): { tipo: Exclude<CedenteTipo, 'outro'>; table: string; column: string }[] {
  return [
    { tipo: 'cliente', table: 'clientes', column: 'nome_exibicao' },
    { tipo: 'fornecedor', table: 'fornecedores', column: 'nome' },
    { tipo: 'pre_cliente', table: 'pre_clientes', column: 'nome' },
    // usuarios live in the central database, which may be another database (ADR 0006): named afterwards then.
    ...(usuariosHere ? [{ tipo: 'usuario' as const, table: 'usuarios', column: 'nome' }] : []),
  ];
}

/**
 * Cedente names that live in the tenant database, taken only from a record of the matching type,
 * of the same company and not deleted (D22: otherwise `nome` is null); usuarios live in the central
 * database, which may be another database (ADR 0006): `usuariosHere` says whether it is this one.
 */
function cedenteNome(usuariosHere: boolean): string {
  const named = namedTables(usuariosHere).map(
    ({ tipo, table, column }) =>
      `WHEN '${tipo}' THEN (SELECT x.${column} FROM ${table} x WHERE x.id = r.cedente_id AND x.empresa_id = r.empresa_id AND NOT x.excluido)`,
  );
  return `CASE r.cedente_tipo WHEN 'outro' THEN r.cedente_nome ${named.join(' ')} END`;
}

/**
 * The record, written by PostgreSQL as compact JSON in the API's field order (by joining text: ADR
 * 0026), with the cedente's name as the JSON text `nome`. D19: the status is derived from "today"
 * in America/Sao_Paulo (D15), the same parameter the `status` filter uses, so the field and the
 * filter always agree. D22: an `outro` cedente never has an id. D23: money is numeric(15,2), whose
 * float8 prints as the same shortest decimal a JSON number has.
 */
function record(today: string, nome: string): SqlPiece {
  return (p: SqlParams) =>
    jsonText.object([
      ['id', jsonText.number('r.id')],
      [
        'cedente',
        jsonText.object([
          ['tipo', jsonText.string('r.cedente_tipo')],
          ['id', jsonText.number("CASE WHEN r.cedente_tipo = 'outro' THEN NULL ELSE r.cedente_id END")],
          ['nome', nome],
        ]),
      ],
      ['descricao', jsonText.string('r.descricao')],
      ['valor', jsonText.number('r.valor::float8')],
      ['vencimento', jsonText.date('r.vencimento')],
      [
        'status',
        `(CASE WHEN r.data_pagamento IS NOT NULL THEN '"pago"' WHEN r.vencimento < ${p.add(today, 'date')} THEN '"vencido"' ELSE '"aberto"' END)`,
      ],
      ['data_pagamento', jsonText.date('r.data_pagamento')],
      ['atualizado_em', jsonText.instant('r.atualizado_em')],
    ]);
}

/**
 * The cedente names of a whole company, for an export to write into its records (ADR 0026): keyed
 * by type and id, only of current records, as the per-row lookup takes them (D22). An `outro`
 * cedente's record holds its own name; a usuario's, when usuarios are elsewhere, is null until named.
 */
function cedenteLookup(today: string, usuariosHere: boolean): RecordLookup {
  return {
    record: record(today, `(CASE WHEN r.cedente_tipo = 'outro' THEN ${jsonText.string('r.cedente_nome')} ELSE '${LOOKED_UP}' END)`),
    key: `CASE WHEN r.cedente_tipo <> 'outro' THEN r.cedente_tipo || ':' || r.cedente_id END`,
    values: namedTables(usuariosHere)
      .map(
        ({ tipo, table, column }) =>
          `SELECT '${tipo}:' || id AS k, to_json(${column})::text AS v FROM ${table} WHERE empresa_id = $1 AND NOT excluido`,
      )
      .join(' UNION ALL '),
  };
}

/**
 * The list of one table. vencimento and valor are NOT NULL: no NULLS clause, so the descending
 * default (D9) scans the ascending indexes backwards; data_pagamento has its own descending index
 * (tenant migration 0002_contas).
 */
export function contasSpec(tabela: ContasTabela, today: string, usuariosHere: boolean): ListSpec {
  return {
    table: tabela,
    sorts: {
      vencimento: { column: 'r.vencimento', type: 'date', nullable: false },
      valor: { column: 'r.valor', type: 'numeric', nullable: false },
      data_pagamento: { column: 'r.data_pagamento', type: 'date', nullable: true },
    },
    record: record(today, jsonText.string(cedenteNome(usuariosHere))),
    lookup: cedenteLookup(today, usuariosHere),
  };
}

/** D19 as sargable predicates, so the vencimento index still bounds the scan. */
function statusCondition(status: ContaStatus, today: string): SqlPiece {
  switch (status) {
    case 'pago':
      return () => 'r.data_pagamento IS NOT NULL';
    case 'vencido':
      return (p) => `r.data_pagamento IS NULL AND r.vencimento < ${p.add(today, 'date')}`;
    case 'aberto':
      return (p) => `r.data_pagamento IS NULL AND r.vencimento >= ${p.add(today, 'date')}`;
  }
}

export function contasQuery(
  empresaId: number,
  filter: ContasFilter,
  today: string,
  sort: { field: ContasSort; direction: Direction },
  page: Page,
): ListQuery {
  const conditions: SqlPiece[] = [];
  const { periodo, status, cedenteTipo, cedenteId } = filter;
  if (periodo !== null) conditions.push((p) => `r.vencimento BETWEEN ${p.add(periodo.inicio, 'date')} AND ${p.add(periodo.fim, 'date')}`);
  if (status !== undefined) conditions.push(statusCondition(status, today));
  if (cedenteTipo !== undefined) conditions.push((p) => `r.cedente_tipo = ${p.add(cedenteTipo)}`);
  if (cedenteId !== undefined) conditions.push((p) => `r.cedente_id = ${p.add(cedenteId, 'bigint')}`);
  // Which rows match depends on "today" only through aberto/vencido: only then is it in the key.
  const dependsOnToday = status === 'aberto' || status === 'vencido';
  const filterKey = JSON.stringify([periodo, status, cedenteTipo, cedenteId, dependsOnToday ? today : null]);
  return { empresaId, conditions, filterKey, sort, page };
}

/**
 * Names of the page's usuario cedentes when the company's data is not in the central database:
 * users live there, so they cannot be joined; one batched query for the page instead.
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
