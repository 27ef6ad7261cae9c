import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { belowHorizon, type FeedPosition } from '../feed/change-feed.ts';
import { named, type ListDatabase } from '../list/list-engine.ts';
import type { ListSpec } from '../list/list-spec.ts';
import { SqlParams } from '../list/sql-params.ts';

/**
 * An export (D48, ADR 0019): every current record of a company's table, by id ascending, all from
 * ONE snapshot, read in batches so that memory never holds more than one, and the feed position
 * that resumes exactly after that snapshot.
 *
 * - PostgreSQL: a REPEATABLE READ READ ONLY transaction on one pooled connection for the whole
 *   export; each batch is one statement of that snapshot, the next ids after the last one sent
 *   (keyset on the `(empresa_id, id)` index), its records written as JSON text by the list's own
 *   expression and joined into NDJSON lines by PostgreSQL (one string per batch, as list pages are).
 * - The embedded store: PGlite is one session, and a transaction left open there holds every other
 *   connection (store/embedded-socket.ts) — for as long as the slowest reader takes. So the
 *   snapshot is taken into a cursor WITH HOLD, which PostgreSQL materialises when its transaction
 *   commits, at once; the batches are then FETCHed from it between other connections' statements.
 */

export interface ExportBatch {
  /** the records as NDJSON: one JSON object per line, each line ending in '\n' */
  lines: string;
  count: number;
}

export interface ExportReader {
  /** where the change feed resumes after this snapshot (its horizon, as a feed read to the end would leave it) */
  readonly end: FeedPosition;
  /** the next records, or null when every record was read */
  next(): Promise<ExportBatch | null>;
  /** ends the snapshot and gives the connection back; safe to call more than once, never fails */
  close(): Promise<void>;
}

/** Records per batch: ~0.5 MB of NDJSON for a typical record, one round trip per ~2 ms of database time. */
export const EXPORT_BATCH_ROWS = 2000;

const HORIZON = 'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizonte';

async function horizonOf(client: pg.PoolClient): Promise<FeedPosition> {
  const { rows } = await client.query<{ horizonte: string }>(HORIZON);
  const horizonte = rows[0]?.horizonte;
  if (horizonte === undefined) throw new Error('the horizon statement returned no row');
  return belowHorizon(horizonte);
}

/** The batch after `afterId`: how many, the last id, the NDJSON lines (without the final '\n'). */
function batchStatement(spec: ListSpec, empresaId: number, afterId: string, limit: number) {
  const params = new SqlParams();
  params.add(empresaId);
  const record = spec.record(params);
  const after = params.add(afterId, 'bigint');
  const rows = params.add(limit);
  const text = `SELECT count(*)::int AS n, max(b.id)::text AS ultimo, string_agg(b.j, E'\\n' ORDER BY b.id) AS linhas FROM (
      SELECT r.id, ${record} AS j FROM (
        SELECT r.* FROM ${spec.table} r WHERE r.empresa_id = $1 AND NOT r.excluido AND r.id > ${after} ORDER BY r.id LIMIT ${rows}) r) b`;
  return { text, values: params.values };
}

/** Gives a connection back: destroyed after an error (it may be mid-statement or mid-transaction). */
function giveBack(client: pg.PoolClient, failed: unknown): void {
  client.release(failed === undefined ? undefined : failed instanceof Error ? failed : true);
}

async function openPostgresExport(database: ListDatabase, spec: ListSpec, empresaId: number, batchRows: number): Promise<ExportReader> {
  const client = await database.pool.connect();
  let closed = false;
  const close = async (failed?: unknown) => {
    if (closed) return;
    closed = true;
    if (failed !== undefined) return giveBack(client, failed);
    try {
      await client.query('ROLLBACK');
      giveBack(client, undefined);
    } catch (err) {
      giveBack(client, err);
    }
  };
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // The transaction's first statement takes its snapshot: the horizon and every batch are of it.
    const end = await horizonOf(client);
    let lastId = '0';
    let done = false;
    return {
      end,
      async next() {
        if (done) return null;
        try {
          const { rows } = await client.query<{ n: number; ultimo: string | null; linhas: string | null }>(
            named(batchStatement(spec, empresaId, lastId, batchRows), database.prepared),
          );
          const row = rows[0];
          if (row === undefined || row.n === 0 || row.ultimo === null || row.linhas === null) {
            done = true;
            return null;
          }
          lastId = row.ultimo;
          if (row.n < batchRows) done = true;
          return { lines: `${row.linhas}\n`, count: row.n };
        } catch (err) {
          await close(err);
          throw err;
        }
      },
      close: () => close(),
    };
  } catch (err) {
    await close(err);
    throw err;
  }
}

/** How often, and how many times, a cursor that could not be closed is tried again. */
const CLOSE_RETRY_MS = 5_000;
const CLOSE_TRIES = 60;

/**
 * Closes a held cursor. One left open keeps its rows in the session until the process ends, so a
 * close that fails (the store did not answer: that is often why the export is ending) is tried
 * again in the background until it succeeds or the session is surely gone.
 */
async function closeCursor(pool: pg.Pool, cursor: string, tries = CLOSE_TRIES): Promise<void> {
  try {
    await pool.query(`CLOSE ${cursor}`);
  } catch (err) {
    // Closed already (the session restarted, or a FETCH failed inside a transaction): nothing held.
    if ((err as { code?: string }).code === '34000' || tries <= 1 || pool.ending) return;
    setTimeout(() => void closeCursor(pool, cursor, tries - 1), CLOSE_RETRY_MS).unref();
  }
}

async function openHeldExport(database: ListDatabase, spec: ListSpec, empresaId: number, batchRows: number): Promise<ExportReader> {
  const cursor = `ae_exportacao_${randomBytes(8).toString('hex')}`;
  const params = new SqlParams();
  params.add(empresaId);
  const declare = `DECLARE ${cursor} NO SCROLL CURSOR WITH HOLD FOR
    SELECT ${spec.record(params)} AS j FROM ${spec.table} r WHERE r.empresa_id = $1 AND NOT r.excluido ORDER BY r.id`;
  const client = await database.pool.connect();
  let end: FeedPosition;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    end = await horizonOf(client);
    await client.query(declare, params.values);
    await client.query('COMMIT');
    giveBack(client, undefined);
  } catch (err) {
    giveBack(client, err);
    throw err;
  }
  let closed = false;
  let done = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await closeCursor(database.pool, cursor);
  };
  return {
    end,
    async next() {
      if (done) return null;
      try {
        const { rows } = await database.pool.query<{ j: string }>(`FETCH ${batchRows} FROM ${cursor}`);
        if (rows.length < batchRows) done = true;
        if (rows.length === 0) return null;
        let lines = '';
        for (const row of rows) lines += `${row.j}\n`;
        return { lines, count: rows.length };
      } catch (err) {
        await close();
        throw err;
      }
    },
    close,
  };
}

/**
 * Opens an export of `spec`'s table for the company. `held`: the store is the embedded one (see the
 * top); tenant databases are PostgreSQL servers.
 */
export function openExport(
  database: ListDatabase,
  spec: ListSpec,
  empresaId: number,
  options: { held: boolean; batchRows?: number },
): Promise<ExportReader> {
  const batchRows = options.batchRows ?? EXPORT_BATCH_ROWS;
  return options.held ? openHeldExport(database, spec, empresaId, batchRows) : openPostgresExport(database, spec, empresaId, batchRows);
}
