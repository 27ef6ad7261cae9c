import type { Direction } from '../../domain/paging.ts';
import { ATUALIZADO_EM_SORT, type ListQuery, type ListSpec, type SortColumn } from './list-spec.ts';
import { SqlParams, type SqlPiece } from './sql-params.ts';

/**
 * The statements of a list page (ADR 0010). Both read the company's version of the table in the
 * same statement, so what they return belongs to the version they report.
 *
 * - The page index: the exact total and a mark every MARK_EVERY rows (the sort key of that row),
 *   from one scan of the index that serves the sort. Cached per version.
 * - A page: from the last mark before its first row, by the sort key (keyset), so a deep page reads
 *   at most MARK_EVERY - 1 rows it does not serve, whatever its number.
 */
export const MARK_EVERY = 50;

/** A mark: the sort key of a row (text, or null for a null key) and its id. */
export type Mark = readonly [string | null, number];

export interface Statement {
  text: string;
  values: unknown[];
}

function orderBy(sort: SortColumn | null, direction: Direction): string {
  const dir = direction === 'asc' ? 'ASC' : 'DESC';
  if (sort === null) return `r.id ${dir}`;
  return `${sort.column} ${dir}${sort.nullable ? ' NULLS LAST' : ''}, r.id ${dir}`;
}

function sortColumnOf(spec: ListSpec, field: string): SortColumn | null {
  if (field === 'id') return null;
  if (field === 'atualizado_em') return ATUALIZADO_EM_SORT;
  const sort = spec.sorts[field];
  if (sort === undefined) throw new Error(`${spec.table} has no sort ${field}`);
  return sort;
}

function baseWhere(query: ListQuery, params: SqlParams): string {
  const conditions = query.conditions.map((condition) => `(${condition(params)})`);
  const { atualizadoDesde } = query;
  // D43: inclusive and to the second; the stored instants are whole seconds (tenant migration 0006).
  if (atualizadoDesde !== undefined)
    conditions.push(`r.atualizado_em >= date_trunc('second', ${params.add(atualizadoDesde, 'timestamptz')})`);
  return ['r.empresa_id = $1', 'NOT r.excluido', ...conditions].join(' AND ');
}

const versionOf = (spec: ListSpec) => `(SELECT versao FROM data_versions WHERE empresa_id = $1 AND tabela = '${spec.table}')`;

/** The version, the exact total and the marks, in one statement. */
export function pageIndexStatement(spec: ListSpec, query: ListQuery): Statement {
  const params = new SqlParams();
  params.add(query.empresaId);
  const sort = sortColumnOf(spec, query.sort.field);
  const key = sort === null ? 'NULL::text' : `${sort.column}::text`;
  const text = `WITH k AS MATERIALIZED (
      SELECT ${key} AS s, r.id AS i, row_number() OVER (ORDER BY ${orderBy(sort, query.sort.direction)}) AS n
        FROM ${spec.table} r WHERE ${baseWhere(query, params)})
    SELECT ${versionOf(spec)} AS versao,
           (SELECT count(*) FROM k) AS total,
           (SELECT coalesce(json_agg(json_build_array(s, i) ORDER BY n), '[]'::json) FROM k WHERE n % ${MARK_EVERY} = 0) AS marks`;
  return { text, values: params.values };
}

/** Rows after a mark, in the sort's order: the keyset condition (or, for nulls, its two parts). */
function rowsAfter(spec: ListSpec, query: ListQuery, after: Mark | null, limit: number, params: SqlParams): string {
  const sort = sortColumnOf(spec, query.sort.field);
  const order = orderBy(sort, query.sort.direction);
  const op = query.sort.direction === 'asc' ? '>' : '<';
  const where = baseWhere(query, params);
  const from = (condition: string, by = order) =>
    `SELECT r.* FROM ${spec.table} r WHERE ${where}${condition} ORDER BY ${by} LIMIT ${params.add(limit)}`;
  if (after === null) return from('');
  const [key, id] = after;
  const afterId = params.add(id, 'bigint');
  if (sort === null) return from(` AND r.id ${op} ${afterId}`);
  if (key === null) return from(` AND ${sort.column} IS NULL AND r.id ${op} ${afterId}`);
  const afterKey = params.add(key, sort.type);
  // The row comparison, and the scalar bound it implies: the scalar bound is what lets the index
  // scan start at the mark. PostgreSQL 18 (the embedded store) cannot tell which of a row
  // comparison and the period's own bound on the same column is tighter, starts from the period's,
  // and steps over every index entry before the mark (~1 ms on page 300 of a 12-month window).
  const keyed = ` AND (${sort.column}, r.id) ${op} (${afterKey}, ${afterId}) AND ${sort.column} ${op}= ${afterKey}`;
  if (!sort.nullable) return from(keyed);
  // Nulls come last in both directions (D9): the rows with a key past the mark, then every null.
  const dir = query.sort.direction === 'asc' ? 'ASC' : 'DESC';
  return `SELECT r.* FROM ((${from(keyed)}) UNION ALL (${from(` AND ${sort.column} IS NULL`, `r.id ${dir}`)})) r ORDER BY ${order} LIMIT ${params.add(limit)}`;
}

/**
 * The version and one page's records as a JSON array's inner text (`{...},{...}`), in order:
 * `skip` rows after the mark are passed over, the next `limit` written.
 */
export function pageStatement(
  spec: ListSpec,
  query: ListQuery,
  after: Mark | null,
  skip: number,
  limit: number,
  companion?: SqlPiece,
): Statement {
  const params = new SqlParams();
  params.add(query.empresaId);
  const sort = sortColumnOf(spec, query.sort.field);
  const rows = rowsAfter(spec, query, after, skip + limit, params);
  const text = `SELECT ${versionOf(spec)} AS versao,
      (SELECT string_agg(p.j, ',' ORDER BY p.n) FROM (
         SELECT ${spec.record(params)} AS j, r.n FROM (
           SELECT r.*, row_number() OVER (ORDER BY ${orderBy(sort, query.sort.direction)}) AS n FROM (${rows}) r
         ) r WHERE r.n > ${params.add(skip)}
       ) p) AS data${
         companion === undefined
           ? ''
           : `,
      (${companion(params)}) AS companion`
       }`;
  return { text, values: params.values };
}

/** One record of the list's table by id, written as the list writes it; no row when missing, deleted or another company's (D22). */
export function recordStatement(spec: ListSpec, empresaId: number, id: number): Statement {
  const params = new SqlParams();
  params.add(empresaId);
  const byId = params.add(id, 'bigint');
  const text = `SELECT ${spec.record(params)} AS j FROM (SELECT r.* FROM ${spec.table} r WHERE r.empresa_id = $1 AND r.id = ${byId} AND NOT r.excluido) r`;
  return { text, values: params.values };
}
