import type pg from 'pg';
import { MARK_EVERY, pageIndexStatement, pageStatement, recordStatement, type Mark } from './list-sql.ts';
import type { ListQuery, ListSpec } from './list-spec.ts';
import type { PageIndex, PageIndexCache } from './page-index-cache.ts';
import { named } from '../prepared-statements.ts';
import type { SqlPiece } from './sql-params.ts';

/**
 * Serves list pages with exact totals and cheap deep pages (ADR 0010). Per request, one
 * statement: the page's records as JSON, read from the last page mark before them, plus the
 * table's version for the company. When that version is the one the cached page index was built
 * at, the cached total and marks are exact for this very snapshot; otherwise the index is read
 * again (one scan of the sort's index) and the page asked once more.
 */

/** Marks kept per index at most; a longer list keeps every n-th mark (a page then skips up to n × 50 rows). */
const MAX_MARKS = 10_000;
/** Reads of a page whose data keeps changing under it, before answering from one statement without the index. */
const ATTEMPTS = 3;

export interface ListPage {
  /** the records, as the inner text of a JSON array (`{...},{...}`), in order; '' for none */
  records: string;
  total: number;
}

/**
 * A scalar the caller wants read by the page's own statement, in the same round trip and snapshot:
 * the data API's caller, whose token is checked with the page it asks for (ADR 0014). Its value is
 * text, or null.
 */
export type Companion = SqlPiece;

/** A page read with a companion: its value (null when the scalar was null, and then no page). */
export interface CompanionPage {
  page: ListPage | null;
  companion: string | null;
}

type Queryable = Pick<pg.Pool, 'query'>;

interface IndexRow {
  versao: number | null;
  total: number;
  marks: Mark[];
}

interface PageRow {
  versao: number | null;
  data: string | null;
  companion?: string | null;
}

/** Keeps one mark in `stride`: the index of a very long list stays small. */
function thinned(marks: Mark[]): { marks: Mark[]; every: number } {
  if (marks.length <= MAX_MARKS) return { marks, every: MARK_EVERY };
  const stride = Math.ceil(marks.length / MAX_MARKS);
  return { marks: marks.filter((_, k) => k % stride === stride - 1), every: MARK_EVERY * stride };
}

/** Where a list is read: a pool of one database, its name (for the cache key), and whether statements may be prepared. */
export interface ListDatabase {
  pool: pg.Pool;
  name: string;
  /**
   * Whether a page statement is prepared once per connection under a name derived from its text.
   * Planning was ~70% of a page statement's database time (pgbench, simple vs prepared: 0.86 vs
   * 0.26 ms). Not on the embedded store: its connections share PGlite's one session, where a name
   * prepared by one connection already exists for the next.
   */
  prepared: boolean;
}

export class ListEngine {
  constructor(private readonly cache: PageIndexCache) {}

  async page(database: ListDatabase, spec: ListSpec, query: ListQuery): Promise<ListPage> {
    return (await this.pageWith(database, spec, query)).page as ListPage;
  }

  /**
   * A page, its first statement also reading `companion`. A null companion ends the read there:
   * the caller asked for the page only if the scalar holds (a valid token), and no further
   * statement runs for it.
   */
  async pageWith(database: ListDatabase, spec: ListSpec, query: ListQuery, companion?: Companion): Promise<CompanionPage> {
    const { pool } = database;
    // ADR 0010's key, with D43's bound: it selects rows like any other filter.
    const key = `${database.name}|${query.empresaId}|${spec.table}|${query.sort.field}|${query.sort.direction}|${query.filterKey}|${query.atualizadoDesde ?? ''}`;
    let value: string | null = null;
    let pending = companion;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const index = this.cache.get(key) ?? (await this.readIndex(pool, spec, query, key));
      const page = await this.readPage(pool, spec, query, index, database.prepared, pending);
      if (pending !== undefined) {
        value = page.companion ?? null;
        if (value === null) return { page: null, companion: null };
        pending = undefined;
      }
      if (page.versao === index.versao) return { page: { records: page.data ?? '', total: index.total }, companion: value };
      // The data changed since the index was read: it is stale for this and every later request.
      await this.readIndex(pool, spec, query, key);
    }
    return { page: await this.readWithoutIndex(pool, spec, query, key), companion: value };
  }

  /** One record by id as the list writes it (JSON text), or null. */
  async record(database: ListDatabase, spec: ListSpec, empresaId: number, id: number): Promise<string | null> {
    const { rows } = await database.pool.query<{ j: string }>(named(recordStatement(spec, empresaId, id), database.prepared));
    return rows[0]?.j ?? null;
  }

  private async readIndex(db: Queryable, spec: ListSpec, query: ListQuery, key: string): Promise<PageIndex> {
    const { rows } = await db.query<IndexRow>(pageIndexStatement(spec, query));
    const row = rows[0];
    if (row === undefined) throw new Error('the page index statement returned no row');
    const index = { versao: row.versao, total: Number(row.total), ...thinned(row.marks) };
    this.cache.set(key, index);
    return index;
  }

  private async readPage(
    db: Queryable,
    spec: ListSpec,
    query: ListQuery,
    index: PageIndex,
    prepared: boolean,
    companion?: Companion,
  ): Promise<PageRow> {
    const { offset, porPagina } = query.page;
    const k = Math.min(Math.floor(offset / index.every), index.marks.length);
    const after = k === 0 ? null : (index.marks[k - 1] ?? null);
    const statement = pageStatement(spec, query, after, offset - k * index.every, porPagina, companion);
    const { rows } = await db.query<PageRow>(named(statement, prepared));
    const row = rows[0];
    if (row === undefined) throw new Error('the page statement returned no row');
    return row;
  }

  /**
   * Data that changed under every attempt (a bulk load in progress): the index and the page from
   * one snapshot, so the answer is still exact.
   */
  private async readWithoutIndex(pool: pg.Pool, spec: ListSpec, query: ListQuery, key: string): Promise<ListPage> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const index = await this.readIndex(client, spec, query, key);
      const page = await this.readPage(client, spec, query, index, false);
      await client.query('COMMIT');
      return { records: page.data ?? '', total: index.total };
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
