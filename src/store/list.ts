import { sql, type SelectQueryBuilder } from 'kysely';
import type { Direction, Page } from '../domain/paging.ts';

/**
 * Orders by the chosen column with nulls last in both directions, then by id in the same
 * direction, so paging is stable (D9).
 */
export function sortRows<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: string,
  direction: Direction,
  idColumn: string,
): SelectQueryBuilder<DB, TB, O> {
  const sorted =
    column === idColumn ? query : query.orderBy(sql.ref(column), (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast());
  return sorted.orderBy(sql.ref(idColumn), (ob) => (direction === 'asc' ? ob.asc() : ob.desc()));
}

/**
 * Runs a page query and its count together (two pool connections, one round trip of latency):
 * the count can use an index-only scan, which a window count over the page query could not.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O, C extends { total: unknown }>(
  rows: SelectQueryBuilder<DB, TB, O>,
  count: SelectQueryBuilder<DB, TB, C>,
  page: Page,
): Promise<{ data: O[]; total: number }> {
  const [data, counted] = await Promise.all([rows.limit(page.porPagina).offset(page.offset).execute(), count.executeTakeFirstOrThrow()]);
  return { data, total: Number(counted.total) };
}
